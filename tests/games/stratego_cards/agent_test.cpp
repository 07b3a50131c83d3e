// Agents: they never read hidden cards, the preparation rule, and strength matches at fixed budgets.
#include "ai/mcts.hpp"
#include "core/text.hpp"
#include "ai/random_agent.hpp"
#include "games/stratego_cards/agent.hpp"
#include "games/stratego_cards/policy.hpp"
#include "helpers.hpp"

using namespace strat;
using namespace strat::stratego_cards;
using namespace strat::stratego_cards::test;

namespace {

// Positions from random play, each with a second state that differs only in what the side to move cannot see.
std::vector<std::pair<State, State>> hidden_twins(int count, std::uint64_t seed) {
  std::vector<std::pair<State, State>> out;
  Rng rng(seed);
  std::vector<Move> moves;
  while (static_cast<int>(out.size()) < count) {
    State s = State::deal(rng.next());
    const int stop = 10 + static_cast<int>(rng.below(40));
    for (int i = 0; i < stop && !s.outcome().over(); ++i) {
      s.legal_moves(moves);
      s.apply(moves[rng.below(static_cast<std::uint32_t>(moves.size()))], nullptr);
    }
    if (s.outcome().over()) continue;
    State twin = s.info(s.to_move()).sample(rng);
    if (twin.to_string() == s.to_string()) continue;
    out.emplace_back(s, twin);
  }
  return out;
}

template <class Agent>
Move pick(Agent agent, const State& s) {
  return agent.choose(s);
}

}  // namespace

TEST(CardsAgent, SearchNeverReadsHiddenCards) {
  int differing_opp = 0;
  for (auto& [a, b] : hidden_twins(12, 5)) {
    const int me = a.to_move();
    ASSERT_TRUE(a.info(me) == b.info(me));
    // The twins really differ in the opponent's cards or the piles.
    differing_opp += split_ws(a.to_string())[4 + (me ^ 1)] != split_ws(b.to_string())[4 + (me ^ 1)];
    MctsConfig mc;
    mc.budget = Budget{150, 0};
    EXPECT_EQ(pick(Mcts<State>(mc, 42), a), pick(Mcts<State>(mc, 42), b)) << a.to_string();
    CardsConfig cc;
    cc.budget = Budget{150, 0};
    EXPECT_EQ(pick(CardsAgent(cc, 42), a), pick(CardsAgent(cc, 42), b)) << a.to_string();
  }
  EXPECT_GT(differing_opp, 6);
}

TEST(CardsAgent, PreparationKeepsTheFlagInHandAndLaysBombs) {
  Rng rng(8);
  int games_with_bomb = 0, flag_laid = 0;
  for (int g = 0; g < 300; ++g) {
    State s = State::deal(rng.next());
    CardsAgent agent(CardsConfig{}, g);
    while (s.phase() == Phase::Setup) s.apply(agent.choose(s), nullptr);
    for (int p = 0; p < 2; ++p) {
      const Side& side = s.side(p);
      int attackers = 0, bombs = 0;
      for (Card c : side.line) attackers += can_attack(c), bombs += c == kBomb, flag_laid += c == kFlag;
      EXPECT_GE(attackers, 2);
      EXPECT_LE(bombs, 2);
      Counts drawn{};
      for (Card c : side.line) ++drawn[c];
      for (int i = 0; i < side.hand_n; ++i) ++drawn[side.hand[i]];
      if (drawn[kBomb]) games_with_bomb += bombs > 0;
    }
  }
  EXPECT_EQ(flag_laid, 0);
  EXPECT_GT(games_with_bomb, 100);
}

TEST(CardsAgent, TakesAKnownFlagAndUsesTheSpyOnAKnownMarshal) {
  CardsConfig cc;
  cc.budget = Budget{1000, 0};
  int flag_taken = 0, marshal_taken = 0;
  const State flag = pos("r act 3 0 10,9,B,1,2/4,4,5/6,7,F 9,10,B,F+,3/6,6,7/8,2,2");
  const State spy = pos("r act 3 0 4,4,B,1,2/9,4,5/6,7,F 9,10*,B,2,3/6,6,7/8,2,F");
  for (std::uint64_t seed = 1; seed <= 5; ++seed) {
    flag_taken += flag.move_to_string(CardsAgent(cc, seed).choose(flag)).substr(2) == "x4";
    marshal_taken += spy.move_to_string(CardsAgent(cc, seed).choose(spy)) == "a4x2";
  }
  EXPECT_EQ(flag_taken, 5);
  EXPECT_GE(marshal_taken, 4);
}

namespace {

// Plays `games` games alternating colours; returns the first agent's score (win 1, draw 0.5).
template <class A, class B>
double match(int games, std::uint64_t seed, A make_a, B make_b) {
  double score = 0;
  Rng rng(seed);
  for (int g = 0; g < games; ++g) {
    State s = State::deal(rng.next());
    auto a = make_a(rng.next());
    auto b = make_b(rng.next());
    const int a_side = g % 2;
    while (!s.outcome().over()) s.apply(s.to_move() == a_side ? a.choose(s) : b.choose(s), nullptr);
    const int r = s.outcome().score_for(a_side);
    score += r > 0 ? 1.0 : r == 0 ? 0.5 : 0.0;
  }
  return score / games;
}

}  // namespace

TEST(CardsMatch, BeatsRandomInNinetyFivePercent) {
  CardsConfig cc;
  cc.budget = Budget{100, 0};
  double score = match(200, 11, [&](std::uint64_t seed) { return CardsAgent(cc, seed); },
                       [](std::uint64_t seed) { return RandomAgent<State>(seed); });
  std::printf("cards (100 iterations) vs random: %.3f\n", score);
  EXPECT_GE(score, 0.95);
}

TEST(CardsMatch, BeatsPlainMctsAtEqualIterations) {
  constexpr long kIterations = 100;
  CardsConfig cc;
  cc.budget = Budget{kIterations, 0};
  MctsConfig mc;
  mc.budget = Budget{kIterations, 0};
  double score = match(200, 12, [&](std::uint64_t seed) { return CardsAgent(cc, seed); },
                       [&](std::uint64_t seed) { return Mcts<State>(mc, seed); });
  std::printf("cards vs mcts (%ld iterations each): %.3f\n", kIterations, score);
  EXPECT_GE(score, 0.60);
}
