#pragma once
// Strata 7's fixed action space and observation tensor for learning code (core/encoding.hpp; tables in
// docs/python.md). A play is from*100 + to; a reinforcement's step-off cell follows as a second token, with the
// stop action for "no step-off" when a step-off is also possible; a placement and the pass are one
// token each. 10202 actions; 16 planes of 10x10.
#include <span>
#include <string>
#include <vector>

#include "games/strata7/state.hpp"

namespace strat::strata7 {

struct Encoding {
  static constexpr bool kSingleToken = false;
  static constexpr int kPlay = 0;                  // + from * 100 + to
  static constexpr int kOff = kCells * kCells;     // 10000 + step-off cell
  static constexpr int kPlace = kOff + kCells;     // 10100 + cell
  static constexpr int kPass = kPlace + kCells;    // 10200
  static constexpr int kStop = kPass + 1;          // 10201
  static constexpr int kActions = kStop + 1;
  static constexpr int kPlanes = 16;

  static int num_actions(const State&) { return kActions; }
  static std::vector<int> observation_shape(const State&) { return {kPlanes, kRows, kCols}; }
  static int stop_action(const State&) { return kStop; }
  static int max_game_length(const State& s);
  static void tokens(const State&, const Move& m, std::vector<int>& out) {
    switch (m.kind) {
      case Move::Play:
        out.push_back(kPlay + m.from * kCells + m.to);
        if (m.off != kNone) out.push_back(kOff + m.off);
        return;
      case Move::Place: out.push_back(kPlace + m.to); return;
      case Move::Pass: out.push_back(kPass); return;
    }
  }
  static std::string action_name(const State& s, int action);
  static void observe(const State& s, int player, std::span<const int> pending, float* out);
};

}  // namespace strat::strata7
