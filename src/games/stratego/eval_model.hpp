#pragma once
// The `stratego` agent's evaluation: a logistic model of the game's result over features of the position as the
// searching player knows it (a BeliefNode: its own ranks, what it knows of the enemy's, the root's beliefs). The
// weights are fitted to the results of real games and of self-play (tools/stratego_train.py writes
// eval_weights.cpp); the search maximizes the expected result, so the evaluation is the chance of winning (a draw
// counting half), scaled to +-kEvalScale.
#include <array>
#include <string>

#include "games/stratego/belief_node.hpp"

namespace strat::stratego {

constexpr int kEvalFeatures = 34;
using EvalFeatures = std::array<float, kEvalFeatures>;
// One name per feature, in order (the trainer's columns, docs/games/stratego.md).
extern const std::array<const char*, kEvalFeatures> kEvalFeatureNames;

// The features of `node` for the searching player (node.me()): differences, the player's minus the enemy's, where both
// sides have the term. Reads only the node (so only what the player knows).
void eval_features(const BeliefNode& node, EvalFeatures& f);

class EvalModel {
 public:
  // The evaluation's range: a win scores BeliefNode::kWinScore, a sure-looking position at most this.
  static constexpr int kEvalScale = 9000;

  EvalModel(const EvalFeatures& weights, float bias);
  // The log-odds of the searching player's result, and the score: kEvalScale * (2 * sigmoid - 1).
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
