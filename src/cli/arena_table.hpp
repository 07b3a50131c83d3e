#pragma once
// The arena's final table (docs/cli.md, `strat arena`): per agent its games,
// wins, draws, losses, score and an Elo rating with a 95% confidence interval;
// per pair its results and the Elo difference they alone give.
//
// Method: Bradley-Terry by maximum likelihood over all games at once, a draw
// counting as half a win and half a loss (P(i beats j) = 1 / (1 + 10^((R_j -
// R_i) / 400))). Ratings are relative to the first agent (R = 0). The intervals
// are R +- 1.96 standard errors from the inverse Fisher information at the
// estimate (exact for games without draws; draws make them a little wide). The
// likelihood has no maximum when some group of agents scored all or none of the
// points against the rest (a 10-0); then every pair gets one virtual draw, and
// `prior` says so. A pair's own difference is 400 log10(s / (1 - s)) for its
// score s, with the same interval.
//
// Games decided on the board are the games less the forfeits (an outside
// program that resigned or broke its protocol): their wins-draws-losses and
// score are shown beside the whole.
#include <nlohmann/json.hpp>
#include <string>
#include <vector>

namespace strat::cli {

// The results between agents a and b (indices into the names).
struct PairTally {
  int a = 0, b = 1;
  int wins_a = 0, draws = 0, wins_b = 0;
  int forfeits_a = 0,
      forfeits_b = 0;  // losses by resignation or a broken protocol, counted in the wins
  int games() const { return wins_a + draws + wins_b; }
  // Decided on the board: the wins less the other's forfeits.
  int board_wins_a() const { return wins_a - forfeits_b; }
  int board_wins_b() const { return wins_b - forfeits_a; }
};

struct AgentRow {
  std::string name;
  int games = 0, wins = 0, draws = 0, losses = 0;
  int forfeits = 0;      // losses by resigning or breaking the protocol
  int forfeit_wins = 0;  // wins by the opponent's forfeit
  int board_wins() const { return wins - forfeit_wins; }
  int board_losses() const { return losses - forfeits; }
  double board_score = 0;  // points per game decided on the board, 0..1 (0 without one; null in JSON)
  double score = 0;                           // points per game, 0..1
  double elo = 0, elo_low = 0, elo_high = 0;  // the first agent: 0, 0, 0
};

struct PairRow {
  PairTally tally;
  double score_a = 0;        // a's points per game
  double board_score_a = 0;  // a's points per game decided on the board (as board_score)
  double elo = 0,
         margin = 0;  // a's rating above b's from this pair alone, +- margin (95%)
};

struct ArenaTable {
  std::vector<AgentRow> agents;
  std::vector<PairRow> pairs;
  bool prior = false;  // one virtual draw per pair was added (see above)
};

// Pure: the table of fixed results. Throws BadInput for an index out of range.
ArenaTable arena_table(const std::vector<std::string>& names, const std::vector<PairTally>& tallies);

std::string table_text(const ArenaTable& table);
nlohmann::json table_json(const ArenaTable& table);

}  // namespace strat::cli
