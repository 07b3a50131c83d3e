// Ratings of the computer's strengths (docs/server.md, "Ratings of the computer's strengths"): which games
// count, the strength's Glicko-2 update against the player's rating at the end, the player's own rating left
// alone, once per game (also across a restart), the limit per account and strength, rematches, and the route
// that lists the strengths apart from the players' leaderboard.
#include <gtest/gtest.h>

#include <chrono>
#include <filesystem>

#include "server/glicko2.hpp"
#include "server/strength_ratings.hpp"
#include "server/strengths.hpp"
#include "server_fixture.hpp"

namespace strat::server {
namespace {

using nlohmann::json;
using server_test::link_of;
using server_test::Seat;

constexpr std::int64_t kBlitz = 5 * 60'000;  // 5+0: blitz

// The tables read from a connection of the test's own.
struct Tables {
  std::unique_ptr<Db> db;
  explicit Tables(const std::string& where) : db(open_db(where)) {}
  // rating, deviation, volatility, games of a strength's nim blitz rating; games -1 when there is none
  std::tuple<double, double, double, std::int64_t> strength(const std::string& name) {
    const auto rows = db->run(
                            "SELECT rating, deviation, volatility, games FROM strength_ratings WHERE strength=?"
                            " AND game='nim' AND variant='' AND time_class='blitz'",
                            {name})
                          .rows;
    if (rows.empty()) return {0, 0, 0, -1};
    return {std::stod(rows[0].text(0)), std::stod(rows[0].text(1)), std::stod(rows[0].text(2)), rows[0].integer(3)};
  }
  // A player's nim blitz rating, as if earned in rated games.
  void set_player(std::int64_t user, const std::string& rating, const std::string& deviation) {
    db->run(
        "INSERT INTO ratings (user_id, game, variant, time_class, rating, deviation, volatility, games, updated)"
        " VALUES (?, 'nim', '', 'blitz', ?, ?, '0.06', 12, 1)",
        {user, rating, deviation});
  }
  // Every rating row of a player, as text.
  std::string player(std::int64_t user) {
    std::string out;
    for (const auto& r :
         db->run("SELECT rating, deviation, volatility, games, updated FROM ratings WHERE user_id=?", {user}).rows)
      for (std::size_t c = 0; c < 5; ++c) out += r.text(c) + " ";
    return out;
  }
  std::int64_t count(const std::string& table) {
    return db->run("SELECT COUNT(*) FROM " + table).rows.at(0).integer(0);
  }
};

TEST(Strengths, EachIsTheLobbysAgentSpecOfTheGame) {
  server_test::register_test_games();
  const GameInfo& nim = Registry::global().get("nim");  // its own agent: `first`
  EXPECT_EQ(strength_agent(nim, "beginner"), "random");
  EXPECT_EQ(strength_agent(nim, "club"), "first:time=300");
  EXPECT_EQ(strength_agent(nim, "strong"), "first:time=1500");
  EXPECT_EQ(strength_agent(nim, "maximum"), "first:time=5000");
  EXPECT_EQ(strength_agent(nim, "grandmaster"), "");
  EXPECT_EQ(strength_of(nim, "first:time=1500"), "strong");
  EXPECT_EQ(strength_of(nim, "random"), "beginner");
  EXPECT_EQ(strength_of(nim, "first"), std::nullopt);  // the default agent is none of them
  EXPECT_EQ(strength_of(nim, "first:time=1000"), std::nullopt);
  GameInfo plain;
  plain.name = "plain";
  plain.agents = {"random"};
  EXPECT_EQ(strength_agent(plain, "maximum"), "random");
  EXPECT_EQ(strength_of(plain, "random"), "beginner");
}

class StrengthRated : public ::testing::Test {
 protected:
  void SetUp() override {
    server_test::register_test_games();
    dir_ = std::filesystem::temp_directory_path() / ("strat-strengths-" + random_token());
    std::filesystem::create_directories(dir_);
    db_ = server_test::test_db((dir_ / "test.db").string());
    store_ = std::make_unique<Store>(db_);
    accounts_ = std::make_unique<Accounts>(db_);
    ratings_ = std::make_unique<Ratings>(db_);
    strengths_ = std::make_unique<StrengthRatings>(db_, [this] { return clock_; });
    alice_ = accounts_->sign_up("Alice", "password-a").user_id;
    start_hub();
  }
  void TearDown() override {
    hub_.reset();
    strengths_.reset();
    ratings_.reset();
    accounts_.reset();
    store_.reset();
    std::filesystem::remove_all(dir_);
  }
  void start_hub(bool with_strengths = true) {
    hub_.reset();
    hub_ = std::make_unique<Hub>(io_, *store_, 1);
    hub_->set_ratings(ratings_.get());
    if (with_strengths) hub_->set_strength_ratings(strengths_.get());
    hub_->restore_all();
  }
  // A nim game against the computer made by `user` on `seat`.
  json computer_nim(std::int64_t user, const std::string& agent, std::int64_t clock = kBlitz, int seat = 0) {
    json body{{"game", "nim"}, {"mode", "computer"}, {"seat", seat}, {"agent", agent}};
    if (clock) body["clock_initial_ms"] = clock;
    return hub_->create(body, user);
  }
  // Makes the game and resigns it at once: a win of the strength. Returns the game's id.
  std::string resigned(std::int64_t user, const std::string& agent, std::int64_t clock = kBlitz) {
    const json made = computer_nim(user, agent, clock);
    Seat seat(*hub_, link_of(made, "seat0"));
    seat.send({{"type", "resign"}});
    EXPECT_TRUE(seat.room->over());
    return made["id"];
  }
  // Runs the event loop until the game has `plies` moves (the computer's answers come from the agents' pool).
  void wait_for(const std::string& id, std::size_t plies) {
    for (int i = 0; i < 500 && store_->moves(id).size() < plies; ++i) io_.run_for(std::chrono::milliseconds(5));
    ASSERT_EQ(store_->moves(id).size(), plies);
  }

  boost::asio::io_context io_;
  std::filesystem::path dir_;
  std::string db_;
  std::int64_t clock_ = 1'000'000'000'000;
  std::unique_ptr<Store> store_;
  std::unique_ptr<Accounts> accounts_;
  std::unique_ptr<Ratings> ratings_;
  std::unique_ptr<StrengthRatings> strengths_;
  std::unique_ptr<Hub> hub_;
  std::int64_t alice_ = 0;
};

TEST_F(StrengthRated, ClockedGameOfAnAccountMovesTheStrengthsRatingAndNeverThePlayers) {
  Tables check(db_);
  check.set_player(alice_, "1700", "80");
  const std::string alice_before = check.player(alice_);

  // Alice resigns against Strong: the strength won against her rating as it stands.
  resigned(alice_, "first:time=1500");
  const auto won = glicko2::update(glicko2::kStart, {{1700, 80, 1.0}});
  auto [rating, deviation, volatility, games] = check.strength("strong");
  EXPECT_NEAR(rating, won.rating, 1e-9);
  EXPECT_NEAR(deviation, won.deviation, 1e-9);
  EXPECT_NEAR(volatility, won.volatility, 1e-12);
  EXPECT_EQ(games, 1);
  EXPECT_GT(rating, 1500);

  // Then she wins on the board (7 -> 6, the computer takes 1 -> 5, 3, the computer 1 -> 2, she takes the last).
  const json made = computer_nim(alice_, "first:time=1500");
  const std::string id = made["id"];
  {
    Seat seat(*hub_, link_of(made, "seat0"));
    seat.send({{"type", "move"}, {"move", "take1"}});
    wait_for(id, 2);
    seat.send({{"type", "move"}, {"move", "take2"}});
    wait_for(id, 4);
    EXPECT_EQ(std::get<3>(check.strength("strong")), 1);  // nothing before the end
    seat.send({{"type", "move"}, {"move", "take2"}});
    ASSERT_TRUE(seat.room->over());
    ASSERT_EQ(seat.room->ending().winner, 0);
  }
  const auto lost = glicko2::update(won, {{1700, 80, 0.0}});
  EXPECT_NEAR(std::get<0>(check.strength("strong")), lost.rating, 1e-9);
  EXPECT_NEAR(std::get<1>(check.strength("strong")), lost.deviation, 1e-9);
  EXPECT_EQ(std::get<3>(check.strength("strong")), 2);
  EXPECT_EQ(std::get<3>(check.strength("club")), -1);

  // The player's rating, history and results are untouched: games against the computer are not rated for her.
  EXPECT_EQ(check.player(alice_), alice_before);
  EXPECT_EQ(check.count("rating_history"), 0);
  EXPECT_EQ(check.count("rated_results"), 0);
  EXPECT_EQ(check.count("strength_results"), 2);
}

TEST_F(StrengthRated, UnclockedAnonymousAndOtherAgentsGamesDoNotCount) {
  Tables check(db_);
  resigned(alice_, "first:time=1500", /*clock=*/0);  // no clock
  resigned(0, "first:time=1500");                    // no account
  resigned(alice_, "first:time=1000");               // a spec of no strength
  resigned(alice_, "first");                         // the game's default agent
  {
    // A game against a friend is no strength's, whatever its agent field says.
    const json made =
        hub_->create({{"game", "nim"}, {"mode", "friend"}, {"agent", "random"}, {"clock_initial_ms", kBlitz}}, alice_);
    Seat seat(*hub_, link_of(made, "seat0"));
    seat.send({{"type", "resign"}});
  }
  EXPECT_EQ(check.count("strength_games"), 0);
  EXPECT_EQ(check.count("strength_results"), 0);
  EXPECT_EQ(check.count("strength_ratings"), 0);
  // The same game by an account with a clock counts, and records who played which strength at creation.
  const json made = computer_nim(alice_, "first:time=300", kBlitz, /*seat=*/1);
  const auto recorded = strengths_->game(made["id"]);
  ASSERT_TRUE(recorded);
  EXPECT_EQ(recorded->strength, "club");
  EXPECT_EQ(recorded->user, alice_);
  EXPECT_EQ(recorded->seat, 1);
  EXPECT_EQ(recorded->key.time_class, "blitz");
}

TEST_F(StrengthRated, ResultIsAppliedOnceAcrossARepeatAndARestart) {
  Tables check(db_);
  const std::string id = resigned(alice_, "first:time=300");
  const auto once = check.strength("club");
  EXPECT_EQ(std::get<3>(once), 1);
  EXPECT_FALSE(strengths_->apply(id, 1));  // the end replayed
  start_hub();                             // the server restarted: the game is restored, over
  StrengthRatings other(db_);              // another server on the same database
  EXPECT_FALSE(other.apply(id, 1));
  EXPECT_EQ(check.strength("club"), once);
  EXPECT_EQ(check.count("strength_results"), 1);

  // A game that ended just before its rating was applied (a server stopped between the two) is applied at the
  // next start, once.
  const json made = computer_nim(alice_, "first:time=300");
  start_hub(/*with_strengths=*/false);
  {
    Seat seat(*hub_, link_of(made, "seat0"));
    seat.send({{"type", "resign"}});
  }
  EXPECT_EQ(std::get<3>(check.strength("club")), 1);
  start_hub();
  EXPECT_EQ(std::get<3>(check.strength("club")), 2);
  start_hub();
  EXPECT_EQ(std::get<3>(check.strength("club")), 2);
}

TEST_F(StrengthRated, FourthGameOfAnAccountAgainstAStrengthInADayDoesNotCount) {
  Tables check(db_);
  for (int k = 0; k < Ratings::kPairLimit; ++k) resigned(alice_, "first:time=5000");
  const std::string fourth = resigned(alice_, "first:time=5000");
  EXPECT_FALSE(strengths_->game(fourth)->counts);
  EXPECT_EQ(std::get<3>(check.strength("maximum")), Ratings::kPairLimit);
  resigned(alice_, "first:time=300");  // another strength still counts
  EXPECT_EQ(std::get<3>(check.strength("club")), 1);
  clock_ += Ratings::kPairWindowMs;
  resigned(alice_, "first:time=5000");
  EXPECT_EQ(std::get<3>(check.strength("maximum")), Ratings::kPairLimit + 1);
}

TEST_F(StrengthRated, RematchCountsForTheStrengthWithTheSeatSwapped) {
  const json made = computer_nim(alice_, "first:time=1500");
  Seat seat(*hub_, link_of(made, "seat0"));
  seat.send({{"type", "resign"}});
  seat.send({{"type", "rematch"}, {"action", "offer"}});
  const json rematch = seat.rec.last_of("rematch");
  ASSERT_TRUE(rematch["game"].is_string()) << rematch.dump();
  const auto recorded = strengths_->game(rematch["game"]);
  ASSERT_TRUE(recorded);
  EXPECT_EQ(recorded->strength, "strong");
  EXPECT_EQ(recorded->user, alice_);
  EXPECT_EQ(recorded->seat, 1);
}

// Over HTTP: the account from the session cookie, and the route apart from the players' leaderboard.
class StrengthRatingsHttp : public server_test::ServerFixture {};

TEST_F(StrengthRatingsHttp, GamesCountForTheCookiesAccountAndTheRouteListsStrengthsApartFromPlayers) {
  namespace http = boost::beast::http;
  const std::string alice = sign_up("Alice");
  const json body{{"game", "nim"}, {"mode", "computer"}, {"agent", "first:time=300"}, {"clock_initial_ms", kBlitz}};
  const auto anonymous = send(http::verb::post, "/api/games", body);
  ASSERT_EQ(anonymous.result_int(), 201) << anonymous.body();
  EXPECT_FALSE(strength_ratings_->game(json::parse(anonymous.body())["id"]));
  const auto made = send(http::verb::post, "/api/games", body, alice);
  ASSERT_EQ(made.result_int(), 201) << made.body();
  const auto recorded = strength_ratings_->game(json::parse(made.body())["id"]);
  ASSERT_TRUE(recorded);
  EXPECT_EQ(recorded->strength, "club");
  EXPECT_EQ(recorded->user, accounts_->who(alice)->user_id);

  // Alice settled at 1650; Strong settled at 1720, Beginner still provisional: neither strength is a player.
  Tables tables(db_);
  tables.set_player(recorded->user, "1650", "60");
  for (const auto& [strength, rating, deviation] :
       {std::tuple{"strong", "1720.4", "60"}, std::tuple{"beginner", "1100", "200"}})
    tables.db->run(
        "INSERT INTO strength_ratings (strength, game, variant, time_class, rating, deviation, volatility, games,"
        " updated) VALUES (?, 'nim', '', 'blitz', ?, ?, '0.06', 30, 1)",
        {std::string(strength), std::string(rating), std::string(deviation)});
  const auto board = send(http::verb::get, "/api/strength-ratings?game=nim&class=blitz");
  ASSERT_EQ(board.result_int(), 200) << board.body();
  EXPECT_EQ(json::parse(board.body()), (json{{"game", "nim"},
                                             {"variant", ""},
                                             {"class", "blitz"},
                                             {"strengths",
                                              {{{"strength", "beginner"},
                                                {"variant", ""},
                                                {"class", "blitz"},
                                                {"rating", 1100},
                                                {"deviation", 200},
                                                {"games", 30},
                                                {"provisional", true}},
                                               {{"strength", "strong"},
                                                {"variant", ""},
                                                {"class", "blitz"},
                                                {"rating", 1720},
                                                {"deviation", 60},
                                                {"games", 30},
                                                {"provisional", false}}}}}));
  const json players = json::parse(send(http::verb::get, "/api/leaderboard?game=nim&class=blitz").body())["players"];
  ASSERT_EQ(players.size(), 1u) << players.dump();
  EXPECT_EQ(players[0]["username"], "Alice");
  EXPECT_EQ(json::parse(send(http::verb::get, "/api/strength-ratings?game=nim&class=rapid").body())["strengths"],
            json::array());
  EXPECT_EQ(error_of(send(http::verb::get, "/api/strength-ratings")), "the strengths' ratings need ?game=NAME");
  EXPECT_EQ(error_of(send(http::verb::get, "/api/strength-ratings?game=nim&class=fast")),
            "class must be bullet, blitz, rapid or classical");
  EXPECT_EQ(send(http::verb::get, "/api/strength-ratings?game=nope").result_int(), 400);
}

}  // namespace
}  // namespace strat::server
