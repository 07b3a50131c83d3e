// Stepping through a game (GET /api/games/ID/views) and the finished game's
// analysis (GET /api/games/ID/analysis): who may read which ply's view, that an
// earlier ply shows only what its player knew then, and that the analysis marks
// the losing move.
#include <gtest/gtest.h>

#include <boost/asio/io_context.hpp>
#include <filesystem>

#include "core/error.hpp"
#include "server/test_db.hpp"
#include "server/hub.hpp"
#include "server/room.hpp"
#include "server/store.hpp"
#include "protocol_log.hpp"
#include "test_games.hpp"

namespace strat::server {
namespace {

using nlohmann::json;

struct Sink : Client {
  std::vector<std::string> messages;
  void send(std::string text) override {
    server_test::log_protocol("game", text);
    messages.push_back(text);
  }
};

struct History : ::testing::Test {
  void SetUp() override {
    server_test::register_test_games();
    path = (std::filesystem::temp_directory_path() / ("strat-history-test-" + random_token() + ".db")).string();
    store = std::make_unique<Store>(server_test::test_db(path));
    hub = std::make_unique<Hub>(io, *store, 1);
  }
  void TearDown() override {
    hub.reset();
    store.reset();
    for (const char* suffix : {"", "-wal", "-shm"}) std::filesystem::remove(path + suffix);
  }
  // A client that opened the game with `token` (claiming it if it is an
  // invite); returns its own token.
  std::string join(const std::string& token, Sink& client, Room*& room) {
    Access a;
    std::string why;
    std::vector<TokenGrant> claimed;
    room = hub->open(token, a, why, &claimed);
    EXPECT_NE(room, nullptr) << why;
    room->join(&client, a);
    return claimed.empty() ? token : claimed.front().token;
  }
  void send(Room& room, Sink& client, const json& m) { hub->handle(room, &client, m); }

  boost::asio::io_context io;
  std::string path;
  std::unique_ptr<Store> store;
  std::unique_ptr<Hub> hub;
};

std::string role_token(const json& made, const std::string& role) {
  for (const auto& t : made["tokens"])
    if (t["role"] == role) return t["token"];
  return "";
}

// A secrets game between two friends: red writes zircon,quokka,fjord and blue
// wombat,glyph,vortex; red then reveals the first words ("hit 1": zircon and
// wombat).
struct Played {
  json made;
  std::string red, blue, watch_red, watch_blue;
  Room* room = nullptr;
  Sink red_client, blue_client;
};

void start(History& t, Played& g) {
  g.made = t.hub->create({{"game", "secrets"}, {"mode", "friend"}});
  g.red = t.join(role_token(g.made, "seat0"), g.red_client, g.room);
  g.blue = t.join(role_token(g.made, "invite1"), g.blue_client, g.room);
  g.watch_red = role_token(g.made, "watch0");
  t.send(*g.room, g.red_client, {{"type", "setup"}, {"setup", "zircon,quokka,fjord"}});
  t.send(*g.room, g.blue_client, {{"type", "setup"}, {"setup", "wombat,glyph,vortex"}});
  t.send(*g.room, g.red_client, {{"type", "move"}, {"move", "hit 1"}, {"ply", 0}});
}

TEST_F(History, EachPlysViewHoldsOnlyWhatThatPlayerKnewThen) {
  Played g;
  start(*this, g);
  const std::string id = g.made["id"];
  json red0 = hub->views(id, g.red, 0), red1 = hub->views(id, g.red, 1);
  EXPECT_EQ(red0["plies"], 1);
  EXPECT_EQ(red0["viewer"], 0);
  EXPECT_EQ(red0["view"]["words"][1][0], "?") << "at ply 0 red did not know blue's first word";
  EXPECT_EQ(red1["view"]["words"][1][0], "wombat") << "revealed by the first move";
  EXPECT_EQ(red1["last"]["move"], "hit 1");
  for (const auto& w : {"glyph", "vortex"}) {
    EXPECT_EQ(red0.dump().find(w), std::string::npos) << w;
    EXPECT_EQ(red1.dump().find(w), std::string::npos) << w;
  }
  // Blue's own views never hold red's unrevealed words, and blue is not told
  // what red played (the game keeps its moves secret), only that a move was
  // made.
  json blue1 = hub->views(id, g.blue, 1);
  EXPECT_EQ(blue1["viewer"], 1);
  for (const auto& w : {"quokka", "fjord"}) EXPECT_EQ(blue1.dump().find(w), std::string::npos) << w;
  EXPECT_TRUE(blue1["last"]["move"].is_null());
  EXPECT_EQ(hub->views(id, g.blue, 0)["view"]["words"][0][0], "?");
  // Red's spectator link sees red's views, nothing of blue's.
  json watch = hub->views(id, g.watch_red, 0);
  EXPECT_EQ(watch["viewer"], 0);
  EXPECT_EQ(watch.dump().find("glyph"), std::string::npos);
}

TEST_F(History, ViewsNeedATokenOfThatGame) {
  Played g;
  start(*this, g);
  const std::string id = g.made["id"];
  json other = hub->create({{"game", "nim"}, {"mode", "friend"}});
  const std::string other_token = role_token(other, "seat0");
  EXPECT_THROW(hub->views(id, "", 0), BadInput);
  EXPECT_THROW(hub->views(id, std::string(32, 'a'), 0), BadInput);
  EXPECT_THROW(hub->views(id, other_token, 0), BadInput) << "another game's token opens nothing here";
  EXPECT_THROW(hub->views(other["id"], g.red, 0), BadInput);
  EXPECT_THROW(hub->views(id, g.red, 2), BadInput) << "a ply not played";
  EXPECT_THROW(hub->views(id, g.red, -1), BadInput);
  // An invite nobody opened yet claims no seat by a GET.
  json fresh = hub->create({{"game", "secrets"}, {"mode", "friend"}});
  EXPECT_THROW(hub->views(fresh["id"], role_token(fresh, "invite1"), 0), BadInput);
  EXPECT_THROW(hub->views(fresh["id"], role_token(fresh, "seat0"), 0), BadInput) << "setup: nothing to show yet";
  try {
    hub->views(id, other_token, 0);
  } catch (const BadInput& e) {
    EXPECT_EQ(std::string(e.what()), "unknown or malformed game link") << "the same answer as for an unknown token";
  }
}

TEST_F(History, FinishedGameShowsEveryPlyWholeAndIsAnalysed) {
  Played g;
  start(*this, g);
  const std::string id = g.made["id"];
  EXPECT_THROW(hub->analysis(id), BadInput) << "no analysis while the game is on";
  for (int i = 1; i < 6; ++i)
    send(*g.room, i % 2 ? g.blue_client : g.red_client, {{"type", "move"}, {"move", "hit 3"}});
  ASSERT_TRUE(g.room->over());
  json blue0 = hub->views(id, g.blue, 0);
  EXPECT_EQ(blue0["viewer"], -1);
  EXPECT_EQ(blue0["view"]["words"][0][1], "quokka") << "the finished game is public, as its replay";
  json a = hub->analysis(id);
  ASSERT_TRUE(a["available"].get<bool>());
  EXPECT_EQ(a["points"].size(), 7u) << "the start and one point per move";
  EXPECT_EQ(a["points"][6]["value"], -1.0) << "blue's revealed words are longer (12 to 11): blue won";
}

// Nim (7 left, take 1 or 2, last one wins): red starts with 7, a winning pile;
// taking 2 leaves 5 and hands blue the win, the one losing move of this game,
// which the analysis marks.
TEST_F(History, AnalysisMarksTheMoveThatLostTheWin) {
  json made = hub->create({{"game", "nim"}, {"mode", "hotseat"}});
  Sink c;
  Room* room = nullptr;
  join(role_token(made, "hotseat"), c, room);
  for (const char* m : {"take2", "take2", "take1", "take2"}) send(*room, c, {{"type", "move"}, {"move", m}});
  ASSERT_TRUE(room->over());
  json a = hub->analysis(made["id"]);
  ASSERT_EQ(a["points"].size(), 5u);
  ASSERT_FALSE(a["mistakes"].empty());
  EXPECT_EQ(a["mistakes"][0]["ply"], 1);
  EXPECT_EQ(a["mistakes"][0]["seat"], 0);
  for (const auto& m : a["mistakes"]) EXPECT_NE(m["seat"], 1) << "blue played perfectly: " << m;
}

// The audit's fourth fault: the same attack, a Lieutenant (5) onto a piece Red never saw, was judged a mistake
// only in the game where that piece was a Bomb. Here two games differ only in which of two unmoved Blue pieces,
// e7 or a10, is the Bomb and which the Sergeant (4): Red's knowledge before e6xe7 is the same in both, so the
// move's loss (and whether it is marked) is the same, while the graph shows how differently it turned out.
TEST_F(History, AMoveIsJudgedByWhatItsPlayerKnewNotByWhatItRevealed) {
  json analyses[2];
  for (int bomb_first = 0; bomb_first < 2; ++bomb_first) {
    const std::string field = server_test::stratego_field({{"a1", 'M'}, {"b1", 'D'}, {"e6", 'G'}, {"e7", bomb_first ? 'N' : 'R'},
                                              {"a10", bomb_first ? 'R' : 'N'}, {"j7", 'P'}, {"j10", 'Y'}});
    auto g = server_test::store_game(*store, "stratego", "friend", field + " r", {"e6xe7"},
                                     R"({"status":"win","winner":1,"reason":"resign"})", 42);
    hub = std::make_unique<Hub>(io, *store, 1);
    hub->restore_all();
    analyses[bomb_first] = hub->analysis(g.id);
  }
  const json& bomb = analyses[1];
  const json& sergeant = analyses[0];
  ASSERT_TRUE(bomb["available"].get<bool>());
  ASSERT_EQ(bomb["points"].size(), 2u);
  EXPECT_LT(bomb["points"][1]["value"].get<double>(), sergeant["points"][1]["value"].get<double>())
      << "the graph shows the outcome: Red lost its Lieutenant on the Bomb, took the Sergeant in the other game";
  EXPECT_EQ(bomb["points"][1]["loss"], sergeant["points"][1]["loss"]) << "the move is judged the same";
  EXPECT_EQ(bomb["mistakes"], sergeant["mistakes"]);
}

}  // namespace
}  // namespace strat::server
