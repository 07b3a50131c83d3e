#pragma once
// Small text helpers shared by the games' notations.
#include <string>
#include <string_view>
#include <vector>

namespace strat {

std::vector<std::string_view> split(std::string_view text, char sep);
std::vector<std::string_view> split_ws(std::string_view text);  // on runs of spaces/tabs
std::string_view trim(std::string_view text);
// Square names on a grid with columns 'a'.. and rows 1..: "e4" <-> (col 4, row 3). Returns false if malformed
// or outside cols x rows.
bool parse_square(std::string_view text, int cols, int rows, int& col, int& row);
std::string square_name(int col, int row);
// Reads a whole non-negative number; false on anything else.
bool parse_uint(std::string_view text, unsigned long long& out);
std::string join(const std::vector<std::string>& parts, const std::string& sep = " ");
// Quote text for an error message, cutting it if long.
std::string quoted(std::string_view text);
// An error message made safe to print or send: control characters (a newline in a name a user typed) become
// '?', and a message longer than `max` is cut, so an error is always one short line.
std::string one_line(std::string_view text, std::size_t max = 400);
// JSON string contents byte for byte as nlohmann::json writes them: the quote, the backslash and \b \f \n \r \t
// escaped, other control characters as a backslash-u escape of four hex digits, everything else as it is.
// Hand-written JSON (views, server messages) must match what the library would write.
void append_json_escaped(std::string& out, std::string_view text);
std::string json_escape(std::string_view text);
// `text` as a JSON string, quotes included. Names, moves and squares need no escaping and are copied whole: these
// strings go into every view and move message.
inline void append_json_string(std::string& out, std::string_view text) {
  out += '"';
  bool plain = true;
  for (char c : text) plain &= static_cast<unsigned char>(c) >= 0x20 && c != '"' && c != '\\';
  if (plain) out += text;
  else append_json_escaped(out, text);
  out += '"';
}

}  // namespace strat
