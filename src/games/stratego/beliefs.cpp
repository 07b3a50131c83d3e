#include "games/stratego/beliefs.hpp"

#include <algorithm>
#include <cmath>

#include "games/stratego/priors.hpp"

namespace strat::stratego {

Beliefs::Beliefs(const Info& info, const RankWeights* weights, bool nest) : info_(info), prob_(kCells) {
  const int enemy = info.player() ^ 1;
  pool_ = info.unknown_enemy_ranks();
  const SquarePriors& priors = info.config().barrage ? kBarrageSquarePriors : kClassicSquarePriors;
  for (int s = 0; s < kCells; ++s) {
    const std::uint8_t c = info.cell(s);
    if ((c & kWall) || (c & kRankMask) != kUnknownRank) continue;
    unknown_.push_back(s);
    auto& p = prob_[s];
    const bool moved = c & kMoved;
    const int idx = setup_index(enemy, s);
    for (int r = 1; r < kRanks; ++r) {
      if (!pool_[r] || (moved && !movable(r))) continue;
      // A piece still on its setup square: the human frequency there (floored: rare is not impossible).
      p[r] = !moved && idx >= 0 && idx < 40 ? std::max(0.002, static_cast<double>(priors[idx][r])) : 1.0;
      if (weights) p[r] *= (*weights)[s][r];
    }
    if (nest && !moved && p[kFlag] > 0) {
      // A neighbour's setup rank is known when a known enemy piece stands there that never moved: Bombs never do. An
      // empty square or a piece that came there says nothing of what stood there at the start.
      const NestRatios& ratio = info.config().barrage ? kBarrageNest : kClassicNest;
      for (int d : kDirs) {
        const std::uint8_t n = info.cell(s + d);
        if (!(n & kRankMask) || (n & kWall) || ((n & kBlue) ? 1 : 0) != enemy || (n & kMoved)) continue;
        const int rank = n & kRankMask;
        if (rank == kBomb) p[kFlag] *= ratio.bomb;
        else if (rank != kUnknownRank) p[kFlag] *= ratio.other;
      }
    }
  }
  // When the Bombs and the Flag still unplaced are exactly as many as the unknown pieces that never moved, those
  // pieces are all Bombs or the Flag. Said outright here: the fit below would only creep towards it.
  int unmoved = 0;
  for (int s : unknown_) unmoved += !(info.cell(s) & kMoved);
  if (unmoved == pool_[kBomb] + pool_[kFlag])
    for (int s : unknown_)
      if (!(info.cell(s) & kMoved))
        for (int r = kSpy; r <= kMarshal; ++r) prob_[s][r] = 0;
  // Iterative proportional fitting: columns to the unplaced counts, rows to one. Every cell the facts allow is positive
  // and the true assignment is one of them, so the fit exists; it converges in a few dozen rounds.
  for (int round = 0; round < 2000; ++round) {
    std::array<double, kRanks> col{};
    for (int s : unknown_)
      for (int r = 1; r < kRanks; ++r) col[r] += prob_[s][r];
    double error = 0;
    for (int r = 1; r < kRanks; ++r) error = std::max(error, std::abs(col[r] - pool_[r]));
    if (error < 1e-7) break;
    for (int s : unknown_) {
      double row = 0;
      for (int r = 1; r < kRanks; ++r) {
        if (col[r] > 0) prob_[s][r] *= pool_[r] / col[r];
        row += prob_[s][r];
      }
      if (row > 0)
        for (int r = 1; r < kRanks; ++r) prob_[s][r] /= row;
    }
  }
}

std::array<double, kRanks> Beliefs::expected_counts() const {
  std::array<double, kRanks> sum{};
  for (int s : unknown_)
    for (int r = 1; r < kRanks; ++r) sum[r] += prob_[s][r];
  return sum;
}

int known_marshal(const Info& info) {
  for (int s = 0; s < kCells; ++s)
    if (info.holds(info.player(), s) && (info.cell(s) & kRankMask) == kMarshal && (info.cell(s) & kKnown)) return s;
  return -1;
}

int offered_piece(const Info& info, int marshal) {
  const Run& run = info.run(info.player() ^ 1);
  if (marshal < 0 || !run.count || !info.holds(info.player() ^ 1, run.to)) return -1;
  return distance(run.to, marshal) == 1 ? run.to : -1;
}

RankWeights factor_weights(const Info& info, const RankWeights* weights, const BeliefFactors& f) {
  RankWeights out = weights ? *weights : RankWeights(kCells);
  if (!weights)
    for (auto& w : out) w.fill(1.0);
  const int marshal = known_marshal(info), offer = offered_piece(info, marshal);
  for (int s = 0; s < kCells; ++s) {
    const std::uint8_t c = info.cell(s);
    if (!info.holds(info.player() ^ 1, s) || (c & kRankMask) != kUnknownRank) continue;
    const bool moved = c & kMoved;
    if (const int near = spy_near(s, marshal, offer); near >= 0) out[s][kSpy] *= f.spy[near][moved ? 1 : 0];
    if (!moved) {
      const int open = open_sides(info, s);
      out[s][kFlag] *= f.flag[open];
      out[s][kBomb] *= f.bomb[open];
    }
  }
  return out;
}

State Beliefs::sample(Rng& rng) const {
  const int enemy = info_.player() ^ 1;
  State out(info_.config());
  std::vector<int> moved, unmoved;
  for (int q = 0; q < kCells; ++q) {
    const std::uint8_t c = info_.cell(q);
    if ((c & kWall) || (c & kRankMask) == 0) continue;
    if ((c & kRankMask) == kUnknownRank) {
      (c & kMoved ? moved : unmoved).push_back(q);
      continue;
    }
    out.put(q, (c & kBlue) ? 1 : 0, c & kRankMask, c & (kKnown | kMoved));
  }
  rng.shuffle(moved.begin(), moved.end());
  rng.shuffle(unmoved.begin(), unmoved.end());
  Army left = pool_;
  int immovable_left = left[kBomb] + left[kFlag];
  // Moved pieces first (they may only take movable ranks, and there are enough: the true army is one way); then the
  // unmoved ones, where the Bombs and the Flag still to place must all fit on the pieces left.
  auto draw = [&](int q, bool only_immovable) {
    const auto& p = prob_[q];
    double w[kRanks] = {};
    double total = 0;
    for (int r = 1; r < kRanks; ++r) {
      if (!left[r] || (only_immovable && movable(r)) || ((info_.cell(q) & kMoved) && !movable(r))) continue;
      // The fitted marginal, thinned as the rank's supply runs out (the other pieces took some).
      w[r] = std::max(p[r], 1e-6) * left[r] / std::max<int>(1, pool_[r]);
      total += w[r];
    }
    double x = rng.uniform() * total;
    int rank = 0;
    for (int r = 1; r < kRanks; ++r) {
      if (w[r] <= 0) continue;
      rank = r;
      if ((x -= w[r]) < 0) break;
    }
    --left[rank];
    if (!movable(rank)) --immovable_left;
    out.put(q, enemy, rank, info_.cell(q) & (kKnown | kMoved));
  };
  for (int q : moved) draw(q, false);
  for (std::size_t i = 0; i < unmoved.size(); ++i)
    draw(unmoved[i], immovable_left >= static_cast<int>(unmoved.size() - i));
  for (int p = 0; p < 2; ++p) out.set_run(p, info_.run(p));
  out.set_side(info_.to_move());
  out.set_ply(info_.ply());
  out.refresh_outcome();
  return out;
}

}  // namespace strat::stratego
