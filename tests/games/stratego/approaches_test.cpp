// What an enemy's approach is worth, learned from this enemy (src/games/stratego/approaches.hpp): an approacher that
// turns out to beat the piece it walked up to makes the next approach say more; one that loses makes it say less.
#include "games/stratego/approaches.hpp"

#include <gtest/gtest.h>

#include "games/stratego/search.hpp"
#include "helpers.hpp"

using namespace strat;
using namespace strat::stratego;
using namespace strat::stratego::test;

namespace {

// Red's Colonel on e4 is known to Blue; Blue's pieces are unknown to Red, and all but the Bomb have moved. Blue's
// `walker` stands on e7 and walks up to the Colonel; the General, Captain, Sergeant and Miner are spread over the rest.
State position(int walker) {
  std::vector<P> pieces{{"e4", 0, kColonel}, {"a4", 0, kScout}, {"e7", 1, walker}, {"j9", 1, kBomb}};
  const char* rest[] = {"b7", "c7", "h7"};
  int k = 0;
  for (int r : {kGeneral, kCaptain, kSergeant, kMiner})
    if (r != walker && k < 3) pieces.push_back({rest[k++], 1, r});
  State s = make(with_flags(pieces), 0);
  s.put(at("e4"), 0, kColonel, kKnown | kMoved);
  for (const char* q : {"e7", "b7", "c7", "h7"}) s.put(at(q), 1, s.rank_at(at(q)), kMoved);
  return s;
}

// Red's look at its turn, as SearchAgent::choose does it with learn=1.
struct Red {
  Evidence evidence;
  Approaches approaches;
  void look(const State& s) {
    const Info seen = s.info(0);
    evidence.observe(seen);
    const Beliefs beliefs(seen, &evidence);
    approaches.observe(seen, evidence.last_enemy_move(), beliefs);
    evidence.set_approach(approaches.factor());
  }
  void turn(State& s, const char* red, const char* blue) {
    play(s, red);
    play(s, blue);
    look(s);
  }
  // From the start: Blue's piece on e7 walks up to the Colonel (e6, then e5, next to it), Red's Scout waits.
  void walk_up(State& s) {
    look(s);
    turn(s, "a4-a5", "e7-e6");
    turn(s, "a5-a4", "e6-e5");
  }
};

}  // namespace

TEST(StrategoApproaches, AnApproacherThatTakesThePieceMakesTheNextApproachSayMore) {
  State s = position(kGeneral);
  Red red;
  red.walk_up(s);  // next to the Colonel: an approach
  EXPECT_EQ(red.approaches.settled(), 0);
  EXPECT_DOUBLE_EQ(red.approaches.factor(), Evidence::kApproach);
  red.turn(s, "a4-a5", "e5xe4");  // the General takes it, and stands revealed
  EXPECT_EQ(red.approaches.settled(), 1);
  EXPECT_EQ(red.approaches.lost(), 0);
  const double learned = red.approaches.factor();
  EXPECT_LT(learned, Evidence::kApproach);
  EXPECT_GT(learned, 0);

  // The next approach weighs the ranks that lose by the learned factor: two squares off, then one.
  State again = position(kGeneral);
  Evidence evidence;
  evidence.set_approach(learned);
  evidence.observe(again.info(0));
  play(again, "a4-a5");
  play(again, "e7-e6");
  evidence.observe(again.info(0));
  play(again, "a5-a4");
  play(again, "e6-e5");
  evidence.observe(again.info(0));
  EXPECT_NEAR(evidence.at(at("e5"))[kCaptain], 2 * learned * learned, 1e-12);
  EXPECT_EQ(evidence.at(at("e5"))[kGeneral], 1.0);
}

TEST(StrategoApproaches, AnApproacherThatDiesOnThePieceMakesTheNextApproachSayLess) {
  State s = position(kCaptain);
  Red red;
  red.walk_up(s);
  red.turn(s, "e4xe5", "b7-b6");  // the Colonel takes the Captain: the rank that died is the approacher's
  EXPECT_EQ(red.approaches.settled(), 1);
  EXPECT_EQ(red.approaches.lost(), 1);
  EXPECT_GT(red.approaches.factor(), Evidence::kApproach);
  EXPECT_LE(red.approaches.factor(), 1.0);
}

TEST(StrategoApproaches, APieceThatStepsUpAndAwayIsFollowedUntilItsRankShows) {
  State s = position(kCaptain);
  Red red;
  red.walk_up(s);
  red.turn(s, "a4-a5", "e5-f5");  // steps aside, still unknown
  EXPECT_EQ(red.approaches.settled(), 0);
  red.turn(s, "e4-e5", "f5-f6");
  red.turn(s, "e5-f5", "b7-b6");
  red.turn(s, "f5xf6", "b6-b7");  // caught where it went
  EXPECT_EQ(red.approaches.settled(), 1);
  EXPECT_EQ(red.approaches.lost(), 1);
  // A gap (a look skipped) starts afresh.
  play(s, "a5-a6");
  play(s, "h7-h8");
  red.turn(s, "a6-a7", "h8-h9");
  EXPECT_EQ(red.approaches.settled(), 0);
  EXPECT_DOUBLE_EQ(red.approaches.factor(), Evidence::kApproach);
}

TEST(StrategoApproaches, TheAgentLearnsOnlyWithLearn) {
  for (int learn : {0, 1}) {
    State s = position(kGeneral);
    SearchAgent agent(SearchConfig::from(Options::parse(learn ? "nodes=300,learn=1" : "nodes=300", "stratego")), 7);
    auto red_turn = [&](const char* red, const char* blue) {
      agent.choose(s);
      play(s, red);
      play(s, blue);
    };
    red_turn("a4-a5", "e7-e6");
    red_turn("a5-a4", "e6-e5");
    red_turn("a4-a5", "e5xe4");
    agent.choose(s);
    EXPECT_EQ(agent.approaches().settled(), learn) << "learn=" << learn;
    EXPECT_EQ(agent.approaches().factor() < Evidence::kApproach, learn == 1) << "learn=" << learn;
  }
}

TEST(StrategoApproaches, AnApproachToTheMarshalIsNotLearnedFrom) {
  // A walk up to a known Marshal and its capture teach nothing: steps next to the Marshal are weighed by a factor of
  // their own (SearchConfig::mstep), not by the one learned from the other pieces' approachers. Blue's Spy, the one
  // piece that beats the Marshal, stands among the rest, so the approach had odds to note.
  State s = make(with_flags({{"e4", 0, kMarshal},
                             {"a4", 0, kScout},
                             {"e7", 1, kCaptain},
                             {"b7", 1, kSpy},
                             {"c7", 1, kSergeant},
                             {"h7", 1, kMiner},
                             {"j9", 1, kBomb}}),
                 0);
  s.put(at("e4"), 0, kMarshal, kKnown | kMoved);
  for (const char* q : {"e7", "b7", "c7", "h7"}) s.put(at(q), 1, s.rank_at(at(q)), kMoved);
  Red red;
  red.walk_up(s);
  red.turn(s, "e4xe5", "b7-b6");  // the Marshal takes the Captain that walked up to it
  EXPECT_EQ(red.approaches.settled(), 0);
  EXPECT_DOUBLE_EQ(red.approaches.factor(), Evidence::kApproach);
}
