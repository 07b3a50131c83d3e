// Agent strength matches (deterministic budgets: search depth for `strata7`, iterations for `mcts`).
#include <gtest/gtest.h>

#include <chrono>
#include <cstdlib>

#include "core/registry.hpp"
#include "helpers.hpp"

namespace {

struct MatchResult {
  int wins = 0, losses = 0, draws = 0;
  double seconds_a = 0, seconds_b = 0;
  long moves_a = 0, moves_b = 0;
};

// Plays `games` games of agent `a` against `b`, alternating colours; results are from a's side.
MatchResult play_match(const std::string& a, const std::string& b, int games, std::uint64_t seed) {
  using clock = std::chrono::steady_clock;
  auto spec = strat::GameSpec::parse("strata7");
  MatchResult r;
  for (int g = 0; g < games; ++g) {
    auto state = spec.new_game(seed + static_cast<std::uint64_t>(g));
    auto agent_a = spec.agent(a, seed * 7919 + static_cast<std::uint64_t>(g));
    auto agent_b = spec.agent(b, seed * 104729 + static_cast<std::uint64_t>(g));
    const int a_side = g % 2;
    while (!state->outcome().over()) {
      const bool a_moves = state->to_move() == a_side;
      const auto t0 = clock::now();
      const std::string m = a_moves ? agent_a->choose(*state) : agent_b->choose(*state);
      const double dt = std::chrono::duration<double>(clock::now() - t0).count();
      (a_moves ? r.seconds_a : r.seconds_b) += dt;
      ++(a_moves ? r.moves_a : r.moves_b);
      state->apply(m);
    }
    const int s = state->outcome().score_for(a_side);
    (s > 0 ? r.wins : s < 0 ? r.losses : r.draws)++;
  }
  std::printf("%s vs %s: %d wins, %d losses, %d draws; %.2f ms/move vs %.2f ms/move\n", a.c_str(), b.c_str(), r.wins,
              r.losses, r.draws, 1000 * r.seconds_a / static_cast<double>(std::max(1L, r.moves_a)),
              1000 * r.seconds_b / static_cast<double>(std::max(1L, r.moves_b)));
  return r;
}

}  // namespace

// Depth 2 searches about 0.5 ms a move; every one of 100 games against uniform random play must be won.
TEST(Strata7Match, BeatsRandomInEveryGame) {
  const MatchResult r = play_match("strata7:depth=2,time=0", "random", 100, 11);
  EXPECT_EQ(r.wins, 100);
}

// Equal budget, made deterministic: depth 3 costs about 3 ms of CPU a move, mcts with 100 iterations
// (40-ply playouts cut by the evaluation) about 5 ms, i.e. mcts gets at least as much time (the printed line
// gives both, measured on the wall clock).
TEST(Strata7Match, BeatsMctsAtEqualBudget) {
  const MatchResult r = play_match("strata7:depth=3,time=0", "mcts:iterations=100", 100, 23);
  EXPECT_GE(r.wins, 75);
}
