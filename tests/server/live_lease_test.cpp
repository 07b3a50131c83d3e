// Live team games on several servers (docs/server.md, "Several servers: owners, leases and fencing"): a live game
// is played by the node holding its lease, other nodes name that node once the link is checked, a node whose
// lease ran out can no longer write the game, and another node takes it over with every acknowledged event. Two
// nodes are two Hubs (which renew the leases) and LiveHubs, each with its own connections to one test database.
#include <gtest/gtest.h>

#include <boost/asio/executor_work_guard.hpp>
#include <boost/asio/io_context.hpp>
#include <filesystem>
#include <memory>
#include <thread>

#include "protocol_log.hpp"
#include "server/hub.hpp"
#include "server/leases.hpp"
#include "server/live_hub.hpp"
#include "server/live_store.hpp"
#include "server/test_db.hpp"
#include "server_fixture.hpp"
#include "ws_client.hpp"

namespace strat::server {
namespace {

using nlohmann::json;

// One server: its lease renewed by its Hub's event loop, which runs only when the test runs it.
struct LiveNode {
  boost::asio::io_context io;
  Store store;
  Leases leases;
  Hub hub;
  LiveStore live_store;
  LiveHub live;
  LiveNode(const std::string& db, const std::string& name, std::int64_t lease_ms)
      : store(db), leases(store, name, lease_ms), hub(io, store, 1), live_store(db), live(live_store) {
    hub.set_leases(&leases);
    live.set_leases(&leases);
    hub.on_renewal([this](bool kept) { live.drop_lost(kept); });
  }
  void run_for(int ms) {
    auto guard = boost::asio::make_work_guard(io);
    io.run_for(std::chrono::milliseconds(ms));
    io.restart();
  }
};

// A device on one role's link at one node, as the live socket drives the LiveHub.
struct Device : Client {
  std::vector<json> got;
  LiveHub::Seat seat;
  bool disconnected = false;
  void send(std::string text) override {
    server_test::log_protocol("live", text);
    got.push_back(json::parse(text));
  }
  void disconnect(std::string last) override {
    send(std::move(last));
    disconnected = true;
  }
  void open(LiveHub& hub, const std::string& token) {
    std::string why;
    if (!hub.open(token, seat, why)) throw std::runtime_error(why);
    hub.join(seat, this);
  }
  // Red's leader deals a card of `rank` to red player `player`.
  void deal(LiveHub& hub, int player, const std::string& rank) {
    hub.handle(seat, this,
               {{"type", "command"},
                {"command", {{"op", "deal"}, {"team", "red"}, {"player", player}, {"mode", "chosen"}, {"rank", rank}}}});
  }
};

std::string red_link(const json& made) { return made["tokens"]["red"]; }

void expire(const std::string& db, const std::string& node) {
  open_db(db)->run("UPDATE nodes SET expires=0 WHERE name=?", {node});
}

// One database both nodes open: a temporary SQLite file, or its PostgreSQL schema (test_db.hpp).
struct LiveLease : ::testing::Test {
  ~LiveLease() override {
    for (const char* suffix : {"", "-wal", "-shm"}) std::filesystem::remove(path_ + suffix);
  }
  const std::string path_ =
      (std::filesystem::temp_directory_path() / ("strat-live-lease-test-" + random_token() + ".db")).string();
  const std::string db_ = server_test::test_db(path_);
};

TEST_F(LiveLease, ALiveGameIsPlayedByOneNodeAndTakenOverAfterItsLeaseExpires) {
  LiveNode a(db_, "alpha", 300), b(db_, "beta", 60'000);
  const json made = a.live.create({{"players_per_team", 4}});
  const std::string id = made["id"];
  Device red;
  red.open(a.live, red_link(made));
  red.deal(a.live, 1, "10");
  red.deal(a.live, 2, "9");
  ASSERT_EQ(red.got.size(), 3u) << red.got.back();
  ASSERT_EQ(red.got.back()["type"], "live");
  EXPECT_TRUE(a.leases.holds(id, Games::kLive));
  EXPECT_EQ(b.leases.owner(id, Games::kLive), "alpha");
  EXPECT_EQ(b.leases.owner(id), "") << "a live game's owner is not a board game's";

  Device thief;
  try {
    thief.open(b.live, red_link(made));
    FAIL() << "beta opened alpha's live game";
  } catch (const Moved& e) {
    EXPECT_EQ(e.node, "alpha");
  }
  EXPECT_THROW(b.live.state(made["tokens"]["referee"]), Moved);
  EXPECT_EQ(b.live.games(), 0u);
  // A link that is no game's learns nothing, not even a node's name.
  LiveHub::Seat seat;
  std::string why;
  EXPECT_FALSE(b.live.open(std::string(32, '0'), seat, why));
  EXPECT_EQ(why.find("alpha"), std::string::npos);

  a.run_for(100);  // alpha renews, then nothing more: as if it hung
  std::this_thread::sleep_for(std::chrono::milliseconds(350));
  Device back;
  back.open(b.live, red_link(made));  // taken over on the request
  EXPECT_TRUE(b.leases.holds(id, Games::kLive));
  EXPECT_EQ(b.leases.owner(id, Games::kLive), "beta");
  EXPECT_EQ(b.live.game(id).log().size(), 3u) << "beta lost an acknowledged event";
  EXPECT_EQ(back.got.at(0)["view"], red.got.back()["view"]) << "beta shows what alpha last acknowledged";

  red.deal(a.live, 3, "8");  // alpha's next write: refused, told to nobody
  EXPECT_EQ(red.got.size(), 4u);
  EXPECT_EQ(red.got.back()["type"], "error");
  EXPECT_NE(red.got.back()["message"].get<std::string>().find("no longer plays"), std::string::npos);
  EXPECT_TRUE(red.disconnected);
  EXPECT_EQ(a.live.games(), 0u);
  EXPECT_EQ(LiveStore(db_).events(id).size(), 3u) << "a node without the game's lease stored an event";

  back.deal(b.live, 3, "8");
  EXPECT_EQ(back.got.back()["type"], "live");
  EXPECT_EQ(LiveStore(db_).events(id).size(), 4u);
}

// The node's own renewal, on its event loop, is what finds the lease gone when no write does.
TEST_F(LiveLease, ANodeWhoseLeaseRanOutDropsItsLiveGamesAtItsNextRenewal) {
  LiveNode a(db_, "alpha", 500);
  const json made = a.live.create({{"players_per_team", 4}});
  Device red;
  red.open(a.live, red_link(made));
  const auto epoch = a.leases.epoch();
  a.run_for(150);
  EXPECT_EQ(a.live.games(), 1u) << "renewed in time: the game stays";
  EXPECT_FALSE(red.disconnected);
  expire(db_, "alpha");
  for (int i = 0; i < 100 && a.leases.epoch() == epoch; ++i) a.run_for(5);
  ASSERT_EQ(a.leases.epoch(), epoch + 1);
  EXPECT_EQ(a.live.games(), 0u);
  EXPECT_TRUE(red.disconnected);
  EXPECT_EQ(red.got.back()["type"], "error");
  // With its new epoch the node may take the game again: nobody else holds it.
  Device again;
  again.open(a.live, red_link(made));
  EXPECT_TRUE(a.leases.holds(made["id"], Games::kLive));
}

// The network's answers on a node that does not play the live game (the fixture's server is node "beta").
class LiveLeaseOverHttp : public server_test::ServerFixture {
 protected:
  void configure(ServeConfig& config) override {
    leases_ = std::make_unique<Leases>(*store_, "beta", 60'000);
    hub_->set_leases(leases_.get());
    live_store_ = std::make_unique<LiveStore>(db_);
    live_ = std::make_unique<LiveHub>(*live_store_);
    live_->set_leases(leases_.get());
    config.live = live_.get();
  }
  void TearDown() override {
    stop_server();
    live_.reset();
    live_store_.reset();
    leases_.reset();
    ServerFixture::TearDown();
  }
  std::unique_ptr<Leases> leases_;
  std::unique_ptr<LiveStore> live_store_;
  std::unique_ptr<LiveHub> live_;
};

TEST_F(LiveLeaseOverHttp, AnotherNodesLiveGameIsAnsweredWithItsNameAfterTheTokenIsChecked) {
  LiveNode a(db_, "alpha", 60'000);
  const json made = a.live.create({{"players_per_team", 4}});
  const std::string token = red_link(made);
  Device red;
  red.open(a.live, token);
  red.deal(a.live, 1, "10");

  const auto state = [&](const std::string& link) {
    const auto res = send(boost::beast::http::verb::get, "/api/live/state?token=" + link);
    return std::pair{res.result_int(), json::parse(res.body())};
  };
  EXPECT_EQ(state(token), std::pair(421u, json({{"error", "this game is played by node alpha"}, {"node", "alpha"}})));
  // The link is checked first: one that is no game's learns nothing of where any game is played.
  EXPECT_EQ(state(std::string(32, 'f')), std::pair(400u, json({{"error", "unknown or malformed live game link"}})));

  auto ws = server_test::ws_connect(port_, "/ws/live?token=" + token);
  EXPECT_EQ(ws->read(), json({{"type", "moved"}, {"node", "alpha"}}));
  EXPECT_THROW(ws->read(), boost::system::system_error) << "the socket closes after moved";
  EXPECT_EQ(ws->ws.reason().code, boost::beast::websocket::close_code::try_again_later);

  expire(db_, "alpha");  // alpha is gone: beta takes the game on the next request
  ws = server_test::ws_connect(port_, "/ws/live?token=" + token);
  json view = ws->read();
  ASSERT_EQ(view["type"], "live") << view;
  EXPECT_EQ(view["view"], red.got.back()["view"]);
  ws->write({{"type", "command"},
             {"command", {{"op", "deal"}, {"team", "red"}, {"player", 2}, {"mode", "chosen"}, {"rank", "9"}}}});
  EXPECT_EQ(ws->read()["type"], "live");
  EXPECT_EQ(LiveStore(db_).events(made["id"]).size(), 3u);

  expire(db_, "beta");  // beta's lease runs out with the socket open: the next command is refused, the socket closed
  ws->write({{"type", "command"},
             {"command", {{"op", "deal"}, {"team", "red"}, {"player", 3}, {"mode", "chosen"}, {"rank", "8"}}}});
  const json refused = ws->read();
  EXPECT_EQ(refused["type"], "error") << refused;
  EXPECT_NE(refused.value("message", "").find("no longer plays"), std::string::npos) << refused;
  EXPECT_THROW(ws->read(), boost::system::system_error);
  EXPECT_EQ(ws->ws.reason().code, boost::beast::websocket::close_code::try_again_later);
  EXPECT_EQ(LiveStore(db_).events(made["id"]).size(), 3u) << "the refused command was stored";
}

}  // namespace
}  // namespace strat::server
