#pragma once
// Swiss tournaments (docs/server.md, "Tournaments"): the pairing of a round and the standings, as pure functions of
// what the rounds so far gave. A round pairs players of equal score where it can (the upper half of a score group
// against its lower half, the Dutch way), never two players who have met, and gives the colours by balance; with an
// odd count the lowest-ranked player without a bye sits out for a win. Standings order by points, then Buchholz
// (the opponents' points), then Sonneborn-Berger (the points of the opponents beaten, and half of those drawn).
#include <cstdint>
#include <optional>
#include <string>
#include <vector>

namespace strat::server::swiss {

// Scores in half points: a win 2, a draw 1, a loss 0, a bye 2.
struct Game {
  int red = 0, blue = 0;  // player indices
  int red_points = 0;     // 2, 1 or 0 (Blue gets 2 - red_points)
};

struct Round {
  std::vector<Game> games;
  std::optional<int> bye;
};

// One entry; `seed` orders players of equal score (higher first: a rating, or the order of joining, reversed).
struct Entrant {
  double seed = 0;
  bool withdrawn = false;  // not paired any more; keeps the points and tie-breaks earned
};

struct Pairing {
  std::vector<Game> games;  // red_points unset (0) until the results come
  std::optional<int> bye;
};

// The next round after `played`. Throws BadInput when no pairing without a repeat exists (too many rounds for the
// number of players).
Pairing pair_round(const std::vector<Entrant>& entrants, const std::vector<Round>& played);

struct Standing {
  int player = 0;
  int points = 0;  // half points
  int buchholz = 0;          // half points
  int sonneborn_berger = 0;  // quarter points (a draw adds half of the opponent's half points)
  int wins = 0, draws = 0, losses = 0, byes = 0;
};

// Every entrant, best first.
std::vector<Standing> standings(const std::vector<Entrant>& entrants, const std::vector<Round>& played);

}  // namespace strat::server::swiss
