#pragma once
// Position notation shared by the omniscient position and the per-player view:
//   FIELD SIDE [PLY RUN_RED RUN_BLUE KNOWN MOVED]
// FIELD is the 100-letter Gravon field (S-03; '?' in views for an enemy piece of unknown rank), SIDE r|b.
// The optional fields (docs/games/stratego.md): plies played; each side's current series of moves between
// two squares as FROM TO:COUNT ("e4e5:3") or '-'; squares whose piece's rank the opponent knows, and squares
// whose piece has moved, as comma lists or '-'.
#include <array>
#include <string>
#include <string_view>

#include "games/stratego/state.hpp"

namespace strat::stratego {

struct CellsText {
  std::array<std::uint8_t, kCells> board{};
  Run run[2];
  int side = 0;
  int ply = 0;
  bool has_extras = false;
};

// Parses the notation into cells (flags included). `allow_unknown` accepts '?' (views).
CellsText parse_cells(std::string_view text, bool allow_unknown);
std::string format_cells(const std::array<std::uint8_t, kCells>& board, int side, int ply, const Run run[2]);

}  // namespace strat::stratego
