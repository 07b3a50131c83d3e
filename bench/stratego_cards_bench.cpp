// Google Benchmark cases for the Stratego card duel: move generation, random playouts, Info + sample (the
// inner step of every search iteration), and one `cards` agent decision.
#include <benchmark/benchmark.h>

#include <vector>

#include "ai/mcts.hpp"
#include "games/stratego_cards/agent.hpp"
#include "games/stratego_cards/state.hpp"

namespace {

using strat::Rng;
using strat::stratego_cards::State;

// Positions met in random games (every 7th ply), for move generation and sampling.
std::vector<State> positions() {
  std::vector<State> out;
  Rng rng(17);
  std::vector<State::Move> moves;
  for (int g = 0; g < 50; ++g) {
    State s = State::deal(rng.next());
    for (int ply = 0; !s.outcome().over(); ++ply) {
      if (ply % 7 == 0) out.push_back(s);
      s.legal_moves(moves);
      s.apply(moves[rng.below(static_cast<std::uint32_t>(moves.size()))], nullptr);
    }
  }
  return out;
}

void BM_CardsMovegen(benchmark::State& state) {
  auto ps = positions();
  std::vector<State::Move> moves;
  std::size_t i = 0, generated = 0;
  for (auto _ : state) {
    ps[i].legal_moves(moves);
    generated += moves.size();
    benchmark::DoNotOptimize(moves.data());
    if (++i == ps.size()) i = 0;
  }
  state.SetItemsProcessed(static_cast<std::int64_t>(state.iterations()));
  state.counters["moves/call"] = static_cast<double>(generated) / static_cast<double>(state.iterations());
}
BENCHMARK(BM_CardsMovegen);

void BM_CardsRandomPlayout(benchmark::State& state) {
  Rng rng(5);
  std::vector<State::Move> moves;
  std::int64_t plies = 0;
  for (auto _ : state) {
    State s = State::deal(rng.next());
    while (!s.outcome().over()) {
      s.legal_moves(moves);
      s.apply(moves[rng.below(static_cast<std::uint32_t>(moves.size()))], nullptr);
      ++plies;
    }
    benchmark::DoNotOptimize(s);
  }
  state.counters["plies/s"] = benchmark::Counter(static_cast<double>(plies), benchmark::Counter::kIsRate);
}
BENCHMARK(BM_CardsRandomPlayout);

void BM_CardsInfoAndSample(benchmark::State& state) {
  auto ps = positions();
  Rng rng(3);
  std::size_t i = 0;
  for (auto _ : state) {
    const State& s = ps[i];
    State x = s.info(s.to_move()).sample(rng);
    benchmark::DoNotOptimize(x);
    if (++i == ps.size()) i = 0;
  }
  state.SetItemsProcessed(static_cast<std::int64_t>(state.iterations()));
}
BENCHMARK(BM_CardsInfoAndSample);

void BM_CardsAgentDecision(benchmark::State& state) {
  auto ps = positions();
  strat::stratego_cards::CardsConfig config;
  config.budget = strat::Budget{static_cast<long>(state.range(0)), 0};
  strat::stratego_cards::CardsAgent agent(config, 1);
  std::size_t i = 0;
  for (auto _ : state) {
    while (ps[i].phase() != strat::stratego_cards::Phase::Act) i = (i + 1) % ps.size();
    benchmark::DoNotOptimize(agent.choose(ps[i]));
    i = (i + 1) % ps.size();
  }
}
BENCHMARK(BM_CardsAgentDecision)->Arg(1000)->Unit(benchmark::kMillisecond);

// The generic ISMCTS (`mcts`) at the same iteration budget, for the cost per iteration of both agents.
void BM_CardsPlainMctsDecision(benchmark::State& state) {
  auto ps = positions();
  strat::MctsConfig config;
  config.budget = strat::Budget{static_cast<long>(state.range(0)), 0};
  strat::Mcts<State> agent(config, 1);
  std::size_t i = 0;
  for (auto _ : state) {
    while (ps[i].phase() != strat::stratego_cards::Phase::Act) i = (i + 1) % ps.size();
    benchmark::DoNotOptimize(agent.choose(ps[i]));
    i = (i + 1) % ps.size();
  }
}
BENCHMARK(BM_CardsPlainMctsDecision)->Arg(1000)->Unit(benchmark::kMillisecond);

}  // namespace
