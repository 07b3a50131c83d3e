#include "games/stratego/encoding.hpp"

#include <cstring>
#include <type_traits>

#include "core/encoding.hpp"

#include "games/stratego/info.hpp"

namespace strat::stratego {

std::string Encoding::action_name(const State& s, int action) {
  if (action >= kActions && action < num_actions(s)) {  // a placement: "b1=F"
    const int square = (action - kActions) % 100;
    return square_str(sq(square % 10, square / 10)) + "=" + rank_code((action - kActions) / 100 + 1);
  }
  if (action < 0 || action >= kActions) return "action " + std::to_string(action);
  const int square = action / (4 * kDistances), dir = action / kDistances % 4, dist = action % kDistances + 1;
  const int from = sq(square % 10, square / 10);
  const int dc[4] = {0, 0, 1, -1}, dr[4] = {1, -1, 0, 0};
  const int col = col_of(from) + dc[dir] * dist, row = row_of(from) + dr[dir] * dist;
  if (col < 0 || col > 9 || row < 0 || row > 9) {
    static const char* names[4] = {"up", "down", "right", "left"};
    return square_str(from) + ">" + names[dir] + std::to_string(dist);  // off the board: never legal
  }
  return square_str(from) + ">" + square_str(sq(col, row));
}

// Planes (docs/python.md): 0-11 own pieces by rank (Spy..Flag); 12-23 enemy pieces of known rank; 24 enemy
// pieces of unknown rank that moved, 25 that never moved; 26 own pieces whose rank the enemy knows; 27 own
// pieces that moved; 28 lakes; 29 ones when the observer is to move; 30-41 the enemy ranks this player has
// not located (alive, rank unknown on the board), as a fraction of the army's count, constant planes. With
// setup=actions: 42 ones during the setup phase; 43 the observer's own four rows; 44-55 the observer's pieces
// still to place per rank (Spy..Flag), as a fraction of the army's count, constant planes.
// T is float (observe) or the compact byte (observe_u8): the same code writes both, so they cannot disagree.
namespace {

template <class T>
T value(float x) {
  if constexpr (std::is_same_v<T, float>) return x;
  else return observation_byte(x);
}

template <class T>
void fill(T* out, std::size_t n, T v) {
  if constexpr (std::is_same_v<T, float>) fill_floats(out, n, v);
  else std::memset(out, v, n);
}

template <class T>
void write_observation(const State& s, int player, T* out) {
  const Info info = s.info(player);
  constexpr int kPlane = 100;
  const T one = value<T>(1.0f);
  Army located{};  // enemy pieces of known rank on the board (Info::unknown_enemy_ranks, in the same pass)
  for (int row = 0; row < 10; ++row)
    for (int col = 0; col < 10; ++col) {
      const int i = row * 10 + col;
      const std::uint8_t c = info.cell(sq(col, row));
      if (c & kWall) {
        out[28 * kPlane + i] = one;
        continue;
      }
      const int rank = c & kRankMask;
      if (rank == 0) continue;
      const int owner = (c & kBlue) ? 1 : 0;
      if (owner == player) {
        out[(rank - 1) * kPlane + i] = one;
        if (c & kKnown) out[26 * kPlane + i] = one;
        if (c & kMoved) out[27 * kPlane + i] = one;
      } else if (rank == kUnknownRank) {
        out[((c & kMoved) ? 24 : 25) * kPlane + i] = one;
      } else {
        out[(12 + rank - 1) * kPlane + i] = one;
        ++located[rank];
      }
    }
  if (info.to_move() == player && !info.outcome().over()) fill(out + 29 * kPlane, kPlane, one);
  const Army& army = s.config().army();
  for (int r = 1; r < kRanks; ++r) {
    const int pool = info.alive(player ^ 1, r) - located[r];
    if (army[r] && pool > 0) fill(out + (29 + r) * kPlane, kPlane, value<T>(float(pool) / army[r]));
  }
  if (!s.config().setup_actions) return;
  if (info.in_setup()) fill(out + 42 * kPlane, kPlane, one);
  fill(out + 43 * kPlane + (player == 0 ? 0 : 60), 40, one);
  if (!info.in_setup()) return;
  for (int r = 1; r < kRanks; ++r) {
    const int left = army[r] - info.alive(player, r);
    if (left > 0) fill(out + (43 + r) * kPlane, kPlane, value<T>(float(left) / army[r]));
  }
}

}  // namespace

void Encoding::observe(const State& s, int player, std::span<const int>, float* out) {
  write_observation(s, player, out);
}

void Encoding::observe_u8(const State& s, int player, std::span<const int>, std::uint8_t* out) {
  write_observation(s, player, out);
}

}  // namespace strat::stratego
