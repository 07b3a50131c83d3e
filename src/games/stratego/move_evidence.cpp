#include "games/stratego/move_evidence.hpp"

#include <algorithm>
#include <cmath>

#include "games/stratego/move_model.hpp"

namespace strat::stratego {

namespace {

MoveEvidence::Likelihood ones() {
  MoveEvidence::Likelihood l;
  l.fill(1.0);
  return l;
}

bool unknown_enemy(const Info& info, int s) {
  return info.holds(info.player() ^ 1, s) && (info.cell(s) & kRankMask) == kUnknownRank;
}

}  // namespace

MoveEvidence::MoveEvidence() { reset(); }

void MoveEvidence::reset() {
  like_.assign(kCells, ones());
  last_.reset();
}

MoveEvidence::Likelihood MoveEvidence::of_move(const Info& view, int from, int to) {
  // `view` is the mover's Info before the move, with a placeholder rank on `from`: try every rank there.
  Likelihood out{};
  const MoveModel& model = MoveModel::trained();
  const int mover = view.player();
  State s(view.config());
  for (int q = 0; q < kCells; ++q) {
    const std::uint8_t c = view.cell(q);
    if ((c & kWall) || !(c & kRankMask) || q == from) continue;
    const int owner = (c & kBlue) ? 1 : 0;
    const int rank = (c & kRankMask) == kUnknownRank ? kSergeant : (c & kRankMask);
    s.put(q, owner, rank, c & (kKnown | kMoved));
  }
  for (int p = 0; p < 2; ++p) s.set_run(p, view.run(p));
  s.set_side(mover);
  s.set_ply(view.ply());
  std::vector<Move> moves;
  for (int r = kSpy; r <= kMarshal; ++r) {
    State t = s;
    t.put(from, mover, r, view.cell(from) & (kKnown | kMoved));
    t.legal_moves(moves);
    const Info seen(t, mover);
    const MoveContext context(seen);
    double top = -1e300, played = -1e300;
    std::vector<double> z;
    for (const Move& m : moves) {
      if (m.from != from) continue;
      const double v = model.logit(context, m);
      z.push_back(v);
      top = std::max(top, v);
      if (m.to == to) played = v;
    }
    if (played <= -1e299) continue;  // this rank could not have made the move
    double total = 0;
    for (double v : z) total += std::exp(v - top);
    out[r] = std::exp(model.weights()[r - 1] + played - top) / total;
  }
  return out;
}

void MoveEvidence::observe(const Info& now) {
  const int me = now.player(), enemy = me ^ 1;
  if (last_ && (last_->player() != me || now.ply() != last_->ply() + 2)) reset();
  const Run& run = now.run(enemy);
  if (run.count && unknown_enemy(now, run.to) && !unknown_enemy(now, run.from)) {
    // The enemy's last move was this plain move of an unknown piece: the position before it, as the enemy saw it.
    State before(now.config());
    for (int q = 0; q < kCells; ++q) {
      const std::uint8_t c = now.cell(q);
      if ((c & kWall) || !(c & kRankMask) || q == run.to) continue;
      const int owner = (c & kBlue) ? 1 : 0;
      const int rank = (c & kRankMask) == kUnknownRank ? kSergeant : (c & kRankMask);
      before.put(q, owner, rank, c & (kKnown | kMoved));
    }
    // Where it stood: moved before only if the last position showed it so.
    const std::uint8_t was = last_ ? last_->cell(run.from) : std::uint8_t{0};
    before.put(run.from, enemy, kSergeant, static_cast<std::uint8_t>(was & kMoved));
    before.set_run(me, now.run(me));
    before.set_run(enemy, last_ ? last_->run(enemy) : Run{});
    before.set_side(enemy);
    before.set_ply(now.ply() - 1);
    const Likelihood l = of_move(Info(before, enemy), run.from, run.to);
    Likelihood moved = like_[run.from];
    double top = 0;
    for (int r = 1; r < kRanks; ++r) top = std::max(top, moved[r] *= movable(r) ? l[r] : 0.0);
    if (top > 0)
      for (double& x : moved) x /= top;
    else
      moved = ones();
    like_[run.from] = ones();
    like_[run.to] = moved;
  }
  // Every square without an unknown enemy piece holds nothing to carry.
  for (int q = 0; q < kCells; ++q)
    if (!unknown_enemy(now, q)) like_[q] = ones();
  last_ = now;
}

}  // namespace strat::stratego
