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

}  // namespace strat
