#pragma once
// The card duel's fixed action space and observation vector for learning code (core/encoding.hpp; tables in
// docs/python.md). Every move is one action: attack own slot x enemy slot (25), Spy reveal (5), Scout reveal
// own slot x first enemy slot x second enemy slot or none (150), Flag reveal (5), place a card (slot x card,
// 60): 245 actions. The observation is a vector of 235 numbers built from the observer's Info only.
#include <span>
#include <string>
#include <vector>

#include "games/stratego_cards/state.hpp"

namespace strat::stratego_cards {

struct Encoding {
  static constexpr bool kSingleToken = true;
  static constexpr int kActAttack = 0;        // + own slot * 5 + enemy slot
  static constexpr int kActSpy = 25;          // + own slot
  static constexpr int kActScout = 30;        // + own slot * 30 + first enemy slot * 6 + (second enemy slot or 5)
  static constexpr int kActFlag = 180;        // + own slot
  static constexpr int kActPlace = 185;       // + slot * 12 + card - 1
  static constexpr int kActions = 245;
  static constexpr int kSize = 235;

  static int num_actions(const State&) { return kActions; }
  static std::vector<int> observation_shape(const State&) { return {kSize}; }
  static int stop_action(const State&) { return -1; }
  static int max_game_length(const State& s);
  static int action(const Move& m) {
    switch (m.kind) {
      case kAttack: return kActAttack + m.a * 5 + m.b;
      case kSpyReveal: return kActSpy + m.a;
      case kScoutReveal: return kActScout + m.a * 30 + m.b * 6 + (m.c == kNone ? 5 : m.c);
      case kFlagReveal: return kActFlag + m.a;
      default: return kActPlace + m.a * 12 + m.b - 1;
    }
  }
  static void tokens(const State&, const Move& m, std::vector<int>& out) { out.push_back(action(m)); }
  static std::string action_name(const State& s, int action);
  static void observe(const State& s, int player, std::span<const int> pending, float* out);
};

}  // namespace strat::stratego_cards
