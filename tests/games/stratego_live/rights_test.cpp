// L-19 (and L-16, L-18): who may record what. A leader acts only for their own team (deals, flags taken,
// flags brought home); duels, returned flags and undo are the referee's. A leader's refusal is decided before
// the state is read, so its text cannot tell them anything about the other team's cards.
#include <gtest/gtest.h>

#include <functional>

#include "core/error.hpp"
#include "games/stratego_live/command.hpp"
#include "helpers.hpp"

using namespace live_test;
using strat::BadInput;
using nlohmann::json;

namespace {
// The message of a refused command, or "" when it was accepted.
std::string refusal_of(LiveGame& g, const json& command, int actor) {
  try {
    apply_command(g, command, actor, 5000);
    return "";
  } catch (const BadInput& e) {
    return e.what();
  }
}

Event event(EventType type, int team) {
  Event e;
  e.type = type;
  e.team = team;
  return e;
}
}  // namespace

TEST(L19, RightsTableRefereeEverythingLeaderOwnDealsAndFlagsOnly) {
  const EventType all[] = {EventType::kDeal,         EventType::kDuel,     EventType::kFlagTaken,
                           EventType::kFlagReturned, EventType::kFlagHome, EventType::kUndo};
  for (EventType type : all)
    for (int team : {kRed, kBlue}) {
      EXPECT_TRUE(LiveGame::may_record(kReferee, event(type, team)));
      for (int leader : {kRed, kBlue}) {
        const bool own_team_op = type == EventType::kDeal || type == EventType::kFlagTaken || type == EventType::kFlagHome;
        EXPECT_EQ(LiveGame::may_record(leader, event(type, team)), own_team_op && team == leader)
            << event_type_code(type) << " for " << team_code(team) << " by " << role_code(leader);
      }
    }
  EXPECT_FALSE(LiveGame::may_record(5, event(EventType::kDeal, kRed)));
  EXPECT_EQ(LiveGame::refusal(kRed, EventType::kDuel),
            "duel: the Red leader records only Red's deals, flags taken and flags brought home; duels, returned "
            "flags and undo are the referee's");
}

TEST(L19, RefereeRecordsDuelsLeadersNoLonger) {
  LiveGame g = new_game(5, 3);
  give(g, kRed, 1, kMarshal);
  give(g, kBlue, 1, kBomb);
  give(g, kBlue, 2, 6);
  for (int leader : {kRed, kBlue})
    for (int tagger_team : {kRed, kBlue}) {
      const std::size_t size = g.log().size();
      const LiveState before = g.state();
      // Blue 1's Bomb as tagger was the old leak: "a Bomb may walk but never tags".
      const std::string why = refusal_of(g, json{{"op", "duel"}, {"tagger_team", team_code(tagger_team)}, {"tagger", 1}, {"tagged", 1}}, leader);
      EXPECT_EQ(why, LiveGame::refusal(leader, EventType::kDuel));
      EXPECT_EQ(why.find("Bomb"), std::string::npos) << why;
      EXPECT_EQ(g.log().size(), size);
      EXPECT_EQ(g.state(), before);
    }
  EXPECT_THROW(g.duel(kRed, kRed, 1, 2, 0), BadInput);
  EXPECT_THROW(g.flag_returned(kBlue, kRed, 0), BadInput);
  // The referee still records every duel, and still gets the rule's reason for an impossible one.
  EXPECT_EQ(refusal_of(g, json{{"op", "duel"}, {"tagger_team", "blue"}, {"tagger", 1}, {"tagged", 1}}, kReferee),
            "a Bomb may walk but never tags");
  const Event& duel = apply_command(g, json{{"op", "duel"}, {"tagger_team", "red"}, {"tagger", 1}, {"tagged", 2}}, kReferee, 6000);
  EXPECT_EQ(duel.actor, kReferee);
  EXPECT_EQ(card(g, kBlue, 2), kNoCard);
  EXPECT_EQ(g.state().teams[kRed].captured.total(), 1);
}

TEST(L19, LeaderFlagEventsOnlyForTheirOwnTeam) {
  LiveGame g = new_game(5, 3);
  give(g, kRed, 1, kScout);
  give(g, kBlue, 1, kScout);
  give(g, kBlue, 2, 7);  // not a Scout: the old refusal said so to the Red leader
  for (int p : {1, 2})
    EXPECT_EQ(refusal_of(g, json{{"op", "flag_taken"}, {"team", "blue"}, {"player", p}}, kRed),
              LiveGame::refusal(kRed, EventType::kFlagTaken));
  EXPECT_EQ(refusal_of(g, json{{"op", "flag_taken"}, {"team", "red"}, {"player", 1}}, kRed), "");
  EXPECT_EQ(refusal_of(g, json{{"op", "flag_home"}, {"team", "red"}}, kBlue), LiveGame::refusal(kBlue, EventType::kFlagHome));
  EXPECT_EQ(refusal_of(g, json{{"op", "flag_returned"}, {"flag", "blue"}}, kRed), LiveGame::refusal(kRed, EventType::kFlagReturned));
  EXPECT_EQ(refusal_of(g, json{{"op", "undo"}, {"target", 4}}, kRed), LiveGame::refusal(kRed, EventType::kUndo));
  EXPECT_EQ(refusal_of(g, json{{"op", "deal"}, {"team", "red"}, {"player", 2}}, kBlue), LiveGame::refusal(kBlue, EventType::kDeal));
  EXPECT_EQ(refusal_of(g, json{{"op", "flag_home"}, {"team", "red"}}, kRed), "");
  EXPECT_EQ(g.state().winner, kRed);
}

TEST(L19, RefusalsToLeadersDoNotDependOnTheOtherTeamsCards) {
  // Every command naming the other team, against every card the other team's player 1 might hold (or none):
  // the Red leader's answer is the same text each time.
  const std::vector<json> commands = {
      json{{"op", "duel"}, {"tagger_team", "blue"}, {"tagger", 1}, {"tagged", 1}},
      json{{"op", "duel"}, {"tagger_team", "red"}, {"tagger", 1}, {"tagged", 1}},
      json{{"op", "flag_taken"}, {"team", "blue"}, {"player", 1}},
      json{{"op", "flag_home"}, {"team", "blue"}},
      json{{"op", "flag_returned"}, {"flag", "red"}},
      json{{"op", "deal"}, {"team", "blue"}, {"player", 1}},
      json{{"op", "deal"}, {"team", "blue"}, {"player", 1}, {"mode", "chosen"}, {"rank", "B"}},
      json{{"op", "undo"}, {"target", 2}},
      json{{"op", "duel"}, {"tagger_team", "blue"}, {"tagger", 9}, {"tagged", 1}},
  };
  std::vector<std::string> first;
  for (int blue_card = kNoCard; blue_card <= kBomb; ++blue_card) {
    LiveGame g = new_game(5, 7);
    give(g, kRed, 1, kMarshal);
    if (blue_card != kNoCard) give(g, kBlue, 1, blue_card);
    else give(g, kBlue, 2, 5);  // same log length either way
    std::vector<std::string> answers;
    for (const json& c : commands) answers.push_back(refusal_of(g, c, kRed));
    for (const auto& a : answers) EXPECT_NE(a, "");
    if (first.empty()) first = answers;
    EXPECT_EQ(answers, first) << "Blue 1 holds " << (blue_card == kNoCard ? "nothing" : rank_code(blue_card));
  }
}

TEST(L19, LogsStoredBeforeTheFixStillLoad) {
  // A game in progress when the server was upgraded may hold a leader's duel and flag events of either team.
  LiveGame g = new_game(5, 3);
  give(g, kRed, 1, kMarshal);
  give(g, kBlue, 1, 6);
  give(g, kBlue, 2, kScout);
  g.duel(kReferee, kRed, 1, 1, 0);
  g.flag_taken(kReferee, kBlue, 2, 0);
  json log = g.to_json();
  log[4]["by"] = "blue";  // the duel, recorded by the tagged team's leader
  log[5]["by"] = "red";   // Blue's flag taken, recorded by the Red leader
  LiveGame old = LiveGame::from_json(log);
  EXPECT_EQ(old.state(), g.state());
  log[1]["by"] = "blue";  // but a leader never dealt the other team's cards
  EXPECT_THROW(LiveGame::from_json(log), BadInput);
}
