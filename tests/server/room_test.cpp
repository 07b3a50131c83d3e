// The server's game logic (Room, Hub, Store) driven without a network: play modes, token rights, hidden
// information, bad messages, durability and replay after a restart.
#include <gtest/gtest.h>
#include <sqlite3.h>

#include <boost/asio/executor_work_guard.hpp>
#include <boost/asio/io_context.hpp>
#include <filesystem>
#include <random>
#include <regex>

#include "cli/outcome_text.hpp"
#include "core/record.hpp"
#include "server/test_db.hpp"
#include "server/hub.hpp"
#include "server/room.hpp"
#include "server/store.hpp"
#include "recorder.hpp"
#include "test_games.hpp"

namespace strat::server {
namespace {

using nlohmann::json;
using server_test::secret_words;

using server_test::Recorder;

std::string temp_db(const std::string& name) {
  auto path = std::filesystem::temp_directory_path() / ("strat-server-test-" + name + "-" + random_token() + ".db");
  return path.string();
}

struct Fixture : ::testing::Test {
  void SetUp() override { server_test::register_test_games(); }
  void TearDown() override {
    for (const auto& f : files)
      for (const char* suffix : {"", "-wal", "-shm"}) std::filesystem::remove(f + suffix);
  }
  std::string db(const std::string& name) {
    files.push_back(temp_db(name));
    return files.back();
  }
  std::vector<std::string> files;
};

const TokenGrant& grant(const std::vector<TokenGrant>& grants, const std::string& role) {
  for (const auto& g : grants)
    if (to_string(g.role) == role) return g;
  throw std::runtime_error("no grant " + role);
}

Access access_of(const TokenGrant& g) { return {g.acts, g.sees}; }

// Both seats place their words; the game starts.
struct SecretsGame {
  std::vector<TokenGrant> grants;
  std::unique_ptr<Room> room;
  Recorder red, blue, watch_red;
  SecretsGame(Store& store, Mode mode = Mode::Friend) {
    NewGame r;
    r.game = "secrets";
    r.mode = mode;
    r.agent = "first";
    room = Room::create(store, r, grants, now_ms());
    room->join(&red, access_of(grant(grants, mode == Mode::Hotseat ? "hotseat" : "seat0")));
    if (mode == Mode::Friend) room->join(&blue, access_of(grant(grants, "invite1")));
    room->join(&watch_red, access_of(grant(grants, "watch0")));
  }
  void setups(const std::string& a = "zircon,quokka,fjord", const std::string& b = "wombat,glyph,vortex") {
    room->handle(&red, json{{"type", "setup"}, {"setup", a}}, now_ms());
    if (room->meta().seats[1].kind == SeatKind::Human) room->handle(&blue, json{{"type", "setup"}, {"setup", b}}, now_ms());
  }
};

TEST_F(Fixture, SetupPhaseStartsTheGameWhenBothSeatsArePlaced) {
  Store store(server_test::test_db(db("setup")));
  SecretsGame g(store);
  EXPECT_EQ(g.red.last()["phase"], "setup");
  g.room->handle(&g.red, json{{"type", "setup"}, {"setup", "zircon,quokka"}}, now_ms());
  EXPECT_EQ(g.red.last()["type"], "error");
  EXPECT_EQ(g.red.last()["message"], "red's setup needs 3 words, has 2");
  g.room->handle(&g.red, json{{"type", "setup"}, {"setup", "wombat,glyph,vortex"}}, now_ms());
  EXPECT_EQ(g.red.last()["type"], "error") << "red may not place blue's words";
  g.setups();
  EXPECT_EQ(g.red.last()["phase"], "play");
  EXPECT_EQ(g.blue.last()["phase"], "play");
  EXPECT_EQ(g.red.last()["legal"].size(), 3u);
  EXPECT_EQ(g.blue.last()["legal"].size(), 0u) << "legal moves go to the side to move only";
}

TEST_F(Fixture, SetupErrorsNeverNameTheOtherSeatsSetup) {
  Store store(server_test::test_db(db("setup-secret")));
  SecretsGame g(store);
  g.room->handle(&g.red, json{{"type", "setup"}, {"setup", "zircon,quokka,fjord"}}, now_ms());
  g.room->handle(&g.blue, json{{"type", "setup"}, {"setup", "wombat"}}, now_ms());
  EXPECT_EQ(g.blue.last()["type"], "error");
  for (const auto& w : {"zircon", "quokka", "fjord"}) EXPECT_EQ(g.blue.all().find(w), std::string::npos) << w;
  EXPECT_TRUE(g.blue.last_of("state")["setup"]["mine"].empty());
}

TEST_F(Fixture, OpponentNeverReceivesUnrevealedWordsUntilTheEnd) {
  Store store(server_test::test_db(db("hidden")));
  SecretsGame g(store);
  g.setups();
  // Blue tries an illegal move: the game's own error would name a hidden word of blue; red must not see
  // red's own hidden info leak either way, and blue's error must be the server's generic text.
  g.room->handle(&g.red, json{{"type", "move"}, {"move", "hit 9"}}, now_ms());
  EXPECT_EQ(g.red.last()["type"], "error");
  EXPECT_EQ(g.red.last()["message"], "illegal move 'hit 9': not one of red's 3 legal moves");
  g.room->handle(&g.red, json{{"type", "move"}, {"move", "hit 2"}}, now_ms());
  // Revealed: quokka and glyph. Still hidden from red: wombat, vortex. From blue: zircon, fjord.
  for (const auto& w : {"wombat", "vortex"}) {
    EXPECT_EQ(g.red.all().find(w), std::string::npos) << w;
    EXPECT_EQ(g.watch_red.all().find(w), std::string::npos) << w;
  }
  for (const auto& w : {"zircon", "fjord"}) EXPECT_EQ(g.blue.all().find(w), std::string::npos) << w;
  // "secrets" does not declare its moves public: blue learns that red moved, not what red wrote.
  json told = g.blue.last_of("move");
  EXPECT_EQ(told["seat"], 0);
  EXPECT_TRUE(told["move"].is_null());
  EXPECT_TRUE(told["events"].empty());
  EXPECT_EQ(g.red.last_of("move")["move"], "hit 2");
  EXPECT_EQ(g.watch_red.last_of("move")["move"], "hit 2") << "red's watcher sees what red sees";
  EXPECT_NE(g.red.all().find("glyph"), std::string::npos) << "a revealed word is public";
  EXPECT_NE(g.blue.all().find("quokka"), std::string::npos);
  for (int i = 0; i < 5; ++i) {
    Recorder& c = i % 2 == 0 ? g.blue : g.red;
    g.room->handle(&c, json{{"type", "move"}, {"move", "hit 2"}}, now_ms());
  }
  ASSERT_TRUE(g.room->over());
  json end = g.blue.last_of("state");
  EXPECT_EQ(end["phase"], "over");
  EXPECT_EQ(end["view"]["words"][0][0], "zircon") << "the finished game is shown whole";
  EXPECT_EQ(end["result"]["status"], "win");
  EXPECT_EQ(end["moves"][0]["move"], "hit 2") << "the whole record once the game is over";
}

// The card duel (GameInfo::public_part): the opponent is told every attack, reveal and what it turned up, and of a
// placement only the slot, never the placed card's rank, in moves, events and snapshots alike.
TEST_F(Fixture, CardDuelTellsTheOpponentPublicMovesButNeverAPlacedCard) {
  Store store(server_test::test_db(db("cards-public")));
  int attacks = 0, reveals = 0, placements = 0, checked = 0;
  // Fixed deals (the server's own are secret and random) and enough games that attacks surely happen.
  for (std::uint64_t seed = 1; seed <= 6; ++seed) {
    NewGame r;
    r.game = "stratego-cards";
    r.mode = Mode::Friend;
    r.seed = seed;
    std::vector<TokenGrant> grants;
    auto room = Room::create(store, r, grants, now_ms());
    Recorder red, blue;
    room->join(&red, access_of(grant(grants, "seat0")));
    room->join(&blue, access_of(grant(grants, "invite1")));
    std::mt19937 rng(static_cast<std::uint32_t>(seed));
    const std::regex attack(R"(^a\dx\d$)"), reveal(R"(^(spy|scout)\d)");
    for (int i = 0; i < 400 && !room->over(); ++i) {
      const int mover = json::parse(room->snapshot(access_of(grant(grants, "seat0"))))["to_move"];
      Recorder& c = mover == 0 ? red : blue;
      const json legal = json::parse(room->snapshot(access_of(grant(grants, mover == 0 ? "seat0" : "invite1"))))["legal"];
      ASSERT_FALSE(legal.empty());
      std::vector<std::string> preferred;  // attacks and reveals first, so the test sees them
      for (const auto& m : legal)
        if (std::regex_search(m.get<std::string>(), attack) || std::regex_search(m.get<std::string>(), reveal)) preferred.push_back(m);
      const std::string move = !preferred.empty() && rng() % 2 ? preferred[rng() % preferred.size()]
                                                               : legal[rng() % legal.size()].get<std::string>();
      room->handle(&c, json{{"type", "move"}, {"move", move}}, now_ms());
      if (room->over() || mover != 0) continue;
      const json told = blue.last_of("move");  // what blue heard of red's move
      ASSERT_EQ(told["seat"], 0);
      if (move.rfind("place ", 0) == 0) {
        ++placements;
        EXPECT_EQ(told["move"], move.substr(0, move.find('='))) << "the slot is public, the card is not";
        for (const auto& e : told["events"]) EXPECT_FALSE(std::regex_search(e.get<std::string>(), std::regex(R"(^place r\d \S)"))) << e;
      } else {
        EXPECT_EQ(told["move"], move) << "attacks and reveals are public";
        EXPECT_EQ(told["events"], red.last_of("move")["events"]) << "and so is everything they turn up";
        attacks += std::regex_search(move, attack);
        reveals += std::regex_search(move, reveal);
      }
    }
    // Nothing blue was told while the game ran names a card red placed: no red "place 2=9", no "place r2 9".
    const std::regex red_event(R"(place r\d [0-9BF])");
    for (const auto& text : blue.messages) {
      json m = json::parse(text);
      if (m.contains("result") && !m["result"].is_null()) break;  // the finished game is shown whole
      EXPECT_FALSE(std::regex_search(text, red_event)) << text;
      json moves = m.contains("moves") ? m["moves"] : json::array();
      if (m["type"] == "move") moves.push_back(m);
      for (const auto& mv : moves)
        if (mv["seat"] == 0 && mv["move"].is_string()) {
          ++checked;
          EXPECT_EQ(mv["move"].get<std::string>().find('='), std::string::npos) << text;
        }
    }
  }
  EXPECT_GT(attacks, 0);
  EXPECT_GT(placements, 0);
  EXPECT_GT(checked, 10);
  (void)reveals;
}

// Presence: each side is told when the other's last connection leaves and when one comes back.
TEST_F(Fixture, PresenceTellsWhenTheOpponentLeavesAndComesBack) {
  Store store(server_test::test_db(db("presence")));
  SecretsGame g(store);
  EXPECT_EQ(json::parse(g.red.messages.front())["online"], json::array({true, false})) << "blue had not come yet";
  EXPECT_EQ(g.red.last()["online"], json::array({true, true})) << "red is told that blue came";
  const std::size_t before = g.red.messages.size();
  g.room->leave(&g.watch_red);
  EXPECT_EQ(g.red.messages.size(), before) << "a spectator leaving changes no one's presence";
  g.room->leave(&g.blue);
  EXPECT_EQ(g.red.last()["type"], "state");
  EXPECT_EQ(g.red.last()["online"], json::array({true, false}));
  Recorder blue_again;
  g.room->join(&blue_again, access_of(grant(g.grants, "invite1")));
  EXPECT_EQ(g.red.last()["online"], json::array({true, true}));
  EXPECT_EQ(json::parse(blue_again.messages.front())["online"], json::array({true, true}));
}

TEST_F(Fixture, TokensActOnlyForTheirSeatAndBadMovesChangeNothing) {
  std::string path = db("rights");
  Store store(server_test::test_db(path));
  SecretsGame g(store);
  g.setups();
  auto plies = [&] { return store.moves(g.room->id()).size(); };
  g.room->handle(&g.blue, json{{"type", "move"}, {"move", "hit 1"}}, now_ms());
  EXPECT_EQ(g.blue.last()["message"], "not your turn: red is to move");
  g.room->handle(&g.blue, json{{"type", "move"}, {"move", "hit 1"}, {"seat", 0}}, now_ms());
  EXPECT_EQ(g.blue.last()["message"], "this link plays seat 1 only");
  g.room->handle(&g.watch_red, json{{"type", "move"}, {"move", "hit 1"}}, now_ms());
  EXPECT_EQ(g.watch_red.last()["message"], "this link only watches the game; it cannot move");
  for (const json& bad : {json{{"type", "move"}}, json{{"type", "move"}, {"move", 3}}, json{{"type", "move"}, {"move", ""}},
                          json{{"type", "move"}, {"move", std::string(100, 'x')}}, json{{"type", "fly"}}, json(42),
                          json{{"type", "move"}, {"move", "hit 1"}, {"ply", 7}}}) {
    g.red.messages.clear();
    g.room->handle(&g.red, bad, now_ms());
    ASSERT_EQ(g.red.messages.size(), 1u) << bad;
    EXPECT_EQ(g.red.last()["type"], "error") << bad;
  }
  EXPECT_EQ(plies(), 0u);
  EXPECT_EQ(g.room->ply(), 0);
  g.room->handle(&g.red, json{{"type", "move"}, {"move", "hit 1"}, {"ply", 0}}, now_ms());
  EXPECT_EQ(plies(), 1u);
  // The same message again (a retry) is stale now and changes nothing.
  g.room->handle(&g.red, json{{"type", "move"}, {"move", "hit 1"}, {"ply", 0}}, now_ms());
  EXPECT_EQ(g.red.last()["message"], "stale move 'hit 1': the game is at ply 1");
  EXPECT_EQ(plies(), 1u);
}

// Every move is in the database before any client hears of it.
struct DurabilityProbe : Client {
  std::string path, id;
  std::vector<std::size_t> stored_when_told;
  void send(std::string text) override {
    if (json::parse(text)["type"] != "move") return;
    Store second(server_test::test_db(path));
    stored_when_told.push_back(second.moves(id).size());
  }
};

TEST_F(Fixture, MovesAreCommittedBeforeTheyAreAnnounced) {
  std::string path = db("commit");
  Store store(server_test::test_db(path));
  std::vector<TokenGrant> grants;
  NewGame r;
  r.game = "nim";
  r.mode = Mode::Hotseat;
  auto room = Room::create(store, r, grants, now_ms());
  DurabilityProbe probe;
  probe.path = path;
  probe.id = room->id();
  room->join(&probe, access_of(grant(grants, "hotseat")));
  for (int i = 0; i < 4; ++i) room->handle(&probe, json{{"type", "move"}, {"move", "take1"}}, now_ms());
  EXPECT_EQ(probe.stored_when_told, (std::vector<std::size_t>{1, 2, 3, 4}));
}

// Group commit (the network server's mode): moves accepted in one turn of the event loop are committed together
// by Store::flush, and no client hears of any of them before that commit.
TEST_F(Fixture, GroupCommittedMovesAreAnnouncedOnlyAfterTheirCommit) {
  std::string path = db("group");
  Store store(server_test::test_db(path));
  int flushes_asked = 0;
  store.enable_group_commit([&] { ++flushes_asked; });
  std::vector<TokenGrant> grants;
  NewGame r;
  r.game = "nim";
  r.mode = Mode::Hotseat;
  auto room = Room::create(store, r, grants, now_ms());
  DurabilityProbe probe, leaver;
  probe.path = leaver.path = path;
  probe.id = leaver.id = room->id();
  room->join(&probe, access_of(grant(grants, "hotseat")));
  room->join(&leaver, access_of(grant(grants, "watch")));
  for (int i = 0; i < 3; ++i) room->handle(&probe, json{{"type", "move"}, {"move", "take1"}}, now_ms());
  EXPECT_EQ(flushes_asked, 1) << "one flush for the whole group";
  EXPECT_TRUE(probe.stored_when_told.empty()) << "nothing announced before the commit";
  EXPECT_EQ(Store(server_test::test_db(path)).moves(room->id()).size(), 0u) << "nothing committed before the flush";
  room->leave(&leaver);  // its messages are dropped, never delivered to a client that has gone
  store.flush();
  EXPECT_EQ(probe.stored_when_told, (std::vector<std::size_t>{3, 3, 3})) << "announced after all three committed";
  EXPECT_TRUE(leaver.stored_when_told.empty());
  room->handle(&probe, json{{"type", "move"}, {"move", "take1"}}, now_ms());
  EXPECT_EQ(probe.stored_when_told.size(), 3u);
  EXPECT_EQ(store.moves(room->id()).size(), 4u) << "a read of the store commits what waits first";
  store.flush();
  EXPECT_EQ(probe.stored_when_told, (std::vector<std::size_t>{3, 3, 3, 4}));
}

TEST_F(Fixture, RestoredGameContinuesWhereItStopped) {
  std::string path = db("restore");
  std::string id, red_token, blue_token;
  {
    Store store(server_test::test_db(path));
    SecretsGame g(store);
    g.setups();
    g.room->handle(&g.red, json{{"type", "move"}, {"move", "hit 3"}}, now_ms());
    g.room->handle(&g.blue, json{{"type", "move"}, {"move", "hit 1"}}, now_ms());
    id = g.room->id();
    red_token = grant(g.grants, "seat0").token;
  }  // the "server" is gone; only the file remains
  Store store(server_test::test_db(path));
  auto game = store.game(id);
  ASSERT_TRUE(game);
  auto room = Room::restore(store, *game, now_ms());
  EXPECT_EQ(room->ply(), 2);
  EXPECT_EQ(room->meta().updated_ms, store.moves(id).back().at_ms) << "last changed by its last move (lobby order)";
  Recorder red;
  auto t = store.token(red_token);
  ASSERT_TRUE(t);
  room->join(&red, {t->acts, t->sees});
  json s = red.last();
  EXPECT_EQ(s["moves"].size(), 2u);
  EXPECT_EQ(s["moves"][0]["events"][0], "reveal 3 fjordxvortex");
  EXPECT_EQ(s["view"]["words"][1], json::array({"wombat", "?", "vortex"}));
  room->handle(&red, json{{"type", "move"}, {"move", "hit 2"}}, now_ms());
  EXPECT_EQ(room->ply(), 3);
}

TEST_F(Fixture, SetupsSurviveARestart) {
  std::string path = db("restore-setup");
  std::string id;
  {
    Store store(server_test::test_db(path));
    SecretsGame g(store);
    g.room->handle(&g.red, json{{"type", "setup"}, {"setup", "sphinx,quokka,fjord"}}, now_ms());
    id = g.room->id();
  }
  Store store(server_test::test_db(path));
  auto room = Room::restore(store, *store.game(id), now_ms());
  EXPECT_TRUE(room->in_setup());
  auto blue = *store.tokens(id).begin();
  for (const auto& t : store.tokens(id))
    if (t.acts == 2) blue = t;
  Recorder c;
  room->join(&c, {blue.acts, blue.sees});
  room->handle(&c, json{{"type", "setup"}, {"setup", "kayak,nymph,glyph"}}, now_ms());
  ASSERT_FALSE(room->in_setup());
  EXPECT_EQ(c.last()["phase"], "play");
  EXPECT_EQ(c.last()["view"]["words"][1], json::array({"kayak", "nymph", "glyph"}));
  EXPECT_EQ(c.last()["view"]["words"][0], json::array({"?", "?", "?"}));
}

TEST_F(Fixture, ResignationAndDrawAgreement) {
  Store store(server_test::test_db(db("resign")));
  {
    SecretsGame g(store);
    g.setups();
    g.room->handle(&g.blue, json{{"type", "resign"}}, now_ms());
    EXPECT_EQ(g.red.last()["result"]["winner"], 0);
    EXPECT_EQ(g.red.last()["result"]["reason"], "resign");
    g.room->handle(&g.red, json{{"type", "move"}, {"move", "hit 1"}}, now_ms());
    EXPECT_EQ(g.red.last()["message"], "the game is over");
  }
  {
    SecretsGame g(store);
    g.setups();
    g.room->handle(&g.red, json{{"type", "draw"}, {"action", "accept"}}, now_ms());
    EXPECT_EQ(g.red.last()["message"], "there is no draw offer to accept");
    g.room->handle(&g.red, json{{"type", "draw"}, {"action", "offer"}}, now_ms());
    EXPECT_EQ(g.blue.last()["draw_offer"], 0);
    g.room->handle(&g.blue, json{{"type", "draw"}, {"action", "decline"}}, now_ms());
    EXPECT_EQ(g.red.last()["draw_offer"], -1);
    g.room->handle(&g.red, json{{"type", "draw"}, {"action", "offer"}}, now_ms());
    g.room->handle(&g.blue, json{{"type", "draw"}, {"action", "accept"}}, now_ms());
    EXPECT_EQ(g.red.last()["result"]["status"], "draw");
    EXPECT_EQ(g.red.last()["result"]["reason"], "agreement");
  }
}

TEST_F(Fixture, DrawOfferSurvivesARestartUntilTheOtherSideMoves) {
  std::string path = db("restore-draw");
  std::string id, red_token;
  {
    Store store(server_test::test_db(path));
    SecretsGame g(store);
    g.setups();
    g.room->handle(&g.red, json{{"type", "move"}, {"move", "hit 3"}}, now_ms());
    g.room->handle(&g.blue, json{{"type", "draw"}, {"action", "offer"}}, now_ms());
    EXPECT_EQ(g.red.last()["draw_offer"], 1);
    id = g.room->id();
    red_token = grant(g.grants, "seat0").token;
  }  // killed with blue's offer pending
  {
    Store store(server_test::test_db(path));
    auto room = Room::restore(store, *store.game(id), now_ms());
    Recorder red;
    auto t = store.token(red_token);
    room->join(&red, {t->acts, t->sees});
    EXPECT_EQ(red.last()["draw_offer"], 1);
    // Red, to move, takes the offer up after the restart.
    room->handle(&red, json{{"type", "draw"}, {"action", "offer"}}, now_ms());
    EXPECT_EQ(red.last()["result"]["reason"], "agreement");
  }
  std::string id2;
  {
    Store store(server_test::test_db(path));
    SecretsGame g(store);
    g.setups();
    g.room->handle(&g.red, json{{"type", "draw"}, {"action", "offer"}}, now_ms());
    g.room->handle(&g.red, json{{"type", "move"}, {"move", "hit 3"}}, now_ms());  // the offerer's own move
    g.room->handle(&g.blue, json{{"type", "move"}, {"move", "hit 1"}}, now_ms());  // the answer: declined
    EXPECT_EQ(g.red.last()["draw_offer"], -1);
    id2 = g.room->id();
  }
  Store store(server_test::test_db(path));
  auto room = Room::restore(store, *store.game(id2), now_ms());
  Recorder watcher;
  room->join(&watcher, {0, -1});
  EXPECT_EQ(watcher.last()["draw_offer"], -1);
}

TEST_F(Fixture, DatabaseFromBeforeDrawOffersGainsTheColumns) {
  std::string path = db("old-schema");
  sqlite3* raw = nullptr;
  ASSERT_EQ(sqlite3_open(path.c_str(), &raw), SQLITE_OK);
  const char* old_schema =
      "CREATE TABLE games (id TEXT PRIMARY KEY, spec TEXT NOT NULL, mode TEXT NOT NULL, start TEXT NOT NULL,"
      " seed INTEGER NOT NULL, listed INTEGER NOT NULL, created INTEGER NOT NULL, updated INTEGER NOT NULL,"
      " clock_initial INTEGER NOT NULL, clock_increment INTEGER NOT NULL, seat0_kind TEXT NOT NULL,"
      " seat0_agent TEXT NOT NULL, seat1_kind TEXT NOT NULL, seat1_agent TEXT NOT NULL, result TEXT NOT NULL,"
      " title TEXT NOT NULL, summary TEXT NOT NULL);"
      "INSERT INTO games VALUES ('old1', 'secrets', 'friend', 'new:5', 5, 0, 1, 1, 0, 0, 'human', '', 'human', '',"
      " '', 'Secrets', '');";
  ASSERT_EQ(sqlite3_exec(raw, old_schema, nullptr, nullptr, nullptr), SQLITE_OK);
  sqlite3_close(raw);
  Store store(path);
  auto g = store.game("old1");
  ASSERT_TRUE(g);
  EXPECT_EQ(g->draw_offer, -1);
  store.set_draw_offer("old1", 1, 4);
  EXPECT_EQ(store.game("old1")->draw_offer, 1);
  EXPECT_EQ(store.game("old1")->draw_offer_ply, 4);
}

TEST_F(Fixture, ClockRunsOutAndTheOtherSideWins) {
  Store store(server_test::test_db(db("clock")));
  std::vector<TokenGrant> grants;
  NewGame r;
  r.game = "nim";
  r.mode = Mode::Friend;
  r.clock_initial_ms = 1000;
  r.clock_increment_ms = 500;
  std::int64_t t0 = now_ms();
  auto room = Room::create(store, r, grants, t0);
  Recorder red;
  room->join(&red, access_of(grant(grants, "seat0")));
  room->handle(&red, json{{"type", "move"}, {"move", "take1"}}, t0 + 400);
  EXPECT_EQ(red.last()["clocks"]["remaining_ms"][0], 1100);  // 1000 - 400 + 500
  EXPECT_EQ(*room->clock_deadline(t0 + 400), 1000);
  room->check_clock(t0 + 1399);
  EXPECT_FALSE(room->over());
  room->check_clock(t0 + 1400);
  ASSERT_TRUE(room->over());
  EXPECT_EQ(red.last()["result"]["winner"], 0);
  EXPECT_EQ(red.last()["result"]["reason"], "time");
}

TEST_F(Fixture, ComputerPlaysItsSeatThroughTheHub) {
  boost::asio::io_context io;
  Store store(server_test::test_db(db("hub")));
  Hub hub(io, store, 1);
  json made = hub.create({{"game", "nim"}, {"mode", "selfplay"}, {"agent", "first"}});
  auto guard = boost::asio::make_work_guard(io);
  for (int i = 0; i < 500 && store.moves(made["id"]).size() < 7; ++i) io.run_for(std::chrono::milliseconds(10));
  json lobby = hub.lobby();
  ASSERT_EQ(lobby["recent"].size(), 1u);
  EXPECT_EQ(lobby["recent"][0]["phase"], "over");
  EXPECT_EQ(lobby["recent"][0]["plies"], 7);
  EXPECT_EQ(store.moves(made["id"]).size(), 7u);
  // A game with setups: the computers' setups are drawn at creation and the game starts by itself.
  json secret = hub.create({{"game", "secrets"}, {"mode", "selfplay"}, {"agent", "first"}});
  for (int i = 0; i < 500 && store.moves(secret["id"]).size() < 6; ++i) io.run_for(std::chrono::milliseconds(10));
  EXPECT_EQ(store.moves(secret["id"]).size(), 6u);
  EXPECT_THROW(hub.create({{"game", "nim"}, {"mode", "computer"}, {"agent", "deep-blue"}}), BadInput);
  EXPECT_THROW(hub.create({{"game", "chess"}}), BadInput);
  EXPECT_THROW(hub.create({{"game", "nim"}, {"mode", "solo"}}), BadInput);
}

// The exported record is the format `strat replay` reads (docs/records.md): the card duel's moves contain spaces
// ("place 1=4") and its attacks reveal two cards ("{10 7}").
TEST_F(Fixture, ExportedCardDuelRecordReplays) {
  boost::asio::io_context io;
  Store store(server_test::test_db(db("record")));
  Hub hub(io, store, 1);
  json made = hub.create({{"game", "stratego-cards"}, {"mode", "selfplay"}, {"agent", "random"}});
  const std::string id = made["id"];
  auto guard = boost::asio::make_work_guard(io);
  std::string text;
  for (int i = 0; i < 6000 && text.empty(); ++i) {
    try {
      text = hub.record(id);
    } catch (const BadInput&) {
      io.run_for(std::chrono::milliseconds(5));  // still being played
    }
  }
  ASSERT_FALSE(text.empty()) << "the game did not finish";
  EXPECT_NE(text.find("\n1. place "), std::string::npos) << text;
  const Record record = Record::parse(text);
  ReplayReport report = replay(record);
  EXPECT_EQ(report.error, "") << text;
  EXPECT_EQ(report.good_moves, record.moves.size());
  EXPECT_EQ(cli::settle_claimed_result(*report.final_state, record.header("Result")), "") << text;
}

TEST_F(Fixture, HiddenInformationGamesHaveNoAllSeeingLink) {
  Store store(server_test::test_db(db("links")));
  boost::asio::io_context io;
  Hub hub(io, store, 1);
  json made = hub.create({{"game", "secrets"}, {"mode", "friend"}});
  for (const auto& t : made["tokens"]) EXPECT_NE(t["sees"], -1) << t;
  json nim = hub.create({{"game", "nim"}, {"mode", "friend"}});
  int all_seeing = 0;
  for (const auto& t : nim["tokens"]) all_seeing += t["sees"] == -1;
  EXPECT_EQ(all_seeing, 1);
  EXPECT_THROW(hub.record(made["id"]), BadInput) << "no record while the game is on";
  EXPECT_THROW(hub.replay(made["id"], 0), BadInput);
}

TEST_F(Fixture, OpenSeatIsHandedOutOnce) {
  Store store(server_test::test_db(db("lobby")));
  boost::asio::io_context io;
  Hub hub(io, store, 1);
  json made = hub.create({{"game", "nim"}, {"mode", "friend"}, {"listed", true}});
  ASSERT_EQ(hub.lobby()["open"].size(), 1u);
  json seat = hub.take_open_seat(made["id"]);
  EXPECT_EQ(hub.state(seat["token"])["acts"], json::array({1}));
  EXPECT_THROW(hub.take_open_seat(made["id"]), BadInput);
  EXPECT_EQ(hub.lobby()["open"].size(), 0u);
}

TEST_F(Fixture, InviteIsExchangedOnceForASeatTheCreatorCannotSee) {
  Store store(server_test::test_db(db("invite")));
  boost::asio::io_context io;
  Hub hub(io, store, 1);
  json made = hub.create({{"game", "secrets"}, {"mode", "friend"}, {"seat", 1}});
  std::string invite;
  for (const auto& t : made["tokens"]) {
    EXPECT_NE(t["role"], "watch0") << "the creator plays blue and must not get red's view";
    EXPECT_NE(t["role"], "seat0");
    if (t["role"] == "invite0") invite = t["token"];
  }
  ASSERT_FALSE(invite.empty());
  Access a;
  std::string why;
  EXPECT_EQ(hub.open(invite, a, why, nullptr), nullptr) << "a plain GET never claims";
  std::vector<TokenGrant> claimed;
  Room* room = hub.open(invite, a, why, &claimed);
  ASSERT_NE(room, nullptr);
  EXPECT_EQ(a.acts, 1);
  ASSERT_EQ(claimed.size(), 2u);
  EXPECT_EQ(to_string(claimed[0].role), "seat0");
  EXPECT_EQ(to_string(claimed[1].role), "watch0");
  std::vector<TokenGrant> again;
  EXPECT_EQ(hub.open(invite, a, why, &again), nullptr);
  EXPECT_NE(why.find("used already"), std::string::npos);
  EXPECT_EQ(hub.state(claimed[0].token)["acts"], json::array({0})) << "the claimed seat resumes with its own link";
}

// Random messages of every shape: each gets exactly one reply, an error unless it was a well-formed
// request, and nothing but a legal move by the side to move ever changes the game.
TEST_F(Fixture, FuzzedMessagesAreAnsweredAndChangeNothingUnlessValid) {
  Store store(server_test::test_db(db("fuzz")));
  SecretsGame g(store);
  g.setups();
  std::mt19937 rng(7);
  const std::vector<json> values = {json(), json(3), json(-1), json("hit 1"), json("hit 4"), json(""), json(true),
                                    json::array({1, 2}), json::object(), json("offer"), json("accept"), json(0), json(1),
                                    json(std::string(5000, 'z')), json("\u0001")};
  const std::vector<std::string> types = {"move", "setup", "random_setup", "resign", "draw", "state", "ping", "x", ""};
  const std::vector<std::string> keys = {"move", "ply", "seat", "action", "setup", "type"};
  int changes = 0;
  for (int i = 0; i < 3000; ++i) {
    json m = json::object();
    if (rng() % 10) m["type"] = types[rng() % types.size()];
    for (int k = rng() % 4; k > 0; --k) m[keys[rng() % keys.size()]] = values[rng() % values.size()];
    if (m.contains("type") && m["type"] == "resign") m.erase("type");  // keep the game going
    if (m.contains("type") && m["type"] == "draw") m["action"] = "decline";
    Recorder& c = rng() % 2 ? g.red : g.blue;
    int before = g.room->ply();
    std::size_t sent = c.messages.size();
    g.room->handle(&c, m, now_ms());
    ASSERT_GE(c.messages.size(), sent + 1) << m;
    if (g.room->ply() != before) {
      ++changes;
      ASSERT_EQ(m["type"], "move");
      ASSERT_TRUE(m["move"].is_string());
    }
    ASSERT_EQ(store.moves(g.room->id()).size(), static_cast<std::size_t>(g.room->ply()));
    if (g.room->over()) break;
  }
  EXPECT_GT(changes, 0);
}

TEST_F(Fixture, HotseatActsForTheSideToMoveAndSeesItsView) {
  Store store(server_test::test_db(db("hotseat")));
  SecretsGame g(store, Mode::Hotseat);
  g.room->handle(&g.red, json{{"type", "setup"}, {"seat", 0}, {"setup", "zircon,quokka,fjord"}}, now_ms());
  g.room->handle(&g.red, json{{"type", "setup"}, {"seat", 1}, {"setup", "wombat,glyph,vortex"}}, now_ms());
  EXPECT_EQ(g.red.last()["viewer"], 0);
  g.room->handle(&g.red, json{{"type", "move"}, {"move", "hit 1"}}, now_ms());
  json m = g.red.last();
  EXPECT_EQ(m["viewer"], 1);
  EXPECT_EQ(m["view"]["words"][0], json::array({"zircon", "?", "?"}));
  EXPECT_EQ(m["legal"].size(), 3u);
}

}  // namespace
}  // namespace strat::server

namespace strat::server {
namespace {

// A friend game of nim with a clock (no increment), created at `t0`.
std::unique_ptr<Room> clocked_nim(Store& store, std::int64_t t0, std::int64_t initial_ms, std::vector<TokenGrant>& grants) {
  NewGame r;
  r.game = "nim";
  r.mode = Mode::Friend;
  r.clock_initial_ms = initial_ms;
  return Room::create(store, r, grants, t0);
}

// Clocks across a restart: the side to move is charged the time it thought before the crash (up to the last
// heartbeat), the time the server was down is charged to nobody. Before, a restored clock gave back everything
// thought since the turn began.
TEST_F(Fixture, RestoredClockChargesTheThinkingTimeBeforeTheCrash) {
  std::string path = db("clock-restart");
  std::string id;
  const std::int64_t t0 = 1'000'000;
  {
    Store store(server_test::test_db(path));
    std::vector<TokenGrant> grants;
    auto room = clocked_nim(store, t0, 60'000, grants);
    id = room->id();
    Recorder red;
    room->join(&red, access_of(grant(grants, "seat0")));
    room->handle(&red, json{{"type", "move"}, {"move", "take1"}}, t0 + 2'000);  // red thought 2 s
    store.heartbeat(t0 + 5'000);  // blue thinks 3 s, then the server dies
  }
  Store store(server_test::test_db(path));
  auto restored = Room::restore(store, *store.game(id), t0 + 500'000);  // back after 495 s down
  EXPECT_EQ(*restored->clock_deadline(t0 + 500'000), 57'000) << "blue's 3 s before the crash stay spent";
  EXPECT_EQ(*restored->clock_deadline(t0 + 501'000), 56'000) << "and the clock runs on from the restart";
}

TEST_F(Fixture, RestoredClockChargesTheFirstTurnFromTheStart) {
  std::string path = db("clock-first-turn");
  std::string id;
  const std::int64_t t0 = 2'000'000;
  {
    Store store(server_test::test_db(path));
    std::vector<TokenGrant> grants;
    id = clocked_nim(store, t0, 10'000, grants)->id();
    store.heartbeat(t0 + 900);
  }
  Store store(server_test::test_db(path));
  auto restored = Room::restore(store, *store.game(id), t0 + 60'000);
  EXPECT_EQ(*restored->clock_deadline(t0 + 60'000), 9'100);
}

TEST_F(Fixture, RestoredClockThatRanOutEndsTheGameOnTime) {
  std::string path = db("clock-flag");
  std::string id;
  const std::int64_t t0 = 3'000'000;
  {
    Store store(server_test::test_db(path));
    std::vector<TokenGrant> grants;
    id = clocked_nim(store, t0, 1'000, grants)->id();
    store.heartbeat(t0 + 4'000);  // red's flag fell before the crash, unseen
  }
  Store store(server_test::test_db(path));
  auto restored = Room::restore(store, *store.game(id), t0 + 9'000);
  restored->check_clock(t0 + 9'000);
  ASSERT_TRUE(restored->over());
  EXPECT_EQ(json::parse(restored->snapshot({1, 0}))["result"]["reason"], "time");
}

TEST_F(Fixture, HubStoresAHeartbeatWhileAClockRuns) {
  Store store(server_test::test_db(db("heartbeat")));
  boost::asio::io_context io;
  Hub hub(io, store, 1);
  hub.create(json{{"game", "nim"}, {"mode", "friend"}, {"clock_initial_ms", 60'000}});
  EXPECT_FALSE(store.last_alive());
  std::int64_t before = now_ms();
  for (int i = 0; i < 200 && !store.last_alive(); ++i) io.run_for(std::chrono::milliseconds(10));
  ASSERT_TRUE(store.last_alive());
  EXPECT_GE(*store.last_alive(), before);
}

// A move's ply must be a number: a string is named as such, not reported as a stale move.
TEST_F(Fixture, PlyGivenAsTextIsAClearError) {
  Store store(server_test::test_db(db("ply-text")));
  std::vector<TokenGrant> grants;
  NewGame r;
  r.game = "nim";
  r.mode = Mode::Friend;
  auto room = Room::create(store, r, grants, now_ms());
  Recorder red;
  room->join(&red, access_of(grant(grants, "seat0")));
  room->handle(&red, json{{"type", "move"}, {"move", "take1"}, {"ply", "0"}}, now_ms());
  json e = red.last();
  EXPECT_EQ(e["type"], "error");
  EXPECT_NE(e["message"].get<std::string>().find("\"ply\" must be a whole number"), std::string::npos) << e.dump();
  EXPECT_EQ(store.moves(room->id()).size(), 0u);
}

}  // namespace
}  // namespace strat::server
