// Dhamet throughput: perft (leaf nodes per second), move generation, random playouts.
#include <benchmark/benchmark.h>

#include "games/dhamet/state.hpp"

using namespace strat;
using namespace strat::dhamet;

namespace {
// A middle-game position reached by random play from the start (seeded), with both sides still large.
State midgame() {
  State s;
  Rng rng(3);
  std::vector<Move> moves;
  while (s.ply() < 24) {
    s.legal_moves(moves);
    s.apply(moves[rng.below(static_cast<std::uint32_t>(moves.size()))], nullptr);
  }
  return State::parse(s.to_string());
}

void perft_bench(benchmark::State& state, const State& s) {
  const int depth = static_cast<int>(state.range(0));
  std::uint64_t leaves = 0;
  for (auto _ : state) leaves += s.perft(depth);
  state.counters["leaves/s"] = benchmark::Counter(static_cast<double>(leaves), benchmark::Counter::kIsRate);
}
}  // namespace

static void BM_DhametPerftStart(benchmark::State& state) { perft_bench(state, State()); }
BENCHMARK(BM_DhametPerftStart)->Arg(7)->Arg(12)->Arg(14)->Unit(benchmark::kMillisecond);

static void BM_DhametPerftMidgame(benchmark::State& state) { perft_bench(state, midgame()); }
BENCHMARK(BM_DhametPerftMidgame)->Arg(5)->Arg(6)->Unit(benchmark::kMillisecond);

static void BM_DhametMovegen(benchmark::State& state) {
  // Positions sampled from random games.
  std::vector<State> samples;
  Rng rng(11);
  std::vector<Move> moves;
  while (samples.size() < 256) {
    State s;
    while (!s.outcome().over()) {
      s.legal_moves(moves);
      s.apply(moves[rng.below(static_cast<std::uint32_t>(moves.size()))], nullptr);
      if (rng.below(40) == 0 && !s.outcome().over()) samples.push_back(s);
    }
  }
  std::uint64_t generated = 0;
  for (auto _ : state)
    for (const auto& s : samples) {
      s.legal_moves(moves);
      generated += moves.size();
    }
  state.counters["moves/s"] = benchmark::Counter(static_cast<double>(generated), benchmark::Counter::kIsRate);
  state.counters["calls/s"] =
      benchmark::Counter(static_cast<double>(state.iterations() * samples.size()), benchmark::Counter::kIsRate);
}
BENCHMARK(BM_DhametMovegen);

static void BM_DhametPlayout(benchmark::State& state) {
  Rng rng(5);
  std::vector<Move> moves;
  std::uint64_t plies = 0;
  for (auto _ : state) {
    State s;
    while (!s.outcome().over()) {
      s.legal_moves(moves);
      s.apply(moves[rng.below(static_cast<std::uint32_t>(moves.size()))], nullptr);
      ++plies;
    }
  }
  state.counters["plies/s"] = benchmark::Counter(static_cast<double>(plies), benchmark::Counter::kIsRate);
}
BENCHMARK(BM_DhametPlayout);
