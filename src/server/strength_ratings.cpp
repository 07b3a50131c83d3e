#include "server/strength_ratings.hpp"

#include <algorithm>
#include <cmath>

#include "server/db_real.hpp"
#include "server/glicko2.hpp"
#include "server/store.hpp"
#include "server/strengths.hpp"

namespace strat::server {

using nlohmann::json;

namespace {

const std::vector<Migration>& migrations() {
  static const std::vector<Migration> list = {
      {1,
       "CREATE TABLE IF NOT EXISTS strength_games (game_id TEXT PRIMARY KEY, user_id BIGINT NOT NULL,"
       " strength TEXT NOT NULL, game TEXT NOT NULL, variant TEXT NOT NULL, time_class TEXT NOT NULL,"
       " seat BIGINT NOT NULL, counts BIGINT NOT NULL, created BIGINT NOT NULL);"
       "CREATE INDEX IF NOT EXISTS strength_games_by_user ON strength_games (user_id, strength, created);"
       "CREATE TABLE IF NOT EXISTS strength_ratings (strength TEXT NOT NULL, game TEXT NOT NULL,"
       " variant TEXT NOT NULL, time_class TEXT NOT NULL, rating DOUBLE PRECISION NOT NULL,"
       " deviation DOUBLE PRECISION NOT NULL, volatility DOUBLE PRECISION NOT NULL, games BIGINT NOT NULL,"
       " updated BIGINT NOT NULL, PRIMARY KEY (strength, game, variant, time_class));"
       "CREATE TABLE IF NOT EXISTS strength_results (game_id TEXT PRIMARY KEY, user_id BIGINT NOT NULL,"
       " strength TEXT NOT NULL, winner BIGINT NOT NULL, player_rating DOUBLE PRECISION NOT NULL,"
       " player_deviation DOUBLE PRECISION NOT NULL, rating_before DOUBLE PRECISION NOT NULL,"
       " rating DOUBLE PRECISION NOT NULL, at BIGINT NOT NULL)"},
  };
  return list;
}

}  // namespace

StrengthRatings::StrengthRatings(const std::string& where, std::function<std::int64_t()> clock)
    : clock_(std::move(clock)) {
  db_ = open_db(where);
  migrate(*db_, "strength_ratings", migrations());
}

StrengthRatings::~StrengthRatings() = default;

std::int64_t StrengthRatings::now() const { return clock_ ? clock_() : now_ms(); }

bool StrengthRatings::add_game(const std::string& game_id, const RatingKey& key, const std::string& strength,
                               std::int64_t user, int seat) {
  std::lock_guard lock(mutex_);
  DbTransaction tx(*db_);
  const auto recent = db_->run(
                             "SELECT COUNT(*) FROM strength_games WHERE user_id=? AND strength=? AND counts=1"
                             " AND created>?",
                             {user, strength, now() - Ratings::kPairWindowMs})
                          .rows;
  const bool counts = recent.at(0).integer(0) < Ratings::kPairLimit;
  db_->run(
      "INSERT INTO strength_games (game_id, user_id, strength, game, variant, time_class, seat, counts, created)"
      " VALUES (?,?,?,?,?,?,?,?,?)",
      {game_id, user, strength, key.game, key.variant, key.time_class, static_cast<std::int64_t>(seat), counts ? 1 : 0,
       now()});
  tx.commit();
  return counts;
}

std::optional<StrengthGame> StrengthRatings::game_locked(const std::string& game_id) {
  const auto rows = db_->run(
                           "SELECT game, variant, time_class, strength, user_id, seat, counts FROM strength_games"
                           " WHERE game_id=?",
                           {game_id})
                        .rows;
  if (rows.empty()) return std::nullopt;
  const DbRow& r = rows[0];
  return StrengthGame{game_id,      {r.text(0), r.text(1), r.text(2)}, r.text(3),
                      r.integer(4), static_cast<int>(r.integer(5)),    r.integer(6) != 0};
}

std::optional<StrengthGame> StrengthRatings::game(const std::string& game_id) {
  std::lock_guard lock(mutex_);
  return game_locked(game_id);
}

bool StrengthRatings::apply(const std::string& game_id, int winner) {
  std::lock_guard lock(mutex_);
  // Exclusive, as Ratings::apply: servers sharing a database update one strength's rating one game at a time.
  DbTransaction tx(*db_, /*exclusive=*/true);
  const auto played = game_locked(game_id);
  if (!played || !played->counts) return false;
  const RatingKey& key = played->key;

  // The player as rated now (the start for a player without a rating of this key); read, never written.
  glicko2::Rating player = glicko2::kStart;
  const auto mine = db_->run(
                           "SELECT rating, deviation FROM ratings WHERE user_id=? AND game=? AND variant=?"
                           " AND time_class=?",
                           {played->user, key.game, key.variant, key.time_class})
                        .rows;
  if (!mine.empty()) player = {real(mine[0], 0), real(mine[0], 1), 0.0};
  glicko2::Rating before = glicko2::kStart;
  std::int64_t games = 0;
  const auto found = db_->run(
                            "SELECT rating, deviation, volatility, games FROM strength_ratings WHERE strength=?"
                            " AND game=? AND variant=? AND time_class=?",
                            {played->strength, key.game, key.variant, key.time_class})
                         .rows;
  if (!found.empty()) {
    before = {real(found[0], 0), real(found[0], 1), real(found[0], 2)};
    games = found[0].integer(3);
  }
  const double score = winner < 0 ? 0.5 : winner == played->seat ? 0.0 : 1.0;
  const glicko2::Rating after = glicko2::update(before, {{player.rating, player.deviation, score}});
  const std::int64_t at = now();
  // The result row is the mark that the game was applied: a second attempt inserts nothing and stops here.
  const auto inserted = db_->run(
      "INSERT INTO strength_results (game_id, user_id, strength, winner, player_rating, player_deviation,"
      " rating_before, rating, at) VALUES (?,?,?,?,?,?,?,?,?) ON CONFLICT (game_id) DO NOTHING",
      {game_id, played->user, played->strength, static_cast<std::int64_t>(winner), exact(player.rating),
       exact(player.deviation), exact(before.rating), exact(after.rating), at});
  if (inserted.changed == 0) return false;
  db_->run(
      "INSERT INTO strength_ratings (strength, game, variant, time_class, rating, deviation, volatility, games,"
      " updated) VALUES (?,?,?,?,?,?,?,?,?) ON CONFLICT (strength, game, variant, time_class) DO UPDATE SET"
      " rating=excluded.rating, deviation=excluded.deviation, volatility=excluded.volatility,"
      " games=excluded.games, updated=excluded.updated",
      {played->strength, key.game, key.variant, key.time_class, exact(after.rating), exact(after.deviation),
       exact(after.volatility), games + 1, at});
  tx.commit();
  return true;
}

json StrengthRatings::board(const std::string& game, const std::string& variant, const std::string& time_class) {
  std::string sql = "SELECT strength, variant, time_class, rating, deviation, games FROM strength_ratings WHERE game=?";
  std::vector<DbValue> params{game};
  if (!variant.empty()) {
    sql += " AND variant=?";
    params.emplace_back(variant);
  }
  if (!time_class.empty()) {
    sql += " AND time_class=?";
    params.emplace_back(time_class);
  }
  sql += " ORDER BY variant, time_class";
  std::vector<DbRow> rows;
  {
    std::lock_guard lock(mutex_);
    rows = db_->run(sql, params).rows;
  }
  std::stable_sort(rows.begin(), rows.end(),
                   [](const DbRow& a, const DbRow& b) { return strength_rank(a.text(0)) < strength_rank(b.text(0)); });
  json strengths = json::array();
  for (const auto& r : rows) {
    const glicko2::Rating rating{real(r, 3), real(r, 4), 0.0};
    strengths.push_back({{"strength", r.text(0)},
                         {"variant", r.text(1)},
                         {"class", r.text(2)},
                         {"rating", std::lround(rating.rating)},
                         {"deviation", std::lround(rating.deviation)},
                         {"games", r.integer(5)},
                         {"provisional", glicko2::provisional(rating)}});
  }
  return {{"game", game}, {"variant", variant}, {"class", time_class}, {"strengths", strengths}};
}

}  // namespace strat::server
