#include "games/dhamet/encoding.hpp"

#include "core/encoding.hpp"

namespace strat::dhamet {

// Every ply either resets the D-17 count (a capture, a huff, a man move) or counts towards it. Men only move
// forward (D-06), at most 8 rows each, and at most 80 pieces can be captured or huffed, so at most
// 80 * 8 + 80 + 80 plies reset the count, with fewer than draw_plies plies between two of them. A ply is at
// most a huff, a first hop and a stop, plus one token per further landing (each captures a piece).
int Encoding::max_game_length(const State& s) {
  const int draw = s.rules().draw_plies;
  if (draw <= 0) return -1;  // only repetition limits the game: no useful bound
  const int resets = 2 * kMaxPieces * 8 + 4 * kMaxPieces;
  return (resets + 1) * draw * 3 + 2 * kMaxPieces;
}

std::string Encoding::action_name(const State&, int action) {
  if (action >= kFirstHop && action < kLanding)
    return point_name(action / kPoints) + ">" + point_name(action % kPoints);
  if (action >= kLanding && action < kHuff) return ">" + point_name(action - kLanding);
  if (action >= kHuff && action < kStop) return "h:" + point_name(action - kHuff);
  if (action == kStop) return "stop";
  return "action " + std::to_string(action);
}

// Planes (docs/python.md), point (col, row) at [plane][row][col]: 0 own men, 1 own Sultans, 2 opponent men,
// 3 opponent Sultans, 4 open points (diagonal lines), 5 pieces the side to move may huff, 6 ones when the
// observer is to move, 7 the start and landing points chosen so far of the move being entered, 8 its huff,
// 9 the D-17 count as a fraction of the limit (constant plane).
void Encoding::observe(const State& s, int player, std::span<const int> pending, float* out) {
  const Board& b = s.board();
  constexpr int kPlane = kPoints;
  const int me = player, other = player ^ 1;
  for (int p = 0; p < kPoints; ++p) {
    if (has(b.men[me], p)) out[0 * kPlane + p] = 1;
    if (has(b.sultans[me], p)) out[1 * kPlane + p] = 1;
    if (has(b.men[other], p)) out[2 * kPlane + p] = 1;
    if (has(b.sultans[other], p)) out[3 * kPlane + p] = 1;
    if (is_open(p)) out[4 * kPlane + p] = 1;
    if (has(b.huffable, p)) out[5 * kPlane + p] = 1;
  }
  if (s.to_move() == player && !s.outcome().over()) fill_floats(out + 6 * kPlane, kPlane, 1.0f);
  for (int t : pending) {
    if (t < kLanding) {
      out[7 * kPlane + t / kPoints] = 1;
      out[7 * kPlane + t % kPoints] = 1;
    } else if (t < kHuff) {
      out[7 * kPlane + t - kLanding] = 1;
    } else if (t < kStop) {
      out[8 * kPlane + t - kHuff] = 1;
    }
  }
  if (s.rules().draw_plies > 0)
    fill_floats(out + 9 * kPlane, kPlane, float(s.quiet_plies()) / s.rules().draw_plies);
}

}  // namespace strat::dhamet
