#include "games/stratego/move_model.hpp"

#include <algorithm>
#include <cmath>
#include <cstdlib>

namespace strat::stratego {

const std::array<const char*, kMoveFeatures> kMoveFeatureNames = {
    "spy",          "scout",         "miner",          "sergeant",       "lieutenant",  "captain",
    "major",        "colonel",       "general",        "marshal",        "known",       "moved",
    "forward",      "backward",      "long",           "long_length",    "attack_win",  "attack_tie",
    "attack_lose",  "attack_unmoved", "attack_moved",  "attack_unknown_rank", "lands_in_danger", "lands_on_prey",
    "flees",        "back_and_forth", "to_row",        "from_row",       "closer_to_prey", "closer_to_enemy",
    "same_piece",   "beside_last",   "takes_last",     "beside_unknown", "near_own_flag", "enemy_home",
};

namespace {

int home_row(int player, int s) { return player == 0 ? row_of(s) : 9 - row_of(s); }

bool is_enemy(const Info& info, int s) { return info.holds(info.player() ^ 1, s); }

int rank_of(const Info& info, int s) { return info.cell(s) & kRankMask; }

// Whether a known enemy piece beside s beats (sign > 0) or loses to (sign < 0) rank r, not counting square `skip`.
bool beside_known(const Info& info, int s, int r, int sign, int skip) {
  for (int d : kDirs) {
    const int q = s + d;
    if (q == skip || !is_enemy(info, q)) continue;
    const int e = rank_of(info, q);
    if (e == kUnknownRank) continue;
    const int result = combat(e, r);
    if (sign > 0 ? result > 0 : combat(r, e) > 0) return true;
  }
  return false;
}

}  // namespace

MoveContext::MoveContext(const Info& info) : info_(info) {
  for (int s = kWidth; s < 11 * kWidth; ++s) {
    if (is_enemy(info, s)) enemies_.push_back(s);
    else if (info.holds(info.player(), s) && rank_of(info, s) == kFlag) own_flag_ = s;
  }
}

int MoveContext::to_prey(int s, int r) const {
  int best = 99;
  for (int q : enemies_) {
    const int e = rank_of(info_, q);
    if (e != kUnknownRank && e != kBomb && combat(r, e) > 0) best = std::min(best, distance(s, q));
  }
  return best;
}

int MoveContext::to_enemy(int s) const {
  int best = 99;
  for (int q : enemies_) best = std::min(best, distance(s, q));
  return best;
}

void move_features(const MoveContext& context, const Move& m, MoveFeatures& f) {
  f.fill(0.f);
  const Info& info = context.info();
  const int me = info.player(), enemy = me ^ 1;
  const std::uint8_t c = info.cell(m.from);
  const int r = c & kRankMask;
  if (r >= kSpy && r <= kMarshal) f[r - 1] = 1;
  f[10] = (c & kKnown) ? 1.f : 0.f;
  f[11] = (c & kMoved) ? 1.f : 0.f;
  const int rise = home_row(me, m.to) - home_row(me, m.from);
  f[12] = rise > 0;
  f[13] = rise < 0;
  const int step = std::abs(m.to - m.from);
  if (step != 1 && step != kWidth) {
    f[14] = 1;
    f[15] = static_cast<float>(distance(m.from, m.to)) / 9.f;
  }
  const std::uint8_t t = info.cell(m.to);
  if (t) {
    const int e = t & kRankMask;
    if (e == kUnknownRank) {
      f[(t & kMoved) ? 20 : 19] = 1;
      f[21] = static_cast<float>(r) / 10.f;
    } else {
      const int result = combat(r, e);
      f[result > 0 ? 16 : result == 0 ? 17 : 18] = 1;
    }
  }
  f[22] = beside_known(info, m.to, r, +1, m.from);
  f[23] = beside_known(info, m.to, r, -1, m.from);
  f[24] = beside_known(info, m.from, r, +1, -1) && !beside_known(info, m.to, r, +1, m.from);
  const Run& mine = info.run(me);
  f[25] = mine.count && m.to == mine.from && m.from == mine.to;
  f[26] = static_cast<float>(home_row(me, m.to)) / 9.f;
  f[27] = static_cast<float>(home_row(me, m.from)) / 9.f;
  f[28] = context.to_prey(m.to, r) < context.to_prey(m.from, r);
  f[29] = context.to_enemy(m.to) < context.to_enemy(m.from);
  f[30] = mine.count && mine.to == m.from;
  const Run& theirs = info.run(enemy);
  if (theirs.count) {
    f[31] = distance(theirs.to, m.to) == 1;
    f[32] = m.to == theirs.to;
  }
  for (int d : kDirs) {
    const int q = m.to + d;
    if (q != m.from && is_enemy(info, q) && rank_of(info, q) == kUnknownRank) f[33] = 1;
  }
  f[34] = context.own_flag() >= 0 && distance(m.to, context.own_flag()) <= 2;
  f[35] = home_row(me, m.to) >= 7;
}

double MoveModel::logit(const MoveFeatures& f) const {
  double z = 0;
  for (int i = 0; i < kMoveFeatures; ++i) z += static_cast<double>(weights_[i]) * f[i];
  return z;
}

double MoveModel::logit(const MoveContext& context, const Move& m) const {
  MoveFeatures f;
  move_features(context, m, f);
  return logit(f);
}

std::vector<double> MoveModel::probabilities(const MoveContext& context, const std::vector<Move>& moves) const {
  std::vector<double> p(moves.size());
  double top = -1e300;
  for (std::size_t i = 0; i < moves.size(); ++i) top = std::max(top, p[i] = logit(context, moves[i]));
  double total = 0;
  for (double& x : p) total += (x = std::exp(x - top));
  for (double& x : p) x /= total;
  return p;
}

const MoveModel& MoveModel::trained() {
  static const MoveModel model(kTrainedMoveWeights);
  return model;
}

}  // namespace strat::stratego
