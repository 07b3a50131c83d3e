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

TEST(StrategoSearch, BeliefSearchNeverReadsHiddenEnemyRanks) {
  // The `stratego` agent (beliefs + determinized alpha-beta) on a node budget, so that it is deterministic: in two
  // worlds that look the same to the player it must choose the same move, move after move. The agent keeps what the
  // enemy's moves said between its turns (evidence.hpp), so each agent plays on: one sees the true game, the other a
  // fresh world drawn from the player's Info at each of its turns.
  // With spy=1 (the default since stop 42) and spy=2 too: the Spy's chance node at the root, and with spy=2 the
  // evidence of steps at a known Marshal; and with learn=1: what the enemy's approaches are worth, learned between the
  // turns (approaches.hpp).
  for (const auto& [spy, learn] : {std::pair{0, false}, std::pair{1, false}, std::pair{2, false}, std::pair{0, true}}) {
    Rng rng(31);
    int compared = 0;
    for (int trial = 0; trial < 6; ++trial) {
      State truth = random_start(Config{}, rng);
      RandomAgent<State> walker(trial);
      const int plies = 10 + 15 * trial;
      for (int i = 0; i < plies && !truth.outcome().over(); ++i) truth.apply(walker.choose(truth), nullptr);
      if (truth.outcome().over()) continue;
      const int me = truth.to_move();
      SearchConfig config;
      config.time_ms = 0;
      config.nodes = 8000;
      config.samples = 6;
      config.spy = spy;
      config.learn = learn;
      SearchAgent a(config, 5), b(config, 5);
      Rng other_rng(77 + trial);
      for (int turn = 0; turn < 4 && !truth.outcome().over(); ++turn) {
        State other = truth.info(me).sample(other_rng);
        ASSERT_EQ(other.view_string(me), truth.view_string(me));
        ASSERT_NE(other.to_string(), truth.to_string());
        const Move chosen = a.choose(truth);
        EXPECT_EQ(chosen, b.choose(other))
            << "spy " << spy << ", learn " << learn << ", trial " << trial << ", turn " << turn;
        EXPECT_GE(a.last_depth(), 1);
        ++compared;
        truth.apply(chosen, nullptr);
        if (!truth.outcome().over()) truth.apply(walker.choose(truth), nullptr);
      }
    }
    EXPECT_GE(compared, 16);
  }
}

TEST(StrategoSearch, DefendsTheFlagAgainstAnIntruderTwoSquaresAway) {
  // A known Blue Major on a3 walks to a2 and takes Red's Flag on a1 next. Red's Colonel on c2 stops it only by
  // stepping to b2 now (then it takes the Major on a2); a free Colonel on h6 tempts. Two plies deep the search
  // reaches the Major on a2 and no further: it must see that a Flag under attack cannot stand pat.
  const std::uint8_t seen = kKnown | kMoved;
  State s(Config{});
  s.put(test::at("a1"), 0, kFlag);
  s.put(test::at("c2"), 0, kColonel, seen);
  s.put(test::at("h5"), 0, kGeneral, seen);
  s.put(test::at("a3"), 1, kMajor, seen);
  s.put(test::at("h6"), 1, kColonel, seen);
  s.put(test::at("j10"), 1, kFlag);
  s.set_side(0);
  s.set_ply(40);
  s.refresh_outcome();
  SearchConfig config;
  config.time_ms = 0;
  config.nodes = 200000;
  config.samples = 4;
  config.max_depth = 2;
  for (std::uint64_t seed = 1; seed <= 3; ++seed) {
    SearchAgent agent(config, seed);
    EXPECT_EQ(s.move_to_string(agent.choose(s)), "c2-b2") << "seed " << seed;
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
