// Stratego hot paths: legal-move generation and random playouts (full move list every ply).
#include <benchmark/benchmark.h>

#include "games/stratego/belief_agent.hpp"
#include "games/stratego/setup.hpp"
#include "games/stratego/state.hpp"
#include "games/stratego/v2/search.hpp"

using namespace strat;
using namespace strat::stratego;

namespace {

std::vector<State> sample_positions(int count) {
  Rng rng(42);
  std::vector<State> out;
  std::vector<Move> moves;
  while (static_cast<int>(out.size()) < count) {
    State s = random_start(Config{}, rng);
    for (int ply = 0; !s.outcome().over(); ++ply) {
      if (ply % 97 == 0) out.push_back(s);
      s.legal_moves(moves);
      s.apply(moves[rng.below(static_cast<std::uint32_t>(moves.size()))], nullptr);
    }
  }
  return out;
}

void BM_StrategoMoveGen(benchmark::State& state) {
  auto positions = sample_positions(256);
  std::vector<Move> moves;
  moves.reserve(256);
  std::size_t i = 0, generated = 0;
  for (auto _ : state) {
    positions[i++ & 255].legal_moves(moves);
    generated += moves.size();
    benchmark::DoNotOptimize(moves.data());
  }
  state.counters["moves/s"] = benchmark::Counter(static_cast<double>(generated), benchmark::Counter::kIsRate);
}
BENCHMARK(BM_StrategoMoveGen);

// The web server's hot path: one player's view as JSON, sent to every client after every move.
void BM_StrategoViewJson(benchmark::State& state) {
  auto positions = sample_positions(256);
  std::size_t i = 0, bytes = 0;
  for (auto _ : state) {
    const State& s = positions[i % positions.size()];
    std::string v = s.view_json(static_cast<int>(++i % 2));
    bytes += v.size();
    benchmark::DoNotOptimize(v);
  }
  state.counters["bytes_per_view"] = static_cast<double>(bytes) / static_cast<double>(state.iterations());
}
BENCHMARK(BM_StrategoViewJson);

void BM_StrategoRandomPlayout(benchmark::State& state) {
  Rng rng(7);
  std::vector<Move> moves;
  moves.reserve(256);
  std::uint64_t plies = 0;
  std::vector<State> starts;
  for (int i = 0; i < 64; ++i) starts.push_back(random_start(Config{}, rng));
  std::size_t k = 0;
  for (auto _ : state) {
    State s = starts[k++ & 63];
    while (!s.outcome().over()) {
      s.legal_moves(moves);
      s.apply(moves[rng.below(static_cast<std::uint32_t>(moves.size()))], nullptr);
      ++plies;
    }
    benchmark::DoNotOptimize(s);
  }
  state.counters["plies/s"] = benchmark::Counter(static_cast<double>(plies), benchmark::Counter::kIsRate);
}
BENCHMARK(BM_StrategoRandomPlayout)->Unit(benchmark::kMillisecond);

// `stratego` searching to depth 4 (4 worlds) from positions of random games.
void BM_StrategoSearchDepth4(benchmark::State& state) {
  const auto positions = sample_positions(16);
  v2::SearchConfig config;
  config.time_ms = 0;
  config.max_depth = 4;
  std::size_t i = 0;
  for (auto _ : state) {
    v2::SearchAgent agent(config, 1);
    benchmark::DoNotOptimize(agent.choose(positions[i++ % positions.size()]));
  }
}
BENCHMARK(BM_StrategoSearchDepth4)->Unit(benchmark::kMillisecond);

// Positions of games between two random players, 20 to 80 plies in: both armies mostly unknown and in contact.
std::vector<State> opening_positions(int count) {
  Rng rng(7);
  std::vector<State> out;
  std::vector<Move> moves;
  while (static_cast<int>(out.size()) < count) {
    State s = random_start(Config{}, rng);
    const int plies = 20 + static_cast<int>(rng.below(61));
    for (int ply = 0; ply < plies && !s.outcome().over(); ++ply) {
      s.legal_moves(moves);
      s.apply(s.playout_move(moves, rng), nullptr);
    }
    if (!s.outcome().over()) out.push_back(s);
  }
  return out;
}

// Search speed of the `stratego-belief` agent (one expectimax over the belief state): 50,000 nodes a move from fixed
// positions; nodes per second is the counter.
void BM_StrategoBeliefSearchNodes(benchmark::State& state) {
  const auto positions = opening_positions(16);
  AgentConfig config;
  config.time_ms = 0;
  config.nodes = 50'000;
  std::size_t i = 0;
  double nodes = 0;
  Agent agent(config, 1);
  for (auto _ : state) {
    benchmark::DoNotOptimize(agent.choose(positions[i++ % positions.size()]));
    nodes += static_cast<double>(agent.last_nodes());
  }
  state.counters["nodes_per_second"] = benchmark::Counter(nodes, benchmark::Counter::kIsRate);
}
BENCHMARK(BM_StrategoBeliefSearchNodes)->Unit(benchmark::kMillisecond);

// How much the belief search's depth costs: the nodes to complete depth D (the argument) from each of the same
// positions, a fresh agent each (no table carried over), so the counter `nodes` (a position's mean) is deterministic.
void BM_StrategoBeliefDepthNodes(benchmark::State& state) {
  const auto positions = opening_positions(16);
  AgentConfig config;
  config.time_ms = 0;
  config.depth = static_cast<int>(state.range(0));
  std::size_t i = 0;
  double nodes = 0;
  for (auto _ : state) {
    Agent agent(config, 1);
    benchmark::DoNotOptimize(agent.choose(positions[i++ % positions.size()]));
    nodes += static_cast<double>(agent.last_nodes());
  }
  state.counters["nodes"] = benchmark::Counter(nodes, benchmark::Counter::kAvgIterations);
  state.counters["nodes_per_second"] = benchmark::Counter(nodes, benchmark::Counter::kIsRate);
}
BENCHMARK(BM_StrategoBeliefDepthNodes)->Arg(4)->Arg(5)->Iterations(16)->Unit(benchmark::kMillisecond);

// The same budget and positions for `stratego` (determinized alpha-beta, four worlds a depth): its nodes are summed
// over the worlds.
void BM_StrategoV2SearchNodes(benchmark::State& state) {
  const auto positions = opening_positions(16);
  v2::SearchConfig config;
  config.time_ms = 0;
  config.nodes = 50'000;
  std::size_t i = 0;
  v2::SearchAgent agent(config, 1);
  for (auto _ : state) benchmark::DoNotOptimize(agent.choose(positions[i++ % positions.size()]));
  state.counters["nodes_per_second"] =
      benchmark::Counter(50'000.0 * static_cast<double>(state.iterations()), benchmark::Counter::kIsRate);
}
BENCHMARK(BM_StrategoV2SearchNodes)->Unit(benchmark::kMillisecond);

}  // namespace
