#include "games/stratego/evidence.hpp"

#include <algorithm>
#include <cstdlib>

namespace strat::stratego {

namespace {

constexpr Evidence::Likelihood kNeutral = {1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1};
// No rank is ever ruled out by behaviour: a bluff, or a move made for another reason, stays possible.
constexpr double kFloor = 1e-3;

// The factors of one move for an enemy piece of each rank, seen against one of our pieces of rank `mine` that the
// enemy knows: it came next to it (or within two squares: the tournament bots plan paths to what they can take), or
// it stepped away from next to it. Towards a known Marshal, every step within `marshal_reach` counts (a little less
// beyond two squares): only the Spy gains by walking at it, and the Spies that took strat's Marshal walked four to
// six squares straight at it, which within two squares weighed once. `lose`: the factor of a rank that loses to ours one
// square away (Evidence::set_approach).
void weigh(Evidence::Likelihood& like, int mine, int before, int after, int marshal_reach, double lose) {
  const int reach = mine == kMarshal ? std::max(2, marshal_reach) : 2;
  const bool approach = after < before && after <= reach;
  const bool retreat = before == 1 && after > 1;
  if (!approach && !retreat) return;
  for (int r = kSpy; r <= kMarshal; ++r) {
    const int result = combat(r, mine);  // the enemy piece attacking ours
    double f = 1;
    if (approach && after > 2) f = result > 0 ? 1.0 : result == 0 ? 0.8 : 0.7;
    else if (approach) f = result > 0 ? 1.0 : result == 0 ? 0.6 : (after == 1 ? lose : std::min(1.0, 2 * lose));
    else f = result < 0 ? 1.0 : result == 0 ? 0.6 : 0.35;
    like[r] = std::max(kFloor, like[r] * f);
  }
}

}  // namespace

Evidence::Evidence(int marshal_reach, double marshal_step)
    : like_(kCells, kNeutral), marshal_reach_(marshal_reach), marshal_step_(marshal_step) {}

void Evidence::reset() {
  std::fill(like_.begin(), like_.end(), kNeutral);
  bold_ = bold_unmoved_ = 0;
}

namespace {

// An attack of the enemy's on a piece of ours it did not know, by a Major or higher that could lose: to some unknown
// piece of ours that beats it, or, on a piece that never moved, to a Bomb. Found by comparing our pieces after our own
// plain move `ours` with now: where such a piece stood, the enemy now stands revealed (it won: its rank shows), or our
// piece stands revealed (it lost: its rank is the one the enemy lost), or nothing stands (both died: the same rank).
// Returns 1 for such an attack on a moved piece, 2 on one that never moved, 0 for none.
int bold_attack(const Info& before, const Info& now, const Move& ours) {
  const int me = now.player(), enemy = me ^ 1;
  if (before.cell(ours.to) != 0) return 0;  // our move was an attack: what happened where is not clear
  const int top = before.strongest_hidden();  // our strongest movable rank the enemy did not know
  int hidden_bombs = 0;  // our Bombs the enemy did not know
  for (int s = 0; s < kCells; ++s) {
    const std::uint8_t c = before.cell(s);
    if (!before.holds(me, s) || (c & kKnown)) continue;
    hidden_bombs += (c & kRankMask) == kBomb;
  }
  int lost = 0, lost_rank = 0;  // enemy ranks whose count fell
  for (int r = 1; r < kRanks; ++r)
    if (now.alive(enemy, r) < before.alive(enemy, r)) ++lost, lost_rank = r;
  for (int s = 0; s < kCells; ++s) {
    std::uint8_t c = before.cell(s == ours.to ? ours.from : s);
    if (s == ours.from) continue;
    if (s == ours.to) c |= distance(ours.from, ours.to) > 1 ? kMoved | kKnown : kMoved;  // a Scout's run shows it
    if (!(c & kRankMask) || (c & kWall) || ((c & kBlue) ? 1 : 0) != me || (c & kKnown)) continue;
    const int rank = c & kRankMask;
    const std::uint8_t n = now.cell(s);
    int attacker = 0;
    if (now.holds(enemy, s) && (n & kRankMask) != kUnknownRank)
      attacker = n & kRankMask;
    else if (!now.holds(enemy, s) && (n & kRankMask) == rank && (n & kKnown) && lost == 1)
      attacker = lost_rank;
    else if (n == 0 && now.alive(me, rank) < before.alive(me, rank) && now.alive(enemy, rank) < before.alive(enemy, rank))
      attacker = rank;
    if (attacker < kMajor) continue;
    if (c & kMoved) {
      if (top > attacker) return 1;
    } else if (top > attacker || hidden_bombs > 0) {
      return 2;
    }
  }
  return 0;
}

}  // namespace

void Evidence::observe(const Info& now, const Move* ours) {
  last_move_ = {-1, -1};
  if (!last_ || last_->player() != now.player() || now.ply() != last_->ply() + 2) {
    reset();
    last_ = now;
    return;
  }
  const Info& before = *last_;
  const int me = now.player(), enemy = me ^ 1;
  if (ours) {
    const int bold = bold_attack(before, now, *ours);
    bold_ += bold == 1;
    bold_unmoved_ += bold == 2;
  }
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
      last_move_ = {from, added};
      for (int s = 0; s < kCells; ++s) {
        const std::uint8_t c = now.cell(s);
        if (!now.holds(me, s) || !(c & kKnown)) continue;
        const int mine = c & kRankMask;
        weigh(like_[added], mine, distance(from, s), distance(added, s), marshal_reach_,
              mine == kMarshal ? marshal_step_ : approach_);
      }
    }
  }
  last_ = now;
}

}  // namespace strat::stratego
