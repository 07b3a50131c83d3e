// Rated games (docs/server.md, "Rated games"): time classes, who may play one,
// the rating update applied once per game through the real Hub (also across a
// restart), the pair limit, the leaderboard and the profile.
#include <gtest/gtest.h>

#include <boost/asio/executor_work_guard.hpp>
#include <boost/asio/io_context.hpp>
#include <boost/beast/core.hpp>
#include <boost/beast/http.hpp>
#include <filesystem>
#include <thread>

#include "core/error.hpp"
#include "recorder.hpp"
#include "server/accounts.hpp"
#include "server/glicko2.hpp"
#include "server/http.hpp"
#include "server/hub.hpp"
#include "server/ratings.hpp"
#include "server/room.hpp"
#include "server/store.hpp"
#include "server/test_db.hpp"
#include "server/time_class.hpp"
#include "server_fixture.hpp"
#include "test_games.hpp"

namespace strat::server {
namespace {

using nlohmann::json;
using server_test::link_of;
using server_test::Recorder;
using server_test::Seat;

constexpr std::int64_t kMinute = 60'000;

TEST(RatingTimeClass, EstimatedDurationIsBasePlusFortyIncrements) {
  EXPECT_EQ(time_class(0, 0), "");
  EXPECT_EQ(time_class(0, 5000), ""); // an increment without a base is no clock
  EXPECT_EQ(time_class(60'000, 0), "bullet");
  EXPECT_EQ(time_class(2 * kMinute, 1000), "bullet"); // 2:40
  EXPECT_EQ(time_class(3 * kMinute - 1, 0), "bullet");
  EXPECT_EQ(time_class(3 * kMinute, 0), "blitz");
  EXPECT_EQ(time_class(3 * kMinute, 2000), "blitz"); // 4:20
  EXPECT_EQ(time_class(5 * kMinute, 3000), "blitz"); // 7:00
  EXPECT_EQ(time_class(5 * kMinute, 5000), "rapid"); // 8:20
  EXPECT_EQ(time_class(8 * kMinute, 0), "rapid");
  EXPECT_EQ(time_class(15 * kMinute, 10'000), "rapid"); // 21:40
  EXPECT_EQ(time_class(25 * kMinute, 0), "classical");
  EXPECT_EQ(time_class(20 * kMinute, 10'000), "classical"); // 26:40
  EXPECT_TRUE(valid_time_class("rapid"));
  EXPECT_FALSE(valid_time_class("fast"));
  EXPECT_FALSE(valid_time_class(""));
}

struct RatingRows {
  std::unique_ptr<Db> db;
  explicit RatingRows(const std::string &where) : db(open_db(where)) {}
  // rating, deviation, volatility, games of a user's nim blitz rating; games -1
  // when there is none
  std::tuple<double, double, double, std::int64_t> rating(std::int64_t user) {
    const auto rows = db->run("SELECT rating, deviation, volatility, games "
                              "FROM ratings WHERE user_id=? AND game='nim'"
                              " AND time_class='blitz'",
                              {user})
                          .rows;
    if (rows.empty())
      return {0, 0, 0, -1};
    return {std::stod(rows[0].text(0)), std::stod(rows[0].text(1)),
            std::stod(rows[0].text(2)), rows[0].integer(3)};
  }
  std::int64_t count(const std::string &table) {
    return db->run("SELECT COUNT(*) FROM " + table).rows.at(0).integer(0);
  }
};

class Rated : public ::testing::Test {
protected:
  void SetUp() override {
    server_test::register_test_games();
    dir_ = std::filesystem::temp_directory_path() /
           ("strat-ratings-" + random_token());
    std::filesystem::create_directories(dir_);
    db_ = server_test::test_db((dir_ / "test.db").string());
    store_ = std::make_unique<Store>(db_);
    accounts_ = std::make_unique<Accounts>(db_);
    ratings_ = std::make_unique<Ratings>(db_, [this] { return clock_; });
    alice_ = accounts_->sign_up("Alice", "password-a").user_id;
    bob_ = accounts_->sign_up("bob", "password-b").user_id;
    start_hub();
  }
  void TearDown() override {
    hub_.reset();
    ratings_.reset();
    accounts_.reset();
    store_.reset();
    std::filesystem::remove_all(dir_);
  }
  void start_hub(bool with_ratings = true) {
    hub_.reset();
    hub_ = std::make_unique<Hub>(io_, *store_, 1);
    if (with_ratings)
      hub_->set_ratings(ratings_.get());
    hub_->restore_all();
  }
  // A rated nim game (blitz) made by `red` and joined by `blue`: the two seats'
  // tokens.
  std::pair<std::string, std::string>
  rated_nim(std::int64_t red, std::int64_t blue, json *joined = nullptr) {
    const json made = hub_->create({{"game", "nim"},
                                    {"mode", "friend"},
                                    {"seat", 0},
                                    {"listed", true},
                                    {"rated", true},
                                    {"clock_initial_ms", 5 * kMinute}},
                                   red);
    EXPECT_EQ(made["rated"], true);
    const json join = hub_->take_open_seat(made["id"], blue);
    if (joined)
      *joined = join;
    return {link_of(made, "seat0"), join["token"]};
  }
  std::string refusal(const json &body, std::int64_t user) {
    try {
      hub_->create(body, user);
    } catch (const BadInput &e) {
      return e.what();
    }
    return "";
  }

  boost::asio::io_context io_;
  std::filesystem::path dir_;
  std::string db_;
  std::int64_t clock_ = 1'000'000'000'000;
  std::unique_ptr<Store> store_;
  std::unique_ptr<Accounts> accounts_;
  std::unique_ptr<Ratings> ratings_;
  std::unique_ptr<Hub> hub_;
  std::int64_t alice_ = 0, bob_ = 0;
};

TEST_F(Rated, GamePlayedToTheEndUpdatesBothRatingsAsGlicko2Does) {
  RatingRows check(db_);
  // First game: Blue takes the last one (7 -> 5 -> 3 -> 1 -> 0).
  {
    auto [red_token, blue_token] = rated_nim(alice_, bob_);
    Seat red(*hub_, red_token), blue(*hub_, blue_token);
    red.send({{"type", "move"}, {"move", "take2"}});
    blue.send({{"type", "move"}, {"move", "take2"}});
    red.send({{"type", "move"}, {"move", "take2"}});
    EXPECT_EQ(std::get<3>(check.rating(alice_)),
              -1); // nothing rated before the end
    blue.send({{"type", "move"}, {"move", "take1"}});
    ASSERT_TRUE(red.room->over());
  }
  const auto won = glicko2::update(glicko2::kStart, {{1500, 350, 1.0}});
  const auto lost = glicko2::update(glicko2::kStart, {{1500, 350, 0.0}});
  auto [a_rating, a_dev, a_vol, a_games] = check.rating(alice_);
  auto [b_rating, b_dev, b_vol, b_games] = check.rating(bob_);
  EXPECT_NEAR(a_rating, lost.rating, 1e-9);
  EXPECT_NEAR(a_dev, lost.deviation, 1e-9);
  EXPECT_NEAR(a_vol, lost.volatility, 1e-12);
  EXPECT_NEAR(b_rating, won.rating, 1e-9);
  EXPECT_NEAR(b_dev, won.deviation, 1e-9);
  EXPECT_EQ(a_games, 1);
  EXPECT_EQ(b_games, 1);
  EXPECT_LT(a_rating, 1500);
  EXPECT_GT(b_rating, 1500);

  // Second game, colours as made: Alice resigns at once; each update starts
  // from the stored ratings.
  {
    auto [red_token, blue_token] = rated_nim(bob_, alice_);
    Seat red(*hub_, red_token), blue(*hub_, blue_token);
    blue.send({{"type", "resign"}});
    ASSERT_TRUE(red.room->over());
  }
  const auto bob_after =
      glicko2::update({b_rating, b_dev, b_vol}, {{a_rating, a_dev, 1.0}});
  const auto alice_after =
      glicko2::update({a_rating, a_dev, a_vol}, {{b_rating, b_dev, 0.0}});
  EXPECT_NEAR(std::get<0>(check.rating(bob_)), bob_after.rating, 1e-9);
  EXPECT_NEAR(std::get<1>(check.rating(bob_)), bob_after.deviation, 1e-9);
  EXPECT_NEAR(std::get<0>(check.rating(alice_)), alice_after.rating, 1e-9);
  EXPECT_EQ(std::get<3>(check.rating(alice_)), 2);
  EXPECT_EQ(check.count("rated_results"), 2);
  EXPECT_EQ(check.count("rating_history"), 4);
}

TEST_F(Rated, ResultIsAppliedOnceAcrossARepeatAndARestart) {
  RatingRows check(db_);
  std::string id;
  {
    auto [red_token, blue_token] = rated_nim(alice_, bob_);
    Seat red(*hub_, red_token);
    id = red.room->id();
    red.send({{"type", "resign"}});
    red.send({{"type", "resign"}}); // refused: the game is over
  }
  const auto once = check.rating(bob_);
  EXPECT_EQ(std::get<3>(once), 1);
  EXPECT_FALSE(ratings_->apply(id, 1)); // the end replayed
  start_hub();           // the server restarted: the game is restored, over
  Ratings reopened(db_); // another server on the same database
  EXPECT_FALSE(reopened.apply(id, 1));
  EXPECT_EQ(check.rating(bob_), once);
  EXPECT_EQ(check.count("rated_results"), 1);
  EXPECT_EQ(check.count("rating_history"), 2);
}

TEST_F(Rated, GameThatEndedBeforeItsRatingWasAppliedIsRatedOnRestart) {
  RatingRows check(db_);
  auto [red_token, blue_token] = rated_nim(alice_, bob_);
  start_hub(/*with_ratings=*/false); // as if the server stopped between the
                                     // game's end and its rating
  {
    Seat blue(*hub_, blue_token);
    blue.send({{"type", "resign"}});
    ASSERT_TRUE(blue.room->over());
  }
  EXPECT_EQ(std::get<3>(check.rating(alice_)), -1);
  start_hub();
  EXPECT_EQ(std::get<3>(check.rating(alice_)), 1);
  EXPECT_NEAR(std::get<0>(check.rating(alice_)),
              glicko2::update(glicko2::kStart, {{1500, 350, 1.0}}).rating,
              1e-9);
  start_hub();
  EXPECT_EQ(std::get<3>(check.rating(alice_)), 1);
}

TEST_F(Rated, GameThatCannotBeRatedIsRefusedWithOneLine) {
  const json rated_friend{{"game", "nim"},
                          {"mode", "friend"},
                          {"rated", true},
                          {"clock_initial_ms", 5 * kMinute}};
  json no_clock = rated_friend;
  no_clock.erase("clock_initial_ms");
  EXPECT_EQ(refusal(no_clock, alice_),
            "a rated game needs a clock: set clock_initial_ms");
  json computer = rated_friend;
  computer["mode"] = "computer";
  EXPECT_EQ(refusal(computer, alice_),
            "a game against the computer is never rated");
  computer["mode"] = "selfplay";
  EXPECT_EQ(refusal(computer, alice_),
            "a game against the computer is never rated");
  json hotseat = rated_friend;
  hotseat["mode"] = "hotseat";
  EXPECT_EQ(refusal(hotseat, alice_),
            "a hotseat game is never rated: one screen plays both seats");
  EXPECT_EQ(refusal(rated_friend, 0),
            "a rated game's seat needs a logged-in account");
  json not_bool = rated_friend;
  not_bool["rated"] = "yes";
  EXPECT_EQ(refusal(not_bool, alice_), "\"rated\" must be true or false");

  // The same account on both seats, and a seat without an account: through the
  // lobby and through an invite.
  json listed = rated_friend;
  listed["listed"] = true;
  const json made = hub_->create(listed, alice_);
  const std::string id = made["id"];
  for (std::int64_t user : {alice_, std::int64_t{0}}) {
    try {
      hub_->take_open_seat(id, user);
      ADD_FAILURE() << "joined";
    } catch (const BadInput &e) {
      EXPECT_EQ(std::string(e.what()),
                user ? "a rated game needs two different accounts: this one "
                       "holds the other seat"
                     : "a rated game's seat needs a logged-in account");
    }
  }
  Access access;
  std::string why;
  std::vector<TokenGrant> claimed;
  EXPECT_EQ(hub_->open(link_of(made, "invite1"), access, why, &claimed, alice_),
            nullptr);
  EXPECT_EQ(why, "a rated game needs two different accounts: this one holds "
                 "the other seat");
  // The seat is still free for another account.
  EXPECT_NE(hub_->open(link_of(made, "invite1"), access, why, &claimed, bob_),
            nullptr)
      << why;
  EXPECT_EQ(ratings_->game(id)->users[1], bob_);
  // A game with none of this asked stays unrated and open to anyone.
  const json plain =
      hub_->create({{"game", "nim"}, {"mode", "computer"}}, alice_);
  EXPECT_FALSE(plain.contains("rated"));
  EXPECT_FALSE(ratings_->game(plain["id"]));
}

TEST_F(Rated, FourthRatedGameOfAPairInADayIsPlayedUnrated) {
  RatingRows check(db_);
  for (int i = 0; i < 3; ++i) {
    json joined;
    rated_nim(i % 2 ? bob_ : alice_, i % 2 ? alice_ : bob_,
              &joined); // either colour counts
    EXPECT_EQ(joined["rated"], true);
    EXPECT_FALSE(joined.contains("rating_note"));
    clock_ += kMinute;
  }
  json joined;
  auto [red_token, blue_token] = rated_nim(alice_, bob_, &joined);
  EXPECT_EQ(joined["rated"], false);
  EXPECT_EQ(joined["rating_note"], "not rated: these two accounts have played "
                                   "3 rated games in the last 24 hours");
  {
    Seat red(*hub_, red_token);
    red.send({{"type", "resign"}});
    ASSERT_TRUE(red.room->over());
  }
  EXPECT_EQ(std::get<3>(check.rating(bob_)), -1);
  EXPECT_EQ(check.count("rated_results"), 0);
  // A day after the first of them, a game counts again.
  clock_ += Ratings::kPairWindowMs - 2 * kMinute;
  rated_nim(alice_, bob_, &joined);
  EXPECT_EQ(joined["rated"], true);
}

TEST_F(Rated, RematchOfARatedGameIsRatedWithTheSeatsSwapped) {
  auto [red_token, blue_token] = rated_nim(alice_, bob_);
  Seat red(*hub_, red_token), blue(*hub_, blue_token);
  red.send({{"type", "resign"}});
  red.send({{"type", "rematch"}, {"action", "offer"}});
  blue.send({{"type", "rematch"}, {"action", "accept"}});
  const std::string rematch = red.room->meta().rematch;
  ASSERT_FALSE(rematch.empty());
  const auto rated = ratings_->game(rematch);
  ASSERT_TRUE(rated);
  EXPECT_EQ(rated->users[0], bob_);
  EXPECT_EQ(rated->users[1], alice_);
  EXPECT_TRUE(rated->counts);
}

TEST_F(Rated, LeaderboardListsOnlySettledRatingsBestFirst) {
  const std::int64_t carol = accounts_->sign_up("Carol", "password-c").user_id;
  RatingRows seed(db_);
  auto put = [&](std::int64_t user, const char *cls, double rating,
                 double deviation, std::int64_t games) {
    seed.db->run("INSERT INTO ratings (user_id, game, variant, time_class, "
                 "rating, deviation, volatility, games, updated)"
                 " VALUES (?, 'nim', '', ?, ?, ?, '0.06', ?, 1)",
                 {user, std::string(cls), std::to_string(rating),
                  std::to_string(deviation), games});
  };
  put(alice_, "blitz", 1650.4, 80.0, 40);
  put(bob_, "blitz", 1900.0, 150.0, 4); // provisional: not listed however high
  put(carol, "blitz", 1720.6, 110.0, 25); // exactly at the bound: settled
  put(carol, "rapid", 1400.0, 60.0, 30);
  const json board = ratings_->leaderboard("nim", "", "blitz");
  ASSERT_EQ(board["players"].size(), 2u) << board.dump();
  EXPECT_EQ(board["players"][0]["username"], "Carol");
  EXPECT_EQ(board["players"][0]["rating"], 1721);
  EXPECT_EQ(board["players"][0]["deviation"], 110);
  EXPECT_EQ(board["players"][0]["games"], 25);
  EXPECT_EQ(board["players"][1]["username"], "Alice");
  EXPECT_EQ(board["players"][1]["rating"], 1650);
  EXPECT_EQ(ratings_->leaderboard("nim", "", "")["players"].size(), 3u);
  EXPECT_EQ(ratings_->leaderboard("nim", "", "bullet")["players"].size(), 0u);
  EXPECT_EQ(ratings_->leaderboard("stratego", "", "")["players"].size(), 0u);
  // Bob's provisional rating is still his, on his profile.
  const json bob = *ratings_->profile("BOB");
  ASSERT_EQ(bob["ratings"].size(), 1u);
  EXPECT_EQ(bob["ratings"][0]["provisional"], true);
}

TEST_F(Rated,
       ProfileShowsRatingsHistoryResultsAndGamesAndNothingOfAnUnfinishedGame) {
  {
    auto [red_token, blue_token] = rated_nim(alice_, bob_);
    Seat red(*hub_, red_token);
    red.send({{"type", "resign"}});
  }
  clock_ += kMinute;
  {
    auto [red_token, blue_token] = rated_nim(alice_, bob_);
    Seat red(*hub_, red_token);
    red.send({{"type", "draw"}, {"action", "offer"}});
    Seat blue(*hub_, blue_token);
    blue.send({{"type", "draw"}, {"action", "accept"}});
    ASSERT_TRUE(red.room->over());
  }
  clock_ += kMinute;
  // A hidden-information game going on, both secret setups placed.
  const json made = hub_->create({{"game", "secrets"},
                                  {"mode", "friend"},
                                  {"listed", true},
                                  {"rated", true},
                                  {"clock_initial_ms", 5 * kMinute}},
                                 alice_);
  const std::string secret_id = made["id"];
  const json joined = hub_->take_open_seat(secret_id, bob_);
  {
    Seat red(*hub_, link_of(made, "seat0")), blue(*hub_, joined["token"]);
    red.send({{"type", "setup"}, {"setup", "zircon,quokka,fjord"}});
    blue.send({{"type", "setup"}, {"setup", "wombat,glyph,vortex"}});
  }

  EXPECT_FALSE(ratings_->profile("nobody"));
  EXPECT_FALSE(ratings_->profile(""));
  const json alice = *ratings_->profile("alice");
  EXPECT_EQ(alice["username"], "Alice");
  ASSERT_EQ(alice["ratings"].size(), 1u);
  EXPECT_EQ(alice["ratings"][0]["game"], "nim");
  EXPECT_EQ(alice["ratings"][0]["class"], "blitz");
  EXPECT_EQ(alice["ratings"][0]["games"], 2);
  EXPECT_EQ(alice["ratings"][0]["provisional"], true);
  EXPECT_EQ(alice["history"].size(), 2u);
  EXPECT_EQ(alice["results"], (json{{"win", 0}, {"draw", 1}, {"loss", 1}}));
  ASSERT_EQ(alice["games"].size(), 2u);
  for (const auto &g : alice["games"]) {
    EXPECT_EQ(g["opponent"], "bob");
    EXPECT_EQ(g["seat"], 0);
  }
  const json bob = *ratings_->profile("Bob");
  EXPECT_EQ(bob["results"], (json{{"win", 1}, {"draw", 1}, {"loss", 0}}));
  EXPECT_GT(bob["history"][0]["rating"].get<int>(), 1500);
  // The first game, resigned by Alice: her loss is Bob's win, the same points
  // either way.
  const json &first = alice["games"][1];
  EXPECT_EQ(first["result"], "loss");
  EXPECT_LT(first["change"].get<int>(), 0);

  for (const json &profile : {alice, bob}) {
    const std::string text = profile.dump();
    EXPECT_EQ(text.find(secret_id), std::string::npos);
    for (int p = 0; p < 2; ++p)
      for (const auto &word : server_test::secret_words(p))
        EXPECT_EQ(text.find(word), std::string::npos) << word;
  }
}

namespace asio = boost::asio;
namespace beast = boost::beast;
namespace http = beast::http;

// The routes over a real socket: the seats' accounts from the session cookie,
// the leaderboard and profiles.
class RatingsHttp : public server_test::ServerFixture {};

TEST_F(RatingsHttp, SeatsOfARatedGameAreTheLoggedInAccountsOfTheRequests) {
  const std::string alice = sign_up("Alice"), bob = sign_up("Bob");
  const json rated{{"game", "nim"},
                   {"mode", "friend"},
                   {"listed", true},
                   {"rated", true},
                   {"clock_initial_ms", 120'000},
                   {"clock_increment_ms", 1000}};
  auto refused = send(http::verb::post, "/api/games", rated);
  EXPECT_EQ(refused.result_int(), 400);
  EXPECT_EQ(error_of(refused), "a rated game's seat needs a logged-in account");
  auto made = send(http::verb::post, "/api/games", rated, alice);
  ASSERT_EQ(made.result_int(), 201) << made.body();
  EXPECT_EQ(json::parse(made.body())["rated"], true);
  const std::string id = json::parse(made.body())["id"];
  EXPECT_EQ(ratings_->game(id)->key.time_class, "bullet"); // 2 min + 40 x 1 s
  const std::string join = "/api/games/" + id + "/join";
  // Another site's page cannot seat the browser's account, cookie or not.
  auto cross = send(http::verb::post, join, nullptr, bob,
                    {{"Origin", "http://evil.example"}});
  EXPECT_EQ(cross.result_int(), 400);
  EXPECT_EQ(error_of(cross), "a rated game's seat needs a logged-in account");
  auto same = send(http::verb::post, join, nullptr, alice);
  EXPECT_EQ(error_of(same), "a rated game needs two different accounts: this "
                            "one holds the other seat");
  auto joined = send(http::verb::post, join, nullptr, bob);
  ASSERT_EQ(joined.result_int(), 200) << joined.body();
  EXPECT_EQ(json::parse(joined.body())["rated"], true);
}

TEST_F(RatingsHttp, LeaderboardAndProfileRoutes) {
  sign_up("Alice");
  auto profile = send(http::verb::get, "/api/users/aLiCe");
  ASSERT_EQ(profile.result_int(), 200) << profile.body();
  const json p = json::parse(profile.body());
  EXPECT_EQ(p["username"], "Alice");
  EXPECT_EQ(p["ratings"], json::array());
  EXPECT_EQ(p["results"], (json{{"win", 0}, {"draw", 0}, {"loss", 0}}));
  auto unknown = send(http::verb::get, "/api/users/nobody");
  EXPECT_EQ(unknown.result_int(), 404);
  EXPECT_EQ(unknown.body(), R"({"error":"no user 'nobody'"})");
  auto board = send(http::verb::get, "/api/leaderboard?game=nim&class=blitz");
  ASSERT_EQ(board.result_int(), 200) << board.body();
  EXPECT_EQ(json::parse(board.body()), (json{{"game", "nim"},
                                             {"variant", ""},
                                             {"class", "blitz"},
                                             {"players", json::array()}}));
  EXPECT_EQ(error_of(send(http::verb::get, "/api/leaderboard")),
            "the leaderboard needs ?game=NAME");
  EXPECT_EQ(
      error_of(send(http::verb::get, "/api/leaderboard?game=nim&class=fast")),
      "class must be bullet, blitz, rapid or classical");
  EXPECT_EQ(send(http::verb::get, "/api/leaderboard?game=nope").result_int(),
            400);
}

} // namespace
} // namespace strat::server
