#pragma once
// One tournament as its tables hold it, and what the rules make of it: the input of swiss::pair_round and
// swiss::standings, the arena's scores, and the standings as the routes show them. Shared by the routes' answers
// (tournaments.cpp) and the pairing (tournament_rounds.cpp).
#include <cstdint>
#include <nlohmann/json.hpp>
#include <string>
#include <vector>

#include "server/arena_points.hpp"
#include "server/swiss.hpp"
#include "server/tournaments.hpp"

namespace strat::server {

struct TournamentEntrant {
  std::int64_t number = 0;  // the order of joining, from 1; a board names its players by it
  std::int64_t user = 0;    // 0: a computer entrant
  std::string agent;        // a computer entrant's strength
  std::string name;
  bool withdrawn = false;
  std::int64_t joined = 0;
};

// A board of a round; a bye is a board whose Blue is kNoOpponent, won by Red.
struct TournamentGameRow {
  static constexpr std::int64_t kNoOpponent = -1;
  std::int64_t round = 0, board = 0, red = 0, blue = 0;
  std::string game_id;       // "" for a bye, or while the game is being made
  std::int64_t result = -1;  // Red's half points; -1 while the game is on
  std::string tokens[2];     // each seat's own link: shown only to that seat's account
  std::int64_t created = 0, ended = 0;
  bool bye() const { return blue == kNoOpponent; }
  bool pending() const { return !bye() && result < 0; }
};

struct Tournaments::Loaded {
  std::string id, kind, name, game, status, note;
  std::int64_t clock_initial_ms = 0, clock_increment_ms = 0, start_ms = 0, rounds = 0, duration_ms = 0;
  std::int64_t creator = 0, max_players = 0, round = 0, created = 0, finished = 0;
  bool rated = false;
  std::vector<TournamentEntrant> entrants;  // by number
  std::vector<TournamentGameRow> games;     // by round, then board
  bool swiss() const { return kind == "swiss"; }
  std::int64_t end_ms() const { return start_ms + duration_ms; }  // an arena's
  int active() const;                                             // entrants not withdrawn
  // The index of the entrant with `number` in `entrants` (the players of swiss:: and arena::).
  int index_of(std::int64_t number) const;
};

// The rounds' decided games in swiss:: terms; seeds by the order of joining (the first to join ranks highest).
struct SwissInput {
  std::vector<swiss::Entrant> entrants;
  std::vector<swiss::Round> rounds;
};
SwissInput swiss_input(const Tournaments::Loaded& t);

struct ArenaLine {
  int player = 0;  // index in entrants
  arena::Score score;
  int wins = 0, draws = 0, losses = 0;
};
// Best first: points, then the order of joining.
std::vector<ArenaLine> arena_standings(const Tournaments::Loaded& t);

nlohmann::json standings_json(const Tournaments::Loaded& t);

}  // namespace strat::server
