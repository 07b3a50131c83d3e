// Agents: determinized MCTS never reads hidden ranks; mcts beats random; setups are varied and sensible.
#include <gtest/gtest.h>

#include <set>

#include "ai/mcts.hpp"
#include "ai/random_agent.hpp"
#include "games/stratego/agent.hpp"
#include "helpers.hpp"

using namespace strat;
using namespace strat::stratego;

TEST(StrategoMcts, DeterminizedSearchNeverReadsHiddenEnemyRanks) {
  Rng rng(21);
  for (int trial = 0; trial < 5; ++trial) {
    State truth = random_start(Config{}, rng);
    // Play a few random plies so some pieces have moved and fought.
    std::vector<Move> moves;
    RandomAgent<State> walker(trial);
    for (int i = 0; i < 40 && !truth.outcome().over(); ++i) truth.apply(walker.choose(truth), nullptr);
    if (truth.outcome().over()) continue;
    // Another world: the same, but Blue's hidden (unknown to Red) ranks shuffled differently.
    const int me = truth.to_move();
    Info info = truth.info(me);
    Rng other_rng(99 + trial);
    State other = info.sample(other_rng);
    ASSERT_EQ(other.view_string(me), truth.view_string(me));
    ASSERT_NE(other.to_string(), truth.to_string());
    MctsConfig config;
    config.budget.iterations = 300;
    config.playout_plies = 20;
    Mcts<State> a(config, 5), b(config, 5);
    EXPECT_EQ(a.choose(truth), b.choose(other));
  }
}

TEST(StrategoSetup, GeneratedSetupsAreVariedAndSensible) {
  Rng rng(8);
  std::set<std::string> seen;
  int flag_bombed = 0;
  for (int i = 0; i < 200; ++i) {
    stratego::Setup s = generate_setup(Config{}, rng);
    Army count{};
    int flag = -1;
    for (int k = 0; k < 40; ++k) {
      ++count[s[k]];
      if (s[k] == kFlag) flag = k;
    }
    EXPECT_EQ(count, kClassicArmy);
    EXPECT_LT(flag, 10) << "the Flag stands on the back row";
    bool bombed = s[flag + 10] == kBomb;
    if (flag > 0) bombed = bombed && s[flag - 1] == kBomb;
    if (flag < 9) bombed = bombed && s[flag + 1] == kBomb;
    flag_bombed += bombed;
    seen.insert(std::string(s.begin(), s.end()));
  }
  EXPECT_EQ(seen.size(), 200u);
  EXPECT_EQ(flag_bombed, 200);  // always bombed in (setup.cpp)
}

namespace {
// Plays agent A (a function) against random; returns A's wins.
template <class A>
int match(A make_a, int games, std::uint64_t seed) {
  int wins = 0;
  Rng rng(seed);
  for (int g = 0; g < games; ++g) {
    State s = random_start(Config{}, rng);
    auto a = make_a(seed + g);
    RandomAgent<State> r(seed * 31 + g);
    const int a_side = g % 2;
    while (!s.outcome().over()) s.apply(s.to_move() == a_side ? a.choose(s) : r.choose(s), nullptr);
    wins += s.outcome().status == Status::Win && s.outcome().winner == a_side;
  }
  return wins;
}
}  // namespace

TEST(StrategoMatch, MctsBeatsRandomInAtLeast95Of100) {
  int wins = match([](std::uint64_t seed) {
    MctsConfig c;
    c.budget.iterations = 100;
    c.playout_plies = 30;
    return Mcts<State>(c, seed);
  }, 100, 1234);
  EXPECT_GE(wins, 95);
}
