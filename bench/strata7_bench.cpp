// Strata 7 hot paths: move generation (start and mid-game), random playouts, perft.
#include <benchmark/benchmark.h>

#include <vector>

#include "ai/random_agent.hpp"
#include "games/strata7/state.hpp"

namespace {
using strat::strata7::Move;
using strat::strata7::State;

std::vector<State> midgame_positions() {
  strat::Rng rng(5);
  std::vector<State> out;
  std::vector<Move> moves;
  while (out.size() < 64) {
    State s = State::start();
    for (int ply = 0; ply < 30 + static_cast<int>(out.size() % 8) * 5 && !s.outcome().over(); ++ply) {
      s.legal_moves(moves);
      s.apply(moves[rng.below(static_cast<std::uint32_t>(moves.size()))], nullptr);
    }
    if (!s.outcome().over()) out.push_back(s);
  }
  return out;
}

void BM_Strata7MovegenStart(benchmark::State& st) {
  const State s = State::start();
  std::vector<Move> moves;
  for (auto _ : st) {
    s.legal_moves(moves);
    benchmark::DoNotOptimize(moves.data());
  }
  st.SetItemsProcessed(st.iterations());
}
BENCHMARK(BM_Strata7MovegenStart);

void BM_Strata7MovegenMidgame(benchmark::State& st) {
  const auto positions = midgame_positions();
  std::vector<Move> moves;
  std::size_t i = 0, generated = 0;
  for (auto _ : st) {
    positions[i++ & 63].legal_moves(moves);
    generated += moves.size();
    benchmark::DoNotOptimize(moves.data());
  }
  st.SetItemsProcessed(st.iterations());
  st.counters["moves/call"] = static_cast<double>(generated) / static_cast<double>(st.iterations());
}
BENCHMARK(BM_Strata7MovegenMidgame);

void BM_Strata7Playout(benchmark::State& st) {
  strat::Rng rng(11);
  std::vector<Move> moves;
  std::int64_t plies = 0;
  for (auto _ : st) {
    State s = State::start();
    const int before = s.ply();
    strat::random_playout(s, rng, moves, 0);
    plies += s.ply() - before;
  }
  st.counters["plies/s"] = benchmark::Counter(static_cast<double>(plies), benchmark::Counter::kIsRate);
}
BENCHMARK(BM_Strata7Playout);

void BM_Strata7Perft(benchmark::State& st) {
  const State s = State::start();
  std::uint64_t nodes = 0;
  for (auto _ : st) nodes += strat::perft(s, static_cast<int>(st.range(0)));
  st.counters["nodes/s"] = benchmark::Counter(static_cast<double>(nodes), benchmark::Counter::kIsRate);
}
BENCHMARK(BM_Strata7Perft)->Arg(3)->Arg(4)->Unit(benchmark::kMillisecond);

}  // namespace
