#pragma once
// The `stratego-belief` agent's evaluation: a logistic model of the game's result over features of the position as the
// searching player knows it (a BeliefNode: its own ranks, what it knows of the enemy's, the root's beliefs). The
// weights are fitted to the results of real games and of self-play (tools/stratego_train.py writes
// eval_weights.cpp); the search maximizes the expected result, so the evaluation is mostly the chance of winning (a
// draw counting half), plus a small share of the log-odds themselves: far ahead or far behind, where the chance is
// all but certain, moves still differ by how much further they lead (or how much less they lose).
#include <array>
#include <string>

#include "games/stratego/belief_node.hpp"

namespace strat::stratego {

constexpr int kEvalFeatures = 36;
using EvalFeatures = std::array<float, kEvalFeatures>;
// One name per feature, in order (the trainer's columns, docs/games/stratego.md).
extern const std::array<const char*, kEvalFeatures> kEvalFeatureNames;

// The features of `node` for the searching player (node.me()): differences, the player's minus the enemy's, where both
// sides have the term. Reads only the node (so only what the player knows).
void eval_features(const BeliefNode& node, EvalFeatures& f);

class EvalModel {
 public:
  // The score: kChanceScale * (2 * sigmoid(z) - 1) + kLogitScale * z, z the log-odds clamped to +-kLogitClamp: within
  // +-8900, below a win (BeliefNode::kWinScore).
  static constexpr int kChanceScale = 8000;
  static constexpr int kLogitScale = 100;
  static constexpr double kLogitClamp = 9.0;

  EvalModel(const EvalFeatures& weights, float bias);
  // The log-odds of the searching player's result, and the score (above).
  double logit(const BeliefNode& node) const;
  int score(const BeliefNode& node) const;
  double logit(const EvalFeatures& f) const;
  const EvalFeatures& weights() const { return weights_; }
  float bias() const { return bias_; }
  // What each rank is worth in log-odds, from the material weights (a Bomb its own; the Flag the game).
  const std::array<double, kRanks>& values() const { return values_; }

  // The model in eval_weights.cpp.
  static const EvalModel& trained();
  static const std::array<double, kRanks>& default_values() { return trained().values(); }

 private:
  EvalFeatures weights_;
  float bias_;
  std::array<double, kRanks> values_{};
};

// eval_weights.cpp (written by tools/stratego_train.py).
extern const EvalFeatures kTrainedEvalWeights;
extern const float kTrainedEvalBias;

}  // namespace strat::stratego
