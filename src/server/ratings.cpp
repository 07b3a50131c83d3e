#include "server/ratings.hpp"

#include <algorithm>
#include <cmath>

#include "core/error.hpp"
#include "server/accounts.hpp"
#include "server/db_real.hpp"
#include "server/glicko2.hpp"
#include "server/store.hpp"

namespace strat::server {

using nlohmann::json;

namespace {

const std::vector<Migration>& migrations() {
  // Ratings are DOUBLE PRECISION so that the leaderboard sorts and filters them in SQL; both engines take the
  // values bound as text.
  static const std::vector<Migration> list = {
      {1,
       "CREATE TABLE IF NOT EXISTS ratings (user_id BIGINT NOT NULL, game TEXT NOT NULL, variant TEXT NOT NULL,"
       " time_class TEXT NOT NULL, rating DOUBLE PRECISION NOT NULL, deviation DOUBLE PRECISION NOT NULL,"
       " volatility DOUBLE PRECISION NOT NULL, games BIGINT NOT NULL, updated BIGINT NOT NULL,"
       " PRIMARY KEY (user_id, game, variant, time_class));"
       "CREATE INDEX IF NOT EXISTS ratings_by_board ON ratings (game, variant, time_class, rating);"
       "CREATE TABLE IF NOT EXISTS rated_games (game_id TEXT PRIMARY KEY, game TEXT NOT NULL, variant TEXT NOT NULL,"
       " time_class TEXT NOT NULL, red_user BIGINT NOT NULL, blue_user BIGINT NOT NULL, counts BIGINT NOT NULL,"
       " created BIGINT NOT NULL, paired BIGINT NOT NULL);"
       "CREATE INDEX IF NOT EXISTS rated_games_by_pair ON rated_games (red_user, blue_user, paired);"
       "CREATE TABLE IF NOT EXISTS rated_results (game_id TEXT PRIMARY KEY, red_user BIGINT NOT NULL,"
       " blue_user BIGINT NOT NULL, winner BIGINT NOT NULL, at BIGINT NOT NULL);"
       "CREATE INDEX IF NOT EXISTS rated_results_by_red ON rated_results (red_user, at);"
       "CREATE INDEX IF NOT EXISTS rated_results_by_blue ON rated_results (blue_user, at);"
       "CREATE TABLE IF NOT EXISTS rating_history (user_id BIGINT NOT NULL, game_id TEXT NOT NULL,"
       " game TEXT NOT NULL, variant TEXT NOT NULL, time_class TEXT NOT NULL,"
       " rating_before DOUBLE PRECISION NOT NULL, rating DOUBLE PRECISION NOT NULL,"
       " deviation DOUBLE PRECISION NOT NULL, at BIGINT NOT NULL, PRIMARY KEY (user_id, game_id));"
       "CREATE INDEX IF NOT EXISTS rating_history_by_user ON rating_history (user_id, at)"},
  };
  return list;
}

struct Stored {
  glicko2::Rating rating = glicko2::kStart;
  std::int64_t games = 0;
};

json rating_json(const DbRow& r, std::size_t from) {
  const glicko2::Rating rating{real(r, from), real(r, from + 1), 0.0};
  return {{"rating", std::lround(rating.rating)},
          {"deviation", std::lround(rating.deviation)},
          {"games", r.integer(from + 2)},
          {"provisional", glicko2::provisional(rating)}};
}

}  // namespace

Ratings::Ratings(const std::string& where, std::function<std::int64_t()> clock) : clock_(std::move(clock)) {
  db_ = open_db(where);
  migrate(*db_, "ratings", migrations());
}

Ratings::~Ratings() = default;

std::int64_t Ratings::now() const { return clock_ ? clock_() : now_ms(); }

void Ratings::add_game(const std::string& game_id, const RatingKey& key, int seat, std::int64_t user) {
  std::lock_guard lock(mutex_);
  db_->run(
      "INSERT INTO rated_games (game_id, game, variant, time_class, red_user, blue_user, counts, created, paired)"
      " VALUES (?,?,?,?,?,?,1,?,0)",
      {game_id, key.game, key.variant, key.time_class, seat == 0 ? user : 0, seat == 1 ? user : 0, now()});
}

bool Ratings::add_paired_game(const std::string& game_id, const RatingKey& key, std::int64_t red, std::int64_t blue) {
  std::lock_guard lock(mutex_);
  DbTransaction tx(*db_);
  const bool counts = pair_games(red, blue) < kPairLimit;
  db_->run(
      "INSERT INTO rated_games (game_id, game, variant, time_class, red_user, blue_user, counts, created, paired)"
      " VALUES (?,?,?,?,?,?,?,?,?)",
      {game_id, key.game, key.variant, key.time_class, red, blue, counts ? 1 : 0, now(), now()});
  tx.commit();
  return counts;
}

void Ratings::check_seat(const RatedGame& game, int seat, std::int64_t user) {
  if (user == 0) bad_input("a rated game's seat needs a logged-in account");
  if (game.users[1 - seat] == user)
    bad_input("a rated game needs two different accounts: this one holds the other seat");
}

int Ratings::pair_games(std::int64_t a, std::int64_t b) {
  const auto rows = db_->run(
                           "SELECT COUNT(*) FROM rated_games WHERE counts=1 AND paired>0 AND paired>?"
                           " AND ((red_user=? AND blue_user=?) OR (red_user=? AND blue_user=?))",
                           {now() - kPairWindowMs, a, b, b, a})
                        .rows;
  return static_cast<int>(rows.at(0).integer(0));
}

bool Ratings::take_seat(const std::string& game_id, int seat, std::int64_t user) {
  std::lock_guard lock(mutex_);
  DbTransaction tx(*db_);
  const auto rows = db_->run("SELECT red_user, blue_user FROM rated_games WHERE game_id=?", {game_id}).rows;
  if (rows.empty()) bad_input("game " + game_id + " is not rated");
  std::int64_t users[2] = {rows[0].integer(0), rows[0].integer(1)};
  users[seat] = user;
  const bool counts = pair_games(users[0], users[1]) < kPairLimit;
  db_->run("UPDATE rated_games SET red_user=?, blue_user=?, counts=?, paired=? WHERE game_id=?",
           {users[0], users[1], counts ? 1 : 0, now(), game_id});
  tx.commit();
  return counts;
}

std::optional<RatedGame> Ratings::game(const std::string& game_id) {
  std::lock_guard lock(mutex_);
  const auto rows = db_->run(
                           "SELECT game, variant, time_class, red_user, blue_user, counts FROM rated_games"
                           " WHERE game_id=?",
                           {game_id})
                        .rows;
  if (rows.empty()) return std::nullopt;
  const DbRow& r = rows[0];
  RatedGame g{game_id, {r.text(0), r.text(1), r.text(2)}, {r.integer(3), r.integer(4)}, r.integer(5) != 0};
  return g;
}

int Ratings::rating_of(std::int64_t user, const RatingKey& key) {
  std::lock_guard lock(mutex_);
  const auto rows = db_->run(
                           "SELECT rating FROM ratings WHERE user_id=? AND game=? AND variant=? AND time_class=?",
                           {user, key.game, key.variant, key.time_class})
                        .rows;
  return static_cast<int>(std::lround(rows.empty() ? glicko2::kStart.rating : real(rows[0], 0)));
}

bool Ratings::apply(const std::string& game_id, int winner) {
  std::lock_guard lock(mutex_);
  // Exclusive: two servers sharing a PostgreSQL database apply their games one at a time, so neither update
  // of a player's rating is computed from a value the other is replacing.
  DbTransaction tx(*db_, /*exclusive=*/true);
  const auto rows = db_->run(
                           "SELECT game, variant, time_class, red_user, blue_user, counts FROM rated_games"
                           " WHERE game_id=?",
                           {game_id})
                        .rows;
  if (rows.empty()) return false;
  const RatingKey key{rows[0].text(0), rows[0].text(1), rows[0].text(2)};
  const std::int64_t users[2] = {rows[0].integer(3), rows[0].integer(4)};
  if (rows[0].integer(5) == 0 || users[0] == 0 || users[1] == 0) return false;
  const std::int64_t at = now();
  // The result row is the mark that the game was applied: a second attempt inserts nothing and stops here.
  const auto inserted = db_->run(
      "INSERT INTO rated_results (game_id, red_user, blue_user, winner, at) VALUES (?,?,?,?,?)"
      " ON CONFLICT (game_id) DO NOTHING",
      {game_id, users[0], users[1], static_cast<std::int64_t>(winner), at});
  if (inserted.changed == 0) return false;
  Stored before[2];
  for (int s = 0; s < 2; ++s) {
    const auto found = db_->run(
                              "SELECT rating, deviation, volatility, games FROM ratings WHERE user_id=? AND game=?"
                              " AND variant=? AND time_class=?",
                              {users[s], key.game, key.variant, key.time_class})
                           .rows;
    if (!found.empty())
      before[s] = {{real(found[0], 0), real(found[0], 1), real(found[0], 2)}, found[0].integer(3)};
  }
  for (int s = 0; s < 2; ++s) {
    const glicko2::Rating& other = before[1 - s].rating;
    const double score = winner < 0 ? 0.5 : winner == s ? 1.0 : 0.0;
    const glicko2::Rating after = glicko2::update(before[s].rating, {{other.rating, other.deviation, score}});
    db_->run(
        "INSERT INTO ratings (user_id, game, variant, time_class, rating, deviation, volatility, games, updated)"
        " VALUES (?,?,?,?,?,?,?,?,?) ON CONFLICT (user_id, game, variant, time_class) DO UPDATE SET"
        " rating=excluded.rating, deviation=excluded.deviation, volatility=excluded.volatility,"
        " games=excluded.games, updated=excluded.updated",
        {users[s], key.game, key.variant, key.time_class, exact(after.rating), exact(after.deviation),
         exact(after.volatility), before[s].games + 1, at});
    db_->run(
        "INSERT INTO rating_history (user_id, game_id, game, variant, time_class, rating_before, rating, deviation,"
        " at) VALUES (?,?,?,?,?,?,?,?,?)",
        {users[s], game_id, key.game, key.variant, key.time_class, exact(before[s].rating.rating),
         exact(after.rating), exact(after.deviation), at});
  }
  tx.commit();
  return true;
}

json Ratings::leaderboard(const std::string& game, const std::string& variant, const std::string& time_class) {
  std::string sql =
      "SELECT u.username, r.variant, r.time_class, r.rating, r.deviation, r.games FROM ratings r"
      " JOIN users u ON u.id = r.user_id WHERE r.game=? AND r.deviation <= " +
      exact(glicko2::kProvisionalDeviation);
  std::vector<DbValue> params{game};
  if (!variant.empty()) {
    sql += " AND r.variant=?";
    params.emplace_back(variant);
  }
  if (!time_class.empty()) {
    sql += " AND r.time_class=?";
    params.emplace_back(time_class);
  }
  sql += " ORDER BY r.rating DESC, u.username_key LIMIT " + std::to_string(kLeaderboardSize);
  std::lock_guard lock(mutex_);
  json players = json::array();
  for (const auto& r : db_->run(sql, params).rows) {
    json p = rating_json(r, 3);
    p.erase("provisional");
    p["username"] = r.text(0);
    p["variant"] = r.text(1);
    p["class"] = r.text(2);
    players.push_back(std::move(p));
  }
  return {{"game", game}, {"variant", variant}, {"class", time_class}, {"players", players}};
}

std::optional<json> Ratings::profile(const std::string& username) {
  if (username.empty() || username.size() > 64) return std::nullopt;
  std::lock_guard lock(mutex_);
  const auto users =
      db_->run("SELECT id, username FROM users WHERE username_key=?", {Accounts::username_key(username)}).rows;
  if (users.empty()) return std::nullopt;
  const std::int64_t id = users[0].integer(0);

  json ratings = json::array();
  for (const auto& r : db_->run(
                              "SELECT game, variant, time_class, rating, deviation, games FROM ratings"
                              " WHERE user_id=? ORDER BY game, variant, time_class",
                              {id})
                           .rows) {
    json j = rating_json(r, 3);
    j["game"] = r.text(0);
    j["variant"] = r.text(1);
    j["class"] = r.text(2);
    ratings.push_back(std::move(j));
  }

  // The last points only: enough for a chart, bounded however many games the user played.
  json history = json::array();
  for (const auto& r : db_->run(
                              "SELECT game, variant, time_class, rating, at, game_id FROM rating_history"
                              " WHERE user_id=? ORDER BY at DESC, game_id LIMIT 500",
                              {id})
                           .rows)
    history.push_back({{"game", r.text(0)},
                       {"variant", r.text(1)},
                       {"class", r.text(2)},
                       {"rating", std::lround(real(r, 3))},
                       {"at", r.integer(4)},
                       {"id", r.text(5)}});
  std::reverse(history.begin(), history.end());

  const auto counts = db_->run(
                             "SELECT COALESCE(SUM(CASE WHEN (winner=0 AND red_user=?) OR (winner=1 AND blue_user=?)"
                             " THEN 1 ELSE 0 END), 0), COALESCE(SUM(CASE WHEN winner<0 THEN 1 ELSE 0 END), 0),"
                             " COUNT(*) FROM rated_results WHERE red_user=? OR blue_user=?",
                             {id, id, id, id})
                          .rows;
  const std::int64_t wins = counts.at(0).integer(0), draws = counts.at(0).integer(1);
  const std::int64_t losses = counts.at(0).integer(2) - wins - draws;

  json games = json::array();
  for (const auto& r :
       db_->run(
              "SELECT res.game_id, res.red_user, res.winner, res.at, g.game, g.variant, g.time_class,"
              " h.rating_before, h.rating, opp.username FROM rated_results res"
              " JOIN rated_games g ON g.game_id = res.game_id"
              " JOIN rating_history h ON h.game_id = res.game_id AND h.user_id=?"
              " JOIN users opp ON opp.id = CASE WHEN res.red_user=? THEN res.blue_user ELSE res.red_user END"
              " WHERE res.red_user=? OR res.blue_user=? ORDER BY res.at DESC, res.game_id LIMIT " +
                  std::to_string(kRecentGames),
              {id, id, id, id})
           .rows) {
    const int seat = r.integer(1) == id ? 0 : 1;
    const std::int64_t winner = r.integer(2);
    games.push_back({{"id", r.text(0)},
                     {"game", r.text(4)},
                     {"variant", r.text(5)},
                     {"class", r.text(6)},
                     {"opponent", r.text(9)},
                     {"seat", seat},
                     {"result", winner < 0 ? "draw" : winner == seat ? "win" : "loss"},
                     {"change", std::lround(real(r, 8)) - std::lround(real(r, 7))},
                     {"at", r.integer(3)}});
  }
  return json{{"username", users[0].text(1)},
              {"ratings", ratings},
              {"history", history},
              {"results", {{"win", wins}, {"draw", draws}, {"loss", losses}}},
              {"games", games}};
}

}  // namespace strat::server
