#pragma once
// The value of `key` in a request target's query string ("/api/state?token=abc" -> "abc"), "" when absent. No
// percent-decoding: the values the server reads (tokens, numbers, names of cards and colours) never need it.
#include <optional>
#include <string>
#include <string_view>

#include "core/error.hpp"

namespace strat::server {

// The value of `key`, or nothing when the query does not name it ("?ply=" names it, with an empty value).
inline std::optional<std::string> query_value(std::string_view target, std::string_view key) {
  const auto q = target.find('?');
  if (q == std::string_view::npos) return std::nullopt;
  std::string_view rest = target.substr(q + 1);
  while (!rest.empty()) {
    const auto amp = rest.find('&');
    const std::string_view part = rest.substr(0, amp);
    const auto eq = part.find('=');
    if (part.substr(0, eq) == key) return eq == std::string_view::npos ? "" : std::string(part.substr(eq + 1));
    if (amp == std::string_view::npos) break;
    rest = rest.substr(amp + 1);
  }
  return std::nullopt;
}

// The target without its query string.
inline std::string_view path_of(std::string_view target) { return target.substr(0, target.find('?')); }

inline std::string query_param(std::string_view target, std::string_view key) {
  return query_value(target, key).value_or("");
}

// A whole number in the query, read strictly: an optional '-' and 1 to 9 decimal digits, nothing else (no
// "1.5", "0x10", "+3", blanks or an empty value); `absent` when the query does not name it. Throws BadInput
// with one line naming the key.
inline int query_int(std::string_view target, std::string_view key, int absent) {
  const auto value = query_value(target, key);
  if (!value) return absent;
  const std::string_view digits = std::string_view(*value).substr(!value->empty() && (*value)[0] == '-' ? 1 : 0);
  const bool ok = !digits.empty() && digits.size() <= 9 && digits.find_first_not_of("0123456789") == std::string_view::npos;
  if (!ok) bad_input(std::string(key) + " must be a whole number, like " + std::string(key) + "=12");
  return std::stoi(*value);
}

}  // namespace strat::server
