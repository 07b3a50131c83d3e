#include "games/stratego/eval_model.hpp"

#include <algorithm>
#include <cmath>

namespace strat::stratego {

const std::array<const char*, kEvalFeatures> kEvalFeatureNames = {
    "spy",          "scout",        "miner",       "sergeant",      "lieutenant",    "captain",       "major",
    "colonel",      "general",      "marshal",     "bomb",          "spy_marshal",   "miners_bombs",  "top",
    "known_spy",    "known_scout",  "known_miner", "known_low",     "known_mid",     "known_colonel", "known_general",
    "known_marshal", "known_bomb",  "unmoved",     "flag_danger",   "flag_pressure", "advance",
};

namespace {

// Feature index of a known piece's rank class.
constexpr int kKnownClass[kRanks] = {-1, 14, 15, 16, 17, 17, 18, 18, 19, 20, 21, 22, -1};

bool in_half_of(int owner, int s) { return owner == 0 ? row_of(s) <= 4 : row_of(s) >= 5; }

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
  for (int s = kWidth; s < 11 * kWidth; ++s) {
    if (!n.is_piece(s)) continue;
    const std::uint8_t c = n.cell(s);
    const int rank = c & kRankMask;
    const bool moved = c & kMoved;
    if (n.owner_at(s) == me) {
      if ((c & kKnown) && kKnownClass[rank] >= 0) f[kKnownClass[rank]] -= 1.f;
      unmoved += !moved;
      if (rank == kFlag) my_flag = s;
      if (movable(rank)) {
        advance += in_half_of(en, s);
        f[25] += near[s] * (rank == kMiner ? 1.f : 0.5f);
      }
    } else {
      if (rank != kUnknownRank && kKnownClass[rank] >= 0) f[kKnownClass[rank]] += 1.f;
      unmoved -= !moved;
      if (rank == kUnknownRank ? (n.ranks_at(s) & kMovableRanks) != 0 : movable(rank)) {
        advance -= in_half_of(me, s);
        if (movers < kSlots + kSlots) enemy_movers[movers++] = s;
      }
    }
  }
  f[23] = static_cast<float>(unmoved);
  f[26] = static_cast<float>(advance);
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
  const double z = std::clamp(logit(node), -30.0, 30.0);
  const double p = 1.0 / (1.0 + std::exp(-z));
  return static_cast<int>(std::lround(kEvalScale * (2 * p - 1)));
}

const EvalModel& EvalModel::trained() {
  static const EvalModel model(kTrainedEvalWeights, kTrainedEvalBias);
  return model;
}

}  // namespace strat::stratego
