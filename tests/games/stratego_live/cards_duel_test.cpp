// L-01..L-08: teams, card sets, dealing, duels, captured counts.
#include <gtest/gtest.h>

#include <map>

#include "core/error.hpp"
#include "games/stratego_live/duel.hpp"
#include "helpers.hpp"

using namespace live_test;
using strat::BadInput;

TEST(L01, TwoEqualTeamsEachWithAFullSetAndAFlag) {
  LiveGame g = new_game(7);
  const LiveState& s = g.state();
  for (int t = 0; t < 2; ++t) {
    EXPECT_EQ(s.players(t), 7);
    EXPECT_EQ(s.teams[t].stock, s.set);
    EXPECT_EQ(s.teams[t].captured.total(), 0);
    EXPECT_EQ(s.teams[t].carrier, 0);
  }
  EXPECT_EQ(s.winner, -1);
  EXPECT_THROW(new_game(1), BadInput);  // a team of one cannot play against a team of one
}

TEST(L02, CardSetsFollowTheTableForEveryPlayerCount) {
  // Rows of L-02: 10 9 8 7 6 5 4 3 2 1 B.
  const std::map<int, std::vector<int>> rows = {{20, {1, 1, 2, 2, 2, 2, 2, 3, 2, 1, 2}},
                                                {30, {1, 2, 2, 3, 3, 3, 3, 4, 4, 2, 3}},
                                                {40, {1, 2, 3, 4, 5, 5, 5, 5, 4, 2, 4}},
                                                {60, {1, 4, 5, 6, 7, 7, 7, 6, 8, 2, 7}}};
  for (const auto& [cards, row] : rows) {
    CardCounts c = card_set_of_size(cards);
    EXPECT_EQ(c.total(), cards);
    for (int i = 0; i < 10; ++i) EXPECT_EQ(c[10 - i], row[i]) << cards << " cards, rank " << 10 - i;
    EXPECT_EQ(c[kBomb], row[10]);
  }
  const std::map<int, int> by_players = {{4, 20},  {10, 20}, {11, 30}, {16, 30}, {17, 40},
                                         {24, 40}, {25, 60}, {26, 60}, {200, 60}};
  for (const auto& [players, cards] : by_players) EXPECT_EQ(card_set_for_players(players).total(), cards) << players;
  EXPECT_EQ(players_range_of_set(20), "4-10");
  EXPECT_EQ(players_range_of_set(40), "17-24");
  EXPECT_EQ(players_range_of_set(60), "25+");
  EXPECT_THROW(card_set_for_players(3), BadInput);
  EXPECT_THROW(card_set_of_size(25), BadInput);
  // The game picks the set from the number of players of both teams: 2 x 8 = 16 -> 30 cards.
  EXPECT_EQ(new_game(8).state().setup.cards, 30);
  EXPECT_EQ(new_game(9).state().setup.cards, 40);
  EXPECT_EQ(new_game(13).state().setup.cards, 60);
}

TEST(L03, BlindDealsAreSeededAndDrawTheWholeStockChosenDealsGiveTheRank) {
  // Blind: dealing a whole set one card at a time (each player gives the card back through a duel would be
  // long, so use a set-sized team) yields exactly the set, in an order fixed by the seed.
  auto deal_all = [](std::uint64_t seed) {
    LiveGame g = new_game(20, seed, 20);
    std::vector<int> order;
    for (int p = 1; p <= 20; ++p) order.push_back(g.deal_blind(kRed, kRed, p, 0).rank);
    EXPECT_EQ(g.state().teams[kRed].stock.total(), 0);
    CardCounts got;
    for (int r : order) got[r]++;
    EXPECT_EQ(got, g.state().set);
    return order;
  };
  EXPECT_EQ(deal_all(5), deal_all(5));
  EXPECT_NE(deal_all(5), deal_all(6));
  // Chosen: the leader picks the rank.
  LiveGame g = new_game();
  EXPECT_EQ(g.deal_chosen(kBlue, kBlue, 2, kMarshal, 0).rank, kMarshal);
  EXPECT_EQ(card(g, kBlue, 2), kMarshal);
  EXPECT_TRUE(g.log().back().chosen);
  EXPECT_THROW(g.deal_chosen(kBlue, kBlue, 3, kMarshal, 0), BadInput);  // the only Marshal is out
}

TEST(L04, HigherRankWinsAndTakesTheLosersCard) {
  LiveGame g = new_game();
  give(g, kRed, 1, 8);
  give(g, kBlue, 1, 5);
  g.duel(kReferee, kBlue, 1, 1, 0);  // Blue's 5 tags Red's 8
  const auto& r = g.results().back();
  EXPECT_EQ(r.winner, DuelWinner::kTagged);
  EXPECT_EQ(card(g, kRed, 1), 8);             // the winner keeps playing with their card
  EXPECT_EQ(card(g, kBlue, 1), kNoCard);      // the loser goes back for a new card
  EXPECT_EQ(g.state().teams[kRed].captured[5], 1);
  EXPECT_EQ(g.state().teams[kBlue].captured.total(), 0);
  EXPECT_EQ(resolve_duel(9, 4).winner, DuelWinner::kTagger);
  EXPECT_EQ(resolve_duel(4, 9).winner, DuelWinner::kTagged);
  EXPECT_EQ(resolve_duel(2, 1).winner, DuelWinner::kTagger);
}

TEST(L05, EqualRanksExchangeCardsAndBothGoBack) {
  LiveGame g = new_game();
  give(g, kRed, 2, 6);
  give(g, kBlue, 3, 6);
  g.duel(kReferee, kRed, 2, 3, 0);
  EXPECT_EQ(g.results().back().winner, DuelWinner::kBoth);
  EXPECT_EQ(card(g, kRed, 2), kNoCard);
  EXPECT_EQ(card(g, kBlue, 3), kNoCard);
  EXPECT_EQ(g.state().teams[kRed].captured[6], 1);
  EXPECT_EQ(g.state().teams[kBlue].captured[6], 1);
  for (int r = kSpy; r <= kMarshal; ++r) EXPECT_EQ(resolve_duel(r, r).winner, DuelWinner::kBoth) << r;
}

TEST(L06, BombNeverTagsBeatsEveryTaggerButTheMiner) {
  EXPECT_THROW(resolve_duel(kBomb, 5), BadInput);
  EXPECT_THROW(resolve_duel(kBomb, kMiner), BadInput);
  for (int r = kSpy; r <= kMarshal; ++r) {
    auto v = resolve_duel(r, kBomb);
    EXPECT_EQ(v.winner, r == kMiner ? DuelWinner::kTagger : DuelWinner::kTagged) << r;
  }
  // A Bomb tagged by a Miner is captured; the Miner stays in play.
  LiveGame g = new_game();
  give(g, kRed, 1, kBomb);
  give(g, kBlue, 1, kMiner);
  give(g, kBlue, 2, kMarshal);
  EXPECT_THROW(g.duel(kReferee, kRed, 1, 2, 0), BadInput);  // the Bomb cannot tag the Marshal
  EXPECT_EQ(g.log().size(), 4u);                            // refused: nothing logged
  g.duel(kReferee, kBlue, 2, 1, 0);                         // the Marshal tags the Bomb and loses
  EXPECT_EQ(card(g, kBlue, 2), kNoCard);
  EXPECT_EQ(card(g, kRed, 1), kBomb);
  EXPECT_EQ(g.state().teams[kRed].captured[kMarshal], 1);
  g.duel(kReferee, kBlue, 1, 1, 0);  // the Miner defuses it
  EXPECT_EQ(card(g, kRed, 1), kNoCard);
  EXPECT_EQ(card(g, kBlue, 1), kMiner);
  EXPECT_EQ(g.state().teams[kBlue].captured[kBomb], 1);
}

TEST(L07, SpyBeatsMarshalBothWaysAndLosesToEveryOtherRank) {
  EXPECT_EQ(resolve_duel(kSpy, kMarshal).winner, DuelWinner::kTagger);
  EXPECT_EQ(resolve_duel(kMarshal, kSpy).winner, DuelWinner::kTagged);  // unlike the board game
  for (int r = kScout; r <= 9; ++r) {
    EXPECT_EQ(resolve_duel(kSpy, r).winner, DuelWinner::kTagged) << r;
    EXPECT_EQ(resolve_duel(r, kSpy).winner, DuelWinner::kTagger) << r;
  }
  EXPECT_EQ(resolve_duel(kSpy, kBomb).winner, DuelWinner::kTagged);
  LiveGame g = new_game();
  give(g, kRed, 1, kMarshal);
  give(g, kBlue, 1, kSpy);
  g.duel(kReferee, kRed, 1, 1, 0);  // the Marshal tags the Spy and still loses
  EXPECT_EQ(card(g, kRed, 1), kNoCard);
  EXPECT_EQ(card(g, kBlue, 1), kSpy);
  EXPECT_EQ(g.state().teams[kBlue].captured[kMarshal], 1);
}

TEST(L08, CapturedCardsAreCountedByTheWinnersLeader) {
  LiveGame g = new_game(5);
  give(g, kRed, 1, 9);
  for (int i = 0; i < 4; ++i) {
    give(g, kBlue, 1, i < 2 ? 4 : 5);
    g.duel(kReferee, kRed, 1, 1, 0);  // duels are the referee's (L-19)
  }
  const CardCounts& c = g.state().teams[kRed].captured;
  EXPECT_EQ(c.total(), 4);
  EXPECT_EQ(c[4], 2);
  EXPECT_EQ(c[5], 2);
  EXPECT_EQ(g.state().teams[kBlue].stock.total(), 16);
  EXPECT_TRUE(conserved(g.state(), kRed));
  EXPECT_TRUE(conserved(g.state(), kBlue));
  EXPECT_EQ(g.view(kRed)["teams"][0]["captured"]["total"], 4);
}
