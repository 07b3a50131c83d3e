#pragma once
// The `strata7` agent: the shared negamax (src/ai/negamax.hpp) over State, with Strata 7's hooks:
// evaluate_points, move_order (taking and storming moves first, then killers), and a quiescence search with
// stand-pat over the moves that score (noisy_moves, quiescence_keep). Strata 7 is very tactical (one jump
// chain into a crowd of enclosed pieces takes several at once), so the horizon is resolved by playing out the
// moves that score before trusting the static evaluation.
// Options: time=MS (default 1000), depth=N (with time=0 the search is deterministic: used by the tests; the
// default depth is then 4), nodes=N (a deterministic node budget; time then defaults to 0), qplies=N (quiescence plies, default 6).
#include <memory>
#include <string_view>

#include "ai/negamax.hpp"
#include "core/agent.hpp"
#include "games/strata7/state.hpp"

namespace strat::strata7 {

inline NegamaxConfig search_config(const Options& o) {
  NegamaxConfig c;
  c.nodes = static_cast<std::uint64_t>(o.get_int("nodes", 0, 0, 4'000'000'000LL));
  c.time_ms = static_cast<double>(o.get_int("time", o.has("nodes") ? 0 : 1000, 0, 3'600'000));
  c.max_depth = static_cast<int>(o.get_int("depth", c.time_ms > 0 || c.nodes > 0 ? 64 : 4, 1, 64));
  c.quiescence_plies = static_cast<int>(o.get_int("qplies", 6, 0, 32));
  c.tt_log2 = 18;
  return c;
}

class Agent {
 public:
  explicit Agent(NegamaxConfig config) : search_(std::make_shared<Negamax<State>>(config)) {}
  Move choose(const State& s) { return search_->choose(s); }

 private:
  std::shared_ptr<Negamax<State>> search_;  // large tables: shared, not copied, when the adapter moves
};

// `agents`: the game's agent list (GameInfo::agent_list()), named when `spec` is none of them.
std::unique_ptr<AnyAgent> make_agent(std::string_view spec, std::uint64_t seed, std::string_view agents);

}  // namespace strat::strata7
