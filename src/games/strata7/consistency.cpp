// State::inconsistency(): the invariants the incremental counters of apply() must keep, recomputed from the
// board. Called by the conformance suite after every move and by STRAT_ASSERT in checked builds.
#include "games/strata7/cells.hpp"
#include "games/strata7/state.hpp"

namespace strat::strata7 {

std::string State::inconsistency() const {
  const Board& b = board();
  int on_board[2] = {0, 0}, stacks[2] = {0, 0};
  for (int c = 0; c < kCells; ++c) {
    const std::uint8_t v = at(c);
    if (v == kEmpty) {
      if (origin_[static_cast<std::size_t>(c)] != kNone) return "an empty cell with a stack origin at " + cell_name(c);
      continue;
    }
    if (v & ~(3 | kStackBit) || owner_of(v) < 0 || owner_of(v) > 1) return "a bad cell value at " + cell_name(c);
    if (!b.enterable(owner_of(v), c)) return "a unit on a cell its side may not enter: " + cell_name(c);
    on_board[owner_of(v)] += is_stack(v) ? 2 : 1;
    stacks[owner_of(v)] += is_stack(v) ? 1 : 0;
    if (origin_[static_cast<std::size_t>(c)] != kNone && !is_stack(v)) return "a single piece with a stack origin";
  }
  for (int s = 0; s < 2; ++s) {
    if (on_board[s] != on_board_[s]) return "the piece count differs from the board";
    if (stacks[s] != stacks_[s]) return "the stack count differs from the board";
    if (hand_[s] > 1) return "more than one piece in hand";
    if (prisoners_of(s) < 0) return "more pieces than the side has";
    if (score_[s] > 15) return "a score beyond the hash's range";
  }
  if (to_move_ != 0 && to_move_ != 1) return "no side to move";
  if (turn_ != 0 && turn_ != 1) return "no side whose turn it is";
  if (passes_ < 0 || passes_ > 2) return "the pass counter is out of range";
  // Counters are only checked for sign: a position string may carry any count (A-18 then ends the game).
  if (quiet_ < 0 || ply_ < 0) return "a negative counter";
  return "";
}

}  // namespace strat::strata7
