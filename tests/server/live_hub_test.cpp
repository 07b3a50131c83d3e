// The server's live team games (issue 8): links, commands, per-role broadcasts, storage and restore.
#include <gtest/gtest.h>

#include <filesystem>

#include "core/error.hpp"
#include "server/live_hub.hpp"
#include "server/live_store.hpp"

using namespace strat::server;
using nlohmann::json;
namespace live = strat::live;

namespace {
struct Device : Client {
  std::vector<json> got;
  void send(const std::string& text) override { got.push_back(json::parse(text)); }
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
  LiveStore store(":memory:");
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
    LiveStore store(path);
    LiveHub hub(store);
    created = hub.create(json{{"players_per_team", 6}});
    Table t = open_all(hub, created);
    hub.handle(t.seat[0], &t.dev[0], command({{"op", "deal"}, {"team", "red"}, {"player", 2}}));
    hub.handle(t.seat[0], &t.dev[0], command({{"op", "deal"}, {"team", "blue"}, {"player", 3}, {"mode", "chosen"}, {"rank", "B"}}));
    hub.handle(t.seat[0], &t.dev[0], command({{"op", "undo"}, {"target", 1}}));
    before = hub.state(created["tokens"]["referee"]);
  }
  LiveStore store(path);
  LiveHub hub(store);
  hub.restore_all();
  ASSERT_EQ(hub.games(), 1u);
  EXPECT_EQ(hub.state(created["tokens"]["referee"]), before);
  EXPECT_EQ(hub.state(created["tokens"]["blue"])["teams"][1]["players"][2]["card"], "B");
  std::filesystem::remove(path);
}
