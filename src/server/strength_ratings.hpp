#pragma once
// Ratings of the computer's strengths (docs/server.md, "Ratings of the computer's strengths"): one Glicko-2
// rating per (strength, game, variant, time class), moved by clocked games that logged-in accounts play against
// the strength's own agent spec, each game rated against the player's rating at its end. The player's own
// rating never changes: games against the computer stay unrated for players. A game is recorded when it is
// made, and its result, applied once in one transaction keyed by the game, is the mark that it was applied.
//
// Own tables (migration component "strength_ratings") on its own connection to the server's database; it reads
// the players' `ratings` (component "ratings"), so it is opened after Ratings. Thread-safe.
#include <cstdint>
#include <functional>
#include <memory>
#include <mutex>
#include <optional>
#include <string>

#include <nlohmann/json.hpp>

#include "server/db.hpp"
#include "server/ratings.hpp"

namespace strat::server {

struct StrengthGame {
  std::string game_id;
  RatingKey key;
  std::string strength;
  std::int64_t user = 0;  // the account that plays the strength
  int seat = 0;           // the account's seat
  bool counts = true;     // false: past the limit of games per account and strength
};

class StrengthRatings {
 public:
  // `where` as Store's; `clock` (milliseconds) is for tests.
  explicit StrengthRatings(const std::string& where, std::function<std::int64_t()> clock = nullptr);
  ~StrengthRatings();
  StrengthRatings(const StrengthRatings&) = delete;
  StrengthRatings& operator=(const StrengthRatings&) = delete;

  // A new game of `user` (on `seat`) against `strength`. As the pair limit of rated games, at most
  // Ratings::kPairLimit games of one account against one strength count within Ratings::kPairWindowMs;
  // returns whether this one does.
  bool add_game(const std::string& game_id, const RatingKey& key, const std::string& strength, std::int64_t user,
                int seat);
  std::optional<StrengthGame> game(const std::string& game_id);
  // Applies the finished game's result (winner 0 or 1, -1 a draw) to the strength's rating, once: false when
  // the game is not one of these, does not count, or was applied before.
  bool apply(const std::string& game_id, int winner);
  // Every strength's rating of a game, provisional ones included, weakest strength first; `variant` and
  // `time_class` empty for all.
  nlohmann::json board(const std::string& game, const std::string& variant, const std::string& time_class);

 private:
  std::int64_t now() const;
  std::optional<StrengthGame> game_locked(const std::string& game_id);  // with mutex_ held

  std::mutex mutex_;
  std::unique_ptr<Db> db_;
  std::function<std::int64_t()> clock_;
};

}  // namespace strat::server
