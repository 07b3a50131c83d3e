#include "games/strata7/encoding.hpp"

#include "core/encoding.hpp"

#include <algorithm>

#include "games/strata7/cells.hpp"

namespace strat::strata7 {

// Scores only grow and the first side to 7 wins (A-17), so at most 13 plies score; fewer than quiet_plies plies
// lie between two of them (A-18). A ply is at most two tokens.
int Encoding::max_game_length(const State& s) {
  const Rules& r = s.rules();
  int plies = -1;
  if (r.quiet_plies > 0) plies = 14 * r.quiet_plies;
  if (r.ply_limit > 0) plies = plies < 0 ? r.ply_limit : std::min(plies, r.ply_limit);
  return plies < 0 ? -1 : 2 * plies;
}

std::string Encoding::action_name(const State&, int action) {
  if (action >= kPlay && action < kOff) return cell_name(action / kCells) + ">" + cell_name(action % kCells);
  if (action >= kOff && action < kPlace) return "+" + cell_name(action - kOff);
  if (action >= kPlace && action < kPass) return "@" + cell_name(action - kPlace);
  if (action == kPass) return "pass";
  if (action == kStop) return "stop";
  return "action " + std::to_string(action);
}

// Planes (docs/python.md), cell (col, row) at [plane][row][col]: 0 own single pieces, 1 own stacks, 2 opponent
// single pieces, 3 opponent stacks, 4 cells of the board, 5 obstacles, 6 objective value / 3, 7 objectives of
// the observer's own camp (never enterable by the observer), 8 ones when the observer is to move, 9 start of
// the play being entered, 10 its end, 11 objectives a separating stack left (A-13), 12 own score / 7,
// 13 opponent score / 7, 14 the A-18 count as a fraction of the limit, 15 ones when the observer is White.
void Encoding::observe(const State& s, int player, std::span<const int> pending, float* out) {
  const Board& b = board();
  constexpr int kPlane = kCells;
  for (int c = 0; c < kCells; ++c) {
    const std::uint8_t v = s.at(c);
    if (v != kEmpty) {
      const int base = owner_of(v) == player ? 0 : 2;
      out[(base + (is_stack(v) ? 1 : 0)) * kPlane + c] = 1;
    }
    if (b.exists(c)) out[4 * kPlane + c] = 1;
    if (b.terrain[c] == Terrain::Obstacle) out[5 * kPlane + c] = 1;
    if (b.objective(c)) {
      out[6 * kPlane + c] = b.value[c] / 3.0f;
      if (b.camp[c] == player) out[7 * kPlane + c] = 1;
    }
    const int origin = s.stack_origin(c);
    if (origin != kNone && origin >= 0 && origin < kCells) out[11 * kPlane + origin] = 1;
  }
  if (s.to_move() == player && !s.outcome().over()) fill_floats(out + 8 * kPlane, kPlane, 1.0f);
  for (int t : pending)
    if (t >= kPlay && t < kOff) {
      out[9 * kPlane + t / kCells] = 1;
      out[10 * kPlane + t % kCells] = 1;
    }
  fill_floats(out + 12 * kPlane, kPlane, s.score(player) / 7.0f);
  fill_floats(out + 13 * kPlane, kPlane, s.score(player ^ 1) / 7.0f);
  if (s.rules().quiet_plies > 0)
    fill_floats(out + 14 * kPlane, kPlane, float(s.quiet_plies()) / s.rules().quiet_plies);
  if (player == kWhite) fill_floats(out + 15 * kPlane, kPlane, 1.0f);
}

}  // namespace strat::strata7
