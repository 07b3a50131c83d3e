// L-09..L-19: players out, the flag, setup, dealing, duels as recorded, dashboard, undo and log, views.
#include <gtest/gtest.h>

#include "core/error.hpp"
#include "helpers.hpp"

using namespace live_test;
using strat::BadInput;
using nlohmann::json;

namespace {
// Red captures `n` Blue cards: Red player 1 holds the Marshal and Blue players take turns losing to it.
void red_captures(LiveGame& g, int n) {
  if (card(g, kRed, 1) == kNoCard) give(g, kRed, 1, kMarshal);
  for (int i = 0; i < n; ++i) {
    const auto& stock = g.state().teams[kBlue].stock;
    int r = kScout;
    while (stock[r] == 0 || r == kSpy || r == kBomb || r == kMarshal) ++r;
    give(g, kBlue, 2, r);
    g.duel(kReferee, kRed, 1, 2, 0);
  }
}
}  // namespace

TEST(L09, PlayersWhoLoseTheirCardWhenTheStockIsEmptyAreOut) {
  LiveGame g = new_game(3, 1, 20);
  give(g, kRed, 1, kMarshal);
  give(g, kRed, 2, kMiner);
  give(g, kRed, 3, kSpy);
  // Blue player 1 draws the whole Blue stock blind and loses every card: the Spy takes the Marshal, the Miner
  // takes Bombs, Spies and Scouts, the Marshal the rest.
  for (int i = 0; i < 20; ++i) {
    EXPECT_EQ(g.state().players_out(kBlue), 0);
    const int r = g.deal_blind(kBlue, kBlue, 1, 0).rank;
    const int tagger = r == kMarshal ? 3 : (r == kBomb || r == kSpy || r == kScout) ? 2 : 1;
    g.duel(kReferee, kRed, tagger, 1, 0);
    ASSERT_EQ(card(g, kBlue, 1), kNoCard) << "rank " << r;
  }
  EXPECT_EQ(g.state().teams[kBlue].stock.total(), 0);
  EXPECT_EQ(g.state().teams[kRed].captured, g.state().set);
  for (int p = 1; p <= 3; ++p) EXPECT_TRUE(g.state().out(kBlue, p)) << p;
  EXPECT_EQ(g.state().players_out(kBlue), 3);
  EXPECT_EQ(g.state().players_out(kRed), 0);  // Red still has cards to hand out
  EXPECT_THROW(g.deal_blind(kBlue, kBlue, 1, 0), BadInput);
  EXPECT_TRUE(g.view(kRed)["teams"][1]["players"][0]["out"].get<bool>());
  // Undoing the last duel gives Blue player 1 their card back: in again.
  g.undo(kReferee, static_cast<int>(g.log().size()) - 1, 0);
  EXPECT_FALSE(g.state().out(kBlue, 1));
  EXPECT_EQ(g.state().players_out(kBlue), 2);
}

TEST(L10, FlagOnlyAfterHalfTheEnemyCardsExceptForAScout) {
  LiveGame g = new_game(5);  // 20 cards: threshold 10
  EXPECT_EQ(g.state().flag_threshold(), 10);
  give(g, kRed, 3, 9);
  EXPECT_THROW(g.flag_taken(kRed, kRed, 3, 0), BadInput);
  give(g, kBlue, 4, kScout);
  g.flag_taken(kBlue, kBlue, 4, 0);  // a Scout may take it from the start
  EXPECT_EQ(g.state().teams[kBlue].carrier, 4);
  red_captures(g, 9);
  EXPECT_FALSE(g.state().flag_allowed(kRed));
  EXPECT_THROW(g.flag_taken(kReferee, kRed, 3, 0), BadInput);
  red_captures(g, 1);
  EXPECT_TRUE(g.state().flag_allowed(kRed));
  EXPECT_TRUE(g.view(kBlue)["teams"][0]["flag_allowed"].get<bool>());
  g.flag_taken(kReferee, kRed, 3, 0);
  EXPECT_EQ(g.state().teams[kRed].carrier, 3);
  EXPECT_EQ(new_game(30).state().flag_threshold(), 30);  // 60 cards
}

TEST(L11, PlayerWithoutACardNeverTakesTheFlag) {
  LiveGame g = new_game(5);
  red_captures(g, 10);
  ASSERT_TRUE(g.state().flag_allowed(kRed));
  EXPECT_THROW(g.flag_taken(kReferee, kRed, 2, 0), BadInput);  // Red player 2 was never dealt a card
  give(g, kBlue, 5, 9);
  give(g, kRed, 2, 9);
  g.duel(kReferee, kBlue, 5, 2, 0);  // both go back
  EXPECT_THROW(g.flag_taken(kReferee, kBlue, 5, 0), BadInput);
}

TEST(L12, CarrierWhoLosesADuelGivesTheFlagBack) {
  LiveGame g = new_game(5);
  give(g, kRed, 1, kScout);
  g.flag_taken(kReferee, kRed, 1, 0);
  give(g, kBlue, 1, kSpy);
  g.duel(kReferee, kBlue, 1, 1, 0);  // the Spy tags the carrying Scout and loses: Red keeps the flag
  EXPECT_EQ(g.state().teams[kRed].carrier, 1);
  EXPECT_FALSE(g.results().back().flag_recaptured);
  give(g, kBlue, 2, 5);
  g.duel(kReferee, kBlue, 2, 1, 0);  // the 5 tags the Scout: the flag goes back to Blue
  EXPECT_EQ(g.state().teams[kRed].carrier, 0);
  EXPECT_TRUE(g.results().back().flag_recaptured);
  EXPECT_FALSE(g.view(kBlue)["teams"][1]["own_flag_taken"].get<bool>());
  // Equal ranks: the carrier loses their card too, so the flag goes back (L-11).
  give(g, kRed, 2, kScout);
  g.flag_taken(kReferee, kRed, 2, 0);
  give(g, kBlue, 3, kScout);
  g.duel(kReferee, kRed, 2, 3, 0);
  EXPECT_EQ(g.state().teams[kRed].carrier, 0);
  // The referee may also send the flag back (carrier out of bounds).
  give(g, kBlue, 4, kScout);
  g.flag_taken(kReferee, kBlue, 4, 0);
  EXPECT_THROW(g.flag_returned(kRed, kRed, 0), BadInput);  // only the referee
  g.flag_returned(kReferee, kRed, 0);
  EXPECT_EQ(g.state().teams[kBlue].carrier, 0);
  EXPECT_THROW(g.flag_returned(kReferee, kRed, 0), BadInput);
}

TEST(L13, BringingTheFlagHomeWinsAndEndsTheGame) {
  LiveGame g = new_game(5);
  EXPECT_THROW(g.flag_home(kReferee, kRed, 0), BadInput);
  give(g, kRed, 1, kScout);
  g.flag_taken(kReferee, kRed, 1, 0);
  g.flag_home(kRed, kRed, 0);
  EXPECT_EQ(g.state().winner, kRed);
  EXPECT_EQ(g.view(kBlue)["winner"], "red");
  EXPECT_THROW(give(g, kBlue, 1, 5), BadInput);
  g.undo(kReferee, static_cast<int>(g.log().size()) - 1, 0);  // a mistaken tap: play on
  EXPECT_EQ(g.state().winner, -1);
  give(g, kBlue, 1, 5);
}

TEST(L14, SetupNamesRostersAndSetSize) {
  GameSetup s;
  s.players_per_team = 3;
  s.names = {"Foxes", "Owls"};
  s.rosters[kRed] = {"Ann", "Bob"};
  LiveGame g = LiveGame::create(s, 0);
  EXPECT_EQ(g.state().setup.cards, 20);
  EXPECT_EQ(g.state().player_name(kRed, 1), "Ann");
  EXPECT_EQ(g.state().player_name(kRed, 3), "player 3");
  EXPECT_EQ(g.view(kReferee)["teams"][1]["name"], "Owls");
  s.cards = 40;  // a group may choose a bigger set than the table's
  EXPECT_EQ(LiveGame::create(s, 0).state().teams[kBlue].stock.total(), 40);
  s.cards = 35;
  EXPECT_THROW(LiveGame::create(s, 0), BadInput);
  s.cards = 0;
  s.rosters[kBlue] = {"a", "b", "c", "d"};
  EXPECT_THROW(LiveGame::create(s, 0), BadInput);
  s.rosters[kBlue].clear();
  s.players_per_team = 61;  // more players than a 60-card set
  EXPECT_THROW(LiveGame::create(s, 0), BadInput);
  EXPECT_THROW(strat::live::setup_from_json(json{{"players_per_team", 1}}), BadInput);
  EXPECT_THROW(strat::live::setup_from_json(json{{"players_per_team", 4}, {"names", {"x"}}}), BadInput);
}

TEST(L15, DealingDrawsFromTheStockOnePlayerOneCard) {
  LiveGame g = new_game(5);
  g.deal_blind(kRed, kRed, 1, 0);
  EXPECT_EQ(g.state().teams[kRed].stock.total(), 19);
  EXPECT_THROW(g.deal_blind(kRed, kRed, 1, 0), BadInput);     // already holds a card
  EXPECT_THROW(g.deal_blind(kRed, kBlue, 1, 0), BadInput);    // not Red's leader's cards
  EXPECT_THROW(g.deal_blind(kRed, kRed, 6, 0), BadInput);     // no such player
  EXPECT_THROW(g.deal_chosen(kRed, kRed, 2, 0, 0), BadInput);  // no card named
  EXPECT_EQ(g.state().teams[kRed].stock.total(), 19);
  EXPECT_EQ(g.log().size(), 2u);
}

TEST(L16, DuelIsRecordedFromTheTwoCardsWithItsVerdict) {
  LiveGame g = new_game(5);
  give(g, kRed, 1, kMiner);
  give(g, kBlue, 2, kBomb);
  EXPECT_THROW(g.duel(kReferee, kRed, 2, 2, 0), BadInput);  // Red 2 has no card
  EXPECT_THROW(g.duel(kReferee, kRed, 1, 7, 0), BadInput);  // no Blue 7
  g.duel(kReferee, kRed, 1, 2, 0);
  json v = g.view(kReferee)["last_duel"];
  EXPECT_EQ(v["verdict"]["winner"], "red");
  EXPECT_EQ(v["verdict"]["tagger_card"], "3");
  EXPECT_EQ(v["verdict"]["tagged_card"], "B");
  EXPECT_EQ(v["verdict"]["reason"], "Miner defuses the Bomb");
  EXPECT_NE(v["text"].get<std::string>().find("Red wins the duel"), std::string::npos);
  // Who tagged whom matters: the same two cards the other way round are no duel at all.
  give(g, kBlue, 3, kBomb);
  EXPECT_THROW(g.duel(kReferee, kBlue, 3, 1, 0), BadInput);
}

TEST(L17, DashboardShowsStockCapturedFlagAndPlayersOut) {
  LiveGame g = new_game(5);
  red_captures(g, 10);
  json v = g.view(kRed);
  json red = v["teams"][0];
  EXPECT_EQ(red["stock"]["total"], 19);
  EXPECT_EQ(red["captured"]["total"], 10);
  EXPECT_TRUE(red["flag_allowed"].get<bool>());
  EXPECT_EQ(red["players_out"], 0);
  EXPECT_EQ(red["carrier"], nullptr);
  EXPECT_EQ(v["flag_threshold"], 10);
  json blue = v["teams"][1];
  EXPECT_FALSE(blue["flag_allowed"].get<bool>());
  EXPECT_EQ(blue["captured"]["total"], 0);
}

TEST(L18, EveryEventIsLoggedWithTimeAndTheRefereeCanUndoIt) {
  LiveGame g = new_game(5);
  g.deal_chosen(kReferee, kRed, 1, 7, 111);
  g.deal_chosen(kReferee, kBlue, 1, 6, 222);
  g.duel(kReferee, kRed, 1, 1, 333);
  EXPECT_EQ(g.log()[3].time_ms, 333);
  EXPECT_THROW(g.undo(kRed, 3, 0), BadInput);  // only the referee undoes
  EXPECT_THROW(g.undo(kReferee, 0, 0), BadInput);
  EXPECT_THROW(g.undo(kReferee, 9, 0), BadInput);
  // Undoing the deal would leave the duel without a card: refused, naming the duel.
  try {
    g.undo(kReferee, 1, 0);
    ADD_FAILURE() << "undo accepted";
  } catch (const BadInput& e) {
    EXPECT_NE(std::string(e.what()).find("#3"), std::string::npos) << e.what();
  }
  LiveState before_duel = LiveGame::from_json(json(g.to_json()).get<json>()).state();
  g.undo(kReferee, 3, 444);
  EXPECT_EQ(card(g, kBlue, 1), 6);
  EXPECT_EQ(g.state().teams[kRed].captured.total(), 0);
  EXPECT_FALSE(g.results()[3].active);
  EXPECT_THROW(g.undo(kReferee, 3, 0), BadInput);  // already undone
  g.undo(kReferee, 4, 555);                        // undo the undo: the duel is back
  EXPECT_EQ(g.state(), before_duel);
  EXPECT_EQ(g.view(kReferee)["log"][5]["text"], "Redo #3");
  // Survives a reload: the stored log gives the same game.
  LiveGame again = LiveGame::from_json_text(g.to_json().dump());
  EXPECT_EQ(again.state(), g.state());
  EXPECT_EQ(again.log(), g.log());
  EXPECT_EQ(again.results(), g.results());
}

TEST(L18, StoredLogsAreCheckedOnLoad) {
  LiveGame g = new_game(5);
  give(g, kRed, 1, 7);
  json log = g.to_json();
  json bad = log;
  bad[1]["rank"] = "X";
  EXPECT_THROW(LiveGame::from_json(bad), BadInput);
  bad = log;
  bad[1]["seq"] = 5;
  EXPECT_THROW(LiveGame::from_json(bad), BadInput);
  bad = log;
  bad.push_back(log[1]);
  bad[2]["seq"] = 2;  // the same player dealt twice
  EXPECT_THROW(LiveGame::from_json(bad), BadInput);
  bad = log;
  bad[1]["by"] = "blue";  // Blue's leader cannot deal Red cards
  EXPECT_THROW(LiveGame::from_json(bad), BadInput);
  EXPECT_THROW(LiveGame::from_json_text("[{"), BadInput);
  EXPECT_THROW(LiveGame::from_json_text("[]"), BadInput);
  EXPECT_THROW(LiveGame::from_json(json::array({log[1]})), BadInput);
}

TEST(L19, LeaderSeesOnlyTheirOwnStockAndHands) {
  LiveGame g = new_game(5, 9);
  g.deal_blind(kRed, kRed, 1, 0);
  g.deal_chosen(kBlue, kBlue, 1, kMarshal, 0);
  g.deal_blind(kBlue, kBlue, 2, 0);
  json ref = g.view(kReferee);
  for (int t = 0; t < 2; ++t) {
    EXPECT_TRUE(ref["teams"][t].contains("stock"));
    EXPECT_TRUE(ref["teams"][t]["players"][0].contains("card"));
  }
  for (int me = 0; me < 2; ++me) {
    json v = g.view(me);
    EXPECT_EQ(v["role"], team_code(me));
    EXPECT_TRUE(v["teams"][me].contains("stock"));
    EXPECT_TRUE(v["teams"][me]["players"][0].contains("card"));
    EXPECT_FALSE(v["teams"][1 - me].contains("stock"));
    EXPECT_FALSE(v["teams"][1 - me].contains("cards_in_hands"));
    for (const auto& p : v["teams"][1 - me]["players"]) EXPECT_FALSE(p.contains("card"));
    for (const auto& e : v["log"]) {
      EXPECT_FALSE(e.contains("setup"));  // the seed would predict blind deals
      if (e["type"] == "deal" && e["team"] != team_code(me)) {
        EXPECT_FALSE(e.contains("rank"));
        EXPECT_EQ(e["text"].get<std::string>().find("Marshal"), std::string::npos);
      }
    }
  }
  // The other team's stock composition is not in the text of a leader's view at all.
  EXPECT_EQ(g.view_json(kRed).find("\"stock\""), g.view_json(kRed).rfind("\"stock\""));
  EXPECT_THROW(g.view(5), BadInput);
}

TEST(L19, LeaderViewDoesNotDependOnTheOtherTeamsHiddenCards) {
  // Same events, different seeds: Blue's blind cards differ, everything Red may know is the same, so Red's
  // view must be the same byte for byte (and Blue's must not, or the test proves nothing).
  int differing_blue_views = 0;
  for (std::uint64_t seed = 1; seed <= 50; ++seed) {
    LiveGame a = new_game(6, seed), b = new_game(6, seed + 1000);
    for (LiveGame* g : {&a, &b}) {
      for (int p = 1; p <= 6; ++p) g->deal_blind(kBlue, kBlue, p, p);
      g->deal_chosen(kRed, kRed, 1, 7, 10);
      g->deal_chosen(kRed, kRed, 2, kScout, 11);
      g->flag_taken(kRed, kRed, 2, 12);
    }
    EXPECT_EQ(a.view_json(kRed), b.view_json(kRed)) << "seed " << seed;
    differing_blue_views += a.view_json(kBlue) != b.view_json(kBlue);
  }
  EXPECT_GT(differing_blue_views, 40);
}
