// Agent strength with deterministic budgets (nodes for the engine, iterations for MCTS), so the results do
// not depend on machine load. Full 100-game figures are in docs/games/strategic.md.
#include <gtest/gtest.h>

#include <chrono>

#include "ai/mcts.hpp"
#include "core/any_state.hpp"
#include "games/strategic/agent.hpp"
#include "ai/random_agent.hpp"
#include "helpers.hpp"

using namespace strategic_test;

namespace {
// 100 games per match do not fit the test budget; the pinned count is small, the 100-game results of the same
// budgets are in docs/games/strategic.md.
constexpr int kGames = 20;
constexpr int kRandomGames = 100;  // games against random are short and cheap: the full 100
const std::string kEngine = "strategic:nodes=5000";
// Against random: a budget at which 3,000 other deals gave 1 draw (nodes=5000: 3 in 4,000), still ~6 ms a move.
const std::string kEngineVsRandom = "strategic:nodes=20000";
constexpr long kMctsIterations = 25;

struct Tally {
  int wins = 0, losses = 0, draws = 0;
  double engine_ms = 0, other_ms = 0;
  long engine_moves = 0, other_moves = 0;
};

// Plays `games` games from deals `seed`, `seed`+1, ..., the engine taking orange in even games.
template <class MakeOther>
Tally play(int games, const std::string& engine_spec, std::uint64_t seed, MakeOther make_other) {
  Tally t;
  using clock = std::chrono::steady_clock;
  for (int g = 0; g < games; ++g) {
    auto engine = make_engine(engine_spec, seed);
    auto other = make_other(seed + static_cast<std::uint64_t>(g));
    State s = State::deal({}, seed + static_cast<std::uint64_t>(g));
    const int me = g % 2;
    const std::string start = s.to_string();
    std::string moves;
    while (!s.outcome().over()) {
      const auto t0 = clock::now();
      const bool mine = s.to_move() == me;
      const Move m = mine ? s.parse_move(engine->choose(StateAdapter<State>("strategic", s))) : other.choose(s);
      const double ms = std::chrono::duration<double, std::milli>(clock::now() - t0).count();
      (mine ? t.engine_ms : t.other_ms) += ms;
      ++(mine ? t.engine_moves : t.other_moves);
      moves += ' ' + s.move_to_string(m);
      s.apply(m, nullptr);
    }
    // A game not won is printed whole, so that it can be replayed (`strat apply strategic "START" MOVES...`).
    if (s.outcome().status == Status::Draw || s.outcome().winner != me)
      std::printf("  not won: deal %llu, engine %s: \"%s\"%s\n", static_cast<unsigned long long>(seed + g),
                  State::player_name(me), start.c_str(), moves.c_str());
    if (s.outcome().status == Status::Draw) ++t.draws;
    else if (s.outcome().winner == me) ++t.wins;
    else ++t.losses;
  }
  std::printf("  engine %d-%d-%d (w-l-d); engine %.1f ms/move, opponent %.1f ms/move\n", t.wins, t.losses, t.draws,
              t.engine_ms / static_cast<double>(t.engine_moves), t.other_ms / static_cast<double>(t.other_moves));
  return t;
}
}  // namespace

TEST(StrategicMatch, WinsEveryGameAgainstRandom) {
  // The issue asks for a win in every one of 100 games (figures over thousands of other deals, and the rare
  // 200-ply draws that remain, in docs/games/strategic.md).
  const Tally t = play(kRandomGames, kEngineVsRandom, 5000, [](std::uint64_t seed) { return RandomAgent<State>(seed); });
  EXPECT_EQ(t.losses, 0);
  EXPECT_EQ(t.draws, 0);
  EXPECT_EQ(t.wins, kRandomGames);
}

TEST(StrategicMatch, BeatsMctsAtEqualBudget) {
  // The MCTS budget (iterations of 30-ply playouts cut by the evaluation) is set so that MCTS spends at least
  // the engine's time per move (both printed); the engine must win three games in four.
  const Tally t = play(kGames, kEngine, 7000, [](std::uint64_t seed) {
    MctsConfig c;
    c.budget.iterations = kMctsIterations;
    c.playout_plies = 30;
    return Mcts<State>(c, seed);
  });
  EXPECT_GE(t.wins * 4, kGames * 3);
}
