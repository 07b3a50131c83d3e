// Notices between servers on one PostgreSQL database (docs/server.md, "Running several servers"): two servers, each
// with its own I/O context, Hub, Seeks and Matchmaking, whose periodic re-read is an hour away, so that only a notice
// can bring one server's change to the other's lobby connections in time. PostgreSQL only (ServerSuiteOnPostgreSQL):
// SQLite is one server's database.
#include "server/notices.hpp"

#include <gtest/gtest.h>

#include <chrono>
#include <nlohmann/json.hpp>

#include "server/db.hpp"
#include "server/hub.hpp"
#include "server/matchmaking.hpp"
#include "server/seeks.hpp"
#include "server/store.hpp"
#include "test_db.hpp"
#include "test_games.hpp"

namespace strat::server {
namespace {

using nlohmann::json;
using namespace std::chrono_literals;

struct LobbyRecorder : LobbyClient {
  std::vector<json> got;
  void send(std::string text) override { got.push_back(json::parse(text)); }
  bool has(const std::function<bool(const json&)>& match) const {
    for (const auto& m : got)
      if (match(m)) return true;
    return false;
  }
};

struct Node {
  explicit Node(const std::string& where)
      : store(where),
        hub(io, store, 1),
        seeks(where),
        notices(open_notices(io, where)),
        matchmaking(io, hub, seeks, {{"nim/3+2", "nim", 180'000, 2000}}, notices.get()) {
    matchmaking.start(std::chrono::hours(1));
  }
  // Runs the node's I/O thread (here, the test's) until `done` or `limit`; false on `limit`.
  bool run_until(const std::function<bool()>& done, std::chrono::milliseconds limit) {
    const auto end = std::chrono::steady_clock::now() + limit;
    while (!done()) {
      if (std::chrono::steady_clock::now() > end) return false;
      io.restart();
      io.run_for(5ms);
    }
    return true;
  }

  boost::asio::io_context io;
  Store store;
  Hub hub;
  Seeks seeks;
  std::unique_ptr<Notices> notices;
  Matchmaking matchmaking;
};

class NoticesBetweenServers : public ::testing::Test {
 protected:
  void SetUp() override {
    if (!server_test::on_postgresql()) GTEST_SKIP() << "PostgreSQL only: runs under ServerSuiteOnPostgreSQL";
    server_test::register_test_games();
    where_ = server_test::test_db(":memory:");
    a_ = std::make_unique<Node>(where_);
    b_ = std::make_unique<Node>(where_);
    ASSERT_TRUE(b_->run_until([&] { return b_->notices->listening(); }, 10s)) << "the second server never listened";
  }
  std::string new_player() { return a_->hub.new_player()["player"]; }
  static json seek_body() { return {{"game", "nim"}, {"clock_initial_ms", 180'000}, {"clock_increment_ms", 2000}}; }
  static bool empty_listing(const json& m) { return m["type"] == "lobby" && m["seeks"].empty(); }
  static std::function<bool(const json&)> lists(const std::string& id) {
    return [id](const json& m) {
      return m["type"] == "lobby" && m["seeks"].size() == 1 && m["seeks"][0]["id"] == id;
    };
  }

  std::string where_;
  std::unique_ptr<Node> a_, b_;
};

TEST_F(NoticesBetweenServers, ASeekMadeOnOneServerReachesTheOthersLobbyAtOnce) {
  const std::string owner = new_player(), taker = new_player();
  LobbyRecorder lobby;  // the owner's lobby page, connected to the second server
  b_->matchmaking.attach(&lobby, owner);
  ASSERT_EQ(lobby.got.size(), 1u);
  EXPECT_TRUE(lobby.got[0]["seeks"].empty());

  const auto made = std::chrono::steady_clock::now();
  const std::string id = a_->matchmaking.create_seek(seek_body(), owner, 0)["id"];
  ASSERT_TRUE(b_->run_until([&] { return lobby.has(lists(id)); }, 3s)) << "the seek never reached the other server";
  EXPECT_LT(std::chrono::steady_clock::now() - made, 1s);

  // Accepted on the first server: the owner, whose lobby is on the second, is told of its game at once.
  const json joined = a_->matchmaking.accept(id, taker, 0);
  auto paired = [&](const json& m) { return m["type"] == "paired" && m["id"] == joined["id"]; };
  ASSERT_TRUE(b_->run_until([&] { return lobby.has(paired); }, 3s)) << "the owner was never told of its game";
  EXPECT_TRUE(lobby.has(empty_listing));
  b_->matchmaking.detach(&lobby);
}

TEST_F(NoticesBetweenServers, ListeningResumesAfterItsConnectionIsLostAndCatchesUp) {
  const std::string owner = new_player();
  LobbyRecorder lobby;
  b_->matchmaking.attach(&lobby, owner);
  // The listening connections cut from the database's side (a restart, a network failure): a seek made meanwhile
  // is heard by nobody, and reaches the second server's lobby once it listens again.
  open_db(where_)->run(
      "SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE application_name = 'strat-notices' AND "
      "datname = current_database()");
  ASSERT_TRUE(b_->run_until([&] { return !b_->notices->listening(); }, 5s)) << "the lost connection went unnoticed";
  const std::string lost = a_->matchmaking.create_seek(seek_body(), owner, 0)["id"];
  b_->io.restart();
  b_->io.poll();
  EXPECT_FALSE(lobby.has(lists(lost)));
  ASSERT_TRUE(b_->run_until([&] { return lobby.has(lists(lost)); }, 10s))
      << "no catching up after the reconnection";
  EXPECT_TRUE(b_->notices->listening());
  // And the notices flow again.
  a_->matchmaking.cancel_seek(lost, owner);
  lobby.got.clear();
  ASSERT_TRUE(b_->run_until([&] { return lobby.has(empty_listing); }, 3s))
      << "a cancelled seek stayed on the other server";
  b_->matchmaking.detach(&lobby);
}

TEST(NoticesOnSQLite, NothingIsToldNorHeard) {
  boost::asio::io_context io;
  auto notices = open_notices(io, ":memory:");
  bool heard = false;
  notices->listen(Notices::kLobby, [&](std::string_view) { heard = true; });
  notices->notify(Notices::kLobby, "seeks");
  io.run_for(50ms);
  EXPECT_FALSE(heard);
  EXPECT_FALSE(notices->listening());
}

}  // namespace
}  // namespace strat::server
