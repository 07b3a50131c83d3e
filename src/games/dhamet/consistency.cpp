// State::inconsistency(): the invariants the incremental updates of apply() must keep, recomputed from
// scratch. Called by the conformance suite after every move and by STRAT_ASSERT in checked builds.
#include <algorithm>

#include "games/dhamet/state.hpp"

namespace strat::dhamet {

std::string State::inconsistency() const {
  const Board& b = b_;
  for (int c = 0; c < 2; ++c) {
    if ((b.men[c] | b.sultans[c]) & ~kAll) return "a piece off the board";
    if (b.men[c] & b.sultans[c]) return "a point holds a man and a Sultan";
    if (b.count(c) > 40) return "more than 40 pieces of one side";
  }
  if (b.pieces(kWhite) & b.pieces(kBlack)) return "a point holds pieces of both sides";
  if (b.side != kWhite && b.side != kBlack) return "no side to move";
  if (b.men[kWhite] & kGeo.row9 || b.men[kBlack] & kGeo.row1) return "a man stands on its promotion row";
  if (b.huffable & ~b.pieces(1 - b.side)) return "a huffable point holds no piece of the side not to move";
  if (b.hash != b.compute_hash()) return "the hash differs from the recomputed hash";
  if (history_.empty() || history_.back() != b.hash) return "the repetition history does not end with this position";
  if (quiet_ < 0 || (rules_.draw_plies > 0 && quiet_ > rules_.draw_plies)) return "the D-17 counter is out of range";
  if (ply_ < 0) return "negative ply count";
  return "";
}

}  // namespace strat::dhamet
