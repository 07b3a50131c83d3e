#include "games/stratego/v2/evidence.hpp"

#include <algorithm>
#include <vector>

namespace strat::stratego::v2 {

namespace {

constexpr Evidence::Likelihood kNeutral = {1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1};
// No rank is ever ruled out by behaviour: a bluff, or a move made for another reason, stays possible.
constexpr double kFloor = 1e-3;

// The factors of one move for an enemy piece of each rank, seen against one of our pieces of rank `mine` that the
// enemy knows: it came next to it (or within two squares: a player plans its path to what it can take), or it stepped
// away from next to it.
void weigh(Evidence::Likelihood& like, int mine, int before, int after) {
  const bool approach = after < before && after <= 2;
  const bool retreat = before == 1 && after > 1;
  if (!approach && !retreat) return;
  constexpr double lose = Evidence::kApproach;
  for (int r = kSpy; r <= kMarshal; ++r) {
    const int result = combat(r, mine);  // the enemy piece attacking ours
    double f = 1;
    if (approach) f = result > 0 ? 1.0 : result == 0 ? 0.6 : (after == 1 ? lose : std::min(1.0, 2 * lose));
    else f = result < 0 ? 1.0 : result == 0 ? 0.6 : 0.35;
    like[r] = std::max(kFloor, like[r] * f);
  }
}

}  // namespace

Evidence::Evidence() : like_(kCells, kNeutral) {}

void Evidence::reset() { std::fill(like_.begin(), like_.end(), kNeutral); }

void Evidence::observe(const Info& now) {
  if (!last_ || last_->player() != now.player() || now.ply() != last_->ply() + 2) {
    reset();
    last_ = now;
    return;
  }
  const Info& before = *last_;
  const int me = now.player(), enemy = me ^ 1;
  // Between the two: our move (it may take an enemy piece), then the enemy's (a piece moves, or attacks and dies).
  int added = -1, n_added = 0;
  std::vector<int> removed;
  for (int s = 0; s < kCells; ++s) {
    const bool was = before.holds(enemy, s), is = now.holds(enemy, s);
    if (is && !was) added = s, ++n_added;
    if (was && !is) removed.push_back(s);
  }
  int from = -1;
  if (n_added == 1)
    for (int a : removed)
      if (now.cell(a) == 0 && open_line(now, a, added)) from = from == -1 ? a : -2;  // -2: more than one could be
  Likelihood carried = kNeutral;
  for (int a : removed) {
    if (a == from) carried = like_[a];
    like_[a] = kNeutral;
  }
  if (n_added == 1) {
    like_[added] = from >= 0 ? carried : kNeutral;
    // A piece that attacked and won stands revealed: only a plain move of a piece still unknown says something.
    if (from >= 0 && (now.cell(added) & kRankMask) == kUnknownRank) {
      for (int s = 0; s < kCells; ++s) {
        const std::uint8_t c = now.cell(s);
        if (!now.holds(me, s) || !(c & kKnown)) continue;
        weigh(like_[added], c & kRankMask, distance(from, s), distance(added, s));
      }
    }
  }
  last_ = now;
}

}  // namespace strat::stratego::v2
