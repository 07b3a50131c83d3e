#pragma once
// The `dhamet` agent: negamax alpha-beta (principal variation search) with iterative deepening, a Zobrist
// transposition table, killer and history ordering of quiet moves (captures are forced, so only quiet moves
// need ordering), a one-reply extension (forced captures), and quiescence over capture sequences. The draw
// rules are followed inside the search (D-16: any repetition on the search path scores as a draw; D-17).
// Budgets: time=MS per move, depth=N, nodes=N (deterministic); whichever ends first.
#include <chrono>
#include <cstdint>
#include <vector>

#include "core/options.hpp"
#include "games/dhamet/eval.hpp"
#include "games/dhamet/state.hpp"

namespace strat::dhamet {

struct EngineConfig {
  int max_depth = 64;
  double time_ms = 0;   // 0: no time limit
  long nodes = 0;       // 0: no node limit
  int tt_log2 = 20;
  EvalWeights weights;
  // "time=500", "depth=8", "nodes=20000"; with none given, time=1000.
  static EngineConfig from(const Options& o);
};

class Engine {
 public:
  explicit Engine(EngineConfig config);
  Move choose(const DhametState& s);

  int last_depth() const { return last_depth_; }
  int last_score() const { return last_score_; }
  std::uint64_t nodes() const { return nodes_; }
  static constexpr int kWin = 30000;

 private:
  struct Entry {
    std::uint64_t key = 0;
    std::int32_t score = 0;
    std::int16_t depth = -1;
    std::uint8_t bound = 0;
    std::uint8_t pad = 0;
    std::uint16_t best = 0;  // index + 1 in generation order
  };
  int search(const Board& b, int depth, int alpha, int beta, int ply, int quiet, std::size_t base);
  int quiesce(const Board& b, int alpha, int beta, int ply);
  bool repeated(std::uint64_t hash, int quiet, std::size_t base) const;
  void order(const Board& b, std::vector<Move>& moves, int ply, int tt_best);
  bool out_of_budget();

  EngineConfig config_;
  Rules rules_;
  std::vector<Entry> table_;
  std::vector<std::vector<Move>> lists_;
  std::vector<std::vector<int>> keys_, idx_;
  std::vector<std::uint64_t> path_;  // hashes from the last irreversible move of the game to this node
  Move killers_[128][2];
  int history_[2][kPoints][kPoints];
  std::chrono::steady_clock::time_point deadline_;
  bool stopped_ = false;
  bool may_stop_ = false;
  std::uint64_t nodes_ = 0;
  int last_depth_ = 0, last_score_ = 0;
};

}  // namespace strat::dhamet
