#include "games/stratego/approaches.hpp"

#include <algorithm>
#include <cmath>

namespace strat::stratego {

namespace {

constexpr double kPriorWeight = 2;  // approaches' worth of belief in Evidence::kApproach before any is seen
constexpr double kLowest = 0.02, kHighest = 1;
constexpr std::size_t kMostPending = 64;

int shown_rank(const Info& info, int s) {
  const int r = info.cell(s) & kRankMask;
  return r == kUnknownRank ? 0 : r;
}

double share(double x) { return x / (1 + x); }

}  // namespace

void Approaches::reset() {
  last_.reset();
  pending_.clear();
  settled_.clear();
  lost_ = 0;
  factor_ = Evidence::kApproach;
}

void Approaches::settle(const Pending& p, int rank) {
  if (!movable(rank)) return;
  settled_.push_back(p.odds);
  lost_ += combat(rank, p.mine) < 0;
  fit();
}

// The factor f under which the expected number of approachers that lost, sum of f*odds/(1+f*odds), equals the number
// that did, with kPriorWeight approaches at odds 1 that lost as often as Evidence::kApproach says. The sum grows with
// f, so a bisection (in log f) finds it.
void Approaches::fit() {
  const double target = lost_ + kPriorWeight * share(Evidence::kApproach);
  auto expected = [&](double f) {
    double e = kPriorWeight * share(f);
    for (double odds : settled_) e += share(f * odds);
    return e;
  };
  double lo = std::log(kLowest), hi = std::log(kHighest);
  for (int i = 0; i < 40; ++i) {
    const double mid = (lo + hi) / 2;
    (expected(std::exp(mid)) < target ? lo : hi) = mid;
  }
  factor_ = std::exp((lo + hi) / 2);
}

void Approaches::observe(const Info& now, std::pair<int, int> enemy_move, const Beliefs& beliefs) {
  if (last_ && (last_->player() != now.player() || now.ply() != last_->ply() + 2)) reset();
  const double weighed = factor_;  // what Evidence weighed the enemy's last move with
  const int me = now.player(), enemy = me ^ 1;
  if (last_) {
    const Info& before = *last_;
    int dead = 0, dead_rank = 0;  // enemy pieces that died since the last turn
    for (int r = 1; r < kRanks; ++r)
      if (const int n = before.alive(enemy, r) - now.alive(enemy, r); n > 0) dead += n, dead_rank = r;
    std::vector<Pending> kept;
    for (Pending p : pending_) {
      if (enemy_move.first == p.square) {  // it moved, still unknown
        p.square = enemy_move.second;
        kept.push_back(p);
        continue;
      }
      if (now.holds(enemy, p.square)) {
        if (const int r = shown_rank(now, p.square)) settle(p, r);  // attacked where it stood, and won or held
        else kept.push_back(p);
        continue;
      }
      // Gone from its square: one of ours stands there (it took it: the approacher died), or it attacked and won (it
      // stands revealed on a square next to it that was not the enemy's), or it attacked and died (ties too: both
      // die). Its rank, when it died, is the one enemy rank whose count fell.
      int won = 0;
      for (int d : kDirs)
        if (const int q = p.square + d; now.holds(enemy, q) && !before.holds(enemy, q) && shown_rank(now, q))
          won = shown_rank(now, q);
      const bool taken = now.cell(p.square) != 0;
      if (won && !taken) settle(p, won);
      else if (dead == 1) settle(p, dead_rank);
    }
    pending_ = std::move(kept);
  }
  // The enemy's last move: a plain step of a piece we do not know, next to a known movable piece of ours that it was
  // not next to before (the strongest, if several). Not next to the Marshal: Evidence weighs those steps with a factor
  // of their own (SearchConfig::mstep), and a step next to it and another piece would mix the two.
  if (const auto [from, to] = enemy_move; from >= 0 && to >= 0 && !shown_rank(now, to)) {
    int mine = 0;
    bool marshal = false;
    for (int d : kDirs) {
      const int q = to + d;
      const std::uint8_t c = now.cell(q);
      if (!now.holds(me, q) || !(c & kKnown)) continue;
      if (distance(from, q) <= 1 || !movable(c & kRankMask)) continue;
      mine = std::max(mine, c & kRankMask);
      marshal = marshal || (c & kRankMask) == kMarshal;
    }
    double lose = 0, rest = 0;
    if (mine && !marshal)
      for (int r = kSpy; r <= kMarshal; ++r) (combat(r, mine) < 0 ? lose : rest) += beliefs.at(to)[r];
    // Each approach counts, the same piece's too (Evidence weighed each): a later one starts from odds the earlier
    // ones already lowered, and says that much less.
    if (lose > 0 && rest > 0) {
      if (pending_.size() == kMostPending) pending_.erase(pending_.begin());  // the oldest gives way
      pending_.push_back({to, mine, lose / rest / weighed});
    }
  }
  last_ = now;
}

}  // namespace strat::stratego
