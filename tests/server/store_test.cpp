// The storage layer on both engines (db.hpp): the suite runs on SQLite, and again on PostgreSQL under
// scripts/with-postgres.sh (ctest's ServerSuiteOnPostgreSQL).
#include <gtest/gtest.h>

#include <algorithm>
#include <cstdlib>
#include <filesystem>
#include <stdexcept>

#include "server/secure_random.hpp"
#include "server/db.hpp"
#include "server/store.hpp"
#include "server/test_db.hpp"
#include "server/hub.hpp"
#include "recorder.hpp"
#include "test_games.hpp"

#include <boost/asio/io_context.hpp>

namespace strat::server {
namespace {

// What a database restart does to the server's connections: every other client's connection is closed by the
// database (the tests run one at a time, so these are the server's).
void cut_other_connections(Db& from) {
  from.run("SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE pid <> pg_backend_pid() AND "
            "datname = current_database() AND backend_type = 'client backend'");
}
void cut_other_connections() { cut_other_connections(*open_db(std::getenv("STRAT_TEST_POSTGRES"))); }

// What a database that stays down does: every other connection closed, and no new one let in while this lives
// (the tests' role may not log in; connections already open stay), until the connection that holds it lets them
// in again as it ends.
struct DatabaseDown {
  DatabaseDown() : db(open_db(std::getenv("STRAT_TEST_POSTGRES"))) {
    db->script("ALTER ROLE CURRENT_USER NOLOGIN");
    cut_other_connections(*db);
  }
  ~DatabaseDown() { db->script("ALTER ROLE CURRENT_USER LOGIN"); }
  std::unique_ptr<Db> db;
};

struct StoreOnEngine : ::testing::Test {
  void SetUp() override {
    path = (std::filesystem::temp_directory_path() / ("strat-store-test-" + random_token() + ".db")).string();
    where = server_test::test_db(path);
  }
  void TearDown() override {
    for (const char* suffix : {"", "-wal", "-shm"}) std::filesystem::remove(path + suffix);
  }
  static StoredGame game(const std::string& id) {
    StoredGame g;
    g.id = id;
    g.spec = "stratego";
    g.mode = Mode::Friend;
    g.start = "new:1";
    g.seed = 0xfedcba9876543210ULL;  // above 2^63: stored as the same 64 bits on both engines
    g.created_ms = g.updated_ms = 1'700'000'000'123;
    g.seats[0] = {SeatKind::Human, ""};
    g.seats[1] = {SeatKind::Computer, "stratego:time=100"};
    return g;
  }
  std::string path, where;
};

TEST_F(StoreOnEngine, EveryFieldRoundTripsAndTheSchemaIsMigratedOnce) {
  {
    Store store(where);
    store.create_game(game("g1"), {{"tok1", "g1", 1, 0, true}, {"tok2", "g1", 2, 1, false}});
    store.add_move("g1", {0, 0, "a4-a5", {1, 2}, 1'700'000'000'999});
    store.set_draw_offer("g1", 1, 1);
  }
  Store again(where);  // a restart: the migrations find the schema at its version and change nothing
  auto g = again.game("g1");
  ASSERT_TRUE(g);
  EXPECT_EQ(g->seed, 0xfedcba9876543210ULL);
  EXPECT_EQ(g->created_ms, 1'700'000'000'123);
  EXPECT_EQ(g->seats[1].agent, "stratego:time=100");
  EXPECT_EQ(g->draw_offer, 1);
  const auto moves = again.moves("g1");
  ASSERT_EQ(moves.size(), 1u);
  EXPECT_EQ(moves[0].move, "a4-a5");
  EXPECT_EQ(moves[0].at_ms, 1'700'000'000'999);
  EXPECT_EQ(again.tokens("g1").size(), 2u);
  auto db = open_db(where);
  const auto rows = db->run("SELECT version FROM schema_versions WHERE component=?", {std::string("games")}).rows;
  ASSERT_EQ(rows.size(), 1u);
  EXPECT_EQ(rows[0].integer(0), 2);  // the games and the lobby's indexes
}

// A group commit larger than one INSERT's rows (Store::kMovesPerInsert) is stored whole, in order, and only at
// the flush.
TEST_F(StoreOnEngine, ALargeGroupIsStoredWholeAtItsCommit) {
  Store store(where);
  int asked = 0;
  store.enable_group_commit([&] { ++asked; });
  store.create_game(game("big"), {});
  for (int ply = 0; ply < 150; ++ply)
    store.add_move("big", {ply, ply % 2, "m" + std::to_string(ply), {0, 0}, 1000 + ply});
  EXPECT_EQ(asked, 1);
  EXPECT_EQ(Store(where).moves("big").size(), 0u) << "nothing stored before the commit";
  store.flush();
  const auto moves = Store(where).moves("big");
  ASSERT_EQ(moves.size(), 150u);
  for (int ply = 0; ply < 150; ++ply) {
    EXPECT_EQ(moves[ply].move, "m" + std::to_string(ply));
    EXPECT_EQ(moves[ply].at_ms, 1000 + ply);
  }
}

TEST_F(StoreOnEngine, AnInviteIsClaimedOnceWhicheverConnectionClaimsIt) {
  Store one(where), two(where);  // two servers sharing the database
  one.create_game(game("g2"), {{"inv", "g2", 2, 1, false}});
  EXPECT_TRUE(two.claim_invite("inv", {{"mine", "g2", 2, 1, true}}));
  EXPECT_FALSE(one.claim_invite("inv", {{"theirs", "g2", 2, 1, true}}));
  EXPECT_TRUE(one.token("mine"));
  EXPECT_FALSE(one.token("theirs"));
}

// A database server that restarts (here: the connection cut by the server) makes the next write outside a
// transaction fail with a clear error, never a false acknowledgement, and the one after it goes through on a new
// connection; a read or a transaction finding the connection lost goes through at once on a new one.
TEST_F(StoreOnEngine, ALostPostgreSQLConnectionFailsOneWriteThenReconnects) {
  if (!server_test::on_postgresql()) GTEST_SKIP() << "PostgreSQL only: runs under ServerSuiteOnPostgreSQL";
  Store store(where);
  store.create_game(game("g3"), {});
  store.add_move("g3", {0, 0, "a4-a5", {0, 0}, 1});
  cut_other_connections();
  try {
    store.add_move("g3", {1, 1, "a7-a6", {0, 0}, 2});
    ADD_FAILURE() << "a write on a lost connection was acknowledged";
  } catch (const std::runtime_error& e) {
    EXPECT_NE(std::string(e.what()).find("postgresql"), std::string::npos) << e.what();
  }
  store.add_move("g3", {1, 1, "a7-a6", {0, 0}, 2});
  EXPECT_EQ(store.moves("g3").size(), 2u);
  // What cannot have changed anything is sent again on a new connection: a read, and a transaction's BEGIN.
  cut_other_connections();
  EXPECT_EQ(store.moves("g3").size(), 2u) << "a read on a lost connection failed";
  cut_other_connections();
  EXPECT_NO_THROW(store.create_game(game("g4"), {})) << "a transaction on a lost connection failed at its BEGIN";
  EXPECT_TRUE(store.game("g4").has_value());
}

// Group commit through the Hub (the network server's mode) when the database goes away mid-game: the moves of
// the lost group are not played, nobody was told they were, the players get a clear error and the stored game,
// and the server goes on; the next move, the database back, is stored on a new connection.
TEST_F(StoreOnEngine, ALostGroupCommitIsNeverAnnouncedAndTheGameGoesBackToTheStore) {
  if (!server_test::on_postgresql()) GTEST_SKIP() << "PostgreSQL only: runs under ServerSuiteOnPostgreSQL";
  server_test::register_test_games();
  boost::asio::io_context io;
  Store store(where);
  Hub hub(io, store, 1);
  hub.enable_group_commit();
  const auto made = hub.create({{"game", "nim"}, {"mode", "hotseat"}});
  std::string token;
  for (const auto& t : made["tokens"])
    if (t["role"] == "hotseat") token = t["token"];
  Access access;
  std::string why;
  Room* room = hub.open(token, access, why, nullptr);
  ASSERT_NE(room, nullptr) << why;
  server_test::Recorder player;
  room->join(&player, access);
  hub.handle(*room, &player, {{"type", "move"}, {"move", "take1"}});
  const auto run = [&] {  // what the event loop has to do now (poll stops the context when it runs dry)
    io.restart();
    io.poll();
  };
  run();  // the first group commits
  ASSERT_EQ(store.moves(room->id()).size(), 1u);
  const auto told = player.messages.size();
  hub.handle(*room, &player, {{"type", "move"}, {"move", "take2"}});
  hub.handle(*room, &player, {{"type", "move"}, {"move", "take1"}});
  EXPECT_EQ(room->ply(), 3) << "accepted, waiting for the group's commit";
  EXPECT_EQ(player.messages.size(), told) << "nothing said before the commit";
  std::vector<nlohmann::json> after;
  const auto heard = [&] {
    after.clear();
    for (auto i = told; i < player.messages.size(); ++i) after.push_back(nlohmann::json::parse(player.messages[i]));
  };
  {
    DatabaseDown down;
    run();  // the group's commit fails, and the stored game cannot be read back while the database is down
    heard();
    for (const auto& m : after) EXPECT_NE(m["type"], "move") << "a move that was not stored was announced: " << m;
    ASSERT_FALSE(after.empty());
    EXPECT_EQ(after.front()["type"], "error");
    hub.handle(*room, &player, {{"type", "move"}, {"move", "take2"}});
    run();
    EXPECT_EQ(player.last()["message"], "the database is unavailable: nothing was changed; try again");
  }
  // The database back: the next message finds the game as stored (one move), then plays on.
  hub.handle(*room, &player, {{"type", "move"}, {"move", "take2"}});
  run();
  heard();
  const auto state = std::find_if(after.begin(), after.end(), [](const auto& m) { return m["type"] == "state"; });
  ASSERT_NE(state, after.end()) << "the players were not given the stored game";
  EXPECT_EQ((*state)["ply"], 1);
  for (auto m = after.begin(); m != state; ++m) EXPECT_NE((*m)["type"], "move") << "announced before the game was read back";
  EXPECT_EQ(store.moves(room->id()).size(), 2u) << "the next move is stored on a new connection";
  EXPECT_EQ(room->ply(), 2);
  EXPECT_EQ(player.last()["type"], "move");
}

}  // namespace
}  // namespace strat::server
