#pragma once
// Setups that win: a logistic model of the game's result over features of a player's setup against the opponent's
// (the difference of the two sides' features), fitted to the results of real games and of self-play
// (tools/stratego_train.py writes setup_weights.cpp). The `stratego-belief` agent draws candidates from the human-like
// generator (setup.hpp) and plays the one the model likes best: the generator keeps the variety and the human habits,
// the model prefers, among them, the kinds of setups that won.
#include <array>

#include "core/rng.hpp"
#include "games/stratego/setup.hpp"

namespace strat::stratego {

constexpr int kSetupFeatures = 14;
using SetupFeatures = std::array<float, kSetupFeatures>;
extern const std::array<const char*, kSetupFeatures> kSetupFeatureNames;

void setup_features(const Setup& s, SetupFeatures& f);

class SetupModel {
 public:
  explicit SetupModel(const SetupFeatures& weights) : weights_(weights) {}
  // The log-odds contribution of a setup (against an average opponent: its features times the weights).
  double score(const Setup& s) const;
  double score(const SetupFeatures& f) const;
  static const SetupModel& trained();

 private:
  SetupFeatures weights_;
};

// The best of `candidates` draws of the generator by the model (classic; barrage setups are the generator's).
Setup chosen_setup(const Config& config, Rng& rng, int candidates = 32);

// setup_weights.cpp (written by tools/stratego_train.py).
extern const SetupFeatures kTrainedSetupWeights;

}  // namespace strat::stratego
