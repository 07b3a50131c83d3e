#pragma once
// Stratego's fixed action space and observation tensor for learning code (core/encoding.hpp; the tables are
// in docs/python.md). Actions: from-square x direction x distance, 100 x 4 x 9 = 3600, one per move.
// Observations: 42 planes of 10x10 built from the observer's Info only.
#include <span>
#include <string>
#include <vector>

#include "games/stratego/state.hpp"

namespace strat::stratego {

struct Encoding {
  static constexpr bool kSingleToken = true;
  static constexpr int kDistances = 9;
  static constexpr int kActions = 100 * 4 * kDistances;
  static constexpr int kPlanes = 42;

  static int num_actions(const State&) { return kActions; }
  static std::vector<int> observation_shape(const State&) { return {kPlanes, 10, 10}; }
  static int stop_action(const State&) { return -1; }
  static int max_game_length(const State& s) { return s.config().ply_limit; }

  // (row*10 + col) * 36 + direction * 9 + distance - 1; directions as kDirs: up (towards row 10), down, right,
  // left.
  static int action(const Move& m) {
    const int from = m.from, to = m.to;
    const int diff = to - from;
    int dir = 0, dist = 0;
    if (col_of(from) == col_of(to)) {
      dir = diff > 0 ? 0 : 1;
      dist = (diff > 0 ? diff : -diff) / kWidth;
    } else {
      dir = diff > 0 ? 2 : 3;
      dist = diff > 0 ? diff : -diff;
    }
    return ((row_of(from) * 10 + col_of(from)) * 4 + dir) * kDistances + dist - 1;
  }
  static void tokens(const State&, const Move& m, std::vector<int>& out) { out.push_back(action(m)); }
  static std::string action_name(const State& s, int action);
  static void observe(const State& s, int player, std::span<const int> pending, float* out);
};

}  // namespace strat::stratego
