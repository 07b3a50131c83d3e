#pragma once
// Board geometry. Squares are stored on an 11-wide mailbox: one sentinel column (col 10) serves as both the
// left and right border, plus a sentinel row below and above, so every real square index is < 128 and fits a
// 128-bit bitboard. Spec index (S-01) = row*10 + col; mailbox index = (row+1)*11 + col.
#include <cstdint>
#include <string>

namespace strat::stratego {

using u128 = unsigned __int128;

constexpr int kWidth = 11;
constexpr int kCells = 12 * kWidth;  // 132
constexpr int kDirs[4] = {kWidth, -kWidth, 1, -1};  // up (towards row 10), down, right, left

constexpr int sq(int col, int row) { return (row + 1) * kWidth + col; }
constexpr int col_of(int s) { return s % kWidth; }
constexpr int row_of(int s) { return s / kWidth - 1; }
constexpr bool on_board(int s) { return s >= kWidth && s < 11 * kWidth && col_of(s) < 10; }
constexpr bool is_lake_square(int col, int row) {
  return (row == 4 || row == 5) && (col == 2 || col == 3 || col == 6 || col == 7);
}
// "e4": written char by char (it is on the per-move path of every text interface: records, selfplay, the server).
inline std::string square_str(int s) {
  char text[4];
  int n = 0;
  text[n++] = static_cast<char>('a' + col_of(s));
  const int row = row_of(s) + 1;
  if (row >= 10) text[n++] = static_cast<char>('0' + row / 10);
  text[n++] = static_cast<char>('0' + row % 10);
  return std::string(text, static_cast<std::size_t>(n));
}
constexpr u128 bit(int s) { return u128{1} << s; }

// Squares apart, in steps along rows and columns.
inline int distance(int a, int b) {
  const int dc = col_of(a) - col_of(b), dr = row_of(a) - row_of(b);
  return (dc < 0 ? -dc : dc) + (dr < 0 ? -dr : dr);
}

// Is every square strictly between a and b (same row or column) empty on `board` (a State or an Info: anything with
// cell(square))? False when they share neither.
template <class Board>
bool open_line(const Board& board, int a, int b) {
  int step = 0;
  if (row_of(a) == row_of(b))
    step = b > a ? 1 : -1;
  else if (col_of(a) == col_of(b))
    step = b > a ? kWidth : -kWidth;
  else
    return false;
  for (int q = a + step; q != b; q += step)
    if (board.cell(q) != 0) return false;
  return true;
}

}  // namespace strat::stratego
