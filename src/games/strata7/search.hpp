#pragma once
// The `strata7` engine's search: negamax alpha-beta with iterative deepening, a transposition table, killer
// moves, and a quiescence search over scoring moves with stand-pat. Strata 7 is very tactical (one jump chain
// into a crowd of enclosed pieces takes several at once), so the horizon is resolved by playing out the moves
// that score before trusting the static evaluation. The shared src/ai/alphabeta.hpp has no stand-pat in its
// quiescence (it is meant for compulsory captures), hence this game-specific search.
#include <cstdint>
#include <vector>

#include "core/agent.hpp"
#include "core/options.hpp"
#include "games/strata7/state.hpp"

namespace strat::strata7 {

struct SearchConfig {
  int max_depth = 64;
  double time_ms = 1000;  // 0: no time limit (then max_depth bounds the search)
  int tt_log2 = 18;
  int quiescence_plies = 6;
  static SearchConfig from(const Options& o);
};

class Search {
 public:
  static constexpr int kWin = 1'000'000;
  explicit Search(SearchConfig config);
  Move choose(const State& root);
  int last_depth() const { return last_depth_; }
  int last_score() const { return last_score_; }
  std::uint64_t nodes() const { return nodes_; }

 private:
  struct Entry {
    std::uint64_t key = 0;
    int score = 0;
    std::int16_t depth = -1;
    std::uint8_t bound = 0;
    Move best{};
  };
  int negamax(const State& s, int depth, int alpha, int beta, int ply);
  int quiesce(const State& s, int alpha, int beta, int ply, int budget);
  int child_score(const State& s, const State& child, int depth, int alpha, int beta, int ply);
  bool out_of_time();

  SearchConfig config_;
  std::vector<Entry> table_;
  std::vector<std::vector<Move>> move_stack_;
  std::vector<std::vector<int>> key_stack_;
  Move killers_[128][2]{};
  Deadline deadline_{0};
  bool stopped_ = false;
  std::uint64_t nodes_ = 0;
  int last_depth_ = 0, last_score_ = 0;
};

}  // namespace strat::strata7
