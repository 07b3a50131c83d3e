// Several servers on one database (docs/server.md, "Several servers: owners, leases and fencing"): each game is
// played by the node holding its lease, other nodes say where it is played, a node whose lease ran out can no
// longer write a game, and a node takes over the games of one that stopped, with every acknowledged move and the
// clocks charged. Two nodes are two Hubs, each with its own Store (its own connection) on one test database.
#include <gtest/gtest.h>

#include <boost/asio/executor_work_guard.hpp>
#include <boost/asio/io_context.hpp>
#include <atomic>
#include <filesystem>
#include <iostream>
#include <map>
#include <memory>
#include <string>
#include <vector>
#include <thread>

#include "recorder.hpp"
#include "server/hub.hpp"
#include "server/leases.hpp"
#include "server/test_db.hpp"
#include "server_fixture.hpp"
#include "test_games.hpp"
#include "ws_client.hpp"

namespace strat::server {
namespace {

using nlohmann::json;
using server_test::Recorder;

// One server: its own connection, lease and Hub; its event loop runs only when the test runs it.
struct Node {
  boost::asio::io_context io;
  Store store;
  Leases leases;
  Hub hub;
  Node(const std::string& db, const std::string& name, std::int64_t lease_ms)
      : store(db), leases(store, name, lease_ms), hub(io, store, 1) {
    hub.set_leases(&leases);
  }
  void run_for(int ms) {
    auto guard = boost::asio::make_work_guard(io);
    io.run_for(std::chrono::milliseconds(ms));
    io.restart();
  }
};

// A browser on a game's link at one node, as the WebSocket session drives the Hub.
struct Browser : Recorder {
  Room* room = nullptr;
  bool disconnected = false;
  void disconnect(std::string last) override {
    Recorder::send(std::move(last));
    room = nullptr;
    disconnected = true;
  }
  void open(Hub& hub, const std::string& token) {
    Access a;
    std::string why;
    room = hub.open(token, a, why, nullptr);
    if (!room) throw std::runtime_error(why);
    room->join(this, a);
  }
  void move(Hub& hub, const std::string& move) {
    hub.handle(*room, this, {{"type", "move"}, {"move", move}});
  }
  int moves_heard() const {
    int n = 0;
    for (const auto& m : messages) n += json::parse(m)["type"] == "move";
    return n;
  }
};

std::string token_of(const json& made, const std::string& role) { return server_test::link_of(made, role); }

// A game made on `node` (hotseat nim unless `request` says otherwise), with the browser of `role`'s link on it.
struct Made {
  std::string id, token;
  Browser player;
  explicit Made(Node& node, const json& request = {{"game", "nim"}, {"mode", "hotseat"}},
                const std::string& role = "hotseat") {
    const json made = node.hub.create(request);
    id = made["id"];
    token = token_of(made, role);
    player.open(node.hub, token);
  }
};

// Ends `node`'s lease now, as if it had gone unrenewed for its whole length.
void expire(const std::string& db, const std::string& node) {
  open_db(db)->run("UPDATE nodes SET expires=0 WHERE name=?", {node});
}

struct Lease : ::testing::Test {
  void SetUp() override {
    server_test::register_test_games();
    path_ = (std::filesystem::temp_directory_path() / ("strat-lease-test-" + random_token() + ".db")).string();
    db_ = server_test::test_db(path_);
  }
  void TearDown() override {
    for (const char* suffix : {"", "-wal", "-shm"}) std::filesystem::remove(path_ + suffix);
  }
  std::string path_, db_;
};

TEST_F(Lease, AGameIsPlayedByItsMakerAndAnotherNodeNamesIt) {
  Node a(db_, "alpha", 60'000), b(db_, "beta", 60'000);
  Made game(a);
  auto& [id, token, player] = game;
  for (const char* m : {"take2", "take2", "take2", "take1"}) player.move(a.hub, m);
  ASSERT_EQ(player.moves_heard(), 4);
  EXPECT_TRUE(a.leases.holds(id));
  EXPECT_EQ(b.leases.owner(id), "alpha");
  try {
    b.hub.state(token);
    FAIL() << "beta answered for alpha's game";
  } catch (const Moved& e) {
    EXPECT_EQ(e.node, "alpha");
  }
  EXPECT_THROW(b.hub.take_open_seat(id), Moved);
  EXPECT_FALSE(b.hub.plays(id));
  // A link that is no game's learns nothing, not even a node's name; a read of the stored game needs no owner.
  EXPECT_THROW(b.hub.state(std::string(32, '0')), BadInput);
  EXPECT_NE(b.hub.record(id).find("take1"), std::string::npos);
  EXPECT_EQ(b.hub.replay(id, 4)["ply"], 4);
  EXPECT_FALSE(b.hub.plays(id)) << "reading a stored game does not take it";
  EXPECT_EQ(b.leases.owner(id), "alpha");
}

TEST_F(Lease, TakeoverAfterExpiryKeepsEveryAcknowledgedMoveAndChargesTheClock) {
  auto a = std::make_unique<Node>(db_, "alpha", 300);
  Made game(*a, {{"game", "nim"}, {"mode", "hotseat"}, {"clock_initial_ms", 60'000}});
  auto& [id, token, player] = game;
  player.move(a->hub, "take1");
  player.move(a->hub, "take2");
  ASSERT_EQ(player.moves_heard(), 2);
  const std::int64_t last_move = a->store.moves(id).back().at_ms;
  a->run_for(400);  // red thinks while alpha renews its lease (and records that it is alive)
  a.reset();        // killed: no release, the lease runs out by itself
  const std::int64_t alive = open_db(db_)->run("SELECT alive FROM nodes WHERE name='alpha'").rows.at(0).integer(0);
  ASSERT_GE(alive - last_move, 300) << "alpha renewed while red thought";

  Node b(db_, "beta", 60'000);
  EXPECT_THROW(b.hub.state(token), Moved) << "alpha's lease still runs";
  std::this_thread::sleep_for(std::chrono::milliseconds(350));
  const std::int64_t before = now_ms();
  const json state = b.hub.state(token);  // taken over on the request
  const std::int64_t after = now_ms();
  EXPECT_TRUE(b.leases.holds(id));
  EXPECT_EQ(state["ply"], 2);
  EXPECT_EQ(b.store.moves(id).size(), 2u);
  // Red is charged what it thought up to alpha's last sign of life, not the time nobody played the game.
  const std::int64_t stored = b.store.moves(id).back().clock_ms[0];
  const std::int64_t remaining = state["clocks"]["remaining_ms"][0];
  EXPECT_LE(remaining, stored - (alive - last_move));
  EXPECT_GE(remaining, stored - (alive - last_move) - (after - before) - 50);
  Browser again;
  again.open(b.hub, token);
  again.move(b.hub, "take1");
  EXPECT_EQ(b.store.moves(id).size(), 3u);
}

TEST_F(Lease, APendingComputerTurnIsThoughtAgainByTheNewOwner) {
  auto a = std::make_unique<Node>(db_, "alpha", 200);
  Made game(*a, {{"game", "nim"}, {"mode", "computer"}, {"agent", "first"}}, "seat0");
  auto& [id, token, player] = game;
  player.move(a->hub, "take1");  // the computer's turn starts; its answer would land on alpha's event loop
  a.reset();
  ASSERT_EQ(Store(db_).moves(id).size(), 1u) << "alpha died before its computer answered";
  std::this_thread::sleep_for(std::chrono::milliseconds(250));
  Node b(db_, "beta", 60'000);
  Browser back;
  back.open(b.hub, token);
  for (int i = 0; i < 200 && b.store.moves(id).size() < 2; ++i) b.run_for(10);
  ASSERT_EQ(b.store.moves(id).size(), 2u);
  EXPECT_EQ(b.store.moves(id)[1].seat, 1) << "the computer's move, thought again on beta";
}

// Computer against computer, its node killed while the computer thought: nobody's browser asks for the game, yet
// another node's renewals adopt it and play it to the end.
TEST_F(Lease, AGameNobodyAsksForIsAdoptedAndPlayedOn) {
  auto a = std::make_unique<Node>(db_, "alpha", 200);
  const std::string id = a->hub.create({{"game", "nim"}, {"mode", "selfplay"}, {"agent", "first"}})["id"];
  a.reset();
  Node b(db_, "beta", 500);
  ASSERT_EQ(b.store.moves(id).size(), 0u);
  for (int i = 0; i < 300 && b.store.moves(id).size() < 7; ++i) b.run_for(10);
  EXPECT_EQ(b.store.moves(id).size(), 7u) << "the game was not played on";
  EXPECT_TRUE(b.hub.plays(id));
  EXPECT_EQ(b.leases.owner(id), "beta");
}

TEST_F(Lease, AnExpiredLeaseRefusesTheNextMoveAndDropsTheRoom) {
  Node a(db_, "alpha", 60'000);
  Made game(a);
  auto& [id, token, player] = game;
  player.move(a.hub, "take1");
  expire(db_, "alpha");
  player.move(a.hub, "take1");
  EXPECT_EQ(player.moves_heard(), 1) << "the refused move was acknowledged";
  EXPECT_EQ(a.store.moves(id).size(), 1u) << "a node without a lease stored a move";
  EXPECT_TRUE(player.disconnected);
  EXPECT_FALSE(a.hub.plays(id));
  EXPECT_NE(player.last_of("error")["message"].get<std::string>().find("no longer plays"), std::string::npos);
  // Its next renewal finds the lease gone: a new epoch, with which the node may take the game again.
  const auto epoch = a.leases.epoch();
  EXPECT_FALSE(a.leases.renew(now_ms()));
  EXPECT_EQ(a.leases.epoch(), epoch + 1);
  Browser back;
  back.open(a.hub, token);
  back.move(a.hub, "take1");
  EXPECT_EQ(a.store.moves(id).size(), 2u);
}

// The node's own renewal, on its event loop, is what finds the lease gone when no write does.
TEST_F(Lease, ANodeWhoseRenewalFindsItsLeaseExpiredDropsEveryGameAndTakesANewEpoch) {
  Node a(db_, "alpha", 500);
  Made first(a), second(a);
  const auto epoch = a.leases.epoch();
  a.run_for(150);
  EXPECT_EQ(a.leases.epoch(), epoch) << "renewed in time: the same epoch";
  EXPECT_EQ(a.hub.rooms(), 2u);
  expire(db_, "alpha");
  for (int i = 0; i < 100 && a.leases.epoch() == epoch; ++i) a.run_for(5);  // up to the next renewal
  EXPECT_EQ(a.leases.epoch(), epoch + 1);
  EXPECT_EQ(a.hub.rooms(), 0u);
  EXPECT_TRUE(first.player.disconnected);
  EXPECT_TRUE(second.player.disconnected);
  EXPECT_FALSE(a.leases.holds(first.id));
  EXPECT_EQ(a.leases.owner(first.id), "") << "nobody holds the games until a request comes";
}

TEST_F(Lease, AGroupCommitStoresTheHeldGamesAndNeverAcknowledgesAFencedOne) {
  Node a(db_, "alpha", 60'000), b(db_, "beta", 60'000);
  a.hub.enable_group_commit();
  const json kept = a.hub.create({{"game", "nim"}, {"mode", "hotseat"}});
  const json lost = a.hub.create({{"game", "nim"}, {"mode", "hotseat"}});
  Browser p1, p2;
  p1.open(a.hub, token_of(kept, "hotseat"));
  p2.open(a.hub, token_of(lost, "hotseat"));
  // Beta took the second game over (as after an expiry of alpha's lease it missed).
  open_db(db_)->run("UPDATE game_owners SET node='beta', epoch=? WHERE game_id=?",
                    {b.leases.epoch(), lost["id"].get<std::string>()});
  p1.move(a.hub, "take1");
  p2.move(a.hub, "take1");
  EXPECT_EQ(p1.moves_heard() + p2.moves_heard(), 0) << "nothing is told before the group's commit";
  a.run_for(50);
  EXPECT_EQ(p1.moves_heard(), 1);
  EXPECT_EQ(a.store.moves(kept["id"]).size(), 1u);
  EXPECT_EQ(p2.moves_heard(), 0) << "a fenced move was acknowledged";
  EXPECT_EQ(a.store.moves(lost["id"]).size(), 0u);
  EXPECT_TRUE(p2.disconnected);
  EXPECT_FALSE(a.hub.plays(lost["id"]));
  EXPECT_TRUE(a.hub.plays(kept["id"]));
}

// Alpha plays as fast as it can without renewing, while beta tries to take the game as soon as alpha's lease
// runs out: whatever the interleaving, the moves stored are exactly those alpha acknowledged.
TEST_F(Lease, ATakeoverRacingCommitsNeverLosesAnAcknowledgedMove) {
  server_test::StoredTestGame made;
  {
    Store store(db_);
    made = server_test::store_game(store, "nim", "friend", "100000 0", {}, "", 1);
  }
  const std::string id = made.id, token = made.tokens.at("seat0");
  auto a = std::make_unique<Node>(db_, "alpha", 300);
  Browser player, other;
  player.open(a->hub, token);
  other.open(a->hub, made.tokens.at("seat1"));
  std::atomic<bool> taken{false};
  std::thread alpha([&] {
    for (int ply = 0; !player.disconnected && !taken; ++ply) (ply % 2 ? other : player).move(a->hub, "take1");
  });
  struct Join {
    std::atomic<bool>& taken;
    std::thread& thread;
    ~Join() {
      taken = true;
      if (thread.joinable()) thread.join();
    }
  } join{taken, alpha};
  Node b(db_, "beta", 60'000);
  Browser thief;
  for (int i = 0; i < 2000 && !thief.room; ++i) {
    try {
      thief.open(b.hub, token);
    } catch (const Moved&) {
      std::this_thread::sleep_for(std::chrono::milliseconds(5));
    }
  }
  taken = true;
  alpha.join();
  ASSERT_NE(thief.room, nullptr) << "beta never took the game";
  const auto stored = b.store.moves(id).size();
  std::cout << "[ lease ] " << player.moves_heard() << " moves acknowledged by alpha, " << stored
            << " stored when beta took the game\n";
  EXPECT_GT(player.moves_heard(), 0);
  EXPECT_EQ(static_cast<std::size_t>(player.moves_heard()), stored)
      << "acknowledged moves and stored moves differ";
  EXPECT_EQ(json::parse(thief.messages.at(0))["ply"], static_cast<int>(stored)) << "beta loaded every stored move";
}

// The network's answers on a node that does not play the game (the fixture's server is node "beta").
class LeaseOverHttp : public server_test::ServerFixture {
 protected:
  void configure(ServeConfig&) override {
    leases_ = std::make_unique<Leases>(*store_, "beta", 60'000);
    hub_->set_leases(leases_.get());
  }
  void TearDown() override {
    stop_server();
    leases_.reset();
    ServerFixture::TearDown();
  }
  std::unique_ptr<Leases> leases_;
};

TEST_F(LeaseOverHttp, AnotherNodesGameIsAnsweredWithItsNameAfterTheTokenIsChecked) {
  Node a(db_, "alpha", 60'000);
  Made game(a);
  auto& [id, token, player] = game;
  player.move(a.hub, "take2");

  auto res = send(boost::beast::http::verb::get, "/api/state?token=" + token);
  EXPECT_EQ(res.result_int(), 421);
  EXPECT_EQ(json::parse(res.body()), json({{"error", "this game is played by node alpha"}, {"node", "alpha"}}));
  EXPECT_EQ(send(boost::beast::http::verb::post, "/api/games/" + id + "/join").result_int(), 421);
  res = send(boost::beast::http::verb::get, "/api/state?token=" + std::string(32, 'f'));
  EXPECT_EQ(res.result_int(), 400);
  EXPECT_EQ(res.body().find("alpha"), std::string::npos) << "a wrong token learnt where the game is played";

  auto ws = server_test::ws_connect(port_, "/ws?token=" + token);
  EXPECT_EQ(ws->read(), json({{"type", "moved"}, {"node", "alpha"}}));
  EXPECT_THROW(ws->read(), boost::system::system_error) << "the socket closes after moved";

  expire(db_, "alpha");  // alpha is gone: beta takes the game on the next request
  ws = server_test::ws_connect(port_, "/ws?token=" + token);
  const json state = ws->read();
  EXPECT_EQ(state["type"], "state");
  EXPECT_EQ(state["ply"], 1);
  ws->write({{"type", "move"}, {"move", "take1"}});
  EXPECT_EQ(ws->read()["type"], "move");
  EXPECT_EQ(a.store.moves(id).size(), 2u);

  expire(db_, "beta");  // beta's lease runs out with the socket open: the next move is refused, the socket closed
  ws->write({{"type", "move"}, {"move", "take1"}});
  const json refused = ws->read();
  EXPECT_EQ(refused["type"], "error") << refused;
  EXPECT_NE(refused.value("message", "").find("no longer plays"), std::string::npos) << refused;
  EXPECT_THROW(ws->read(), boost::system::system_error);
  EXPECT_EQ(ws->ws.reason().code, boost::beast::websocket::close_code::try_again_later);
  EXPECT_EQ(a.store.moves(id).size(), 2u) << "the refused move was stored";
}

// The lobby of every node is the database's: an open game made on alpha is listed by beta within a second (its
// cached answer lives that long), with the fields of the maker's own entry; joining it through beta names alpha
// until alpha's lease runs out, then beta takes the game and the seat.
TEST_F(LeaseOverHttp, EveryNodesLobbyListsTheOpenGamesOfAllAndJoiningMovesOrTakesOver) {
  Node a(db_, "alpha", 60'000);
  const json finished = a.hub.create({{"game", "nim"}, {"mode", "hotseat"}});
  Browser resigner;
  resigner.open(a.hub, token_of(finished, "hotseat"));
  resigner.move(a.hub, "take2");
  a.hub.handle(*resigner.room, &resigner, {{"type", "resign"}});
  Made on(a);  // in play
  on.player.move(a.hub, "take1");
  auto lobby = [&] {
    const auto res = send(boost::beast::http::verb::get, "/api/lobby");
    EXPECT_EQ(res.result_int(), 200);
    return json::parse(res.body());
  };
  auto find = [](const json& list, const std::string& id) {
    for (const auto& e : list)
      if (e["id"] == id) return e;
    return json();
  };
  EXPECT_TRUE(lobby()["open"].empty());  // read now: the next answers may come from this one for a second

  const json open = a.hub.create({{"game", "nim"}, {"mode", "friend"}, {"listed", true}});
  const std::string id = open["id"];
  const auto made_at = std::chrono::steady_clock::now();
  json listed;
  while ((listed = find(lobby()["open"], id)).is_null()) {
    ASSERT_LT(std::chrono::steady_clock::now() - made_at, std::chrono::milliseconds(1500))
        << "beta's lobby did not list alpha's open game";
    std::this_thread::sleep_for(std::chrono::milliseconds(50));
  }
  // The entry alpha's board gives, field for field (nothing else: no position, no seed, no link).
  std::unique_ptr<Room> copy = Room::restore(a.store, *a.store.game(id), now_ms());
  EXPECT_EQ(listed, copy->lobby_entry());
  const json all = lobby();
  const json playing = find(all["recent"], on.id);
  ASSERT_FALSE(playing.is_null()) << all;
  EXPECT_EQ(playing["plies"], 1);
  EXPECT_EQ(playing, Room::restore(a.store, *a.store.game(on.id), now_ms())->lobby_entry());
  const json over = find(all["recent"], finished["id"]);
  ASSERT_FALSE(over.is_null()) << all;
  EXPECT_EQ(over["phase"], "over");
  EXPECT_EQ(over["result"]["reason"], "resign");
  EXPECT_EQ(over, Room::restore(a.store, *a.store.game(finished["id"]), now_ms())->lobby_entry());
  EXPECT_TRUE(find(all["open"], on.id).is_null());

  auto res = send(boost::beast::http::verb::post, "/api/games/" + id + "/join");
  EXPECT_EQ(res.result_int(), 421);
  EXPECT_EQ(json::parse(res.body()), json({{"error", "this game is played by node alpha"}, {"node", "alpha"}}));

  expire(db_, "alpha");
  res = send(boost::beast::http::verb::post, "/api/games/" + id + "/join");
  ASSERT_EQ(res.result_int(), 200) << res.body();
  EXPECT_EQ(json::parse(res.body())["token"].get<std::string>().size(), 32u);
  EXPECT_EQ(open_db(db_)->run("SELECT node FROM game_owners WHERE game_id=?", {id}).rows.at(0).text(0), "beta");
  std::this_thread::sleep_for(std::chrono::milliseconds(1100));  // past the cached answer
  EXPECT_TRUE(find(lobby()["open"], id).is_null()) << "a game whose seat was taken is still open";
}

// A browser holding one link at one node.
struct Link : Recorder {
  Room* room = nullptr;
  std::string token;
  // Opens `link` (claiming it when it is an invite); false, with the reason in `why`, when the node refuses it.
  bool open(Hub& hub, const std::string& link, std::string& why) {
    Access a;
    std::vector<TokenGrant> claimed;
    room = hub.open(link, a, why, &claimed);
    if (!room) return false;
    token = claimed.empty() ? link : claimed.front().token;
    room->join(this, a);
    return true;
  }
  void send(Hub& hub, const json& message) { hub.handle(*room, this, message); }
};

// The hostile suite's questions asked across a takeover (docs/security.md): does any link see more of the hidden
// game, or act with more rights, on the node that took the game over than on the one that played it before?
// The secrets test game (test_games.hpp) between two friends: red's words zircon,quokka,fjord, blue's
// wombat,glyph,vortex; after "hit 1" only zircon and wombat are public.
TEST_F(Lease, ATakenOverGameShowsEachLinkWhatItSawBeforeAndGrantsNoMoreRights) {
  auto a = std::make_unique<Node>(db_, "alpha", 60'000);
  const json made = a->hub.create({{"game", "secrets"}, {"mode", "friend"}});
  const std::string id = made["id"];
  const std::string invite = server_test::link_of(made, "invite1");
  Link red, blue, watch_red;
  std::string why;
  ASSERT_TRUE(red.open(a->hub, server_test::link_of(made, "seat0"), why)) << why;
  ASSERT_TRUE(blue.open(a->hub, invite, why)) << why;
  ASSERT_TRUE(watch_red.open(a->hub, server_test::link_of(made, "watch0"), why)) << why;
  red.send(a->hub, {{"type", "setup"}, {"setup", "zircon,quokka,fjord"}});
  blue.send(a->hub, {{"type", "setup"}, {"setup", "wombat,glyph,vortex"}});
  red.send(a->hub, {{"type", "move"}, {"move", "hit 1"}, {"ply", 0}});
  ASSERT_EQ(a->store.moves(id).size(), 1u);
  const std::map<std::string, std::vector<std::string>> hidden_from{
      {red.token, {"glyph", "vortex"}}, {watch_red.token, {"glyph", "vortex"}}, {blue.token, {"quokka", "fjord"}}};
  std::map<std::string, json> before;
  for (const auto& [token, words] : hidden_from) before[token] = a->hub.state(token);

  a.reset();  // killed: its lease is left to run out
  expire(db_, "alpha");
  Node b(db_, "beta", 60'000);
  for (const auto& [token, words] : hidden_from) {
    const json after = b.hub.state(token);  // the first one takes the game over
    for (const char* key : {"view", "moves", "legal", "acts", "sees", "viewer"})
      EXPECT_EQ(after[key], before[token][key]) << key << " changed with the node";
    for (const std::string& word : words) EXPECT_EQ(after.dump().find(word), std::string::npos) << word << " leaked";
  }
  ASSERT_TRUE(b.leases.holds(id));

  // No link gains rights: the watcher cannot move, red cannot play blue's turn, the used invite opens nothing.
  Link watcher_on_b, red_on_b, intruder;
  ASSERT_TRUE(watcher_on_b.open(b.hub, watch_red.token, why)) << why;
  watcher_on_b.send(b.hub, {{"type", "move"}, {"move", "hit 2"}, {"ply", 1}});
  ASSERT_TRUE(red_on_b.open(b.hub, red.token, why)) << why;
  red_on_b.send(b.hub, {{"type", "move"}, {"move", "hit 2"}, {"ply", 1}});
  EXPECT_EQ(b.store.moves(id).size(), 1u) << "a move was stored for a link without the turn's rights";
  EXPECT_FALSE(intruder.open(b.hub, invite, why)) << "the used invite opened the game on the new node";
  for (const char* word : {"glyph", "vortex"})  // red's watcher sees red's words, and blue's revealed one only
    EXPECT_EQ(watcher_on_b.all().find(word), std::string::npos) << word << " reached red's watcher on beta";
  Link blue_on_b;
  ASSERT_TRUE(blue_on_b.open(b.hub, blue.token, why)) << why;
  blue_on_b.send(b.hub, {{"type", "move"}, {"move", "hit 2"}, {"ply", 1}});
  EXPECT_EQ(b.store.moves(id).size(), 2u) << "the seat whose turn it is plays on the new node";
}

}  // namespace
}  // namespace strat::server
