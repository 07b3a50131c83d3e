#pragma once
// Arena tournaments (docs/server.md, "Tournaments"), the Lichess way: a player is paired again as soon as a game
// ends, for as long as the tournament lasts; a win is 2 points, a draw 1, a loss 0, and after two wins in a row
// every further win and draw counts double (the streak) until a game that is not a win.
#include <utility>
#include <vector>

namespace strat::server::arena {

enum class Result { Loss = 0, Draw = 1, Win = 2 };

struct Score {
  int points = 0;
  bool on_streak = false;  // the next win or draw counts double
};

// The points of a player's games, in the order played.
Score score(const std::vector<Result>& games);

struct Waiting {
  int player = 0;
  int rank = 0;           // place in the standings, 0 first
  int last_opponent = -1;  // -1: none
};

// Pairs the players waiting now: each with the nearest in the standings, never with the last opponent when another
// is waiting; with an odd count the player waiting the least (the last in `waiting`) waits for the next game to end.
std::vector<std::pair<int, int>> pair_waiting(std::vector<Waiting> waiting);

}  // namespace strat::server::arena
