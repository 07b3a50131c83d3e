// Static evaluation for the search: score first, then material, pieces in danger of being taken by blocking
// objectives held, and how close the pieces are to the enemy objectives.
#include <algorithm>
#include <cmath>
#include <cstdlib>

#include "games/strata7/state.hpp"

namespace strat::strata7 {

namespace {
constexpr int kPoint = 100;        // one victory point
constexpr int kPiece = 18;         // a piece on the board (beyond the point it would give when taken)
constexpr int kDangerToMove = 12;  // per unit in danger when its side is to move (it may still escape)
constexpr int kDangerWaiting = 70; // per unit in danger when the opponent is to move (it will likely fall)
constexpr int kOneLiberty = 6;     // one liberty and no enemy in contact yet
constexpr int kOccupant = 30;      // per objective point held by a lone occupant (half the assault done)
constexpr int kApproach = 4;       // per objective point, scaled down with the distance

struct Tables {
  // Sum over the enemy objectives of value / distance, for a piece of side s on cell c.
  int approach[2][kCells] = {};
  Tables() {
    const Board& b = board();
    for (int s = 0; s < 2; ++s)
      for (int c = 0; c < kCells; ++c) {
        if (!b.exists(c)) continue;
        int best = 0;
        for (int o = 0; o < kCells; ++o) {
          if (!b.objective(o) || b.camp[o] == s) continue;
          const int d = std::max(std::abs(col_of(o) - col_of(c)), std::abs(row_of(o) - row_of(c)));
          best = std::max(best, b.value[o] * kApproach * 6 / (d + 1));
        }
        approach[s][c] = best;
      }
  }
};
const Tables& tables() {
  static const Tables t;
  return t;
}
}  // namespace

double State::evaluate(int player) const {
  if (outcome_.over()) return outcome_.score_for(player);
  return std::tanh(static_cast<double>(evaluate_points(player)) / 400.0);
}

int State::evaluate_points(int player) const {
  const Board& b = board();
  const Tables& t = tables();
  int side_total[2] = {0, 0};
  for (int s = 0; s < 2; ++s) side_total[s] = score_[s] * kPoint + on_board_[s] * kPiece + hand_[s] * kPiece;
  for (int i = 0; i < b.cell_count; ++i) {
    const int c = b.cells[static_cast<std::size_t>(i)];
    const std::uint8_t v = sq_[static_cast<std::size_t>(c)];
    if (v == kEmpty) continue;
    const int s = owner_of(v), units = is_stack(v) ? 2 : 1;
    int& total = side_total[s];
    total += t.approach[s][c];
    if (b.objective(c) && !is_stack(v)) total += kOccupant * b.value[c];
    // Liberties and threats: a unit with one liberty and an enemy in contact falls if the enemy fills
    // that liberty; an enclosed unit falls as soon as an enemy lands next to it, which it can only do on an
    // empty objective of the unit's own camp (every other neighbour is full or an obstacle).
    int libs = 0;
    bool contact = false, open_to_enemy = false;
    for (int k = 0; k < b.nbr_count[c]; ++k) {
      const int n = b.nbr[c][k];
      const std::uint8_t w = sq_[n];
      if (w != kEmpty) {
        contact = contact || owner_of(w) != s;
      } else if (b.enterable(s, n)) {
        ++libs;
      } else {
        open_to_enemy = true;
      }
    }
    if (libs > 1) continue;
    const bool danger = (libs == 1 && contact) || (libs == 0 && open_to_enemy);
    if (danger) total -= units * (s == to_move_ ? kDangerToMove : kDangerWaiting);
    else if (libs == 1) total -= kOneLiberty;
  }
  return side_total[player] - side_total[1 - player];
}

int State::move_order(const Move& m) const {
  if (m.kind != Move::Play) return 0;
  const Board& b = board();
  const int p = to_move_;
  int key = 0;
  int land = m.off != kNone ? m.off : m.to;
  if (b.objective(m.to)) key += at(m.to) == kEmpty ? 200 : 2000 + 100 * b.value[m.to];
  // Taking an enemy unit's last liberty (or touching an enclosed one) usually captures it.
  for (int k = 0; k < b.nbr_count[land]; ++k) {
    const int n = b.nbr[land][k];
    const std::uint8_t v = sq_[n];
    if (v == kEmpty || owner_of(v) == p || n == m.from) continue;
    const int libs = liberties(n);
    const bool takes = libs == 0 || (libs == 1 && b.enterable(1 - p, land) && (sq_[land] == kEmpty || land == m.from));
    if (takes) key += 1000 * (is_stack(v) ? 2 : 1);
  }
  return key;
}

void State::noisy_moves(std::vector<Move>& out) const {
  legal_moves(out);
  std::erase_if(out, [&](const Move& m) { return move_order(m) < kNoisyOrder; });
}

}  // namespace strat::strata7
