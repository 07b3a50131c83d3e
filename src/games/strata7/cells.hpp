#pragma once
// Cell names ("e4") for notation, events and rendering.
#include <string>
#include <string_view>

#include "core/text.hpp"
#include "games/strata7/board.hpp"

namespace strat::strata7 {

inline std::string cell_name(int c) { return square_name(col_of(c), row_of(c)); }

// The cell named by `text` if it exists on the board (obstacles included), else -1.
inline int parse_cell(std::string_view text) {
  int col = 0, row = 0;
  if (!parse_square(text, kCols, kRows, col, row)) return -1;
  const int c = cell_of(col, row);
  return board().exists(c) ? c : -1;
}

}  // namespace strat::strata7
