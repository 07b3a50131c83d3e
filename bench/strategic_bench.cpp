// Google Benchmark cases for Strategic: move generation on middle-game positions, random playouts, perft.
#include <benchmark/benchmark.h>

#include "core/game.hpp"
#include "games/strategic/state.hpp"

namespace {
using strat::strategic::Move;
using strat::strategic::State;

// Positions reached by random play from a few deals, 20 to 80 plies in (Officers roaming, captures about).
const std::vector<State>& middle_games() {
  static const std::vector<State> positions = [] {
    std::vector<State> out;
    strat::Rng rng(17);
    std::vector<Move> moves;
    for (int game = 0; game < 64; ++game) {
      State s = State::deal({}, rng.next());
      const int stop = 20 + static_cast<int>(rng.below(60));
      while (!s.outcome().over() && s.ply() < stop) {
        s.legal_moves(moves);
        s.apply(moves[rng.below(static_cast<std::uint32_t>(moves.size()))], nullptr);
      }
      if (!s.outcome().over()) out.push_back(s);
    }
    return out;
  }();
  return positions;
}

void BM_StrategicMovegen(benchmark::State& state) {
  const auto& positions = middle_games();
  std::vector<Move> moves;
  std::size_t i = 0, generated = 0;
  for (auto _ : state) {
    positions[i++ % positions.size()].legal_moves(moves);
    generated += moves.size();
    benchmark::DoNotOptimize(moves.data());
  }
  state.counters["moves"] = benchmark::Counter(static_cast<double>(generated), benchmark::Counter::kIsRate);
}
BENCHMARK(BM_StrategicMovegen);

void BM_StrategicMovegenOpenCaptureNetwork(benchmark::State& state) {
  // Fourteen Officers facing each other on an open board: the expensive case for the exact path search.
  const State s = State::parse({}, "Y.Y.Y.Y/......./Y.O.Y.O/......./O.Y.O.Y/......./y.O.O.o o 2");
  std::vector<Move> moves;
  for (auto _ : state) {
    s.legal_moves(moves);
    benchmark::DoNotOptimize(moves.data());
  }
}
BENCHMARK(BM_StrategicMovegenOpenCaptureNetwork)->Unit(benchmark::kMillisecond);

void BM_StrategicPlayout(benchmark::State& state) {
  strat::Rng rng(5);
  std::vector<Move> moves;
  std::int64_t plies = 0;
  for (auto _ : state) {
    State s = State::deal({}, rng.next());
    while (!s.outcome().over()) {
      s.legal_moves(moves);
      s.apply(moves[rng.below(static_cast<std::uint32_t>(moves.size()))], nullptr);
      ++plies;
    }
  }
  state.counters["plies"] = benchmark::Counter(static_cast<double>(plies), benchmark::Counter::kIsRate);
}
BENCHMARK(BM_StrategicPlayout)->Unit(benchmark::kMicrosecond);

void BM_StrategicPerft4(benchmark::State& state) {
  const State s = State::deal({}, 1);
  std::uint64_t leaves = 0;
  for (auto _ : state) leaves += strat::perft(s, 4);
  state.counters["leaves"] = benchmark::Counter(static_cast<double>(leaves), benchmark::Counter::kIsRate);
}
BENCHMARK(BM_StrategicPerft4)->Unit(benchmark::kMillisecond);

}  // namespace
