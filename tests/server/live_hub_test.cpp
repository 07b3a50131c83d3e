// The server's live team games (issue 8): links, commands, per-role broadcasts, storage and restore.
#include <gtest/gtest.h>

#include <algorithm>
#include <filesystem>
#include <iostream>

#include "core/error.hpp"
#include "protocol_log.hpp"
#include "server/test_db.hpp"
#include "server/live_hub.hpp"
#include "server/live_store.hpp"

using namespace strat::server;
using nlohmann::json;
namespace live = strat::live;

namespace {
struct Device : Client {
  std::vector<json> got;
  std::vector<std::string> raw;  // exactly as sent, for byte-for-byte comparisons
  void send(std::string text) override {
    strat::server_test::log_protocol("live", text);
    got.push_back(json::parse(text));
    raw.push_back(text);
  }
  const json& last() const { return got.back(); }
};

json command(json c) { return json{{"type", "command"}, {"command", std::move(c)}}; }

struct Table {
  LiveHub::Seat seat[3];
  Device dev[3];  // referee, red, blue
};

Table open_all(LiveHub& hub, const json& created) {
  Table t;
  const char* roles[3] = {"referee", "red", "blue"};
  for (int i = 0; i < 3; ++i) {
    std::string why;
    EXPECT_TRUE(hub.open(created["tokens"][roles[i]], t.seat[i], why)) << why;
    EXPECT_EQ(t.seat[i].role, i - 1);
    hub.join(t.seat[i], &t.dev[i]);
  }
  return t;
}
}  // namespace

TEST(LiveHub, ThreeLinksLiveSyncAndLeadersNeverGetTheOtherStock) {
  LiveStore store(strat::server_test::test_db(":memory:"));
  std::int64_t now = 1000;
  LiveHub hub(store, [&] { return now++; });
  json created = hub.create(json{{"players_per_team", 4}, {"names", {"Foxes", "Owls"}}, {"seed", 1}});
  Table t = open_all(hub, created);
  for (auto& d : t.dev) ASSERT_EQ(d.got.size(), 1u);  // the view at once on joining
  hub.handle(t.seat[1], &t.dev[1], command({{"op", "deal"}, {"team", "red"}, {"player", 1}, {"mode", "chosen"}, {"rank", "10"}}));
  hub.handle(t.seat[2], &t.dev[2], command({{"op", "deal"}, {"team", "blue"}, {"player", 1}}));
  // Red's Marshal tags: blue's card is dealt blind from a secret seed, so it may be one that cannot tag (a Bomb).
  hub.handle(t.seat[0], &t.dev[0], command({{"op", "duel"}, {"tagger_team", "red"}, {"tagger", 1}, {"tagged", 1}}));
  for (auto& d : t.dev) {
    ASSERT_EQ(d.got.size(), 4u);
    EXPECT_EQ(d.last()["type"], "live") << d.last().dump();
    EXPECT_EQ(d.last()["changed"], 3);
    EXPECT_FALSE(d.last()["view"]["last_duel"].is_null());
  }
  // A leader may not deal for the other team nor undo: the error goes to that device only.
  hub.handle(t.seat[1], &t.dev[1], command({{"op", "deal"}, {"team", "blue"}, {"player", 2}}));
  EXPECT_EQ(t.dev[1].last()["type"], "error");
  hub.handle(t.seat[1], &t.dev[1], command({{"op", "undo"}, {"target", 3}}));
  EXPECT_EQ(t.dev[1].last()["type"], "error");
  hub.handle(t.seat[1], &t.dev[1], json{{"type", "dance"}});
  EXPECT_EQ(t.dev[1].last()["type"], "error");
  EXPECT_EQ(t.dev[0].got.size(), 4u);
  hub.handle(t.seat[0], &t.dev[0], command({{"op", "undo"}, {"target", 3}}));
  EXPECT_EQ(t.dev[2].last()["view"]["log"][3]["active"], false);
  // Every message a leader got: the other team's stock and hands are absent.
  for (int me = 0; me < 2; ++me)
    for (const auto& m : t.dev[me + 1].got) {
      if (m["type"] != "live") continue;
      const json& other = m["view"]["teams"][1 - me];
      EXPECT_FALSE(other.contains("stock"));
      for (const auto& p : other["players"]) EXPECT_FALSE(p.contains("card"));
      const std::string text = m.dump();
      EXPECT_EQ(text.find("\"stock\""), text.rfind("\"stock\""));
    }
  hub.leave(&t.dev[2]);
  hub.handle(t.seat[0], &t.dev[0], command({{"op", "deal"}, {"team", "blue"}, {"player", 2}}));
  EXPECT_EQ(t.dev[2].got.size(), 5u);  // gone: no more messages
  std::string why;
  LiveHub::Seat s;
  EXPECT_FALSE(hub.open("0123456789abcdef0123456789abcdef", s, why));
  EXPECT_FALSE(hub.open("short", s, why));
  EXPECT_THROW(hub.state("nope"), strat::BadInput);
  EXPECT_THROW(hub.create(json{{"players_per_team", 1}}), strat::BadInput);
}

TEST(LiveHub, StoredGamesSurviveARestart) {
  const std::string path = testing::TempDir() + "live_hub_test.db";
  std::filesystem::remove(path);
  json created, before;
  {
    LiveStore store(strat::server_test::test_db(path));
    LiveHub hub(store);
    created = hub.create(json{{"players_per_team", 6}});
    Table t = open_all(hub, created);
    hub.handle(t.seat[0], &t.dev[0], command({{"op", "deal"}, {"team", "red"}, {"player", 2}}));
    hub.handle(t.seat[0], &t.dev[0], command({{"op", "deal"}, {"team", "blue"}, {"player", 3}, {"mode", "chosen"}, {"rank", "B"}}));
    hub.handle(t.seat[0], &t.dev[0], command({{"op", "undo"}, {"target", 1}}));
    before = hub.state(created["tokens"]["referee"]);
  }
  LiveStore store(strat::server_test::test_db(path));
  LiveHub hub(store);
  hub.restore_all();
  ASSERT_EQ(hub.games(), 1u);
  EXPECT_EQ(hub.state(created["tokens"]["referee"]), before);
  EXPECT_EQ(hub.state(created["tokens"]["blue"])["teams"][1]["players"][2]["card"], "B");
  std::filesystem::remove(path);
}

namespace {
// One L-19 scenario through the hub, seen by `me`'s leader. The other team's hidden cards depend on `variant`
// (chosen deals by its leader and the referee, a blind deal from a stock that therefore differs); everything
// the field shows is the same in every variant. The leader sends every kind of command, valid or not, naming
// either team; what their device receives must then be the same bytes in every variant.
struct L19Run {
  std::vector<std::string> leader;  // every message the leader's device got, as sent
  std::string referee_view;         // the referee's last message: must differ, or the test proves nothing
  int commands = 0;                 // messages the leader sent
  std::vector<std::string> refusals;
};

L19Run l19_run(int me, int variant) {
  LiveStore store(strat::server_test::test_db(":memory:"));
  std::int64_t now = 1000;
  LiveHub hub(store, [&] { return now++; }, [] { return std::uint64_t{42}; });
  Table t = open_all(hub, hub.create(json{{"players_per_team", 5}, {"names", {"Foxes", "Owls"}}}));
  const std::string mine = live::team_code(me), theirs = live::team_code(1 - me);
  L19Run run;
  Device& leader = t.dev[me + 1];
  auto lead = [&](const json& m) {
    const std::size_t before = leader.got.size();
    hub.handle(t.seat[me + 1], &leader, m);
    ++run.commands;
    EXPECT_EQ(leader.got.size(), before + 1) << m.dump();  // exactly one answer: a view or an error
    if (leader.last()["type"] == "error") run.refusals.push_back(leader.last()["message"]);
  };
  auto cmd = [&](const json& c) { lead(command(c)); };
  auto referee = [&](const json& c) {
    hub.handle(t.seat[0], &t.dev[0], command(c));
    EXPECT_EQ(t.dev[0].last()["type"], "live") << t.dev[0].last().dump();
  };
  auto other_leader = [&](const json& c) {
    hub.handle(t.seat[2 - me], &t.dev[2 - me], command(c));
    EXPECT_EQ(t.dev[2 - me].last()["type"], "live") << t.dev[2 - me].last().dump();
  };
  auto deal = [](const std::string& team, int player, const char* rank) {
    json c{{"op", "deal"}, {"team", team}, {"player", player}};
    if (rank) c.update({{"mode", "chosen"}, {"rank", rank}});
    return c;
  };
  auto duel = [](const std::string& team, int tagger, int tagged) {
    return json{{"op", "duel"}, {"tagger_team", team}, {"tagger", tagger}, {"tagged", tagged}};
  };
  auto flag_taken = [](const std::string& team, int player) { return json{{"op", "flag_taken"}, {"team", team}, {"player", player}}; };

  // The other team's hidden cards: a Bomb or not (the L-06 leak), a Scout or not (the L-10 leak).
  const char* p1[] = {"B", "10", "1", "3"};
  const char* p2[] = {"2", "7", "B", "9"};
  const char* p5[] = {"8", "5", "4", "5"};  // two of each: the blind deal leaves one
  other_leader(deal(theirs, 1, p1[variant]));
  referee(deal(theirs, 2, p2[variant]));
  other_leader(deal(theirs, 3, nullptr));   // blind: the stock it draws from differs by variant
  referee(deal(theirs, 4, "6"));            // the same in every variant: shown by the duel below

  cmd(deal(mine, 1, "10"));
  cmd(deal(mine, 2, "2"));
  cmd(deal(mine, 3, nullptr));
  cmd(deal(theirs, 5, nullptr));
  cmd(deal(theirs, 5, "B"));
  cmd(deal(theirs, 99, nullptr));
  for (const std::string& team : {theirs, mine})
    for (int a = 1; a <= 3; ++a) cmd(duel(team, a, a));
  cmd(duel(theirs, 1, 9));
  for (int p = 1; p <= 3; ++p) cmd(flag_taken(theirs, p));
  cmd(json{{"op", "flag_home"}, {"team", theirs}});
  cmd(json{{"op", "flag_returned"}, {"flag", theirs}});
  cmd(json{{"op", "flag_returned"}, {"flag", mine}});
  for (int target : {1, 3, 5, 99}) cmd(json{{"op", "undo"}, {"target", target}});
  lead(json{{"type", "sync"}});
  other_leader(deal(theirs, 5, p5[variant]));  // the leader's device gets this change too
  // Malformed messages and commands, some naming the other team.
  lead(json{{"type", "dance"}});
  lead(json::array());
  lead(json{{"type", "command"}});
  cmd(json(5));
  cmd(json{{"op", "dance"}});
  cmd(json{{"op", "deal"}, {"team", "green"}, {"player", 1}});
  cmd(json{{"op", "deal"}, {"team", theirs}, {"player", "one"}});
  cmd(json{{"op", "deal"}, {"team", theirs}, {"player", 1}, {"mode", "peek"}});
  cmd(json{{"op", "deal"}, {"team", mine}, {"player", 4}, {"mode", "chosen"}, {"rank", "Z"}});
  cmd(json{{"op", "duel"}, {"tagger_team", theirs}, {"tagger", -1}, {"tagged", 2}});
  cmd(json{{"op", "duel"}, {"tagger_team", theirs}, {"tagger", 1}});
  cmd(json{{"op", "flag_taken"}, {"team", theirs}});
  cmd(json{{"op", "flag_home"}});
  cmd(json{{"op", "undo"}, {"target", "x"}});
  // Own-team commands refused by the state: only the leader's own cards or public facts are named.
  cmd(deal(mine, 1, nullptr));  // already holds the Marshal
  cmd(deal(mine, 9, nullptr));
  cmd(flag_taken(mine, 4));     // no card
  cmd(flag_taken(mine, 1));     // not a Scout, nothing captured yet
  cmd(json{{"op", "flag_home"}, {"team", mine}});  // nobody carries the flag
  // The referee records a duel whose cards the field then sees anyway: the leader's Marshal takes the 6.
  referee(duel(mine, 1, 4));
  EXPECT_EQ(leader.last().value(json::json_pointer("/view/last_duel/verdict/tagged_card"), json()), "6");
  cmd(flag_taken(mine, 2));  // the Scout takes the flag
  cmd(flag_taken(mine, 3));  // already carried
  cmd(json{{"op", "flag_home"}, {"team", mine}});
  EXPECT_EQ(leader.last().value(json::json_pointer("/view/winner"), json()), mine);
  // After the game: one public refusal, or the rights refusal.
  cmd(deal(mine, 4, nullptr));
  cmd(duel(theirs, 1, 1));
  cmd(flag_taken(theirs, 2));
  cmd(json{{"op", "undo"}, {"target", 1}});
  lead(json{{"type", "sync"}});
  run.leader = leader.raw;
  run.referee_view = t.dev[0].raw.back();
  return run;
}
}  // namespace

TEST(L19, LeaderRepliesIdenticalWhateverTheOtherTeamHolds) {
  for (int me : {live::kRed, live::kBlue}) {
    const L19Run base = l19_run(me, 0);
    for (int variant = 1; variant < 4; ++variant) {
      const L19Run run = l19_run(me, variant);
      EXPECT_NE(run.referee_view, base.referee_view) << "variant " << variant << " hides nothing different";
      ASSERT_EQ(run.leader.size(), base.leader.size()) << live::team_code(me) << " leader, variant " << variant;
      for (std::size_t i = 0; i < run.leader.size(); ++i) {
        const std::string &x = run.leader[i], &y = base.leader[i];
        const std::size_t at = std::mismatch(x.begin(), x.end(), y.begin(), y.end()).first - x.begin();
        ASSERT_TRUE(x == y) << live::team_code(me) << " leader, variant " << variant << ", message " << i
                        << " differs from byte " << at << ": " << x.substr(at > 80 ? at - 80 : 0, 200) << "\n vs "
                        << y.substr(at > 80 ? at - 80 : 0, 200);
      }
    }
    // Every command naming the other team, and every duel, returned flag or undo, got the one rights refusal.
    const std::string rights = "the " + std::string(me == live::kRed ? "Red" : "Blue") + " leader records only";
    int rights_refusals = 0;
    for (const auto& r : base.refusals) {
      rights_refusals += r.find(rights) != std::string::npos;
      EXPECT_EQ(r.find("(L-"), std::string::npos) << "rule id shown to the players: " << r;
    }
    EXPECT_EQ(rights_refusals, 23);
    std::cout << live::team_code(me) << " leader: " << base.commands << " messages sent, " << base.leader.size()
              << " received and compared byte for byte across 4 variants (" << base.refusals.size() << " refusals)\n";
  }
}

TEST(L19, RefereeRecordsDuelsLeadersAreRefusedWithoutAnyHint) {
  LiveStore store(strat::server_test::test_db(":memory:"));
  LiveHub hub(store);
  Table t = open_all(hub, hub.create(json{{"players_per_team", 4}}));
  hub.handle(t.seat[0], &t.dev[0], command({{"op", "deal"}, {"team", "red"}, {"player", 1}, {"mode", "chosen"}, {"rank", "3"}}));
  hub.handle(t.seat[0], &t.dev[0], command({{"op", "deal"}, {"team", "blue"}, {"player", 1}, {"mode", "chosen"}, {"rank", "B"}}));
  // The audit's probe: the Red leader records Blue's Bomb as tagger, to read "a Bomb never tags".
  for (int leader : {1, 2}) {
    hub.handle(t.seat[leader], &t.dev[leader], command({{"op", "duel"}, {"tagger_team", "blue"}, {"tagger", 1}, {"tagged", 1}}));
    EXPECT_EQ(t.dev[leader].last()["type"], "error");
    EXPECT_EQ(t.dev[leader].last()["message"], live::LiveGame::refusal(leader - 1, live::EventType::kDuel));
  }
  // The referee is told, without rule id, and then records the Miner's duel: the verdict reaches every phone.
  hub.handle(t.seat[0], &t.dev[0], command({{"op", "duel"}, {"tagger_team", "blue"}, {"tagger", 1}, {"tagged", 1}}));
  EXPECT_EQ(t.dev[0].last()["message"], "a Bomb may walk but never tags");
  hub.handle(t.seat[0], &t.dev[0], command({{"op", "duel"}, {"tagger_team", "red"}, {"tagger", 1}, {"tagged", 1}}));
  for (auto& d : t.dev) {
    EXPECT_EQ(d.last()["type"], "live");
    EXPECT_EQ(d.last()["view"]["last_duel"]["verdict"]["reason"], "Miner defuses the Bomb");
    EXPECT_EQ(d.last()["view"]["log"][3]["by"], "referee");
  }
}
