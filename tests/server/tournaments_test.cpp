// Tournaments run by the server (docs/server.md, "Tournaments"): scripted players in Swiss and arena tournaments of nim
// through the real Hub, their pairings, results and standings, the refusals of the routes, a computer entrant, the
// clock of a player who never moves, a restart, and two servers on one database.
#include "server/tournaments.hpp"

#include <gtest/gtest.h>

#include <boost/asio/io_context.hpp>
#include <filesystem>
#include <map>
#include <set>
#include <thread>
#include <tuple>

#include "core/error.hpp"
#include "recorder.hpp"
#include "server/accounts.hpp"
#include "server/hub.hpp"
#include "server/ratings.hpp"
#include "server/store.hpp"
#include "server/swiss.hpp"
#include "server/test_db.hpp"
#include "server/tournament_runner.hpp"
#include "test_games.hpp"

namespace strat::server {
namespace {

using nlohmann::json;

constexpr std::int64_t kMinute = 60'000;

// One message from the holder of `token`, as its WebSocket would send it; the room it acted in.
Room* act(Hub& hub, const std::string& token, const json& message) {
  server_test::Recorder rec;
  Access access;
  std::string why;
  Room* room = hub.open(token, access, why, nullptr);
  if (!room) throw std::runtime_error(why);
  room->join(&rec, access);
  hub.handle(*room, &rec, message);
  room->leave(&rec);
  return room;
}

class Tournament : public ::testing::Test {
 protected:
  void SetUp() override {
    server_test::register_test_games();
    std::filesystem::create_directories(dir_);
    db_ = server_test::test_db((dir_ / "test.db").string());
    // The games' store, the accounts and the ratings live as long as the test; the tournaments and the Hub are
    // remade by each start_server.
    std::tie(store_, accounts_, ratings_) =
        std::tuple(std::make_unique<Store>(db_), std::make_unique<Accounts>(db_), std::make_unique<Ratings>(db_));
    start_server();
  }
  void TearDown() override {
    runner_.reset();
    hub_.reset();
    tournaments_.reset();
    ratings_.reset();
    accounts_.reset();
    store_.reset();
    std::filesystem::remove_all(dir_);
  }
  // A fresh server on the same database: everything rebuilt from what it holds.
  void start_server() {
    runner_.reset();
    hub_.reset();
    tournaments_ = std::make_unique<Tournaments>(db_, [this] { return clock_; });
    hub_ = std::make_unique<Hub>(io_, *store_, 1);
    hub_->set_ratings(ratings_.get());
    runner_ = std::make_unique<TournamentRunner>(io_, *hub_, *tournaments_);
    runner_->watch_games();
    hub_->restore_all();
  }
  std::int64_t account(const std::string& name) { return accounts_->sign_up(name, "password-" + name).user_id; }
  std::string make(json body, std::int64_t creator) {
    json base{{"kind", "swiss"},
              {"name", "Test cup"},
              {"game", "nim"},
              {"clock_initial_ms", 5 * kMinute},
              {"start_ms", clock_ + kMinute},
              {"rounds", 3}};
    if (body.is_object()) base.update(body);
    return tournaments_->create(base, creator, true)["id"];
  }
  std::string refusal(const std::function<void()>& f) {
    try {
      f();
    } catch (const BadInput& e) {
      return e.what();
    }
    return "";
  }
  // The page as GET /api/tournaments/ID answers, checked against the protocol's schema (ProtocolSchema).
  json page(const std::string& id, std::int64_t user = 0) {
    json j = tournaments_->get(id, user);
    server_test::log_protocol("GET /api/tournaments/" + id, j.dump());
    return j;
  }
  // The seat link of `user`'s current game, from the tournament page.
  std::string my_token(const std::string& id, std::int64_t user) {
    const json me = page(id, user)["me"];
    if (me["game"].is_null()) throw std::runtime_error("no current game");
    return me["game"]["token"];
  }
  void start(const std::string& id) {
    clock_ = page(id)["start_ms"].get<std::int64_t>();
    runner_->tick();
  }

  std::int64_t clock_ = 1'900'000'000'000;  // the tournaments' clock; the games' clocks run in real time
  boost::asio::io_context io_;
  std::filesystem::path dir_ = std::filesystem::temp_directory_path() / ("strat-tournaments-" + random_token());
  std::string db_;
  std::unique_ptr<Store> store_;
  std::unique_ptr<Accounts> accounts_;
  std::unique_ptr<Ratings> ratings_;
  std::unique_ptr<Tournaments> tournaments_;
  std::unique_ptr<Hub> hub_;
  std::unique_ptr<TournamentRunner> runner_;
};

// The script of the Swiss: on board 2 the players agree a draw; on every other board the earlier entrant wins (the
// later one resigns).
void play_swiss_round(Hub& hub, const json& games, const std::map<std::string, std::int64_t>& number,
                      const std::function<std::string(const std::string&)>& token_of) {
  for (const auto& g : games) {
    const std::string red = g["red"], blue = g["blue"];
    if (g["board"] == 2) {
      act(hub, token_of(red), {{"type", "draw"}});
      act(hub, token_of(blue), {{"type", "draw"}});
    } else {
      act(hub, token_of(number.at(red) < number.at(blue) ? blue : red), {{"type", "resign"}});
    }
  }
}

TEST_F(Tournament, SwissOfEightScriptedPlayersRunsThreeRoundsWithCorrectPairingsAndStandings) {
  const std::int64_t creator = account("director");
  const std::string id = make({{"rated", true}}, creator);
  std::map<std::string, std::int64_t> user, number;
  for (int k = 1; k <= 8; ++k) {
    const std::string name = "pl" + std::to_string(k);
    user[name] = account(name);
    number[name] = k;
    tournaments_->join(id, user[name]);
  }
  EXPECT_EQ(page(id)["status"], "upcoming");
  runner_->tick();  // before the start: nothing
  EXPECT_EQ(page(id)["pairings"].size(), 0u);
  start(id);

  std::set<std::pair<std::string, std::string>> met;
  std::map<std::string, std::string> last_colour;
  std::vector<swiss::Round> played;  // the test's own record, in swiss:: terms (player k-1 is plk)
  for (int round = 1; round <= 3; ++round) {
    const json p = page(id);
    ASSERT_EQ(p["status"], "running");
    ASSERT_EQ(p["pairings"].size(), static_cast<std::size_t>(round));
    const json games = p["pairings"][round - 1]["games"];
    ASSERT_EQ(games.size(), 4u);
    EXPECT_TRUE(p["pairings"][round - 1]["bye"].is_null());
    // The rules' pairing of what was played, and each board's game made with both seats bound.
    std::vector<swiss::Entrant> entrants;
    for (int k = 1; k <= 8; ++k) entrants.push_back({-static_cast<double>(k), false});
    const swiss::Pairing expected = swiss::pair_round(entrants, played);
    std::set<std::string> seen;
    swiss::Round r;
    for (std::size_t b = 0; b < games.size(); ++b) {
      const std::string red = games[b]["red"], blue = games[b]["blue"];
      EXPECT_EQ(number[red] - 1, expected.games[b].red) << "round " << round << " board " << b + 1;
      EXPECT_EQ(number[blue] - 1, expected.games[b].blue) << "round " << round << " board " << b + 1;
      EXPECT_TRUE(met.insert(std::minmax(red, blue)).second) << red << " and " << blue << " met twice";
      EXPECT_TRUE(seen.insert(red).second && seen.insert(blue).second);
      // Colours: after opposite colours, the one who was Blue is Red now.
      if (last_colour.count(red) && last_colour.count(blue) && last_colour[red] != last_colour[blue])
        EXPECT_EQ(last_colour[red], "blue") << red << " against " << blue << " in round " << round;
      EXPECT_FALSE(games[b]["game"].is_null());
      EXPECT_TRUE(games[b]["result"].is_null());
      // Rated friend games between the two accounts.
      const auto rated = ratings_->game(games[b]["game"]);
      ASSERT_TRUE(rated);
      EXPECT_EQ(rated->users[0], user[red]);
      EXPECT_EQ(rated->users[1], user[blue]);
      const int red_points = b == 1 ? 1 : number[red] < number[blue] ? 2 : 0;
      r.games.push_back({static_cast<int>(number[red] - 1), static_cast<int>(number[blue] - 1), red_points});
    }
    played.push_back(r);
    play_swiss_round(*hub_, games, number, [&](const std::string& name) { return my_token(id, user[name]); });
    for (const auto& g : games) {
      last_colour[g["red"]] = "red";
      last_colour[g["blue"]] = "blue";
    }
    io_.poll();  // the last game's end pairs the next round
  }

  const json p = page(id);
  EXPECT_EQ(p["status"], "finished");
  EXPECT_EQ(p["round"], 3);
  // The standings recomputed from the published results: points, Buchholz, Sonneborn-Berger.
  std::map<std::string, double> points;
  for (const auto& round : p["pairings"])
    for (const auto& g : round["games"]) {
      ASSERT_FALSE(g["result"].is_null());
      const double red = g["result"] == "red" ? 1 : g["result"] == "draw" ? 0.5 : 0;
      points[g["red"]] += red;
      points[g["blue"]] += 1 - red;
    }
  std::map<std::string, double> buchholz, sb;
  for (const auto& round : p["pairings"])
    for (const auto& g : round["games"]) {
      const std::string red = g["red"], blue = g["blue"];
      buchholz[red] += points[blue];
      buchholz[blue] += points[red];
      const double red_score = g["result"] == "red" ? 1 : g["result"] == "draw" ? 0.5 : 0;
      sb[red] += red_score * points[blue];
      sb[blue] += (1 - red_score) * points[red];
    }
  const json& standings = p["standings"];
  ASSERT_EQ(standings.size(), 8u);
  for (std::size_t k = 0; k < standings.size(); ++k) {
    const json& s = standings[k];
    const std::string name = s["name"];
    EXPECT_EQ(s["rank"], k + 1);
    EXPECT_DOUBLE_EQ(s["points"].get<double>(), points[name]) << name;
    EXPECT_DOUBLE_EQ(s["buchholz"].get<double>(), buchholz[name]) << name;
    EXPECT_DOUBLE_EQ(s["sonneborn_berger"].get<double>(), sb[name]) << name;
    if (k > 0) {
      const json& prev = standings[k - 1];
      const auto key = [](const json& j) {
        return std::make_tuple(j["points"].get<double>(), j["buchholz"].get<double>(),
                               j["sonneborn_berger"].get<double>());
      };
      EXPECT_GE(key(prev), key(s));
    }
  }
  // pl1 won every game it did not draw: the script's winner.
  EXPECT_EQ(standings[0]["name"], "pl1");

  // The finished tournament is rebuilt from the database by a restarted server, unchanged.
  start_server();
  runner_->tick();
  EXPECT_EQ(page(id), p);
  const json listed = tournaments_->list();
  server_test::log_protocol("GET /api/tournaments", listed.dump());
  EXPECT_EQ(listed["finished"][0]["id"], id);
}

TEST_F(Tournament, JoinWithdrawAndCreateAreRefusedInOneLine) {
  const std::int64_t alice = account("alice"), bob = account("bob"), carol = account("carol");
  const std::string id = make({{"max_players", 2}}, alice);
  EXPECT_EQ(refusal([&] { tournaments_->join(id, 0); }), "not logged in");
  EXPECT_EQ(refusal([&] { tournaments_->withdraw(id, 0); }), "not logged in");
  EXPECT_EQ(refusal([&] { tournaments_->create({{"kind", "swiss"}}, 0, true); }), "not logged in");
  EXPECT_EQ(refusal([&] { tournaments_->join("nope", alice); }), "no tournament 'nope'");
  EXPECT_EQ(refusal([&] { tournaments_->withdraw(id, alice); }), "you are not in this tournament");
  tournaments_->join(id, alice);
  EXPECT_EQ(refusal([&] { tournaments_->join(id, alice); }), "you are in this tournament already");
  tournaments_->join(id, bob);
  EXPECT_EQ(refusal([&] { tournaments_->join(id, carol); }), "the tournament is full (2 players)");
  // Withdrawing before the start removes the entry.
  tournaments_->withdraw(id, bob);
  EXPECT_EQ(page(id)["entrants"].size(), 1u);
  tournaments_->join(id, carol);
  start(id);
  EXPECT_EQ(page(id)["status"], "running");
  EXPECT_EQ(refusal([&] { tournaments_->join(id, bob); }), "the tournament has started: a Swiss takes no new players");

  EXPECT_EQ(refusal([&] { make({{"kind", "knockout"}}, alice); }), "kind must be swiss or arena");
  EXPECT_EQ(refusal([&] {
              make({{"clock_initial_ms", 0}}, alice);
            }),
            "a tournament needs a clock: clock_initial_ms above 0 and up to 24 h, increment up to 1 h");
  EXPECT_EQ(refusal([&] { make({{"rounds", 0}}, alice); }), "rounds must be 1 to 20");
  EXPECT_EQ(refusal([&] { make({{"rounds", "3"}}, alice); }), "\"rounds\" must be a whole number");
  EXPECT_EQ(refusal([&] {
              make({{"kind", "arena"}, {"duration_ms", 1000}}, alice);
            }),
            "duration_ms must be 1 minute to 24 hours");
  EXPECT_EQ(refusal([&] { make({{"name", ""}}, alice); }), "a tournament needs a name of 1 to 80 bytes");
  EXPECT_EQ(refusal([&] {
              make({{"start_ms", nullptr}}, alice);
            }),
            "a tournament needs start_ms (milliseconds since 1970)");
  EXPECT_EQ(refusal([&] { make({{"rated", "yes"}}, alice); }), "\"rated\" must be true or false");
  EXPECT_EQ(refusal([&] {
              tournaments_->create({{"kind", "swiss"}}, alice, true);
            }),
            "a tournament needs a name of 1 to 80 bytes");
  EXPECT_FALSE(refusal([&] { make({{"game", "no-such-game"}}, alice); }).empty());
  EXPECT_EQ(refusal([&] {
              tournaments_->create({{"kind", "swiss"},
                                    {"name", "x"},
                                    {"game", "nim"},
                                    {"rated", true},
                                    {"clock_initial_ms", kMinute},
                                    {"start_ms", clock_},
                                    {"rounds", 1}},
                                   alice, /*ratings_kept=*/false);
            }),
            "this server keeps no ratings: a tournament cannot be rated");
  // Computer entrants: the creator's, before the start, of a known strength.
  const std::string later = make({}, alice);
  EXPECT_EQ(refusal([&] {
              tournaments_->add_computer(later, bob, {{"agent", "first"}});
            }),
            "only the tournament's creator adds computer entrants");
  EXPECT_FALSE(refusal([&] { tournaments_->add_computer(later, alice, {{"agent", "no-such-agent"}}); }).empty());
  EXPECT_EQ(refusal([&] {
              tournaments_->add_computer(id, alice, {{"agent", "first"}});
            }),
            "the tournament has started: computer entrants join before the start");
}

TEST_F(Tournament, WithdrawnPlayerIsNotPairedAgainAndKeepsItsResults) {
  const std::int64_t director = account("director");
  const std::string id = make({{"rounds", 2}}, director);
  std::map<std::string, std::int64_t> user;
  for (const char* name : {"wd1", "wd2", "wd3", "wd4"}) tournaments_->join(id, user[name] = account(name));
  start(id);
  // Round 1: wd1 against wd3, wd2 against wd4 (upper half against lower half); wd4 wins, then withdraws.
  act(*hub_, my_token(id, user["wd2"]), {{"type", "resign"}});
  tournaments_->withdraw(id, user["wd4"]);
  act(*hub_, my_token(id, user["wd3"]), {{"type", "resign"}});
  io_.poll();
  const json p = page(id);
  ASSERT_EQ(p["pairings"].size(), 2u);
  EXPECT_EQ(p["pairings"][1]["games"].size(), 1u);
  EXPECT_FALSE(p["pairings"][1]["bye"].is_null());
  for (const auto& g : p["pairings"][1]["games"]) {
    EXPECT_NE(g["red"], "wd4");
    EXPECT_NE(g["blue"], "wd4");
  }
  EXPECT_NE(p["pairings"][1]["bye"], "wd4");
  for (const auto& s : p["standings"]) {
    if (s["name"] != "wd4") continue;
    EXPECT_EQ(s["points"], 1.0);
    EXPECT_EQ(s["withdrawn"], true);
  }
  EXPECT_TRUE(page(id, user["wd4"])["me"]["game"].is_null());
}

TEST_F(Tournament, ArenaRepairsPlayersAsSoonAsTheirGameEndsAndScoresStreaks) {
  const std::int64_t director = account("director");
  const std::string id = make({{"kind", "arena"}, {"duration_ms", 10 * kMinute}, {"rounds", nullptr}}, director);
  std::map<std::string, std::int64_t> user;
  for (const char* name : {"ar1", "ar2", "ar3", "ar4"}) tournaments_->join(id, user[name] = account(name));
  start(id);
  json p = page(id);
  ASSERT_EQ(p["pairings"].size(), 1u);
  ASSERT_EQ(p["pairings"][0]["games"].size(), 2u);
  // ar1 wins three games in a row: the third counts double (2 + 2 + 4).
  for (int game = 1; game <= 3; ++game) {
    const std::string opponent_token = [&] {
      for (const auto& [name, u] : user)
        if (name != "ar1" && page(id, u)["me"]["game"].is_object() &&
            page(id, u)["me"]["game"]["id"] == page(id, user["ar1"])["me"]["game"]["id"])
          return my_token(id, u);
      throw std::runtime_error("ar1 has no opponent");
    }();
    const std::string before = page(id, user["ar1"])["me"]["game"]["id"];
    act(*hub_, opponent_token, {{"type", "resign"}});
    io_.poll();  // no tick: the game's end pairs ar1 again at once
    const json mine = page(id, user["ar1"])["me"]["game"];
    ASSERT_TRUE(mine.is_object()) << "ar1 not paired again after game " << game;
    EXPECT_NE(mine["id"], before);
  }
  p = page(id);
  EXPECT_EQ(p["standings"][0]["name"], "ar1");
  EXPECT_EQ(p["standings"][0]["points"], 8);
  EXPECT_EQ(p["standings"][0]["on_streak"], true);
  EXPECT_EQ(p["standings"][0]["wins"], 3);
  // The end: no new pairing; the games still on count when they finish, and the last one ends the tournament.
  clock_ = p["end_ms"].get<std::int64_t>();
  runner_->tick();
  EXPECT_EQ(page(id)["status"], "running");
  for (const auto& [name, u] : user)
    if (name != "ar1" && page(id, u)["me"]["game"].is_object()) act(*hub_, my_token(id, u), {{"type", "resign"}});
  io_.poll();
  p = page(id);
  EXPECT_EQ(p["status"], "finished");
  EXPECT_EQ(p["standings"][0]["points"],
            12);  // the fourth win, still on the streak
  for (const auto& [name, u] : user) EXPECT_TRUE(page(id, u)["me"]["game"].is_null());
}

TEST_F(Tournament, ComputerEntrantPlaysItsGameWhichIsScoredButNotRated) {
  const std::int64_t alice = account("alice");
  const std::string id = make({{"rated", true}, {"rounds", 1}}, alice);
  tournaments_->add_computer(id, alice, {{"agent", "first"}});
  tournaments_->join(id, alice);
  start(id);
  const json mine = page(id, alice)["me"]["game"];
  ASSERT_TRUE(mine.is_object());
  EXPECT_EQ(mine["seat"],
            1);  // the computer joined first: the higher seed, Red on board 1
  EXPECT_FALSE(ratings_->game(mine["id"]));
  // Alice takes one whenever it is her turn; the computer answers from the agents' thread.
  Room* room = nullptr;
  for (int k = 0; k < 400 && !(room && room->over()); ++k) {
    io_.run_for(std::chrono::milliseconds(10));
    room = act(*hub_, mine["token"], {{"type", "move"}, {"move", "take1"}});
  }
  ASSERT_TRUE(room && room->over());
  io_.poll();
  const json p = page(id);
  EXPECT_EQ(p["status"], "finished");
  EXPECT_FALSE(p["pairings"][0]["games"][0]["result"].is_null());
  EXPECT_EQ(p["pairings"][0]["games"][0]["red"], "Computer (first)");
  EXPECT_EQ(p["standings"][0]["points"].get<double>() + p["standings"][1]["points"].get<double>(), 1.0);
}

TEST_F(Tournament, PlayerWhoNeverMovesLosesOnTheClockWithNobodyConnected) {
  const std::int64_t alice = account("alice"), bob = account("bob");
  const std::string id = make({{"rounds", 1}, {"clock_initial_ms", 300}}, alice);
  tournaments_->join(id, alice);
  tournaments_->join(id, bob);
  start(id);
  ASSERT_EQ(page(id)["pairings"][0]["games"].size(), 1u);
  // Nobody opens the game: the Hub's timer ends it when Red's time runs out.
  for (int k = 0; k < 100 && page(id)["status"] != "finished"; ++k) io_.run_for(std::chrono::milliseconds(20));
  const json p = page(id);
  EXPECT_EQ(p["status"], "finished");
  EXPECT_EQ(p["pairings"][0]["games"][0]["result"], "blue");
  EXPECT_EQ(p["standings"][0]["name"], "bob");
}

TEST_F(Tournament, PageGivesEachAccountOnlyItsOwnSeatLinkAndThePublicPageNone) {
  const std::int64_t alice = account("alice"), bob = account("bob"), eve = account("eve");
  const std::string id = make({{"rounds", 1}}, alice);
  tournaments_->join(id, alice);
  tournaments_->join(id, bob);
  start(id);
  const std::string a = my_token(id, alice), b = my_token(id, bob);
  EXPECT_NE(a, b);
  // Each link acts for its own seat only.
  EXPECT_EQ(act(*hub_, a, {{"type", "move"}, {"move", "take1"}})->ply(), 1);
  EXPECT_EQ(act(*hub_, a, {{"type", "move"}, {"move", "take1"}})->ply(),
            1);  // not Red's turn: refused
  for (std::int64_t viewer : {std::int64_t{0}, eve, alice, bob}) {
    const std::string text = page(id, viewer).dump() + tournaments_->list().dump();
    EXPECT_EQ(text.find(a) != std::string::npos, viewer == alice);
    EXPECT_EQ(text.find(b) != std::string::npos, viewer == bob);
  }
  EXPECT_TRUE(page(id, eve)["me"]["game"].is_null());
  EXPECT_FALSE(page(id)["me"].is_object());
}

TEST_F(Tournament, TwoServersOnOneDatabasePairEachRoundOnce) {
  const std::int64_t director = account("director");
  std::vector<std::int64_t> players;
  for (const char* name : {"cl1", "cl2", "cl3", "cl4"}) players.push_back(account(name));
  std::vector<std::string> ids;
  for (int k = 0; k < 6; ++k) {
    ids.push_back(make({{"rounds", 2}}, director));
    for (auto u : players) tournaments_->join(ids.back(), u);
  }
  clock_ += kMinute;
  // A second server: its own connections and Hub, ticking at the same moment as the first.
  boost::asio::io_context io2;
  Store store2(db_);
  Tournaments tournaments2(db_, [this] { return clock_; });
  Hub hub2(io2, store2, 1);
  TournamentRunner runner2(io2, hub2, tournaments2);
  runner2.watch_games();
  std::thread other([&] { runner2.tick(); });
  runner_->tick();
  other.join();
  runner_->tick();
  runner2.tick();
  EXPECT_EQ(hub_->rooms() + hub2.rooms(), 12u);
  for (const auto& id : ids) {
    const json p = tournaments2.get(id, 0);
    EXPECT_EQ(p["round"], 1);
    ASSERT_EQ(p["pairings"].size(), 1u);
    EXPECT_EQ(p["pairings"][0]["games"].size(), 2u);
    for (const auto& g : p["pairings"][0]["games"]) EXPECT_FALSE(g["game"].is_null());
  }
}

}  // namespace
}  // namespace strat::server
