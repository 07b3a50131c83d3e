// The `dhamet` agent: strength against MCTS, conversion of won Sultan-versus-man endgames, budgets.
#include <gtest/gtest.h>

#include <cstdio>

#include "core/error.hpp"
#include "core/registry.hpp"
#include "games/dhamet/engine.hpp"
#include "helpers.hpp"

using namespace strat;
using namespace strat::dhamet;
using namespace dhamet_test;

namespace {
// Plays one game between two registry agents; returns the outcome.
Outcome play(const std::string& white, const std::string& black, std::uint64_t seed) {
  auto spec = GameSpec::parse("dhamet");
  auto state = spec.new_game(seed);
  std::unique_ptr<AnyAgent> agents[2] = {spec.agent(white, seed), spec.agent(black, seed + 1)};
  while (!state->outcome().over()) state->apply(agents[state->to_move()]->choose(*state));
  return state->outcome();
}
}  // namespace

// Budgets: the engine searches 500 nodes a move (about 0.2 ms), MCTS 100 iterations with full random playouts
// (about 2.4 ms a move, measured: more than ten times the engine's time). A longer wall-clock run is in
// docs/games/dhamet.md.
TEST(DhametMatch, BeatsMctsWithTenTimesTheBudget) {
  int wins = 0, games = 100;
  for (int g = 0; g < games; ++g) {
    const bool engine_white = g % 2 == 0;
    const std::string engine = "dhamet:nodes=500", mcts = "mcts:iterations=100";
    const Outcome o = engine_white ? play(engine, mcts, 100 + g) : play(mcts, engine, 100 + g);
    wins += o.status == Status::Win && o.winner == (engine_white ? kWhite : kBlack);
  }
  std::printf("dhamet:nodes=500 won %d of %d games against mcts:iterations=100\n", wins, games);
  EXPECT_GE(wins, 90) << wins << " wins in " << games;
}

TEST(DhametMatch, ConvertsWonSultanVersusManEndgames) {
  // Random Sultan-versus-man positions that a deep search proves won for the Sultan; the agent (with a small
  // node budget) must win each against the engine's best defence, within the D-17 draw limit.
  Rng rng(5);
  int converted = 0, tried = 0;
  while (tried < 30) {
    Board b;
    const int sultan = static_cast<int>(rng.below(81));
    int man;
    do man = static_cast<int>(rng.below(81));
    while (man == sultan || row_of(man) == 0);
    const int side = static_cast<int>(rng.below(2));
    const int strong = static_cast<int>(rng.below(2));  // which colour has the Sultan
    b.sultans[strong] = bit(sultan);
    // The man must not stand on its own promotion row.
    if (has(promotion_row(1 - strong), man)) continue;
    b.men[1 - strong] = bit(man);
    b.side = side;
    b.hash = b.compute_hash();
    const State start = State::from_board(b);
    if (start.outcome().over()) continue;
    std::vector<Move> moves;
    start.legal_moves(moves);
    if (moves.size() == 1) continue;
    EngineConfig proof;
    proof.max_depth = 40;
    proof.nodes = 300000;
    proof.time_ms = 0;
    proof.tt_log2 = 18;
    Engine prover(proof);
    prover.choose(start);
    const int score = start.to_move() == strong ? prover.last_score() : -prover.last_score();
    if (score < Engine::kWin - 1000) continue;  // not a proven win
    ++tried;
    EngineConfig play;
    play.nodes = 5000;
    play.time_ms = 0;
    play.tt_log2 = 16;
    Engine attacker(play), defender(play);
    State s = start;
    while (!s.outcome().over()) s.apply(s.to_move() == strong ? attacker.choose(s) : defender.choose(s), nullptr);
    if (s.outcome().status == Status::Win && s.outcome().winner == strong) ++converted;
    else ADD_FAILURE() << "not converted: " << start.to_string() << " -> " << s.to_string() << " " << s.outcome().reason;
  }
  EXPECT_EQ(converted, tried);
}

TEST(DhametEngine, NodeBudgetIsDeterministic) {
  auto run = [] {
    State s;
    EngineConfig c;
    c.nodes = 3000;
    c.time_ms = 0;
    c.tt_log2 = 16;
    Engine a(c), b(c);
    std::string line;
    for (int i = 0; i < 30 && !s.outcome().over(); ++i) {
      const Move m = s.to_move() == kWhite ? a.choose(s) : b.choose(s);
      line += s.move_to_string(m) + " ";
      s.apply(m, nullptr);
    }
    return line;
  };
  EXPECT_EQ(run(), run());
}

TEST(DhametEngine, AgentSpecsAndBudgets) {
  auto spec = GameSpec::parse("dhamet");
  EXPECT_THROW(spec.agent("dhamet:speed=3", 1), BadInput);
  EXPECT_THROW(spec.agent("dhamet:time=-1", 1), BadInput);
  EXPECT_THROW(spec.agent("nobody", 1), BadInput);
  auto state = spec.new_game(1);
  auto timed = spec.agent("dhamet:time=30", 1);
  const auto t0 = std::chrono::steady_clock::now();
  const std::string move = timed->choose(*state);
  const double ms = std::chrono::duration<double, std::milli>(std::chrono::steady_clock::now() - t0).count();
  EXPECT_NO_THROW(state->clone()->apply(move));
  EXPECT_LT(ms, 1000);
  auto deep = spec.agent("dhamet:depth=3", 1);
  EXPECT_NO_THROW(state->clone()->apply(deep->choose(*state)));
  // The huffing variant is playable by every agent.
  auto huff = GameSpec::parse("dhamet:huffing");
  auto hs = huff.new_game(1);
  std::unique_ptr<AnyAgent> agents[2] = {huff.agent("dhamet:nodes=300", 1), huff.agent("mcts:iterations=20", 2)};
  for (int i = 0; i < 40 && !hs->outcome().over(); ++i) hs->apply(agents[hs->to_move()]->choose(*hs));
}
