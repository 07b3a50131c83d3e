#pragma once
// Ratings of rated games (docs/server.md, "Rated games"): which account holds each seat of a rated game, one
// Glicko-2 rating per (user, game, variant, time class), a history row per rated game and player, and each
// rated game's result. A game's result and the two rating updates it makes are one transaction, keyed by the
// game: applying the same game again, after a restart or from another server, changes nothing.
//
// Own tables (migration component "ratings") on its own connection to the server's database, beside the
// accounts' (it reads their `users` for names). Thread-safe; the Hub calls it on the I/O thread.
#include <cstdint>
#include <functional>
#include <memory>
#include <mutex>
#include <optional>
#include <string>

#include <nlohmann/json.hpp>

#include "server/db.hpp"

namespace strat::server {

// What a rating is of: a game, its variant ("" for a game without variants) and a time class.
struct RatingKey {
  std::string game, variant, time_class;
};

struct RatedGame {
  std::string game_id;
  RatingKey key;
  std::int64_t users[2] = {0, 0};  // 0: the seat is not taken yet
  bool counts = true;              // false: the pair limit was reached when the second seat was taken
};

class Ratings {
 public:
  // Rated games between the same two accounts that count within kPairWindow (either colour).
  static constexpr int kPairLimit = 3;
  static constexpr std::int64_t kPairWindowMs = 24LL * 3600 * 1000;
  static constexpr std::size_t kLeaderboardSize = 100;
  static constexpr std::size_t kRecentGames = 20;

  // `where` as Store's; `clock` (milliseconds) is for tests.
  explicit Ratings(const std::string& where, std::function<std::int64_t()> clock = nullptr);
  ~Ratings();
  Ratings(const Ratings&) = delete;
  Ratings& operator=(const Ratings&) = delete;

  // A new rated game with `seat` held by `user` (the other seat is taken later).
  void add_game(const std::string& game_id, const RatingKey& key, int seat, std::int64_t user);
  // A new rated game with both seats known (a rematch); returns whether it counts (the pair limit).
  bool add_paired_game(const std::string& game_id, const RatingKey& key, std::int64_t red, std::int64_t blue);
  // Checks that `user` may take `seat` of `game`: throws BadInput (one line) when no account is logged in or
  // the account already holds the other seat.
  static void check_seat(const RatedGame& game, int seat, std::int64_t user);
  // Records `user` on `seat`; returns whether the game counts for rating (the pair limit).
  bool take_seat(const std::string& game_id, int seat, std::int64_t user);
  std::optional<RatedGame> game(const std::string& game_id);
  // The account's rating for `key`, rounded; glicko2::kStart's for an account without one (or user 0).
  int rating_of(std::int64_t user, const RatingKey& key);

  // Applies the finished game's result (winner 0 or 1, -1 a draw) to both ratings, once: false when the game
  // is not rated, does not count, lacks a player, or was applied before.
  bool apply(const std::string& game_id, int winner);

  // The settled ratings (deviation at most glicko2::kProvisionalDeviation) of a game, best first; `variant`
  // and `time_class` empty for all.
  nlohmann::json leaderboard(const std::string& game, const std::string& variant, const std::string& time_class);
  // A user's public profile, looked up without regard to case; nothing for an unknown name. Only finished
  // rated games appear in it.
  std::optional<nlohmann::json> profile(const std::string& username);

 private:
  std::int64_t now() const;
  int pair_games(std::int64_t a, std::int64_t b);  // with mutex_ held

  std::mutex mutex_;
  std::unique_ptr<Db> db_;
  std::function<std::int64_t()> clock_;
};

}  // namespace strat::server
