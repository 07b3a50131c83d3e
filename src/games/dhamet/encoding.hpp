#pragma once
// Dhamet's fixed action space and observation tensor for learning code (core/encoding.hpp; tables in
// docs/python.md). A move is a path, so it is chosen token by token: an optional huff (huffing variant), the
// first hop from*81 + landing, then each further landing point; the stop action ends a move that another
// legal move continues (huffing variant: partial captures). 6724 actions; 10 planes of 9x9.
#include <span>
#include <string>
#include <vector>

#include "games/dhamet/state.hpp"

namespace strat::dhamet {

struct Encoding {
  static constexpr bool kSingleToken = false;
  static constexpr int kFirstHop = 0;                          // from * 81 + first landing
  static constexpr int kLanding = kPoints * kPoints;           // 6561 + point: a further landing
  static constexpr int kHuff = kLanding + kPoints;             // 6642 + point: huff the piece on point
  static constexpr int kStop = kHuff + kPoints;                // 6723
  static constexpr int kActions = kStop + 1;
  static constexpr int kPlanes = 10;

  static int num_actions(const State&) { return kActions; }
  static std::vector<int> observation_shape(const State&) { return {kPlanes, kSide, kSide}; }
  static int stop_action(const State&) { return kStop; }
  static int max_game_length(const State& s);
  static void tokens(const State&, const Move& m, std::vector<int>& out) {
    if (m.huff != kNone) out.push_back(kHuff + m.huff);
    if (m.n == 0) return;
    out.push_back(kFirstHop + m.from * kPoints + m.path[0]);
    for (int i = 1; i < m.n; ++i) out.push_back(kLanding + m.path[i]);
  }
  static std::string action_name(const State& s, int action);
  static void observe(const State& s, int player, std::span<const int> pending, float* out);
};

}  // namespace strat::dhamet
