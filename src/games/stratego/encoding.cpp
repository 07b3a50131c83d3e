#include "games/stratego/encoding.hpp"

#include <cstring>
#include <type_traits>

#include "core/encoding.hpp"

#include "games/stratego/cell_marks.hpp"
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
//
// Built from what the observer sees: each cell through visible_cell (info.hpp, the Info's own view of a cell),
// plus the public counts (alive pieces; during the setup phase the enemy's whole army). Without an Info object
// and without a branch per cell (the vector environment builds one per step): kCellPlanes gives, for each
// visible cell byte, the three planes it marks and the enemy rank it locates; unused slots point at plane 29,
// which is written whole after the cells. The cells are marked sixteen at a time by cell_marks.hpp, whose rule is
// checked against this table below.
// T is float (observe) or the compact byte (observe_u8): the same code writes both, but for the cell planes,
// where each has its faster way (write_cell_planes) from the same rule.
namespace {

constexpr int kPlane = 100;
constexpr std::uint8_t kLakesPlane = 28;
constexpr std::uint8_t kScratchPlane = 29;
constexpr int kLakeCell = 42;  // c5, a lake: plane 28 holds the lakes where this entry is one

struct CellPlanes {
  // [observer][setup phase][true cell byte]: the three planes (bytes 0-2) and the located enemy rank (byte 3).
  std::uint32_t of[2][2][256] = {};
  constexpr CellPlanes() {
    for (int player = 0; player < 2; ++player)
      for (int setup = 0; setup < 2; ++setup)
        for (int c = 0; c < 256; ++c) {
          std::uint32_t p[3] = {kScratchPlane, kScratchPlane, kScratchPlane}, located = 0;
          const std::uint8_t v = visible_cell(static_cast<std::uint8_t>(c), player, setup != 0);
          const int rank = v & kRankMask;
          if (v & kWall) {
            p[0] = 28;
          } else if (rank == 0 || (rank >= kRanks && rank != kUnknownRank)) {
            // empty (bytes that are no cell stay unmarked)
          } else if (((v & kBlue) ? 1 : 0) == player) {
            if (rank < kRanks) {
              p[0] = static_cast<std::uint32_t>(rank - 1);
              if (v & kKnown) p[1] = 26;
              if (v & kMoved) p[2] = 27;
            }
          } else if (rank == kUnknownRank) {
            p[0] = (v & kMoved) ? 24 : 25;
          } else {
            p[0] = static_cast<std::uint32_t>(12 + rank - 1);
            located = static_cast<std::uint32_t>(rank);
          }
          of[player][setup][c] = p[0] | p[1] << 8 | p[2] << 16 | located << 24;
        }
  }
};
constexpr CellPlanes kCellPlanes{};

// Slot k of a mark holds plane 26 for k = 1, 27 for k = 2, any other plane for k = 0 (write_cell_planes reads one
// slot per plane).
constexpr int slot_of(int plane) { return plane == 26 ? 1 : (plane == 27 ? 2 : 0); }

constexpr bool marks_match_the_table() {
  for (int player = 0; player < 2; ++player)
    for (int setup = 0; setup < 2; ++setup)
      for (int c = 0; c < 256; ++c) {
        const marks::CellMark m = marks::cell_mark(static_cast<std::uint8_t>(c), player, setup != 0);
        const std::uint32_t t = kCellPlanes.of[player][setup][c];
        for (int k = 0; k < 3; ++k) {
          if (m.plane[k] != (t >> (8 * k) & 0xFF)) return false;
          if (m.plane[k] != marks::kNone && slot_of(m.plane[k]) != k) return false;
        }
        if (m.located != t >> 24) return false;
      }
  return true;
}
static_assert(marks_match_the_table(), "cell_marks.hpp's rule must be kCellPlanes'");

template <class T>
T value(float x) {
  if constexpr (std::is_same_v<T, float>) return x;
  else return observation_byte(x);
}

// A plane (100 entries) or a part of one: inline 16-byte stores for bytes too, rather than a call to memset per
// constant plane (fourteen calls a step were a tenth of the compact observation's time).
template <class T>
void fill(T* out, std::size_t n, T v) {
  if constexpr (std::is_same_v<T, float>) {
    fill_floats(out, n, v);
  } else {
    std::uint8_t sixteen[16];
    std::memset(sixteen, v, sizeof sixteen);
    const std::size_t whole = n / 16;
    for (std::size_t k = 0; k < whole; ++k) std::memcpy(out + 16 * k, sixteen, sizeof sixteen);
    for (std::size_t i = 16 * whole; i < n; ++i) out[i] = v;
  }
}

// A constant plane (or part of one) that holds v everywhere or another constant: written only when it differs.
// `kept`: out holds an earlier observation or zeros (reobserve), whose constant planes are constant.
template <class T>
void fill_changed(T* out, std::size_t n, T v, bool kept) {
  if (!kept || out[0] != v) fill(out, n, v);
}

// Planes 0-28 (0-27 when `lakes_kept`: plane 28 already holds the lakes), and located[r] += the enemy pieces of
// known rank r on the board.
// Floats: zeroed in one call (a long memset writes whole lines without reading them first: the float observation is
// four times the bytes, and bound by the memory), then each cell's three planes from kCellPlanes (the lakes' ones
// written again). All cells are looked up first, then the stores: with stores in between, the compiler must reload
// the table and the board after each.
void write_cell_planes(const State& s, int player, float* out, int* located, bool lakes_kept) {
  std::memset(out, 0, (lakes_kept ? kLakesPlane : kScratchPlane) * kPlane * sizeof(float));
  const std::uint32_t* planes = kCellPlanes.of[player][s.in_setup()];
  std::uint32_t cells[100];
  for (int row = 0; row < 10; ++row)
    for (int col = 0; col < 10; ++col) cells[row * 10 + col] = planes[s.cell(sq(col, row))];
  for (int i = 0; i < 100; ++i) {
    const std::uint32_t m = cells[i];
    out[(m & 0xFF) * kPlane + i] = 1.0f;
    out[(m >> 8 & 0xFF) * kPlane + i] = 1.0f;
    out[(m >> 16 & 0xFF) * kPlane + i] = 1.0f;
    // A branch, not ++located[m >> 24] on every cell: a hundred increments of located[0] in a row wait on each
    // other's stores; enemy pieces of known rank are few.
    if (m >> 24) [[unlikely]] ++located[m >> 24];
  }
}

// Bytes: the marks of sixteen cells at a time (cell_marks.hpp), then each plane written once, its slot's marks
// compared with its number, as 112 entries: the 12 past the plane are the next plane's first, written again by
// it (the last plane's by plane 29, which comes after). A third less time than the float way.
void write_cell_planes(const State& s, int player, std::uint8_t* out, int* located) {
  marks::Marks m;
  marks::cell_marks(s, player, m, located);
  const std::uint8_t one = value<std::uint8_t>(1.0f);
#if defined(__SSE2__)
  const __m128i ones = _mm_set1_epi8(static_cast<char>(one));
  for (int q = 0; q < kScratchPlane; ++q) {
    const std::uint8_t* slot = m[slot_of(q)];
    const __m128i plane = _mm_set1_epi8(static_cast<char>(q));
    for (int k = 0; k < 112; k += 16) {
      const __m128i hit = _mm_cmpeq_epi8(_mm_loadu_si128(reinterpret_cast<const __m128i*>(slot + k)), plane);
      _mm_storeu_si128(reinterpret_cast<__m128i*>(out + q * kPlane + k), _mm_and_si128(hit, ones));
    }
  }
#else
  for (int q = 0; q < kScratchPlane; ++q)
    for (int i = 0; i < kPlane; ++i) out[q * kPlane + i] = m[slot_of(q)][i] == q ? one : 0;
#endif
}

// Writes every entry (Encoding::kWritesWholeObservation), zeros included; with `kept` (floats: out holds an earlier
// observation of the same game, or zeros) only the entries that can differ: the cell planes, and the lakes and
// constant planes where their value changed. Between the observers to move of a vector environment's game the
// cell planes all change (own and enemy pieces trade planes), the lakes never and the constant planes seldom.
template <class T>
void write_observation(const State& s, int player, T* out, bool kept) {
  const bool setup = s.in_setup();
  const T one = value<T>(1.0f);
  const bool to_move = s.to_move() == player && !s.outcome().over();
  int located[kRanks] = {};  // enemy pieces of known rank on the board
  bool ones_kept = false;
  if constexpr (std::is_same_v<T, float>) {
    // Read before the cell planes are written: they mark plane 29 as scratch, with ones, which leave a plane of
    // ones as it was.
    const bool lakes_kept = kept && out[kLakesPlane * kPlane + kLakeCell] == one;
    ones_kept = lakes_kept && to_move && out[kScratchPlane * kPlane] == one;
    write_cell_planes(s, player, out, located, lakes_kept);
  } else {
    write_cell_planes(s, player, out, located);
  }
  if (!ones_kept) fill(out + kScratchPlane * kPlane, kPlane, to_move ? one : T{});
  const Army& army = s.config().army();
  const int enemy = player ^ 1;
  for (int r = 1; r < kRanks; ++r) {
    // During the setup phase the enemy's placements are secret: its whole army is what the observer knows of.
    const int alive = setup ? army[r] : s.alive(enemy, r);
    const int pool = alive - located[r];
    fill_changed(out + (29 + r) * kPlane, kPlane, army[r] && pool > 0 ? value<T>(float(pool) / army[r]) : T{}, kept);
  }
  if (!s.config().setup_actions) return;
  fill_changed(out + 42 * kPlane, kPlane, setup ? one : T{}, kept);
  T* own_rows = out + 43 * kPlane;  // rows 1-4 for Red (0-39), 7-10 for Blue (60-99): one of the two, or zeros
  if (!kept || own_rows[0] != (player == 0 ? one : T{}) || own_rows[99] != (player == 0 ? T{} : one)) {
    fill(own_rows, 40, player == 0 ? one : T{});
    fill(own_rows + 40, 20, T{});
    fill(own_rows + 60, 40, player == 0 ? T{} : one);
  }
  for (int r = 1; r < kRanks; ++r) {
    const int left = setup ? army[r] - s.alive(player, r) : 0;
    fill_changed(out + (43 + r) * kPlane, kPlane, left > 0 ? value<T>(float(left) / army[r]) : T{}, kept);
  }
}

}  // namespace

void Encoding::observe(const State& s, int player, std::span<const int>, float* out) {
  write_observation(s, player, out, false);
}

void Encoding::observe_u8(const State& s, int player, std::span<const int>, std::uint8_t* out) {
  write_observation(s, player, out, false);
}

void Encoding::reobserve(const State& s, int player, std::span<const int>, float* out) {
  write_observation(s, player, out, true);
}

}  // namespace strat::stratego
