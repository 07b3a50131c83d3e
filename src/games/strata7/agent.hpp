#pragma once
// The `strata7` agent: alpha-beta (src/ai/alphabeta.hpp) over State::evaluate, with captures and objective
// moves searched first (State::move_order). Options: time=MS (default 1000), depth=N (fixed depth when
// time=0: deterministic, for tests).
#include <memory>
#include <string_view>

#include "ai/alphabeta.hpp"
#include "core/agent.hpp"
#include "games/strata7/state.hpp"

namespace strat::strata7 {

class Agent {
 public:
  explicit Agent(AlphaBetaConfig config) : search_(config) {}
  Move choose(const State& s) {
    std::vector<Move> moves;
    s.legal_moves(moves);
    if (moves.size() == 1) return moves.front();
    return search_.choose(s);
  }
  const AlphaBeta<State>& search() const { return search_; }

 private:
  AlphaBeta<State> search_;
};

std::unique_ptr<AnyAgent> make_agent(std::string_view spec, std::uint64_t seed);

}  // namespace strat::strata7
