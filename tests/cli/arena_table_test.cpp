// The arena's table and Elo ratings on fixed results, against figures worked
// out by hand.
#include "cli/arena_table.hpp"

#include <gtest/gtest.h>

#include <cmath>

#include "core/error.hpp"

using namespace strat::cli;

namespace {
// 400 / ln 10: Elo points per natural-log unit of strength; 1.96 for a 95%
// interval.
const double kScale = 400.0 / std::log(10.0);
}  // namespace

TEST(ArenaTable, SeventyFivePercentIsPlus190Point8Elo) {
  // 75 wins and 25 losses: odds 3, so B is 400 log10(3) = 190.85 below A. The
  // Fisher information of 100 games at p = 0.75 is 100 * 0.75 * 0.25 = 18.75
  // per unit squared, so the standard error is kScale / sqrt(18.75) = 40.12 Elo
  // and the 95% interval +-78.6.
  const auto t = arena_table({"A", "B"}, {PairTally{0, 1, 75, 0, 25}});
  ASSERT_EQ(t.agents.size(), 2u);
  EXPECT_FALSE(t.prior);
  EXPECT_EQ(t.agents[0].games, 100);
  EXPECT_EQ(t.agents[0].wins, 75);
  EXPECT_EQ(t.agents[0].losses, 25);
  EXPECT_EQ(t.agents[1].wins, 25);
  EXPECT_DOUBLE_EQ(t.agents[0].score, 0.75);
  EXPECT_DOUBLE_EQ(t.agents[1].score, 0.25);
  EXPECT_DOUBLE_EQ(t.agents[0].elo, 0.0);
  EXPECT_NEAR(t.agents[1].elo, -190.849, 0.01);
  EXPECT_NEAR(t.agents[1].elo_high - t.agents[1].elo, 1.959964 * kScale / std::sqrt(18.75), 0.01);
  EXPECT_NEAR(t.agents[1].elo - t.agents[1].elo_low, 78.63, 0.01);
  ASSERT_EQ(t.pairs.size(), 1u);
  EXPECT_DOUBLE_EQ(t.pairs[0].score_a, 0.75);
  EXPECT_NEAR(t.pairs[0].elo, 190.849, 0.01);
  EXPECT_NEAR(t.pairs[0].margin, 78.63, 0.01);
}

TEST(ArenaTable, ADrawIsHalfAWin) {
  // 50 wins and 50 draws score 75%, the same 190.85 Elo.
  const auto t = arena_table({"A", "B"}, {PairTally{0, 1, 50, 50, 0}});
  EXPECT_EQ(t.agents[0].draws, 50);
  EXPECT_EQ(t.agents[1].draws, 50);
  EXPECT_DOUBLE_EQ(t.agents[0].score, 0.75);
  EXPECT_NEAR(t.agents[1].elo, -190.849, 0.01);
}

TEST(ArenaTable, ThreeAgentsFitExactlyByMaximumLikelihood) {
  // A-B 75%, B-C 75%, A-C 90% (odds 3 * 3 = 9): results Bradley-Terry fits
  // exactly, so the maximum of the likelihood is at A 0, B -190.85, C -381.70
  // (each agent's points equal its expected points there). The pairs are listed
  // with the first agent second, too: the table reads them either way round.
  const auto t = arena_table({"A", "B", "C"},
                             {PairTally{0, 1, 75, 0, 25}, PairTally{1, 2, 75, 0, 25}, PairTally{2, 0, 10, 0, 90}});
  EXPECT_FALSE(t.prior);
  EXPECT_NEAR(t.agents[1].elo, -190.849, 0.01);
  EXPECT_NEAR(t.agents[2].elo, -381.697, 0.01);
  EXPECT_EQ(t.agents[2].games, 200);
  EXPECT_EQ(t.agents[2].wins, 35);
  EXPECT_EQ(t.agents[2].losses, 165);
  EXPECT_DOUBLE_EQ(t.agents[0].score, 165.0 / 200);
  // C is further from the reference than B, and measured through B as well as
  // directly: its interval is wider than B's, and both hold their estimate.
  EXPECT_GT(t.agents[2].elo_high - t.agents[2].elo_low, t.agents[1].elo_high - t.agents[1].elo_low);
  EXPECT_LT(t.agents[1].elo_low, t.agents[1].elo);
  EXPECT_GT(t.agents[1].elo_high, t.agents[1].elo);
  // Per pair: C's own score against A, 10%, is -381.70 Elo.
  EXPECT_NEAR(t.pairs[2].elo, -381.697, 0.01);
}

TEST(ArenaTable, APerfectScoreGetsOneVirtualDrawPerPair) {
  // 10-0 has no maximum-likelihood rating; with one virtual draw the score
  // is 10.5 / 11, odds 21: 400 log10(21) = 528.88 Elo.
  const auto t = arena_table({"A", "B"}, {PairTally{0, 1, 10, 0, 0}});
  EXPECT_TRUE(t.prior);
  EXPECT_NEAR(t.agents[1].elo, -528.88, 0.01);
  EXPECT_DOUBLE_EQ(t.agents[0].score, 1.0);  // the score itself is what happened
  EXPECT_NEAR(t.pairs[0].elo, 528.88, 0.01);
  EXPECT_NE(table_text(t).find("virtual draw"), std::string::npos);
}

TEST(ArenaTable, ForfeitsAreCountedPerAgent) {
  PairTally p{0, 1, 6, 1, 3};
  p.forfeits_b = 2;
  const auto t = arena_table({"strat", "ucc:bot"}, {p});
  EXPECT_EQ(t.agents[1].forfeits, 2);
  EXPECT_EQ(t.agents[0].forfeits, 0);
  const auto j = table_json(t);
  EXPECT_EQ(j["agents"][1]["forfeits"], 2);
  EXPECT_EQ(j["pairs"][0]["wins_a"], 6);
  EXPECT_EQ(j["pairs"][0]["draws"], 1);
  EXPECT_EQ(j["agents"][0]["elo"], 0.0);
}

TEST(ArenaTable, GamesDecidedOnTheBoardLeaveTheForfeitsOut) {
  // strat 6-1-3 against the bot, 2 of its wins the bot's forfeits and 1 of its losses its own.
  PairTally p{0, 1, 6, 1, 3};
  p.forfeits_a = 1;
  p.forfeits_b = 2;
  const auto t = arena_table({"strat", "ucc:bot"}, {p});
  EXPECT_EQ(t.agents[0].board_wins(), 4);
  EXPECT_EQ(t.agents[0].board_losses(), 2);
  EXPECT_DOUBLE_EQ(t.agents[0].board_score, 4.5 / 7);
  EXPECT_DOUBLE_EQ(t.agents[1].board_score, 2.5 / 7);
  EXPECT_DOUBLE_EQ(t.pairs[0].board_score_a, 4.5 / 7);
  const auto j = table_json(t);
  EXPECT_EQ(j["agents"][0]["forfeit_wins"], 2);
  EXPECT_EQ(j["agents"][0]["board_wins"], 4);
  EXPECT_EQ(j["agents"][0]["board_draws"], 1);
  EXPECT_EQ(j["agents"][0]["board_losses"], 2);
  EXPECT_EQ(j["agents"][1]["board_wins"], 2);
  EXPECT_EQ(j["pairs"][0]["board_wins_a"], 4);
  EXPECT_EQ(j["pairs"][0]["board_wins_b"], 2);
  const auto text = table_text(t);
  EXPECT_NE(text.find("4-1-2 64.3%"), std::string::npos) << text;  // strat's row and the pair's
  EXPECT_NE(text.find("2-1-4 35.7%"), std::string::npos) << text;  // the bot's row
  // Only forfeits: nothing was decided on the board.
  PairTally all{0, 1, 2, 0, 0};
  all.forfeits_b = 2;
  const auto none = arena_table({"strat", "ucc:bot"}, {all});
  EXPECT_EQ(table_json(none)["agents"][0]["board_score"], nullptr);
  EXPECT_EQ(table_json(none)["pairs"][0]["board_score_a"], nullptr);
}

TEST(ArenaTable, TheTextTableNamesEveryAgentAndPair) {
  const auto t = arena_table({"A", "B"}, {PairTally{0, 1, 75, 0, 25}});
  const auto text = table_text(t);
  EXPECT_NE(text.find("(reference)"), std::string::npos);
  EXPECT_NE(text.find("-190.8"), std::string::npos);
  EXPECT_NE(text.find("[-269.5, -112.2]"), std::string::npos);
  EXPECT_NE(text.find("A vs B"), std::string::npos);
  EXPECT_NE(text.find("75-0-25"), std::string::npos);
}

TEST(ArenaTable, APairNamingNoAgentIsRefused) {
  EXPECT_THROW(arena_table({"A", "B"}, {PairTally{0, 2, 1, 0, 0}}), strat::BadInput);
}
