// State::inconsistency(): the invariants the incremental updates of apply() must keep (the movable-piece
// bitboards, the count of each rank alive), recomputed from the board. Called by the conformance suite after
// every move and by STRAT_ASSERT in checked builds.
#include <algorithm>

#include "games/stratego/state.hpp"

namespace strat::stratego {

std::string State::inconsistency() const {
  std::array<std::array<int, kRanks>, 2> alive{};
  u128 movable_bits[2] = {0, 0};
  for (int s = 0; s < kCells; ++s) {
    const std::uint8_t c = board_[s];
    const bool wall = !on_board(s) || is_lake_square(col_of(s), row_of(s));
    if (wall) {
      if (c != kWall) return "a lake or border square that is not a wall: " + std::to_string(s);
      continue;
    }
    if (c == 0) continue;
    if (c & kWall) return "a wall on a playable square " + square_str(s);
    const int rank = c & kRankMask;
    if (rank == 0 || rank >= kRanks) return "a bad rank on " + square_str(s);
    const int owner = (c & kBlue) ? 1 : 0;
    ++alive[owner][rank];
    if (movable(rank)) movable_bits[owner] |= bit(s);
    else if (c & kMoved) return "a Bomb or Flag that moved on " + square_str(s);
  }
  for (int p = 0; p < 2; ++p) {
    if (movable_bits[p] != movable_[p]) return "the movable-piece bitboard differs from the board";
    for (int r = 0; r < kRanks; ++r) {
      if (alive[p][r] != alive_[p][r]) return "the count of a rank alive differs from the board";
      if (alive[p][r] > config_.army()[r]) return "more pieces of a rank than the army has";
    }
    // A run's count and the ply may come from a position string: only what no string can give is checked.
    if (run_[p].count > 200) return "a two-square run beyond any position's";
  }
  if (side_ > 1) return "no side to move";
  if (to_place_) {
    // The setup phase (setup=actions): Red places first, nothing has moved, one ply per piece placed.
    const int n = config_.army_size(), placed = 2 * n - to_place_;
    if (!config_.setup_actions || to_place_ > 2 * n) return "placements left outside a setup played by moves";
    if (alive_total(0) + alive_total(1) != placed || ply_ != placed) return "the pieces placed differ from the plies played";
    if (alive_total(0) != std::min(placed, n)) return "Blue placed before Red's army stood";
    if (side_ != (to_place_ > n ? 0 : 1)) return "the side to move is not the one placing";
    if (run_[0].count || run_[1].count) return "a series during the setup";
    for (int s = 0; s < kCells; ++s)
      if (is_piece(s) && (board_[s] & (kKnown | kMoved))) return "a piece moved or revealed during the setup";
  }
  if (ply_ < 0) return "a negative ply count";
  return "";
}

}  // namespace strat::stratego
