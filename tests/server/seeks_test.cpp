// Seeks and quick pairing (docs/server.md, "Seeks and quick pairing"): the pool pairing rule on its own, then a server
// with accounts, ratings and the lobby: seeks refused, accepted, raced, limited and expired, pools paired, the live
// lobby's messages, and two servers on one database seeing each other's seeks and pools.
#include "server/seeks.hpp"

#include <gtest/gtest.h>

#include <boost/asio/post.hpp>
#include <future>
#include <set>

#include "server/matchmaking.hpp"
#include "server/pool_pairing.hpp"
#include "server_fixture.hpp"
#include "ws_client.hpp"

namespace strat::server {
namespace {

using nlohmann::json;
using http = boost::beast::http::verb;

PoolEntry entry(const std::string& player, int rating, std::int64_t joined_ms, std::int64_t user = 0) {
  return {player, user, rating, joined_ms};
}

TEST(PoolPairing, NearestRatingsPairFirst) {
  // 1500 and 1540 are nearer than 1500 and 1450: they pair, and 1450 waits.
  const auto pairs = pair_pool({entry("a", 1500, 0), entry("b", 1450, 0), entry("c", 1540, 0)}, 0);
  ASSERT_EQ(pairs.size(), 1u);
  EXPECT_EQ(pairs[0], std::make_pair(std::size_t{0}, std::size_t{2}));
  // Four players: the two nearest pairs, not the first two to arrive.
  const auto four = pair_pool({entry("a", 1200, 0), entry("b", 1800, 1), entry("c", 1790, 2), entry("d", 1230, 3)}, 10);
  ASSERT_EQ(four.size(), 2u);
  EXPECT_EQ(four[0], std::make_pair(std::size_t{1}, std::size_t{2}));
  EXPECT_EQ(four[1], std::make_pair(std::size_t{0}, std::size_t{3}));
}

TEST(PoolPairing, AllowedGapWidensWithWaitingTime) {
  EXPECT_EQ(allowed_gap(0), 100);
  EXPECT_EQ(allowed_gap(4999), 100);
  EXPECT_EQ(allowed_gap(5000), 150);
  EXPECT_EQ(allowed_gap(60'000), 700);
  EXPECT_EQ(allowed_gap(3'600'000), 1000);  // capped
  const std::vector<PoolEntry> far{entry("a", 1500, 0), entry("b", 1720, 0)};
  EXPECT_TRUE(pair_pool(far, 0).empty());        // 220 apart, gap 100
  EXPECT_TRUE(pair_pool(far, 10'000).empty());   // gap 200
  EXPECT_EQ(pair_pool(far, 15'000).size(), 1u);  // gap 250
  // The longer waiter's gap counts: a newcomer 220 away pairs with one who has waited 15 s.
  EXPECT_EQ(pair_pool({entry("a", 1500, 0), entry("b", 1720, 15'000)}, 15'000).size(), 1u);
}

TEST(PoolPairing, NeverTheSamePlayerOrAccountNorAnAccountWithAnAnonymousPlayer) {
  EXPECT_TRUE(pair_pool({entry("a", 1500, 0), entry("a", 1500, 0)}, 0).empty());
  EXPECT_TRUE(pair_pool({entry("a", 1500, 0, 7), entry("b", 1500, 0, 7)}, 0).empty());  // two browsers, one account
  EXPECT_TRUE(pair_pool({entry("a", 1500, 0, 7), entry("b", 1500, 0, 0)}, 60'000).empty());
  EXPECT_EQ(pair_pool({entry("a", 1500, 0, 7), entry("b", 1500, 0, 8)}, 0).size(), 1u);
  EXPECT_EQ(pair_pool({entry("a", 1500, 0), entry("b", 1500, 0)}, 0).size(), 1u);
}

// The fixture's server with seeks and a nim pool; `second_` is another server's Seeks and Matchmaking on the same
// database (the cluster), driven from the test thread.
class SeekTest : public server_test::ServerFixture {
 protected:
  static std::vector<PoolSpec> pools() { return {{"nim/3+2", "nim", 180'000, 2000}}; }
  void configure(ServeConfig& config) override {
    seeks_ = std::make_unique<Seeks>(db_);
    matchmaking_ = std::make_unique<Matchmaking>(io_, *hub_, *seeks_, pools());
    config.matchmaking = matchmaking_.get();
  }
  void TearDown() override {
    ServerFixture::TearDown();
    matchmaking_.reset();
    seeks_.reset();
  }
  // Runs `f` on the server's I/O thread (where the Matchmaking lives) and waits for it.
  template <class F>
  void on_io(F f) {
    std::promise<void> done;
    boost::asio::post(io_, [&] {
      f();
      done.set_value();
    });
    done.get_future().wait();
  }
  std::string new_player() { return json::parse(send(http::post, "/api/players").body())["player"]; }
  Response as(const std::string& player, http verb, const std::string& target, const json& body = nullptr,
              const std::string& cookie = "") {
    return send(verb, target, body, cookie, {{"Authorization", "Bearer " + player}});
  }
  json seek_body(bool rated = false) {
    return {{"game", "nim"}, {"clock_initial_ms", 180'000}, {"clock_increment_ms", 2000}, {"rated", rated}};
  }
  std::string make_seek(const std::string& player, const std::string& cookie = "", json body = nullptr) {
    const auto res = as(player, http::post, "/api/seeks", body.is_null() ? seek_body(!cookie.empty()) : body, cookie);
    EXPECT_EQ(res.result_int(), 201) << res.body();
    return json::parse(res.body()).value("id", "");
  }
  json listing(const std::string& player = "") {
    return json::parse((player.empty() ? send(http::get, "/api/seeks") : as(player, http::get, "/api/seeks")).body());
  }
  std::int64_t user_id(const std::string& cookie) { return accounts_->who(cookie).value().user_id; }

  std::unique_ptr<Seeks> seeks_;
  std::unique_ptr<Matchmaking> matchmaking_;
};

TEST_F(SeekTest, RefusalsEachWithOneLine) {
  const std::string p = new_player(), cookie = sign_up("Refused");
  auto refused = [&](const json& body, const std::string& who, const std::string& c = "") {
    const auto res = as(who, http::post, "/api/seeks", body, c);
    EXPECT_EQ(res.result_int(), 400) << body.dump();
    return error_of(res);
  };
  json b = seek_body();
  EXPECT_EQ(refused(b, "nobody"), "unknown player");
  EXPECT_EQ(refused(seek_body(true), p), "a rated game's seat needs a logged-in account");
  b = seek_body(true);
  b.erase("clock_initial_ms");
  EXPECT_EQ(refused(b, p, cookie), "a rated game needs a clock: set clock_initial_ms");
  EXPECT_EQ(refused({{"clock_initial_ms", 1000}}, p), "a seek needs \"game\"");
  EXPECT_NE(refused({{"game", "chess"}}, p).find("unknown game"), std::string::npos);
  EXPECT_EQ(refused({{"game", "nim:ply_limit=9"}}, p), "a seek names its variant in \"variant\", not in \"game\"");
  EXPECT_EQ(refused({{"game", "nim"}, {"clock_initial_ms", -5}}, p),
            "clock out of range (initial up to 24 h, increment up to 1 h)");
  b = seek_body();
  b["rating_range"] = 5000;
  EXPECT_EQ(refused(b, p), "\"rating_range\" must be between 50 and 1000 (or 0 for any rating)");
  b["rating_range"] = "wide";
  EXPECT_EQ(refused(b, p), "\"rating_range\" must be a whole number");
  b = seek_body();
  b["rated"] = "yes";
  EXPECT_EQ(refused(b, p), "\"rated\" must be true or false");
  EXPECT_TRUE(listing()["seeks"].empty());
}

TEST_F(SeekTest, AcceptingStartsTheGameForBothWithTheirOwnSeats) {
  const std::string owner = new_player(), taker = new_player();
  const std::string id = make_seek(owner);
  const json seen = listing()["seeks"];
  ASSERT_EQ(seen.size(), 1u);
  EXPECT_EQ(seen[0]["id"], id);
  EXPECT_TRUE(seen[0]["username"].is_null());  // an anonymous casual seek
  EXPECT_EQ(seen[0]["class"], "blitz");
  EXPECT_FALSE(seen[0]["mine"]);
  EXPECT_TRUE(listing(owner)["seeks"][0]["mine"]);
  EXPECT_EQ(listing().dump().find(owner),
            std::string::npos);  // the owner's secret is never listed

  const auto res = as(taker, http::post, "/api/seeks/" + id + "/accept");
  ASSERT_EQ(res.result_int(), 200) << res.body();
  const json joined = json::parse(res.body());
  EXPECT_TRUE(listing()["seeks"].empty());
  // The owner's link: in its notice and in its "your games".
  const auto notices = seeks_->take_notices({owner});
  ASSERT_EQ(notices.size(), 1u);
  EXPECT_EQ(notices[0].game_id, joined["id"]);
  const json mine = json::parse(as(owner, http::get, "/api/players/me/games").body())["games"];
  ASSERT_EQ(mine.size(), 1u);
  EXPECT_EQ(mine[0]["token"], notices[0].token);
  const json theirs = json::parse(as(taker, http::get, "/api/players/me/games").body())["games"];
  ASSERT_EQ(theirs.size(), 1u);
  EXPECT_EQ(theirs[0]["token"], joined["token"]);
  // Two different seats of one game, each link acting for its own.
  json states[2];
  on_io([&] {
    states[0] = hub_->state(notices[0].token);
    states[1] = hub_->state(joined["token"]);
  });
  EXPECT_EQ(states[0]["game_id"], states[1]["game_id"]);
  EXPECT_NE(mine[0]["seat"], theirs[0]["seat"]);
  EXPECT_EQ(states[0]["clocks"]["increment_ms"], 2000);
}

TEST_F(SeekTest, ARatedSeekMakesARatedGameBetweenTheTwoAccounts) {
  const std::string owner = new_player(), taker = new_player(), anon = new_player();
  const std::string a = sign_up("SeekOwner"), b = sign_up("SeekTaker");
  const std::string id = make_seek(owner, a);
  const json seen = listing()["seeks"][0];
  EXPECT_EQ(seen["username"], "SeekOwner");
  EXPECT_EQ(seen["rating"], 1500);
  EXPECT_TRUE(seen["rated"]);
  auto res = as(anon, http::post, "/api/seeks/" + id + "/accept");
  EXPECT_EQ(res.result_int(), 400);
  EXPECT_EQ(error_of(res), "a rated game's seat needs a logged-in account");
  res = as(taker, http::post, "/api/seeks/" + id + "/accept", nullptr, b);
  ASSERT_EQ(res.result_int(), 200) << res.body();
  const json joined = json::parse(res.body());
  EXPECT_TRUE(joined["rated"]);
  const auto rated = ratings_->game(joined["id"]);
  ASSERT_TRUE(rated);
  EXPECT_EQ(rated->key.time_class, "blitz");
  const std::set<std::int64_t> users{rated->users[0], rated->users[1]};
  EXPECT_EQ(users, (std::set<std::int64_t>{user_id(a), user_id(b)}));
}

TEST_F(SeekTest, OwnSeekAndOutOfRangeRatingsAreRefused) {
  const std::string owner = new_player(), other_browser = new_player(), strong = new_player(), fair = new_player();
  const std::string a = sign_up("RangeOwner"), s = sign_up("Stronger"), f = sign_up("Fair");
  json body = seek_body(true);
  body["rating_range"] = 100;
  const std::string id = make_seek(owner, a, body);
  const json seen = listing()["seeks"][0];
  EXPECT_EQ(seen["rating_min"], 1400);
  EXPECT_EQ(seen["rating_max"], 1600);
  auto res = as(owner, http::post, "/api/seeks/" + id + "/accept", nullptr, a);
  EXPECT_EQ(error_of(res), "that is your own seek");
  res = as(other_browser, http::post, "/api/seeks/" + id + "/accept", nullptr,
           a);  // same account elsewhere
  EXPECT_EQ(error_of(res), "that is your own seek");
  // A nim blitz rating of 1800 for Stronger.
  auto db = open_db(db_);
  db->run(
      "INSERT INTO ratings (user_id, game, variant, time_class, rating, "
      "deviation, volatility, games, updated)"
      " VALUES (?,?,?,?,?,?,?,?,?)",
      {user_id(s), "nim", "", "blitz", "1800", "80", "0.06", 30, 1});
  res = as(strong, http::post, "/api/seeks/" + id + "/accept", nullptr, s);
  EXPECT_EQ(res.result_int(), 400);
  EXPECT_EQ(error_of(res), "your rating 1800 is outside this seek's range 1400-1600");
  res = as(fair, http::post, "/api/seeks/" + id + "/accept", nullptr, f);
  EXPECT_EQ(res.result_int(), 200) << res.body();
}

TEST_F(SeekTest, OfTwoAcceptersExactlyOneWins) {
  const std::string owner = new_player(), first = new_player(), second = new_player();
  const std::string id = make_seek(owner);
  // The database decides: two servers' connections taking one seek, one of them wins.
  Seeks other(db_);
  const std::string raced = make_seek(owner);
  const bool here = seeks_->take(raced), there = other.take(raced);
  EXPECT_NE(here, there);
  EXPECT_TRUE(here);
  auto res = as(first, http::post, "/api/seeks/" + id + "/accept");
  EXPECT_EQ(res.result_int(), 200);
  res = as(second, http::post, "/api/seeks/" + id + "/accept");
  EXPECT_EQ(res.result_int(), 400);
  EXPECT_NE(error_of(res).find("it was taken, cancelled or has expired"), std::string::npos);
  EXPECT_EQ(seeks_->take_notices({owner}).size(), 1u);  // one game made
}

TEST_F(SeekTest, APlayerHoldsAtMostThreeSeeksAndCancelsOnlyItsOwn) {
  const std::string p = new_player(), q = new_player();
  std::vector<std::string> ids;
  for (int k = 0; k < Seeks::kMaxSeeksPerPlayer; ++k) ids.push_back(make_seek(p));
  auto res = as(p, http::post, "/api/seeks", seek_body());
  EXPECT_EQ(res.result_int(), 400);
  EXPECT_EQ(error_of(res), "at most 3 open seeks at once: cancel one first");
  res = as(q, http::delete_, "/api/seeks/" + ids[0]);
  EXPECT_EQ(error_of(res), "you have no open seek " + ids[0]);
  res = as(p, http::delete_, "/api/seeks/" + ids[0]);
  EXPECT_EQ(res.result_int(), 200);
  EXPECT_EQ(listing()["seeks"].size(), 2u);
  make_seek(p);
}

TEST(Seeks, ExpireWithoutTheOwnersLobbyConnection) {
  std::int64_t now = 1'000'000;
  Seeks seeks(":memory:", [&] { return now; });
  Seek s;
  s.player = "p";
  s.game = "nim";
  seeks.add(s);
  s.player = "q";
  seeks.add(s);
  now += Seeks::kExpiryMs - 1;
  seeks.touch({"p"});  // p's lobby is open
  now += 2;
  const auto left = seeks.list();
  ASSERT_EQ(left.size(), 1u);
  EXPECT_EQ(left[0].player, "p");
  now += Seeks::kExpiryMs + 1;
  EXPECT_TRUE(seeks.list().empty());
}

TEST_F(SeekTest, TwoPlayersInOnePoolGetOneGame) {
  const std::string a = new_player(), b = new_player();
  auto res = as(a, http::post, "/api/pools/join", {{"pool", "nim/3+2"}});
  ASSERT_EQ(res.result_int(), 200) << res.body();
  EXPECT_EQ(listing(a)["pools"][0]["waiting"], 1);
  EXPECT_TRUE(listing(a)["pools"][0]["mine"]);
  EXPECT_EQ(error_of(as(a, http::post, "/api/pools/join", {{"pool", "chess/1+0"}})), "no pool 'chess/1+0'");
  on_io([&] { matchmaking_->tick(); });
  EXPECT_TRUE(seeks_->take_notices({a}).empty());  // alone: nobody to play
  as(b, http::post, "/api/pools/join", {{"pool", "nim/3+2"}});
  on_io([&] { matchmaking_->tick(); });
  const auto na = seeks_->take_notices({a}), nb = seeks_->take_notices({b});
  ASSERT_EQ(na.size(), 1u);
  ASSERT_EQ(nb.size(), 1u);
  EXPECT_EQ(na[0].game_id, nb[0].game_id);
  EXPECT_NE(na[0].token, nb[0].token);
  EXPECT_EQ(listing()["pools"][0]["waiting"], 0);
  // Leaving a pool: nothing is paired.
  as(a, http::post, "/api/pools/join", {{"pool", "nim/3+2"}});
  as(a, http::post, "/api/pools/leave", {{"pool", "nim/3+2"}});
  as(b, http::post, "/api/pools/join", {{"pool", "nim/3+2"}});
  on_io([&] { matchmaking_->tick(); });
  EXPECT_TRUE(seeks_->take_notices({a, b}).empty());
}

TEST_F(SeekTest, TwoLoggedInPlayersInAPoolPlayRated) {
  const std::string a = new_player(), b = new_player();
  const std::string ca = sign_up("PoolA"), cb = sign_up("PoolB");
  EXPECT_TRUE(json::parse(as(a, http::post, "/api/pools/join", {{"pool", "nim/3+2"}}, ca).body())["rated"]);
  as(b, http::post, "/api/pools/join", {{"pool", "nim/3+2"}}, cb);
  on_io([&] { matchmaking_->tick(); });
  const auto na = seeks_->take_notices({a});
  ASSERT_EQ(na.size(), 1u);
  const auto rated = ratings_->game(na[0].game_id);
  ASSERT_TRUE(rated);
  EXPECT_TRUE(rated->users[0] != 0 && rated->users[1] != 0 && rated->users[0] != rated->users[1]);
}

TEST_F(SeekTest, TheLiveLobbyShowsSeeksAndTellsTheOwnerOfItsGame) {
  const std::string owner = new_player(), taker = new_player();
  auto ws = server_test::ws_connect(port_, "/ws/lobby");
  json m = ws->read();
  EXPECT_EQ(m["type"], "lobby");
  EXPECT_TRUE(m["seeks"].empty());
  ws->write({{"type", "hello"}, {"player", "forged"}});
  m = ws->read();
  EXPECT_EQ(m["type"], "error");
  EXPECT_EQ(m["message"], "unknown player");
  ws->write({{"type", "hello"}, {"player", owner}});
  EXPECT_EQ(ws->read()["type"], "lobby");  // the listing again, now as the owner sees it
  const std::string id = make_seek(owner);
  m = ws->read();
  ASSERT_EQ(m["type"], "lobby");
  ASSERT_EQ(m["seeks"].size(), 1u);
  EXPECT_TRUE(m["seeks"][0]["mine"]);
  const json joined = json::parse(as(taker, http::post, "/api/seeks/" + id + "/accept").body());
  bool told = false, gone = false;
  while (!told || !gone) {
    m = ws->read();
    if (m["type"] == "paired") {
      told = true;
      EXPECT_EQ(m["id"], joined["id"]);
      EXPECT_NE(m["token"], joined["token"]);
    } else if (m["type"] == "lobby") {
      gone = m["seeks"].empty();
    }
  }
}

TEST_F(SeekTest, TwoServersOnOneDatabaseSeeEachOthersSeeksAndPairOnce) {
  // A second server: its own Hub and Matchmaking over the same database.
  boost::asio::io_context io2;
  Store store2(db_);
  Hub hub2(io2, store2, 1);
  hub2.set_ratings(ratings_.get());
  Seeks seeks2(db_);
  Matchmaking second(io2, hub2, seeks2, pools());
  const std::string a = new_player(), b = new_player();
  const std::string id = make_seek(a);
  const json there = second.listing("");
  ASSERT_EQ(there["seeks"].size(), 1u);
  EXPECT_EQ(there["seeks"][0]["id"], id);
  // Accepted on the second server: the game is made there, the owner's notice reaches the first's lobby.
  const json joined = second.accept(id, b, 0);
  EXPECT_TRUE(listing()["seeks"].empty());
  const auto told = seeks_->take_notices({a});
  ASSERT_EQ(told.size(), 1u);
  EXPECT_EQ(told[0].game_id, joined["id"]);
  // Pools: joined through both servers, paired by whichever ticks first, once.
  as(a, http::post, "/api/pools/join", {{"pool", "nim/3+2"}});
  second.join_pool("nim/3+2", b, 0);
  EXPECT_EQ(second.listing("")["pools"][0]["waiting"], 2);
  second.tick();
  on_io([&] { matchmaking_->tick(); });
  EXPECT_EQ(seeks_->take_notices({a}).size(), 1u);
  EXPECT_EQ(seeks_->take_notices({b}).size(), 1u);
}

}  // namespace
}  // namespace strat::server
