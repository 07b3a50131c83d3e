// Agent strength with deterministic budgets (depth for the engine, iterations for MCTS), so the results do
// not depend on machine load. Full 100-game figures are in docs/games/strategic.md.
#include <gtest/gtest.h>

#include <chrono>

#include "ai/alphabeta.hpp"
#include "ai/mcts.hpp"
#include "ai/random_agent.hpp"
#include "helpers.hpp"

using namespace strategic_test;

namespace {
struct Tally {
  int wins = 0, losses = 0, draws = 0;
  double engine_ms = 0, other_ms = 0;
  long engine_moves = 0, other_moves = 0;
};

// Plays `games` games from deals `seed`, `seed`+1, ..., the engine taking orange in even games.
template <class MakeOther>
Tally play(int games, int depth, std::uint64_t seed, MakeOther make_other) {
  Tally t;
  using clock = std::chrono::steady_clock;
  for (int g = 0; g < games; ++g) {
    AlphaBetaConfig config;
    config.time_ms = 0;
    config.max_depth = depth;
    config.tt_log2 = 16;
    AlphaBeta<State> engine(config);
    auto other = make_other(seed + static_cast<std::uint64_t>(g));
    State s = State::deal({}, seed + static_cast<std::uint64_t>(g));
    const int me = g % 2;
    while (!s.outcome().over()) {
      const auto t0 = clock::now();
      const bool mine = s.to_move() == me;
      const Move m = mine ? engine.choose(s) : other.choose(s);
      const double ms = std::chrono::duration<double, std::milli>(clock::now() - t0).count();
      (mine ? t.engine_ms : t.other_ms) += ms;
      ++(mine ? t.engine_moves : t.other_moves);
      s.apply(m, nullptr);
    }
    if (s.outcome().status == Status::Draw) ++t.draws;
    else if (s.outcome().winner == me) ++t.wins;
    else ++t.losses;
  }
  std::printf("  engine %d-%d-%d (w-l-d); engine %.1f ms/move, opponent %.1f ms/move\n", t.wins, t.losses, t.draws,
              t.engine_ms / static_cast<double>(t.engine_moves), t.other_ms / static_cast<double>(t.other_moves));
  return t;
}
}  // namespace

TEST(StrategicMatch, BeatsRandom) {
  const Tally t = play(24, 2, 5000, [](std::uint64_t seed) { return RandomAgent<State>(seed); });
  EXPECT_EQ(t.losses, 0);
  EXPECT_GE(t.wins, 22);  // the rare non-win is a 200-ply draw against a walled-in corner Officer
}

TEST(StrategicMatch, BeatsMctsWithMoreTimePerMove) {
  // MCTS with 50 iterations (30-ply playouts cut by the evaluation) takes several times the engine's time per
  // move at depth 2; the engine must still win three games in four.
  const Tally t = play(20, 2, 7000, [](std::uint64_t seed) {
    MctsConfig c;
    c.budget.iterations = 50;
    c.playout_plies = 30;
    return Mcts<State>(c, seed);
  });
  EXPECT_GE(t.wins * 4, 20 * 3);
}
