#pragma once
// The `dhamet` agent: the shared negamax (src/ai/negamax.hpp) over a light search position (the Board, the
// rules and the D-17 counter: copy-made in a few words). Dhamet's hooks: captures (forced, D-08) ordered by
// Sultans taken and promotion, then promotions, killers and history of quiet moves; late quiet moves reduced;
// a forced reply (a lone legal move) costs no depth; quiescence over the compulsory capture sequences (no
// standing pat while a capture exists); the draw rules followed inside the search (D-16: any repetition on the
// search path since the last irreversible move scores as a draw; D-17).
// Budgets: time=MS per move, depth=N, nodes=N (deterministic); whichever ends first.
#include <cstdint>
#include <span>
#include <vector>

#include "ai/negamax.hpp"
#include "core/options.hpp"
#include "games/dhamet/eval.hpp"
#include "games/dhamet/movegen.hpp"
#include "games/dhamet/state.hpp"

namespace strat::dhamet {

// The search position with Dhamet's hooks for Negamax.
struct SearchNode {
  using Move = dhamet::Move;
  static constexpr int kNoisyOrder = 1 << 28;          // captures
  static constexpr int kKillerBonus = (1 << 27) + 1;   // killers above every history score
  static constexpr int kHistorySize = kPoints * kPoints;
  static constexpr bool kLateMoveReductions = true;
  static constexpr bool kForcedNoisy = true;           // captures are compulsory

  Board b;
  const Rules* rules = nullptr;
  const EvalWeights* weights = nullptr;
  int quiet_plies = 0;  // since the last irreversible move (D-16, D-17)

  int to_move() const { return b.side; }
  std::uint64_t hash() const { return b.hash; }
  void legal_moves(std::vector<Move>& out) const { dhamet::legal_moves(b, *rules, out); }
  void apply(const Move& m, Events*) {
    quiet_plies = irreversible(b, m) ? 0 : quiet_plies + 1;
    play(b, m, *rules);
  }
  int evaluate_points(int player) const {
    const int v = evaluate(b, *weights);
    return player == b.side ? v : -v;
  }
  int move_order(const Move& m) const;
  int history_index(const Move& m) const { return m.n ? m.from * kPoints + m.to() : -1; }
  int extension(int move_count) const { return move_count == 1 ? 1 : 0; }
  bool draw_by_rule(std::span<const std::uint64_t> path) const;
  bool quiet() const { return !has_capture(b); }
  void noisy_moves(std::vector<Move>& out) const { generate_strict(b, out); }
  bool has_no_moves() const { return !has_step(b); }  // asked when no capture exists (D-15)
};

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
  Move choose(const State& s);

  int last_depth() const { return search_.last_depth(); }
  int last_score() const { return search_.last_score(); }
  std::uint64_t nodes() const { return search_.nodes(); }
  static constexpr int kWin = Negamax<SearchNode>::kWin;

 private:
  EngineConfig config_;
  Rules rules_;
  Negamax<SearchNode> search_;
};

}  // namespace strat::dhamet
