// Swiss pairing and standings (src/server/swiss.hpp) and arena points and pairing (src/server/arena_points.hpp).
#include <gtest/gtest.h>

#include <algorithm>
#include <map>
#include <set>

#include "core/error.hpp"
#include "server/arena_points.hpp"
#include "server/swiss.hpp"

namespace strat::server {
namespace {

std::vector<swiss::Entrant> seeded(int n) {
  std::vector<swiss::Entrant> e(n);
  for (int i = 0; i < n; ++i) e[i].seed = 2000 - 10 * i;  // player 0 the highest seed
  return e;
}

// Plays a pairing: the higher seed wins, or a draw where `draw` says.
swiss::Round play(const swiss::Pairing& p, const std::set<std::pair<int, int>>& draws = {}) {
  swiss::Round r;
  r.bye = p.bye;
  for (auto g : p.games) {
    const bool drawn = draws.count({std::min(g.red, g.blue), std::max(g.red, g.blue)}) > 0;
    g.red_points = drawn ? 1 : g.red < g.blue ? 2 : 0;
    r.games.push_back(g);
  }
  return r;
}

std::set<std::pair<int, int>> met(const std::vector<swiss::Round>& rounds) {
  std::set<std::pair<int, int>> out;
  for (const auto& r : rounds)
    for (const auto& g : r.games) out.insert({std::min(g.red, g.blue), std::max(g.red, g.blue)});
  return out;
}

TEST(SwissPairing, EightPlayersThreeRoundsNoRepeatsScoreGroupsAndColourBalance) {
  const auto entrants = seeded(8);
  std::vector<swiss::Round> rounds;
  // Round 1: the upper half against the lower half by seed (1-5, 2-6, 3-7, 4-8), colours alternating by board.
  const auto first = swiss::pair_round(entrants, rounds);
  ASSERT_EQ(first.games.size(), 4u);
  EXPECT_FALSE(first.bye);
  const std::set<std::pair<int, int>> expected{{0, 4}, {1, 5}, {2, 6}, {3, 7}};
  EXPECT_EQ(met({play(first)}), expected);
  EXPECT_EQ(first.games[0].red, 0);
  EXPECT_EQ(first.games[1].blue, 1);
  rounds.push_back(play(first));
  for (int round = 2; round <= 3; ++round) {
    const auto p = swiss::pair_round(entrants, rounds);
    ASSERT_EQ(p.games.size(), 4u);
    const auto before = swiss::standings(entrants, rounds);
    std::map<int, int> points;
    for (const auto& s : before) points[s.player] = s.points;
    for (const auto& g : p.games) {
      EXPECT_FALSE(met(rounds).count({std::min(g.red, g.blue), std::max(g.red, g.blue)})) << "a repeat in round " << round;
      // With the higher seed always winning, every score group is even: winners meet winners.
      EXPECT_EQ(points[g.red], points[g.blue]) << "round " << round;
    }
    rounds.push_back(play(p));
  }
  // Colours: after three rounds nobody has one colour three times.
  std::map<int, int> reds;
  for (const auto& r : rounds)
    for (const auto& g : r.games) ++reds[g.red];
  for (int i = 0; i < 8; ++i) EXPECT_TRUE(reds[i] == 1 || reds[i] == 2) << "player " << i << " has " << reds[i] << " Reds";
  // The top seed won all three; standings put it first with 6 half points.
  const auto table = swiss::standings(entrants, rounds);
  EXPECT_EQ(table[0].player, 0);
  EXPECT_EQ(table[0].points, 6);
  EXPECT_EQ(table[0].wins, 3);
  EXPECT_EQ(table.back().points, 0);
}

TEST(SwissPairing, AvoidsARepeatEvenWhenTheScoreGroupWouldPairThemAgain) {
  // Four players; rounds 1 and 2 leave the only same-score pairings repeats of round 1 or 2.
  const auto entrants = seeded(4);
  std::vector<swiss::Round> rounds{
      {{{0, 1, 1}, {2, 3, 1}}, std::nullopt},  // both drawn: everyone 1
      {{{0, 2, 1}, {1, 3, 1}}, std::nullopt},  // both drawn: everyone 2
  };
  const auto p = swiss::pair_round(entrants, rounds);
  EXPECT_EQ(met({play(p)}), (std::set<std::pair<int, int>>{{0, 3}, {1, 2}}));
  rounds.push_back(play(p));
  // A fourth round cannot be paired without a repeat: one line, no crash.
  EXPECT_THROW(swiss::pair_round(entrants, rounds), BadInput);
}

TEST(SwissPairing, AnOddCountGivesTheByeToTheLowestRankedWithoutOneAndNeverTwice) {
  const auto entrants = seeded(5);
  std::vector<swiss::Round> rounds;
  std::set<int> byes;
  for (int round = 0; round < 4; ++round) {
    const auto p = swiss::pair_round(entrants, rounds);
    ASSERT_TRUE(p.bye);
    EXPECT_TRUE(byes.insert(*p.bye).second) << "a second bye for " << *p.bye;
    EXPECT_EQ(p.games.size(), 2u);
    if (round == 0) {
      EXPECT_EQ(*p.bye, 4) << "the lowest seed sits out first";
    }
    rounds.push_back(play(p));
  }
  // A bye counts as a win.
  const auto table = swiss::standings(entrants, rounds);
  for (const auto& s : table) EXPECT_EQ(s.points, 2 * (s.wins + s.byes) + s.draws);
}

TEST(SwissPairing, AWithdrawnPlayerIsNotPairedAndKeepsItsPoints) {
  auto entrants = seeded(4);
  std::vector<swiss::Round> rounds{{{{0, 2, 2}, {1, 3, 2}}, std::nullopt}};
  entrants[3].withdrawn = true;
  const auto p = swiss::pair_round(entrants, rounds);
  ASSERT_TRUE(p.bye);
  for (const auto& g : p.games) EXPECT_TRUE(g.red != 3 && g.blue != 3);
  const auto table = swiss::standings(entrants, rounds);
  EXPECT_EQ(table.size(), 4u);
}

TEST(SwissStandings, BuchholzThenSonnebornBergerBreakTies) {
  // A beats B, C beats D, A draws C, B beats D: A 3, C 3, B 2, D 0 (half points).
  const auto entrants = seeded(4);
  const int A = 0, B = 1, C = 2, D = 3;
  std::vector<swiss::Round> rounds{
      {{{A, B, 2}, {C, D, 2}}, std::nullopt},
      {{{A, C, 1}, {B, D, 2}}, std::nullopt},
  };
  const auto table = swiss::standings(entrants, rounds);
  std::map<int, swiss::Standing> by;
  for (const auto& s : table) by[s.player] = s;
  EXPECT_EQ(by[A].points, 3);
  EXPECT_EQ(by[C].points, 3);
  // Buchholz: A met B (2) and C (3) = 5; C met D (0) and A (3) = 3.
  EXPECT_EQ(by[A].buchholz, 5);
  EXPECT_EQ(by[C].buchholz, 3);
  // Sonneborn-Berger, quarter points: A beat B (2 * 2) and drew C (3) = 7; C beat D (0) and drew A (3) = 3.
  EXPECT_EQ(by[A].sonneborn_berger, 7);
  EXPECT_EQ(by[C].sonneborn_berger, 3);
  EXPECT_EQ(table[0].player, A);
  EXPECT_EQ(table[1].player, C);
  EXPECT_EQ(table[2].player, B);
  EXPECT_EQ(table[3].player, D);
}

TEST(SwissStandings, SonnebornBergerDecidesBetweenEqualPointsAndBuchholz) {
  // A beats X and loses to Y; C beats Y and loses to X; X also beats E. A and C: 2 half points each, Buchholz
  // X + Y = 6 each; Sonneborn-Berger A = 2 * X (4) = 8 against C = 2 * Y (2) = 4.
  auto entrants = seeded(6);
  const int A = 5, C = 0, X = 1, Y = 2, E = 3, F = 4;  // C seeded highest: only the tie-break can put A first
  std::vector<swiss::Round> rounds{
      {{{A, X, 2}, {C, Y, 2}, {E, F, 0}}, std::nullopt},
      {{{A, Y, 0}, {C, X, 0}, {E, F, 1}}, std::nullopt},
      {{{X, E, 2}}, std::nullopt},
  };
  const auto table = swiss::standings(entrants, rounds);
  std::vector<int> order;
  for (const auto& s : table) order.push_back(s.player);
  const auto at = [&](int p) { return std::find(order.begin(), order.end(), p) - order.begin(); };
  EXPECT_EQ(table[at(A)].buchholz, table[at(C)].buchholz);
  EXPECT_EQ(table[at(A)].sonneborn_berger, 8);
  EXPECT_EQ(table[at(C)].sonneborn_berger, 4);
  EXPECT_LT(at(A), at(C));
}

TEST(SwissStandings, ABadResultIsRefusedInOneLine) {
  const auto entrants = seeded(2);
  EXPECT_THROW(swiss::standings(entrants, {{{{0, 0, 2}}, std::nullopt}}), BadInput);
  EXPECT_THROW(swiss::standings(entrants, {{{{0, 1, 3}}, std::nullopt}}), BadInput);
  EXPECT_THROW(swiss::pair_round(entrants, {{{{0, 5, 2}}, std::nullopt}}), BadInput);
}

TEST(ArenaPoints, TwoWinsInARowStartAStreakThatDoublesUntilAGameIsNotWon) {
  using R = arena::Result;
  EXPECT_EQ(arena::score({}).points, 0);
  EXPECT_EQ(arena::score({R::Win, R::Draw, R::Loss}).points, 3);
  // W W (streak) W=4 D=2 (streak ends) W=2
  const auto s = arena::score({R::Win, R::Win, R::Win, R::Draw, R::Win});
  EXPECT_EQ(s.points, 2 + 2 + 4 + 2 + 2);
  EXPECT_FALSE(s.on_streak);
  EXPECT_TRUE(arena::score({R::Win, R::Win}).on_streak);
  EXPECT_EQ(arena::score({R::Win, R::Win, R::Loss, R::Win}).points, 6);
}

TEST(ArenaPairing, NearestInTheStandingsButNotTheLastOpponent) {
  // Ranks 0..3 waiting; 0 just played 1: 0 meets 2, 1 meets 3.
  const auto pairs = arena::pair_waiting({{10, 0, 11}, {11, 1, 10}, {12, 2, -1}, {13, 3, -1}});
  EXPECT_EQ(pairs, (std::vector<std::pair<int, int>>{{10, 12}, {11, 13}}));
  // Only two waiting, and they just met: they meet again rather than wait.
  EXPECT_EQ(arena::pair_waiting({{1, 0, 2}, {2, 1, 1}}), (std::vector<std::pair<int, int>>{{1, 2}}));
  // An odd count: the last to arrive waits.
  const auto odd = arena::pair_waiting({{1, 5, -1}, {2, 0, -1}, {3, 1, -1}});
  EXPECT_EQ(odd, (std::vector<std::pair<int, int>>{{2, 1}}));
}

}  // namespace
}  // namespace strat::server
