// Glicko-2 (src/server/glicko2.hpp): Glickman's worked example and the properties every update must keep.
#include "server/glicko2.hpp"

#include <gtest/gtest.h>

namespace strat::server::glicko2 {
namespace {

// "Example of the Glicko-2 system" (Glickman, 2013), section 3: the paper's rounded figures.
TEST(Glicko2, GlickmansWorkedExampleGives1464_151_0_05999) {
  const Rating after = update({1500, 200, 0.06}, {{1400, 30, 1}, {1550, 100, 0}, {1700, 300, 0}}, 0.5);
  EXPECT_NEAR(after.rating, 1464.06, 0.01);
  EXPECT_NEAR(after.deviation, 151.52, 0.01);
  EXPECT_NEAR(after.volatility, 0.05999, 1e-5);
}

TEST(Glicko2, APeriodWithoutGamesOnlyGrowsTheDeviationUpToTheStart) {
  const Rating before{1620, 80, 0.06};
  const Rating after = update(before, {});
  EXPECT_EQ(after.rating, before.rating);
  EXPECT_EQ(after.volatility, before.volatility);
  EXPECT_GT(after.deviation, before.deviation);
  Rating idle = before;
  for (int period = 0; period < 10000; ++period) idle = update(idle, {});
  EXPECT_DOUBLE_EQ(idle.deviation, kStartDeviation);
  EXPECT_EQ(update(kStart, {}).deviation, kStartDeviation);
}

TEST(Glicko2, AWinRaisesALossLowersADrawBetweenEqualsKeepsTheRating) {
  const Rating me{1500, 120, 0.06};
  EXPECT_GT(update(me, {{1500, 120, 1}}).rating, me.rating);
  EXPECT_LT(update(me, {{1500, 120, 0}}).rating, me.rating);
  EXPECT_NEAR(update(me, {{1500, 120, 0.5}}).rating, me.rating, 1e-9);
  // Beating a stronger player gains more than beating a weaker one.
  EXPECT_GT(update(me, {{1800, 120, 1}}).rating, update(me, {{1200, 120, 1}}).rating);
}

TEST(Glicko2, TwoEqualPlayersMoveByTheSameAmountInOppositeDirections) {
  const Rating a = kStart, b = kStart;
  const Rating winner = update(a, {{b.rating, b.deviation, 1}});
  const Rating loser = update(b, {{a.rating, a.deviation, 0}});
  EXPECT_NEAR(winner.rating - kStartRating, kStartRating - loser.rating, 1e-9);
  EXPECT_GT(winner.rating, kStartRating);
  EXPECT_NEAR(winner.deviation, loser.deviation, 1e-9);
  EXPECT_LT(winner.deviation, kStartDeviation);  // a game played is something known
}

TEST(Glicko2, ARatingIsProvisionalWhileItsDeviationIsAbove110) {
  EXPECT_TRUE(provisional(kStart));
  EXPECT_TRUE(provisional({1500, 110.5, 0.06}));
  EXPECT_FALSE(provisional({1500, 110, 0.06}));
  Rating r = kStart;
  int games = 0;
  while (provisional(r) && games < 100) {
    r = update(r, {{1500, 60, games % 2 ? 1.0 : 0.0}});
    ++games;
  }
  EXPECT_FALSE(provisional(r));
  EXPECT_GT(games, 3);  // not after a game or two
}

}  // namespace
}  // namespace strat::server::glicko2
