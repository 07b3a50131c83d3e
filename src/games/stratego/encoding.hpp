#pragma once
// Stratego's fixed action space and observation tensor for learning code (core/encoding.hpp; the tables are
// in docs/python.md). Actions: from-square x direction x distance, 100 x 4 x 9 = 3600, one per move; with
// setup=actions also rank x square, 12 x 100 = 1200 placements after them. Observations: 42 planes of 10x10
// built from the observer's Info only, and 14 planes of the setup phase with setup=actions.
#include <cstdint>
#include <span>
#include <string>
#include <vector>

#include "games/stratego/state.hpp"

namespace strat::stratego {

// kActionTable.square[mailbox square] is row*10 + col; kActionTable.step[to - from + 128] is a move's direction * 9
// + distance - 1 (Encoding::action).
struct ActionTable {
  std::int16_t square[kCells] = {};
  std::int8_t step[256] = {};
  constexpr ActionTable() {
    for (int q = 0; q < kCells; ++q) square[q] = static_cast<std::int16_t>(row_of(q) * 10 + col_of(q));
    for (int dist = 1; dist <= 9; ++dist) {
      step[128 + dist * kWidth] = static_cast<std::int8_t>(0 * 9 + dist - 1);
      step[128 - dist * kWidth] = static_cast<std::int8_t>(1 * 9 + dist - 1);
      step[128 + dist] = static_cast<std::int8_t>(2 * 9 + dist - 1);
      step[128 - dist] = static_cast<std::int8_t>(3 * 9 + dist - 1);
    }
  }
};
inline constexpr ActionTable kActionTable{};

struct Encoding {
  static constexpr bool kSingleToken = true;
  static constexpr bool kWritesWholeObservation = true;  // observe zeros the cell planes itself
  static constexpr int kDistances = 9;
  static constexpr int kActions = 100 * 4 * kDistances;  // play
  static constexpr int kPlaceActions = 12 * 100;          // setup=actions: kActions + (rank - 1) * 100 + square
  static constexpr int kPlanes = 42;
  static constexpr int kSetupPlanes = 14;  // setup=actions: planes 42..55

  static int num_actions(const State& s) { return s.config().setup_actions ? kActions + kPlaceActions : kActions; }
  static int planes(const State& s) { return s.config().setup_actions ? kPlanes + kSetupPlanes : kPlanes; }
  static std::vector<int> observation_shape(const State& s) { return {planes(s), 10, 10}; }
  static int stop_action(const State&) { return -1; }
  static int max_game_length(const State& s) { return s.config().ply_limit; }

  // (row*10 + col) * 36 + direction * 9 + distance - 1; directions as kDirs: up (towards row 10), down, right,
  // left. From kActionTable: no division on the vector environment's per-step path.
  static int action(const Move& m) {
    if (m.is_placement()) [[unlikely]]
      return kActions + (m.placed_rank() - 1) * 100 + kActionTable.square[m.to];
    return kActionTable.square[m.from] * (4 * kDistances) + kActionTable.step[128 + m.to - m.from];
  }
  static int token(const State&, const Move& m) { return action(m); }
  static void tokens(const State&, const Move& m, std::vector<int>& out) { out.push_back(action(m)); }
  // The actions of s.legal_moves(), in its order, generated from the board without a list of Moves to convert
  // (core/encoding.hpp's ActionListFunction: the vector environment's per-step path).
  static void legal_actions(const State& s, std::vector<int>& out);
  // The same ids written to out (room for kMaxActionIds: legal_moves' bound, 92 pieces of 18 moves, and the
  // generator's unconditional stores past the last), their count returned (core/encoding.hpp's ActionIdWriter).
  static constexpr int kMaxActionIds = 92 * 18 + 16;
  static int legal_actions(const State& s, int* out);
  // The move of a legal action (core/encoding.hpp's ActionMoveFunction).
  static Move move_of(const State& s, int action);
  // Whether `action` is legal in s (exactly: it is in legal_actions), and then its move, decoded from the id
  // rather than looked up in the list (core/encoding.hpp's ActionDecoder).
  static bool legal_move(const State& s, int action, Move& m);
  static std::string action_name(const State& s, int action);
  static void observe(const State& s, int player, std::span<const int> pending, float* out);
  // The same as bytes (core/encoding.hpp's observation_byte), written directly: the vector environment's fast form.
  static void observe_u8(const State& s, int player, std::span<const int> pending, std::uint8_t* out);
  // observe over an earlier observation of the same game or zeros (core/encoding.hpp's ObservationRewrite): the
  // lakes and the constant planes are written only where their value changed; the cell planes always.
  static void reobserve(const State& s, int player, std::span<const int> pending, float* out);
};

}  // namespace strat::stratego
