#pragma once
// Reading a few members of a large JSON object without parsing all of it: the load tool (strat-load) reads
// "type", "ply", "seat", "move", "result" and "legal" of every `move` message, whose bulk (a 4 KB view and the
// structured legal moves) it never looks at. Parsing each whole message into a JSON tree cost the tool about 0.25
// ms of CPU per move, more than the server it measures; skipping over the unread members costs a few
// microseconds. The input is trusted to be valid JSON (it comes from the server); a truncated text gives empty
// members rather than reading past its end.
#include <cstddef>
#include <string_view>
#include <utility>
#include <vector>

namespace strat::server {

namespace json_scan {

inline std::size_t skip_blanks(std::string_view s, std::size_t i) {
  while (i < s.size() && (s[i] == ' ' || s[i] == '\n' || s[i] == '\r' || s[i] == '\t')) ++i;
  return i;
}

// `i` at an opening quote: the index just past the closing one.
inline std::size_t skip_string(std::string_view s, std::size_t i) {
  for (++i; i < s.size(); ++i) {
    if (s[i] == '\\')
      ++i;
    else if (s[i] == '"')
      return i + 1;
  }
  return s.size();
}

// `i` at the first character of a value: the index just past it.
inline std::size_t skip_value(std::string_view s, std::size_t i) {
  if (i >= s.size()) return s.size();
  if (s[i] == '"') return skip_string(s, i);
  if (s[i] == '{' || s[i] == '[') {
    int depth = 0;
    while (i < s.size()) {
      char c = s[i];
      if (c == '"') {
        i = skip_string(s, i);
        continue;
      }
      if (c == '{' || c == '[')
        ++depth;
      else if ((c == '}' || c == ']') && --depth == 0)
        return i + 1;
      ++i;
    }
    return s.size();
  }
  while (i < s.size() && s[i] != ',' && s[i] != '}' && s[i] != ']' && s[i] != ' ' && s[i] != '\n') ++i;
  return i;
}

}  // namespace json_scan

// The members of a JSON object as raw text: keys without their quotes (escapes left as written), values exactly
// as they appear ("\"e4\"", "12", "null", "[...]").
using RawMembers = std::vector<std::pair<std::string_view, std::string_view>>;

inline void scan_object(std::string_view s, RawMembers &out) {
  using namespace json_scan;
  out.clear();
  std::size_t i = skip_blanks(s, 0);
  if (i >= s.size() || s[i] != '{') return;
  i = skip_blanks(s, i + 1);
  while (i < s.size() && s[i] == '"') {
    std::size_t key_end = skip_string(s, i);
    std::string_view key = s.substr(i + 1, key_end >= i + 2 ? key_end - i - 2 : 0);
    i = skip_blanks(s, key_end);
    if (i >= s.size() || s[i] != ':') return;
    i = skip_blanks(s, i + 1);
    std::size_t value_end = skip_value(s, i);
    out.emplace_back(key, s.substr(i, value_end - i));
    i = skip_blanks(s, value_end);
    if (i >= s.size() || s[i] != ',') return;
    i = skip_blanks(s, i + 1);
  }
}

// The raw text of member `key`, or "" when absent.
inline std::string_view member(const RawMembers &members, std::string_view key) {
  for (const auto &[k, v] : members)
    if (k == key) return v;
  return {};
}

// The raw elements of a JSON array ("[\"a\",\"b\"]" -> "\"a\"", "\"b\"").
inline void scan_array(std::string_view s, std::vector<std::string_view> &out) {
  using namespace json_scan;
  out.clear();
  std::size_t i = skip_blanks(s, 0);
  if (i >= s.size() || s[i] != '[') return;
  i = skip_blanks(s, i + 1);
  while (i < s.size() && s[i] != ']') {
    std::size_t end = skip_value(s, i);
    out.push_back(s.substr(i, end - i));
    i = skip_blanks(s, end);
    if (i >= s.size() || s[i] != ',') return;
    i = skip_blanks(s, i + 1);
  }
}

}  // namespace strat::server
