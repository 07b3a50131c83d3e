#pragma once
// Strategic's fixed action space and observation tensor for learning code (core/encoding.hpp; tables in
// docs/python.md). Cells are indexed row * cols + col on boards of up to 64 cells. Guard steps and formings
// are one token (cell x direction); an Officer move is its start and end, then its captured Officers in
// increasing cell order when other moves share that start and end (T-10: the path does not matter), with
// the stop action ending a move whose captured set another move extends. 4673 actions; 12 planes.
#include <span>
#include <string>
#include <vector>

#include "games/strategic/state.hpp"

namespace strat::strategic {

struct Encoding {
  static constexpr bool kSingleToken = false;
  static constexpr int kStep = 0;                 // + cell * 4 + direction (N, E, S, W)
  static constexpr int kForm = 64 * 4;            // 256 + cell * 4 + direction
  static constexpr int kOfficer = 2 * 64 * 4;     // 512 + from * 64 + to
  static constexpr int kCapture = kOfficer + 64 * 64;  // 4608 + cell of a captured Officer
  static constexpr int kStop = kCapture + 64;     // 4672
  static constexpr int kActions = kStop + 1;
  static constexpr int kPlanes = 12;

  static int num_actions(const State&) { return kActions; }
  static std::vector<int> observation_shape(const State& s) { return {kPlanes, s.board().rows, s.board().cols}; }
  static int stop_action(const State&) { return kStop; }
  static int max_game_length(const State& s);
  static void tokens(const State& s, const Move& m, std::vector<int>& out);
  static std::string action_name(const State& s, int action);
  static void observe(const State& s, int player, std::span<const int> pending, float* out);
};

}  // namespace strat::strategic
