// What a player does around a game: take a move back against the computer, ask
// for a rematch, and find their games again ("your games") — each with who may
// do it, what is told to whom, and what survives a restart.
#include <gtest/gtest.h>

#include <boost/asio/executor_work_guard.hpp>
#include <boost/asio/io_context.hpp>
#include <filesystem>

#include "core/error.hpp"
#include "recorder.hpp"
#include "server/hub.hpp"
#include "server/room.hpp"
#include "server/store.hpp"
#include "server/test_db.hpp"
#include "server_fixture.hpp"
#include "test_games.hpp"

namespace strat::server {
namespace {

using nlohmann::json;

using server_test::link_of;
using server_test::Recorder;
using server_test::Seat;

struct Players : ::testing::Test {
  void SetUp() override {
    server_test::register_test_games();
    path = (std::filesystem::temp_directory_path() /
            ("strat-player-test-" + random_token() + ".db"))
               .string();
  }
  void TearDown() override {
    for (const char *suffix : {"", "-wal", "-shm"})
      std::filesystem::remove(path + suffix);
  }
  std::string path;
};

void run_until(boost::asio::io_context &io, const std::function<bool()> &done) {
  for (int i = 0; i < 500 && !done(); ++i)
    io.run_for(std::chrono::milliseconds(5));
}

TEST_F(Players,
       TakeBackUndoesThePlayersTurnAndTheComputersAnswerAndSurvivesARestart) {
  std::string token;
  {
    boost::asio::io_context io;
    auto guard = boost::asio::make_work_guard(io);
    Store store(server_test::test_db(path));
    Hub hub(io, store, 1);
    json made = hub.create({{"game", "nim"},
                            {"mode", "computer"},
                            {"seat", 0},
                            {"agent", "first"}});
    token = link_of(made, "seat0");
    Seat me(hub, token);
    EXPECT_EQ(me.state()["takeback"], true);
    me.send({{"type", "takeback"}});
    EXPECT_EQ(me.rec.last_of("error")["message"],
              "you have no move to take back");
    me.send(
        {{"type", "move"}, {"move", "take2"}}); // 5 left; the computer takes 1
    run_until(io, [&] { return store.moves(made["id"]).size() == 2; });
    me.send(
        {{"type", "move"}, {"move", "take1"}}); // 3 left; the computer takes 1
    run_until(io, [&] { return store.moves(made["id"]).size() == 4; });
    ASSERT_EQ(me.state()["view"]["pile"], 2);
    me.send({{"type", "takeback"}});
    json st = me.rec.last_of("state");
    EXPECT_EQ(st["moves"].size(), 2u);
    EXPECT_EQ(st["view"]["pile"], 4) << "back to before the player's last move";
    EXPECT_EQ(st["to_move"], 0);
    EXPECT_EQ(st["legal"], json::array({"take1", "take2"}));
    EXPECT_EQ(store.moves(made["id"]).size(), 2u)
        << "the store forgot the two moves too";
    // The game goes on from there: a different move this time.
    me.send({{"type", "move"}, {"move", "take2"}});
    run_until(io, [&] { return store.moves(made["id"]).size() == 4; });
    EXPECT_EQ(me.state()["view"]["pile"], 1);
    me.send({{"type", "takeback"}});
    EXPECT_EQ(store.moves(made["id"]).size(), 2u);
  }
  boost::asio::io_context io;
  Store store(server_test::test_db(path));
  Hub hub(io, store, 1);
  hub.restore_all();
  json st = hub.state(token);
  EXPECT_EQ(st["moves"].size(), 2u) << "the take-back survives a restart";
  EXPECT_EQ(st["view"]["pile"], 4);
}

TEST_F(
    Players,
    TakeBackIsRefusedWithAClockBetweenPlayersWhileTheComputerThinksAndForSpectators) {
  boost::asio::io_context io;
  Store store(server_test::test_db(path));
  Hub hub(io, store, 1);
  auto refused = [&](const json &made, const std::string &role, bool move_first,
                     const std::string &why) {
    Seat s(hub, link_of(made, role));
    if (move_first)
      s.send({{"type", "move"}, {"move", "take1"}});
    std::size_t before = store.moves(made["id"]).size();
    s.send({{"type", "takeback"}});
    json err = s.rec.last_of("error");
    ASSERT_FALSE(err.is_null()) << role;
    EXPECT_NE(err["message"].get<std::string>().find(why), std::string::npos)
        << err;
    EXPECT_EQ(store.moves(made["id"]).size(), before) << "nothing was undone";
  };
  json clocked = hub.create({{"game", "nim"},
                             {"mode", "computer"},
                             {"agent", "first"},
                             {"clock_initial_ms", 60000}});
  refused(clocked, "seat0", true, "with a clock");
  EXPECT_EQ(hub.state(link_of(clocked, "seat0"))["takeback"], false);
  json friends = hub.create({{"game", "nim"}, {"mode", "friend"}});
  refused(friends, "seat0", true, "only in a game against the computer");
  json hotseat = hub.create({{"game", "nim"}, {"mode", "hotseat"}});
  refused(hotseat, "hotseat", true, "only in a game against the computer");
  // The computer has not answered yet (the I/O loop has not run): its turn is
  // not the player's to undo.
  json thinking =
      hub.create({{"game", "nim"}, {"mode", "computer"}, {"agent", "first"}});
  refused(thinking, "seat0", true, "wait for the computer's move");
  json watched =
      hub.create({{"game", "nim"}, {"mode", "computer"}, {"agent", "first"}});
  refused(watched, "watch", false, "only watches");
}

// The audit's third fault: attack an unknown piece, take the move back, and the
// board shows '?' again while the player knows the rank. A take-back never
// undoes a move that showed the player something hidden; the refusal is one
// line, the client is told beforehand (takeback_blocked), and a later turn that
// revealed nothing may be taken back. Red's Lieutenant on e6 attacks Blue's
// unknown e7 (a Bomb); Blue's only other movable piece, a Scout on j7, is
// known, so the computer's answers reveal nothing.
TEST_F(Players, TakeBackNeverUndoesAMoveThatRevealedAHiddenPiece) {
  boost::asio::io_context io;
  auto guard = boost::asio::make_work_guard(io);
  Store store(server_test::test_db(path));
  const std::string f = server_test::stratego_field({{"a1", 'M'},
                                                     {"b1", 'D'},
                                                     {"e6", 'G'},
                                                     {"e7", 'N'},
                                                     {"a10", 'R'},
                                                     {"j7", 'P'},
                                                     {"j10", 'Y'}});
  auto g = server_test::store_game(store, "stratego", "computer",
                                   f + " r 0 - - j7 -", {}, "", 7, "random");
  Hub hub(io, store, 1);
  hub.restore_all();
  Seat me(hub, g.tokens.at("seat0"));
  EXPECT_EQ(me.state()["takeback_blocked"], "");
  me.send(
      {{"type", "move"},
       {"move", "e6xe7"}}); // reveal e7 5xB: the Lieutenant falls on the Bomb
  run_until(io, [&] { return store.moves(g.id).size() == 2; });
  ASSERT_EQ(store.moves(g.id).size(), 2u) << "the computer answered";
  const json st = me.state();
  const std::string blocked = st["takeback_blocked"];
  EXPECT_NE(blocked.find("no take-back: move 1 showed you"), std::string::npos)
      << st.dump().substr(0, 300);
  me.send({{"type", "takeback"}});
  const std::string refusal = me.rec.last_of("error")["message"];
  EXPECT_EQ(refusal, blocked);
  EXPECT_EQ(refusal.find('\n'), std::string::npos);
  EXPECT_EQ(store.moves(g.id).size(), 2u) << "nothing was undone";
  EXPECT_NE(me.state()["view"]["cells"][64].dump().find("\"B\""),
            std::string::npos)
      << "e7's Bomb stays known";
  // A quiet turn: the Scout steps, the computer's known Scout answers; that
  // turn may be taken back.
  me.send({{"type", "move"}, {"move", "b1-b2"}});
  run_until(io, [&] { return store.moves(g.id).size() == 4; });
  ASSERT_EQ(store.moves(g.id).size(), 4u);
  EXPECT_EQ(me.rec.last_of("move")["takeback_blocked"], "")
      << "move messages carry it too";
  me.send({{"type", "takeback"}});
  EXPECT_EQ(store.moves(g.id).size(), 2u) << "the quiet turn was taken back";
  EXPECT_EQ(me.rec.last_of("state")["takeback_blocked"], blocked)
      << "and the turn before it is the revealing one again";
}

TEST_F(Players,
       RematchAgainstTheComputerSwapsTheColoursAtOnceAndSurvivesARestart) {
  std::string old_token, new_token, id;
  {
    boost::asio::io_context io;
    Store store(server_test::test_db(path));
    Hub hub(io, store, 1);
    json made = hub.create({{"game", "nim"},
                            {"mode", "computer"},
                            {"seat", 0},
                            {"agent", "first"}});
    id = made["id"];
    old_token = link_of(made, "seat0");
    Seat me(hub, old_token);
    Seat watcher(hub, link_of(made, "watch"));
    me.send({{"type", "rematch"}});
    EXPECT_NE(me.rec.last_of("error")["message"].get<std::string>().find(
                  "once the game is over"),
              std::string::npos);
    me.send({{"type", "resign"}});
    watcher.send({{"type", "rematch"}});
    EXPECT_NE(watcher.rec.last_of("error")["message"].get<std::string>().find(
                  "only watches"),
              std::string::npos);
    me.send({{"type", "rematch"}});
    json r = me.rec.last_of("rematch");
    ASSERT_TRUE(r["token"].is_string()) << r;
    new_token = r["token"];
    json next = hub.state(new_token);
    EXPECT_EQ(next["acts"], json::array({1})) << "the colours are swapped";
    EXPECT_EQ(next["players"][0]["kind"], "computer");
    EXPECT_EQ(next["players"][0]["agent"], "first");
    EXPECT_EQ(next["phase"], "play");
    EXPECT_EQ(r["game"], next["id"]);
    json seen = watcher.rec.last_of("rematch");
    EXPECT_EQ(seen["game"], next["id"])
        << "the spectator learns where the rematch is";
    EXPECT_TRUE(seen["token"].is_null()) << "but gets no seat";
    EXPECT_TRUE(seen["tokens"].empty());
    me.send({{"type", "rematch"}});
    EXPECT_EQ(me.rec.last_of("rematch")["token"], new_token)
        << "asking again gives the same rematch";
  }
  boost::asio::io_context io;
  Store store(server_test::test_db(path));
  Hub hub(io, store, 1);
  hub.restore_all();
  json st = hub.state(old_token);
  EXPECT_EQ(st["rematch"]["token"], new_token)
      << "the finished game still links its rematch after a restart";
}

TEST_F(Players, RematchBetweenFriendsNeedsBothAndEachGetsOnlyTheirOwnLinks) {
  std::string red_token, red_next, blue_next;
  {
    boost::asio::io_context io;
    Store store(server_test::test_db(path));
    Hub hub(io, store, 1);
    json made =
        hub.create({{"game", "secrets"}, {"mode", "friend"}, {"seat", 0}});
    red_token = link_of(made, "seat0");
    Seat red(hub, red_token);
    Seat red_watch(hub, link_of(made, "watch0"));
    Seat blue(hub, link_of(made, "invite1"));
    red.send({{"type", "setup"}, {"setup", "zircon,quokka,fjord"}});
    blue.send({{"type", "setup"}, {"setup", "wombat,glyph,vortex"}});
    blue.send({{"type", "resign"}});
    red.send({{"type", "rematch"}, {"action", "accept"}});
    EXPECT_EQ(red.rec.last_of("error")["message"],
              "there is no rematch offer to accept");
    red.send({{"type", "rematch"}, {"action", "offer"}});
    EXPECT_EQ(blue.rec.last_of("rematch")["offer"], 0)
        << "blue is told of red's offer";
    EXPECT_TRUE(blue.rec.last_of("rematch")["game"].is_null())
        << "no game before blue accepts";
    blue.send({{"type", "rematch"}, {"action", "decline"}});
    EXPECT_EQ(red.rec.last_of("rematch")["offer"], -1)
        << "red is told of the decline";
    red.send({{"type", "rematch"}, {"action", "offer"}});
    blue.send({{"type", "rematch"}, {"action", "accept"}});
    json r = red.rec.last_of("rematch"), b = blue.rec.last_of("rematch");
    ASSERT_TRUE(r["token"].is_string() && b["token"].is_string());
    red_next = r["token"];
    blue_next = b["token"];
    EXPECT_EQ(r["game"], b["game"]);
    EXPECT_EQ(hub.state(red_next)["acts"], json::array({1}))
        << "red plays blue's seat now";
    EXPECT_EQ(hub.state(blue_next)["acts"], json::array({0}));
    EXPECT_EQ(hub.state(red_next)["players"][0]["joined"], true)
        << "both seats are taken: no invite to send";
    // Each is told only its own links: its seat and its own watch link of the
    // new game.
    for (const auto &t : r["tokens"]) {
      EXPECT_EQ(blue.rec.all().find(t["token"].get<std::string>()),
                std::string::npos)
          << t;
      EXPECT_TRUE(t["role"] == "seat1" || t["role"] == "watch1") << t;
    }
    for (const auto &t : b["tokens"])
      EXPECT_EQ(red.rec.all().find(t["token"].get<std::string>()),
                std::string::npos)
          << t;
    EXPECT_TRUE(red_watch.rec.last_of("rematch")["token"].is_null())
        << "a watch link gets no seat of the rematch";
    EXPECT_TRUE(red_watch.rec.last_of("rematch")["tokens"].empty());
  }
  boost::asio::io_context io;
  Store store(server_test::test_db(path));
  Hub hub(io, store, 1);
  hub.restore_all();
  EXPECT_EQ(hub.state(red_token)["rematch"]["token"], red_next);
}

TEST_F(Players, YourGamesListOnlyThePlayersOwnGamesAndSurviveARestart) {
  std::string alice, bob, alice_seat;
  {
    boost::asio::io_context io;
    Store store(server_test::test_db(path));
    Hub hub(io, store, 1);
    alice = hub.new_player()["player"];
    bob = hub.new_player()["player"];
    EXPECT_EQ(alice.size(), 32u);
    EXPECT_NE(alice, bob);
    json a = hub.create({{"game", "secrets"}, {"mode", "friend"}, {"seat", 0}});
    json b = hub.create({{"game", "nim"},
                         {"mode", "computer"},
                         {"seat", 1},
                         {"agent", "first"}});
    alice_seat = link_of(a, "seat0");
    hub.add_player_game(alice, {{"token", alice_seat}});
    hub.add_player_game(
        alice, {{"token", alice_seat}}); // registering again changes nothing
    hub.add_player_game(bob, {{"token", link_of(b, "seat1")}});
    // Links that play no seat, and identities nobody was given, are refused.
    EXPECT_THROW(hub.add_player_game(bob, {{"token", link_of(a, "watch0")}}),
                 BadInput);
    EXPECT_THROW(hub.add_player_game(bob, {{"token", link_of(a, "invite1")}}),
                 BadInput);
    EXPECT_THROW(hub.add_player_game(
                     bob, {{"token", "0123456789abcdef0123456789abcdef"}}),
                 BadInput);
    EXPECT_THROW(
        hub.add_player_game(random_token(), {{"token", link_of(b, "seat1")}}),
        BadInput);
    EXPECT_THROW(hub.player_games(random_token()), BadInput);
    EXPECT_THROW(hub.player_games(""), BadInput);
    EXPECT_THROW(hub.player_games(alice.substr(0, 31)), BadInput);

    json mine = hub.player_games(alice)["games"];
    ASSERT_EQ(mine.size(), 1u);
    EXPECT_EQ(mine[0]["id"], a["id"]);
    EXPECT_EQ(mine[0]["token"], alice_seat);
    EXPECT_EQ(mine[0]["seat"], 0);
    EXPECT_EQ(mine[0]["opponent"]["kind"], "human");
    EXPECT_EQ(mine[0]["outcome"], "");
    json theirs = hub.player_games(bob)["games"];
    ASSERT_EQ(theirs.size(), 1u);
    EXPECT_EQ(theirs[0]["id"], b["id"]);
    EXPECT_EQ(theirs[0]["opponent"]["kind"], "computer");
    EXPECT_EQ(hub.player_games(bob).dump().find(alice_seat), std::string::npos)
        << "never another player's link";
    // No hidden word of either side in the list.
    for (int p = 0; p < 2; ++p)
      for (const auto &w : server_test::secret_words(p))
        EXPECT_EQ(hub.player_games(alice).dump().find(w), std::string::npos)
            << w;
    Seat me(hub, alice_seat);
    me.send({{"type", "resign"}});
    EXPECT_EQ(hub.player_games(alice)["games"][0]["outcome"], "loss");
  }
  boost::asio::io_context io;
  Store store(server_test::test_db(path));
  Hub hub(io, store, 1);
  hub.restore_all();
  json mine = hub.player_games(alice)["games"];
  ASSERT_EQ(mine.size(), 1u) << "kept on the server across a restart";
  EXPECT_EQ(mine[0]["token"], alice_seat);
  EXPECT_EQ(mine[0]["outcome"], "loss");
  EXPECT_EQ(mine[0]["summary"], "blue wins (resign)");
}

// Structured legal moves: the same moves as `legal`, in the same order, with
// the cells each goes through; only to the side to move, so they tell no one
// anything the legal list does not.
TEST_F(Players, StructuredLegalMovesMatchTheNotationAndGoOnlyToTheSideToMove) {
  boost::asio::io_context io;
  Store store(server_test::test_db(path));
  Hub hub(io, store, 1);
  for (const std::string game :
       {"dhamet", "strategic", "strata7", "stratego"}) {
    json made = hub.create({{"game", game}, {"mode", "friend"}, {"seat", 0}});
    Seat red(hub, link_of(made, "seat0"));
    Seat blue(hub, link_of(made, "invite1"));
    for (Seat *s : {&red, &blue}) {
      if (s->state()["phase"] != "setup")
        continue;
      s->send({{"type", "random_setup"}});
      s->send({{"type", "setup"},
               {"setup", s->rec.last_of("setup_suggestion")["setup"]}});
    }
    int checked = 0;
    for (int ply = 0; ply < 6; ++ply) {
      json st = red.state(), other = blue.state();
      if (st["phase"] != "play")
        break;
      ++checked;
      Seat &mover = st["to_move"] == 0 ? red : blue;
      json mine = st["to_move"] == 0 ? st : other,
           theirs = st["to_move"] == 0 ? other : st;
      ASSERT_EQ(mine["legal_moves"].size(), mine["legal"].size()) << game;
      EXPECT_EQ(theirs["legal_moves"], json::array())
          << game << ": the other side gets none";
      for (std::size_t i = 0; i < mine["legal"].size(); ++i) {
        const json &m = mine["legal_moves"][i];
        const std::string text = mine["legal"][i];
        EXPECT_EQ(m["move"], text) << game;
        ASSERT_FALSE(m["path"].empty()) << game << " " << text;
        // Each cell is named in the notation, in order; the move starts at its
        // first cell unless it is a placement (a single cell, no "from").
        std::size_t at = 0;
        for (const auto &cell : m["path"]) {
          at = text.find(cell.get<std::string>(), at);
          ASSERT_NE(at, std::string::npos) << game << " " << text << " " << m;
        }
        if (m["path"].size() == 1)
          EXPECT_TRUE(m["from"].is_null()) << m;
        else
          EXPECT_EQ(text.rfind(m["from"].get<std::string>(), 0), 0u) << m;
        EXPECT_EQ(m["to"], m["path"].back()) << m;
      }
      // The move message after a move carries them to the new side to move
      // only.
      mover.send({{"type", "move"}, {"move", mine["legal"][0]}});
      json told_mover = mover.rec.last_of("move");
      Seat &next = &mover == &red ? blue : red;
      json told_next = next.rec.last_of("move");
      if (told_next["result"].is_null()) {
        EXPECT_EQ(told_mover["legal_moves"], json::array()) << game;
        EXPECT_EQ(told_next["legal_moves"].size(), told_next["legal"].size())
            << game;
      }
    }
    EXPECT_GE(checked, 2) << game << ": the game was played";
  }
}

} // namespace
} // namespace strat::server
