#include "core/text.hpp"

#include <algorithm>

#include <charconv>

#include "core/any_state.hpp"

namespace strat {

std::vector<std::string_view> split(std::string_view text, char sep) {
  std::vector<std::string_view> out;
  std::size_t start = 0;
  for (std::size_t i = 0; i <= text.size(); ++i) {
    if (i == text.size() || text[i] == sep) {
      out.push_back(text.substr(start, i - start));
      start = i + 1;
    }
  }
  return out;
}

std::vector<std::string_view> split_ws(std::string_view text) {
  std::vector<std::string_view> out;
  std::size_t i = 0;
  while (i < text.size()) {
    while (i < text.size() && (text[i] == ' ' || text[i] == '\t')) ++i;
    std::size_t start = i;
    while (i < text.size() && text[i] != ' ' && text[i] != '\t') ++i;
    if (i > start) out.push_back(text.substr(start, i - start));
  }
  return out;
}

std::string_view trim(std::string_view text) {
  while (!text.empty() && (text.front() == ' ' || text.front() == '\t' || text.front() == '\r' || text.front() == '\n'))
    text.remove_prefix(1);
  while (!text.empty() && (text.back() == ' ' || text.back() == '\t' || text.back() == '\r' || text.back() == '\n'))
    text.remove_suffix(1);
  return text;
}

bool parse_uint(std::string_view text, unsigned long long& out) {
  if (text.empty()) return false;
  auto [p, ec] = std::from_chars(text.data(), text.data() + text.size(), out);
  return ec == std::errc() && p == text.data() + text.size();
}

bool parse_square(std::string_view text, int cols, int rows, int& col, int& row) {
  if (text.size() < 2 || text.size() > 3) return false;
  if (text[0] < 'a' || text[0] >= 'a' + cols) return false;
  unsigned long long r = 0;
  if (text[1] == '0' || !parse_uint(text.substr(1), r)) return false;
  if (r < 1 || r > static_cast<unsigned long long>(rows)) return false;
  col = text[0] - 'a';
  row = static_cast<int>(r) - 1;
  return true;
}

std::string square_name(int col, int row) { return std::string(1, static_cast<char>('a' + col)) + std::to_string(row + 1); }

std::string join(const std::vector<std::string>& parts, const std::string& sep) {
  std::string out;
  for (std::size_t i = 0; i < parts.size(); ++i) out += (i ? sep : "") + parts[i];
  return out;
}

namespace {
// The first `max` bytes of `text`, never ending inside a UTF-8 sequence (a cut one would make the message
// invalid UTF-8, which JSON cannot carry).
std::string_view utf8_prefix(std::string_view text, std::size_t max) {
  if (text.size() <= max) return text;
  std::size_t cut = max;
  while (cut > 0 && (static_cast<unsigned char>(text[cut]) & 0xC0) == 0x80) --cut;
  return text.substr(0, cut);
}
}  // namespace

std::string quoted(std::string_view text) {
  std::string out = "'";
  for (char c : utf8_prefix(text, 60)) out += (static_cast<unsigned char>(c) < 32 || c == 127) ? '?' : c;
  if (text.size() > 60) out += "...";
  return out + "'";
}

std::string one_line(std::string_view text, std::size_t max) {
  std::string out;
  out.reserve(std::min(text.size(), max + 3));
  for (char c : utf8_prefix(text, max)) out += (static_cast<unsigned char>(c) < 32 || c == 127) ? '?' : c;
  if (text.size() > max) out += "...";
  return out;
}

void append_json_escaped(std::string& out, std::string_view text) {
  static const char* hex = "0123456789abcdef";
  for (char ch : text) {
    const auto c = static_cast<unsigned char>(ch);
    switch (c) {
      case '"': out += "\\\""; break;
      case '\\': out += "\\\\"; break;
      case '\b': out += "\\b"; break;
      case '\f': out += "\\f"; break;
      case '\n': out += "\\n"; break;
      case '\r': out += "\\r"; break;
      case '\t': out += "\\t"; break;
      default:
        if (c < 0x20) {
          out += "\\u00";
          out += hex[c >> 4];
          out += hex[c & 15];
        } else {
          out += ch;
        }
    }
  }
}

std::string json_escape(std::string_view text) {
  std::string out;
  append_json_escaped(out, text);
  return out;
}

}  // namespace strat
