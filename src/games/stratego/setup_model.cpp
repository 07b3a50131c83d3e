#include "games/stratego/setup_model.hpp"

#include <cstdlib>

namespace strat::stratego {

const std::array<const char*, kSetupFeatures> kSetupFeatureNames = {
    "flag_back",     "flag_corner",    "flag_bombs",   "flag_walled",        "bombs_front",
    "bombs_lake",    "scouts_front",   "miners_back",  "marshal_front",      "general_front",
    "spy_by_general", "lanes_guarded", "strong_near_flag", "bomb_pairs",
};

namespace {

int at(const Setup& s, int row, int col) { return row < 0 || row > 3 || col < 0 || col > 9 ? -1 : s[row * 10 + col]; }

}  // namespace

void setup_features(const Setup& s, SetupFeatures& f) {
  f.fill(0.f);
  int flag = -1, general = -1, spy = -1;
  for (int i = 0; i < 40; ++i) {
    const int r = s[i], row = i / 10, col = i % 10;
    if (r == kFlag) flag = i;
    if (r == kGeneral) general = i;
    if (r == kSpy) spy = i;
    if (r == kBomb && row == 3) {
      f[4] += 1;
      if (col == 2 || col == 3 || col == 6 || col == 7) f[5] += 1;
    }
    if (r == kBomb && at(s, row, col + 1) == kBomb) f[13] += 1;
    if (r == kBomb && at(s, row + 1, col) == kBomb) f[13] += 1;
    if (r == kScout && row == 3) f[6] += 1;
    if (r == kMiner && row <= 1) f[7] += 1;
    if (r == kMarshal && row >= 2) f[8] = 1;
    if (r == kGeneral && row >= 2) f[9] = 1;
    if (row == 3 && (col == 0 || col == 1 || col == 4 || col == 5 || col == 8 || col == 9) && r >= kCaptain &&
        r <= kMarshal)
      f[11] += 1;
  }
  if (flag >= 0) {
    const int row = flag / 10, col = flag % 10;
    f[0] = row == 0;
    f[1] = row == 0 && (col == 0 || col == 9);
    bool walled = true;
    const int around[4][2] = {{1, 0}, {-1, 0}, {0, 1}, {0, -1}};
    for (const auto& d : around) {
      const int r = at(s, row + d[0], col + d[1]);
      const bool edge = row + d[0] < 0 || col + d[1] < 0 || col + d[1] > 9;
      if (r == kBomb) f[2] += 1;
      else if (!edge) walled = false;
    }
    f[3] = walled;
    for (int i = 0; i < 40; ++i)
      if (s[i] >= kMajor && s[i] <= kMarshal && std::abs(i / 10 - row) + std::abs(i % 10 - col) <= 3) f[12] += 1;
  }
  if (spy >= 0 && general >= 0 && std::abs(spy / 10 - general / 10) + std::abs(spy % 10 - general % 10) == 1) f[10] = 1;
}

double SetupModel::score(const SetupFeatures& f) const {
  double z = 0;
  for (int i = 0; i < kSetupFeatures; ++i) z += static_cast<double>(weights_[i]) * f[i];
  return z;
}

double SetupModel::score(const Setup& s) const {
  SetupFeatures f;
  setup_features(s, f);
  return score(f);
}

const SetupModel& SetupModel::trained() {
  static const SetupModel model(kTrainedSetupWeights);
  return model;
}

Setup chosen_setup(const Config& config, Rng& rng, int candidates) {
  Setup best = generate_setup(config, rng);
  if (config.barrage) return best;
  double top = SetupModel::trained().score(best);
  for (int i = 1; i < candidates; ++i) {
    const Setup s = generate_setup(config, rng);
    const double v = SetupModel::trained().score(s);
    if (v > top) top = v, best = s;
  }
  return best;
}

}  // namespace strat::stratego
