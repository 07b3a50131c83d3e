// The live team game's server paths: appending a command to a game's log, replaying a stored log (every
// restart and every undo), and building a role's view (sent to each device after every change).
#include <benchmark/benchmark.h>

#include "core/error.hpp"
#include "core/rng.hpp"
#include "games/stratego_live/game.hpp"

using namespace strat;
using namespace strat::live;

namespace {

// A plausible afternoon: 12 players a team, deals and duels until about `events` events are logged.
LiveGame afternoon(int events) {
  GameSetup setup;
  setup.players_per_team = 12;
  setup.seed = 3;
  LiveGame g = LiveGame::create(setup, 0);
  Rng rng(5);
  while (static_cast<int>(g.log().size()) < events) {
    const int team = static_cast<int>(rng.below(2));
    const int a = 1 + static_cast<int>(rng.below(12)), b = 1 + static_cast<int>(rng.below(12));
    try {
      if (rng.below(2)) g.deal_blind(kReferee, team, a, 0);
      else g.duel(kReferee, team, a, b, 0);
    } catch (const BadInput&) {
    }
    if (g.state().teams[0].stock.total() + g.state().teams[1].stock.total() == 0) break;
  }
  return g;
}

void BM_LiveReplay(benchmark::State& state) {
  const nlohmann::json log = afternoon(static_cast<int>(state.range(0))).to_json();
  for (auto _ : state) benchmark::DoNotOptimize(LiveGame::from_json(log).state().winner);
  state.SetItemsProcessed(state.iterations() * static_cast<std::int64_t>(log.size()));
}
BENCHMARK(BM_LiveReplay)->Arg(50)->Arg(150);

void BM_LiveLeaderView(benchmark::State& state) {
  const LiveGame g = afternoon(150);
  for (auto _ : state) benchmark::DoNotOptimize(g.view_json(kRed).size());
}
BENCHMARK(BM_LiveLeaderView);

void BM_LiveUndoLast(benchmark::State& state) {
  const LiveGame base = afternoon(150);
  for (auto _ : state) {
    LiveGame g = base;
    g.undo(kReferee, static_cast<int>(g.log().size()) - 1, 0);
    benchmark::DoNotOptimize(g.state().winner);
  }
}
BENCHMARK(BM_LiveUndoLast);

}  // namespace
