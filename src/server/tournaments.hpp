#pragma once
// Tournaments (docs/server.md, "Tournaments"): Swiss and arena tournaments of any game, held in the database so that
// every server sharing it shows the same standings. This class is the tournaments' storage and rules: the routes'
// answers (create, list, get, join, withdraw, computer entrants), the results of their games, and advance(), which
// starts a tournament, pairs its rounds (swiss::pair_round) or its waiting players (arena::pair_waiting) and finishes
// it. Which games to make it asks of a GameMaker (TournamentRunner: the Hub).
//
// Only one server pairs a round: pairing is one transaction that first moves the tournament's round counter on with a
// conditional update (`... WHERE round = ?`) and writes the round's boards only when that changed a row.
//
// Own tables (migration component "tournaments") on its own connection; it reads the accounts' `users` for names.
// Thread-safe; called on the I/O thread.
#include <cstdint>
#include <functional>
#include <memory>
#include <mutex>
#include <nlohmann/json.hpp>
#include <optional>
#include <string>
#include <vector>

#include "server/db.hpp"

namespace strat::server {

// One board to be played: the game the runner makes for it.
struct TournamentBoard {
  std::string tournament;
  std::int64_t round = 0, board = 0;
  std::string game;  // the spec: "nim", "stratego:barrage"
  std::int64_t clock_initial_ms = 0, clock_increment_ms = 0;
  bool rated = false;
  // Per seat (0 Red, 1 Blue): the entrant's number, its account (0 for a computer entrant) and the computer's agent (""
  // for a player).
  std::int64_t entrants[2] = {0, 0};
  std::int64_t users[2] = {0, 0};
  std::string agents[2];
};

struct MadeGame {
  std::string id;
  std::string tokens[2];  // each seat's own link ("" for a computer seat)
};

using GameMaker = std::function<MadeGame(const TournamentBoard&)>;

class Tournaments {
 public:
  static constexpr int kMaxPlayers = 500;
  static constexpr int kMaxRounds = 20;
  static constexpr std::size_t kMaxName = 80;
  static constexpr std::size_t kFinishedListed = 30;
  static constexpr std::int64_t kMinArenaMs = 60'000;
  static constexpr std::int64_t kMaxArenaMs = 24LL * 3600 * 1000;
  static constexpr std::int64_t kMaxAheadMs = 30LL * 24 * 3600 * 1000;
  // A board whose game was not made (its server stopped in between) is made by any server after this long.
  static constexpr std::int64_t kOrphanBoardMs = 10'000;

  // `where` as Store's; `clock` (milliseconds) is for tests.
  explicit Tournaments(const std::string& where, std::function<std::int64_t()> clock = nullptr);
  ~Tournaments();
  Tournaments(const Tournaments&) = delete;
  Tournaments& operator=(const Tournaments&) = delete;

  // The routes (docs/server.md, "HTTP API"); each throws BadInput (one line) for a bad request and NotLoggedIn where an
  // account is needed. `user`: the request's account, 0 for none.
  nlohmann::json create(const nlohmann::json& body, std::int64_t user, bool ratings_kept);
  nlohmann::json list();
  // Entrants, standings, rounds; for an entrant's own account also its current game's seat link.
  nlohmann::json get(const std::string& id, std::int64_t user);
  nlohmann::json join(const std::string& id, std::int64_t user);
  nlohmann::json withdraw(const std::string& id, std::int64_t user);
  // The creator adds a computer entrant playing `agent` (body {"agent": SPEC}) before the start.
  nlohmann::json add_computer(const std::string& id, std::int64_t user, const nlohmann::json& body);

  // The tournaments with something to do: upcoming ones whose start has come, running ones.
  std::vector<std::string> due();
  // Starts, pairs and finishes `id` as its time and its results say; makes the games of the boards it pairs (and of
  // boards left without one for kOrphanBoardMs) through `make`.
  void advance(const std::string& id, const GameMaker& make);
  // A game ended: Red's half points (2 win, 1 draw, 0 loss). Returns the game's tournament, if it is one's and its
  // result was not yet recorded.
  std::optional<std::string> record_result(const std::string& game_id, int red_points);

  struct Loaded;  // one tournament as stored (tournaments.cpp)

 private:
  std::int64_t now() const;
  Loaded load(const std::string& id);  // with mutex_ held; throws BadInput for an unknown id
  std::string username(std::int64_t user);
  // Writes `boards` as round `next` if the round counter is still `next - 1`; false when another server did.
  bool claim_round(const Loaded& t, std::int64_t next, const std::vector<TournamentBoard>& boards,
                   const std::vector<std::int64_t>& byes);
  bool finish(const std::string& id, const std::string& note);
  void pair_swiss(const Loaded& t, std::vector<TournamentBoard>& made);
  void pair_arena(const Loaded& t, std::vector<TournamentBoard>& made);
  void make_games(const std::vector<TournamentBoard>& boards, const GameMaker& make);

  std::recursive_mutex mutex_;
  std::unique_ptr<Db> db_;
  std::function<std::int64_t()> clock_;
};

}  // namespace strat::server
