// State::inconsistency(): the invariants the incremental updates of apply() must keep (the Zobrist hash
// above all), recomputed from scratch. Called by the conformance suite after every move and by STRAT_ASSERT
// in checked builds.
#include "games/strategic/state.hpp"
#include "games/strategic/zobrist.hpp"

namespace strat::strategic {

std::string State::inconsistency() const {
  const Mask all[4] = {guards_[0], guards_[1], officers_[0], officers_[1]};
  for (int i = 0; i < 4; ++i) {
    if (all[i] & ~board().on) return "a piece off the board";
    for (int j = i + 1; j < 4; ++j)
      if (all[i] & all[j]) return "two pieces on one cell";
  }
  for (int p = 0; p < 2; ++p)
    if (count(guards_[p]) + 2 * count(officers_[p]) > 24) return "more than 24 Guards' worth of pieces";
  if (to_move_ > 1) return "no side to move";
  if (first_turns_ > 2) return "the first-turn counter is out of range";
  const Zobrist& z = Zobrist::get();
  std::uint64_t h = z.first[first_turns_] ^ (to_move_ ? z.side : 0);
  for (int p = 0; p < 2; ++p) {
    for (Mask m = guards_[p]; m; m &= m - 1) h ^= z.piece[static_cast<std::size_t>(lowest(m))][static_cast<std::size_t>(p * 2)];
    for (Mask m = officers_[p]; m; m &= m - 1) h ^= z.piece[static_cast<std::size_t>(lowest(m))][static_cast<std::size_t>(p * 2 + 1)];
  }
  if (h != hash_) return "the hash differs from the recomputed hash";
  if (history_.empty() || history_.back() != hash_) return "the repetition history does not end with this position";
  if (quiet_plies_ < 0 || (rules_.draw_plies > 0 && quiet_plies_ > rules_.draw_plies)) return "the T-14 counter is out of range";
  if (repeats_ < 1) return "the repetition count is below one";
  return "";
}

}  // namespace strat::strategic
