#include "games/stratego/eval_model.hpp"

#include <algorithm>
#include <cmath>
#include <cstdlib>

namespace strat::stratego {

const std::array<const char*, kEvalFeatures> kEvalFeatureNames = {
    "spy",          "scout",        "miner",       "sergeant",      "lieutenant",    "captain",       "major",
    "colonel",      "general",      "marshal",     "bomb",          "spy_marshal",   "miners_bombs",  "top",
    "known_spy",    "known_scout",  "known_miner", "known_low",     "known_mid",     "known_colonel", "known_general",
    "known_marshal", "known_bomb",  "unmoved",     "flag_danger",   "flag_pressure", "advance",       "hanging_mine_to_move",
    "hanging_mine_waiting", "hanging_theirs_to_move", "hanging_theirs_waiting", "hunt", "hunted", "lead_traded",
    "spy_threat_to_move", "spy_threat_waiting",
};

namespace {

// Feature index of a known piece's rank class.
constexpr int kKnownClass[kRanks] = {-1, 14, 15, 16, 17, 17, 18, 18, 19, 20, 21, 22, -1};

bool in_half_of(int owner, int s) { return owner == 0 ? row_of(s) <= 4 : row_of(s) >= 5; }

// Fixed piece values for the features that weigh pieces (a Scout 0.12, the Marshal 4): the learned weights scale them.
constexpr float kValue[kRanks] = {0, 0.6f, 0.12f, 0.3f, 0.15f, 0.25f, 0.45f, 0.8f, 1.4f, 2.5f, 4.0f, 0.12f, 0};

// Whether a piece of rank a takes one of rank d (a Bomb only by a Miner).
bool takes(int a, int d) { return movable(a) && d != kFlag && combat(a, d) > 0; }

}  // namespace

void eval_features(const BeliefNode& n, EvalFeatures& f) {
  f.fill(0.f);
  const int me = n.me(), en = me ^ 1;
  for (int r = kSpy; r <= kMarshal; ++r) f[r - 1] = static_cast<float>(n.alive(me, r) - n.alive(en, r));
  f[10] = static_cast<float>(n.alive(me, kBomb) - n.alive(en, kBomb));
  f[11] = static_cast<float>(n.alive(me, kSpy) * n.alive(en, kMarshal) - n.alive(en, kSpy) * n.alive(me, kMarshal));
  f[12] = static_cast<float>(std::min(n.alive(me, kMiner), 3) * (n.alive(en, kBomb) > 0) -
                             std::min(n.alive(en, kMiner), 3) * (n.alive(me, kBomb) > 0));
  for (int r = kMarshal; r >= kSpy; --r)
    if (n.alive(me, r) != n.alive(en, r)) {
      f[13] = n.alive(me, r) > n.alive(en, r) ? 1.f : -1.f;
      break;
    }
  const auto& near = n.knowledge().flag_near;
  int unmoved = 0, advance = 0, my_flag = -1;
  int enemy_movers[kSlots + kSlots];
  int movers = 0;
  float hang_mine = 0, hang_theirs = 0;
  // Known pieces of each side (square, rank), for the hunt.
  int known_theirs[kSlots + kSlots], known_mine[kSlots + kSlots], nt = 0, nm = 0;
  // Each side's movable pieces above the Scout whose ranks the player knows (square, rank), in square order: the
  // hunters of the hunt.
  int hunters_mine[kSlots + kSlots], hunter_rank_mine[kSlots + kSlots], nhm = 0;
  int hunters_theirs[kSlots + kSlots], hunter_rank_theirs[kSlots + kSlots], nht = 0;
  for (u128 b = n.pieces(me); b; b &= b - 1) {
    const int s = ctz128(b);
    const std::uint8_t c = n.cell(s);
    const int rank = c & kRankMask;
    if (c & kKnown) {
      if (kKnownClass[rank] >= 0) f[kKnownClass[rank]] -= 1.f;
      if (movable(rank) && nm < kSlots + kSlots) known_mine[nm++] = s;
    }
    unmoved += !(c & kMoved);
    if (rank == kFlag) my_flag = s;
    if (movable(rank)) {
      advance += in_half_of(en, s);
      f[25] += near[s] * (rank == kMiner ? 1.f : 0.5f);
      if (rank > kScout) hunters_mine[nhm] = s, hunter_rank_mine[nhm++] = rank;
    }
  }
  for (u128 b = n.pieces(en); b; b &= b - 1) {
    const int s = ctz128(b);
    const std::uint8_t c = n.cell(s);
    const int rank = c & kRankMask;
    if (rank != kUnknownRank) {
      if (kKnownClass[rank] >= 0) f[kKnownClass[rank]] += 1.f;
      if (movable(rank) && nt < kSlots + kSlots) known_theirs[nt++] = s;
      if (movable(rank) && rank > kScout) hunters_theirs[nht] = s, hunter_rank_theirs[nht++] = rank;
      // Hanging pieces: only a known enemy piece threatens or is threatened as the player sees it, so its sides are
      // the only ones to look at (the maxima do not depend on the order).
      for (int d : kDirs) {
        const int q = s + d;
        if (!n.is_piece(q) || n.owner_at(q) != me) continue;
        const int mine = n.cell(q) & kRankMask;
        if (takes(rank, mine)) hang_mine = std::max(hang_mine, kValue[mine]);
        if (takes(mine, rank)) hang_theirs = std::max(hang_theirs, kValue[rank]);
      }
    }
    unmoved -= !(c & kMoved);
    if (rank == kUnknownRank ? (n.ranks_at(s) & kMovableRanks) != 0 : movable(rank)) {
      advance -= in_half_of(me, s);
      if (movers < kSlots + kSlots) enemy_movers[movers++] = s;
    }
  }
  f[23] = static_cast<float>(unmoved);
  f[26] = static_cast<float>(advance);
  const bool my_turn = n.to_move() == me;
  f[my_turn ? 27 : 28] = hang_mine;
  f[my_turn ? 29 : 30] = hang_theirs;
  // The hunt: each known movable piece is worth its value over (1 + the distance to the nearest enemy piece known to
  // take it), for the hunter's side; each side counts only the pieces it knows of the other.
  auto hunt = [&](const int* prey, int count, const int* hs, const int* hr, int nh) {
    if (!count) return 0.f;
    float total = 0;
    for (int i = 0; i < count; ++i) {
      const int pr = n.cell(prey[i]) & kRankMask;
      const int pc = col_of(prey[i]), prow = row_of(prey[i]);
      int best = 99;
      for (int j = 0; j < nh; ++j)
        if (hr[j] > pr) best = std::min(best, std::abs(col_of(hs[j]) - pc) + std::abs(row_of(hs[j]) - prow));
      if (best < 99) total += kValue[pr] / static_cast<float>(1 + best);
    }
    return total;
  };
  // The Spy's threat: my Marshal, known to the enemy, beside an enemy piece I do not know that may be the Spy.
  if (n.alive(en, kSpy)) {
    float spy = 0;
    for (int i = 0; i < nm; ++i) {
      if ((n.cell(known_mine[i]) & kRankMask) != kMarshal) continue;
      for (int d : kDirs) {
        const int q = known_mine[i] + d;
        if (!n.is_piece(q) || n.owner_at(q) != en || !n.unknown(q)) continue;
        float p[kRanks];
        n.distribution(q, p);
        spy = std::max(spy, p[kSpy]);
      }
    }
    f[my_turn ? 34 : 35] = spy;
  }
  f[31] = hunt(known_theirs, nt, hunters_mine, hunter_rank_mine, nhm);
  f[32] = hunt(known_mine, nm, hunters_theirs, hunter_rank_theirs, nht);
  // The lead, in fixed values, weighs more as pieces leave the board: ahead, trade down.
  float lead = 0, left = 0;
  for (int r = kSpy; r <= kMarshal; ++r) {
    lead += kValue[r] * static_cast<float>(n.alive(me, r) - n.alive(en, r));
    left += static_cast<float>(n.alive(me, r) + n.alive(en, r));
  }
  f[33] = lead * (1.f - left / static_cast<float>(n.knowledge().movable_at_start));
  if (my_flag >= 0) {
    // Walled in by Bombs, lakes and the edge: only a Miner gets through.
    bool walled = true;
    for (int d : kDirs) {
      const std::uint8_t c = n.cell(my_flag + d);
      if (!(c & kWall) && !(c && n.owner_at(my_flag + d) == me && (c & kRankMask) == kBomb)) walled = false;
    }
    for (int i = 0; i < movers; ++i) {
      const int e = enemy_movers[i];
      const int d = distance(e, my_flag);
      if (d >= 4) continue;
      float w = static_cast<float>(4 - d) / 4.f;
      if (walled) {
        float p[kRanks];
        n.distribution(e, p);
        w *= p[kMiner];
      }
      f[24] += w;
    }
  }
}

EvalModel::EvalModel(const EvalFeatures& weights, float bias) : weights_(weights), bias_(bias) {
  for (int r = kSpy; r <= kMarshal; ++r) values_[r] = std::max(0.01, static_cast<double>(weights[r - 1]));
  values_[kBomb] = std::max(0.01, static_cast<double>(weights[10]));
  values_[kFlag] = 2.0;  // the game: about +0.5 in the chance of winning, near an even position
}

double EvalModel::logit(const EvalFeatures& f) const {
  double z = bias_;
  for (int i = 0; i < kEvalFeatures; ++i) z += static_cast<double>(weights_[i]) * f[i];
  return z;
}

double EvalModel::logit(const BeliefNode& node) const {
  EvalFeatures f;
  eval_features(node, f);
  return logit(f);
}

int EvalModel::score(const BeliefNode& node) const {
  const double z = std::clamp(logit(node), -kLogitClamp, kLogitClamp);
  const double p = 1.0 / (1.0 + std::exp(-z));
  return static_cast<int>(std::lround(kChanceScale * (2 * p - 1) + kLogitScale * z));
}

const EvalModel& EvalModel::trained() {
  static const EvalModel model(kTrainedEvalWeights, kTrainedEvalBias);
  return model;
}

}  // namespace strat::stratego
