#pragma once
// A model of the moves people make: for a position seen by the player to move (its Info), a probability over its legal
// moves, softmax(w . features(move)). Trained on the Gravon games (tools/stratego_train.py writes move_weights.cpp;
// top-1 and top-3 accuracy on a held-out archive in docs/games/stratego.md). The `stratego-belief` agent orders its root
// moves by it, so that the search's first iterations look at what a player would look at first.
#include <array>
#include <vector>

#include "games/stratego/info.hpp"

namespace strat::stratego {

constexpr int kMoveFeatures = 36;
using MoveFeatures = std::array<float, kMoveFeatures>;
extern const std::array<const char*, kMoveFeatures> kMoveFeatureNames;

// What the features of every move of one position share, made once per position.
class MoveContext {
 public:
  explicit MoveContext(const Info& info);
  const Info& info() const { return info_; }
  // Distance from s to the nearest known enemy piece that the mover's rank r beats (99: none), and to the nearest enemy
  // piece of any kind.
  int to_prey(int s, int r) const;
  int to_enemy(int s) const;
  int own_flag() const { return own_flag_; }

 private:
  Info info_;
  std::vector<int> enemies_;  // squares
  int own_flag_ = -1;
};

void move_features(const MoveContext& context, const Move& m, MoveFeatures& f);

class MoveModel {
 public:
  MoveModel(const MoveFeatures& weights) : weights_(weights) {}
  double logit(const MoveContext& context, const Move& m) const;
  double logit(const MoveFeatures& f) const;
  // P(move) over `moves`, in their order.
  std::vector<double> probabilities(const MoveContext& context, const std::vector<Move>& moves) const;
  const MoveFeatures& weights() const { return weights_; }
  static const MoveModel& trained();

 private:
  MoveFeatures weights_;
};

// move_weights.cpp (written by tools/stratego_train.py).
extern const MoveFeatures kTrainedMoveWeights;

}  // namespace strat::stratego
