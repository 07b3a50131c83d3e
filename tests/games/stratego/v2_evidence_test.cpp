// What `stratego` reads from the enemy's moves (src/games/stratego/v2/evidence.hpp) and how it weighs the beliefs:
// approaches and retreats next to a piece the enemy knows.
#include "games/stratego/v2/evidence.hpp"

#include <gtest/gtest.h>

#include "belief_checks.hpp"
#include "helpers.hpp"

using namespace strat;
using namespace strat::stratego;
using namespace strat::stratego::test;
using strat::stratego::v2::Evidence;

namespace {

// Red's Colonel on e4 stands known to Blue (it won a fight); Blue's pieces are all unknown to Red, the four movable
// ones have moved (so that Red's beliefs about them start alike). Red to move.
State colonel_position() {
  State s = make(with_flags({{"e4", 0, kColonel},
                             {"a4", 0, kScout},
                             {"e7", 1, kGeneral},
                             {"b7", 1, kSergeant},
                             {"c7", 1, kMiner},
                             {"h7", 1, kCaptain},
                             {"j9", 1, kBomb}}),
                 0);
  s.put(at("e4"), 0, kColonel, kKnown | kMoved);
  for (const char* q : {"b7", "c7", "h7"}) s.put(at(q), 1, s.rank_at(at(q)), kMoved);
  return s;
}

// One move each, then Red looks (its agent's turn).
void turn(State& s, Evidence& evidence, const char* red, const char* blue) {
  play(s, red);
  play(s, blue);
  evidence.observe(s.info(0));
}

}  // namespace

TEST(StrategoV2Evidence, APieceThatWalksUpToAKnownPieceIsLikelyStronger) {
  // Blue's piece walks e7-e6-e5, next to Red's known Colonel: of the four unknown pieces that could move, only the
  // General beats a Colonel, and the beliefs say so after the approach; without the evidence they cannot tell.
  State s = colonel_position();
  Evidence evidence;
  evidence.observe(s.info(0));
  turn(s, evidence, "a4-a5", "e7-e6");
  EXPECT_LT(evidence.at(at("e6"))[kCaptain], 1.0);
  turn(s, evidence, "a5-a4", "e6-e5");
  EXPECT_EQ(evidence.at(at("e5"))[kGeneral], 1.0);
  EXPECT_LT(evidence.at(at("e5"))[kCaptain], 0.2);

  const Beliefs plain(s.info(0)), weighed(s.info(0), &evidence.weights());
  ASSERT_EQ(belief_errors(weighed), "");
  EXPECT_GT(weighed.at(at("e5"))[kGeneral], 0.5);
  EXPECT_GT(weighed.at(at("e5"))[kGeneral], 2 * plain.at(at("e5"))[kGeneral]);
  // The General's probability moved off the other pieces (the counts stay exact).
  EXPECT_LT(weighed.at(at("h7"))[kGeneral], plain.at(at("h7"))[kGeneral]);
}

TEST(StrategoV2Evidence, APieceThatStepsAwayFromAKnownPieceIsLikelyWeaker) {
  State s = colonel_position();
  // An unknown Blue Captain that moved stands next to the Colonel; it steps away.
  s.put(at("h7"), 1, kGeneral);
  s.put(at("e7"), 1, kBomb);
  s.put(at("e5"), 1, kCaptain, kMoved);
  Evidence evidence;
  evidence.observe(s.info(0));
  turn(s, evidence, "a4-a5", "e5-f5");
  EXPECT_EQ(evidence.at(at("f5"))[kCaptain], 1.0);
  EXPECT_LT(evidence.at(at("f5"))[kGeneral], 0.5);
  const Beliefs weighed(s.info(0), &evidence.weights());
  ASSERT_EQ(belief_errors(weighed), "");
  EXPECT_LT(weighed.at(at("f5"))[kGeneral], Beliefs(s.info(0)).at(at("f5"))[kGeneral]);
}

TEST(StrategoV2Evidence, FollowsThePieceAndStartsAfreshAfterAGap) {
  State s = colonel_position();
  Evidence evidence;
  evidence.observe(s.info(0));
  turn(s, evidence, "a4-a5", "e7-e6");
  const double general = evidence.at(at("e6"))[kGeneral], captain = evidence.at(at("e6"))[kCaptain];
  EXPECT_LT(captain, general);
  // It steps aside, neither nearer to the Colonel nor away from next to it: what it said before goes with it, and
  // its old square is clear.
  turn(s, evidence, "a5-a4", "e6-f6");
  EXPECT_EQ(evidence.at(at("f6"))[kGeneral], general);
  EXPECT_EQ(evidence.at(at("f6"))[kCaptain], captain);
  EXPECT_EQ(evidence.at(at("e6"))[kCaptain], 1.0);
  // Two turns later without a look in between: the moves between are unknown, so nothing is kept.
  play(s, "a4-a5");
  play(s, "f6-f7");
  turn(s, evidence, "a5-a4", "f7-f8");
  EXPECT_EQ(evidence.at(at("f8"))[kCaptain], 1.0);
}

TEST(StrategoV2Evidence, AWalkAtAKnownMarshalWeighsForEveryRankButTheSpy) {
  // Red's Marshal on e3 is known; Blue's Captain walks e7-e6-e5-e4, two squares off, then next to it. Every rank but
  // the Spy loses to the Marshal: each is weighed by 2f within two squares (at most 1), then f; a Marshal (a tie) by
  // 0.6 a step; the Spy not at all.
  State s = make(with_flags({{"e3", 0, kMarshal},
                             {"a4", 0, kScout},
                             {"e7", 1, kCaptain},
                             {"b7", 1, kSpy},
                             {"c7", 1, kMiner},
                             {"j9", 1, kBomb}}),
                 0);
  s.put(at("e3"), 0, kMarshal, kKnown | kMoved);
  for (const char* q : {"e7", "b7", "c7"}) s.put(at(q), 1, s.rank_at(at(q)), kMoved);
  Evidence evidence;
  evidence.observe(s.info(0));
  const char* red[] = {"a4-a5", "a5-a4", "a4-a5"};
  const char* blue[] = {"e7-e6", "e6-e5", "e5-e4"};
  for (int i = 0; i < 3; ++i) turn(s, evidence, red[i], blue[i]);
  EXPECT_NEAR(evidence.at(at("e4"))[kCaptain], 2 * Evidence::kApproach * Evidence::kApproach, 1e-12);
  EXPECT_NEAR(evidence.at(at("e4"))[kMarshal], 0.6 * 0.6, 1e-12);
  EXPECT_EQ(evidence.at(at("e4"))[kSpy], 1.0);
}
