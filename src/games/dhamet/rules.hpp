#pragma once
// Game-level rules on top of the board: the huffing variant (D-11) and the draw limits (D-16, D-17).
#include <vector>

#include "core/options.hpp"
#include "games/dhamet/movegen.hpp"

namespace strat::dhamet {

struct Rules {
  bool huffing = false;   // D-11
  int draw_plies = 100;   // D-17: plies without a capture or a man move; 0 disables
  int repetitions = 3;    // D-16: occurrences of one position (same side to move); 0 disables
  // From game options "huffing" (or variant=huffing), "draw_plies=N", "repetitions=N".
  static Rules from(const Options& options);
};

// Legal moves of the side to move under `rules` (strict D-08/D-09, or the huffing variant's moves).
void legal_moves(const Board& b, const Rules& rules, std::vector<Move>& out);
// Plays a legal move; in the huffing variant also records which pieces the opponent may huff next turn:
// after an incomplete capture, every piece that could have captured the most (the moved one where it ended).
void play(Board& b, const Move& m, const Rules& rules);
// A move that resets the D-16/D-17 counters: a capture, a huff, or any man move.
inline bool irreversible(const Board& before, const Move& m) {
  return m.caps || m.huff != kNone || !m.n || has(before.men[before.side], m.from);
}
// True when the side to move has at least one legal move.
bool has_legal_move(const Board& b, const Rules& rules);

}  // namespace strat::dhamet
