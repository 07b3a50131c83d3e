#pragma once
// The value of `key` in a request target's query string ("/api/state?token=abc" -> "abc"), "" when absent. No
// percent-decoding: the values the server reads (tokens, numbers, names of cards and colours) never need it.
#include <string>
#include <string_view>

namespace strat::server {

inline std::string query_param(std::string_view target, std::string_view key) {
  const auto q = target.find('?');
  if (q == std::string_view::npos) return "";
  std::string_view rest = target.substr(q + 1);
  while (!rest.empty()) {
    const auto amp = rest.find('&');
    const std::string_view part = rest.substr(0, amp);
    const auto eq = part.find('=');
    if (part.substr(0, eq) == key) return eq == std::string_view::npos ? "" : std::string(part.substr(eq + 1));
    if (amp == std::string_view::npos) break;
    rest = rest.substr(amp + 1);
  }
  return "";
}

}  // namespace strat::server
