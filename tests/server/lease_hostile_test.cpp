// The hostile suite's questions asked across a takeover (docs/security.md): when another node takes a game over,
// does any link see more of the hidden game, or act with more rights, than on the node that played it before?
// Two nodes are two Hubs, each with its own Store and lease, on one test database (both engines).
#include <gtest/gtest.h>

#include <boost/asio/io_context.hpp>
#include <filesystem>
#include <map>
#include <memory>
#include <string>
#include <vector>

#include "recorder.hpp"
#include "server/hub.hpp"
#include "server/leases.hpp"
#include "server/test_db.hpp"
#include "server_fixture.hpp"
#include "test_games.hpp"

namespace strat::server {
namespace {

using nlohmann::json;
using server_test::Recorder;

struct Node {
  boost::asio::io_context io;
  Store store;
  Leases leases;
  Hub hub;
  Node(const std::string& db, const std::string& name) : store(db), leases(store, name, 60'000), hub(io, store, 1) {
    hub.set_leases(&leases);
  }
};

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

struct LeaseHostile : ::testing::Test {
  void SetUp() override {
    server_test::register_test_games();
    path_ = (std::filesystem::temp_directory_path() / ("strat-lease-hostile-" + random_token() + ".db")).string();
    db_ = server_test::test_db(path_);
  }
  void TearDown() override {
    for (const char* suffix : {"", "-wal", "-shm"}) std::filesystem::remove(path_ + suffix);
  }
  std::string path_, db_;
};

// The secrets test game (test_games.hpp) between two friends: red's words zircon,quokka,fjord, blue's
// wombat,glyph,vortex; after "hit 1" only zircon and wombat are public.
TEST_F(LeaseHostile, ATakenOverGameShowsEachLinkWhatItSawBeforeAndGrantsNoMoreRights) {
  auto a = std::make_unique<Node>(db_, "alpha");
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
  open_db(db_)->run("UPDATE nodes SET expires=0 WHERE name='alpha'");
  Node b(db_, "beta");
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
