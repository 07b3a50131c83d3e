#pragma once
// The Dhamet board (D-01..D-03): 81 points a1..i9, index = row * 9 + col (a1 = 0, i9 = 80), held in 128-bit
// bitboards. Rows and columns are lines everywhere; diagonals exist only through the open points
// ((col + row) even), so a closed point has no diagonal neighbour at all. All adjacency is precomputed once.
#include <array>
#include <cstdint>

namespace strat::dhamet {

using Bits = unsigned __int128;

constexpr int kSide = 9;
constexpr int kPoints = 81;
constexpr int kNone = 0xFF;
// A side never has more than its 40 men (D-04), so no sequence captures more than 40 pieces.
constexpr int kMaxPieces = 40;
constexpr int kMaxPath = kMaxPieces;

constexpr int col_of(int p) { return p % kSide; }
constexpr int row_of(int p) { return p / kSide; }
constexpr int point(int col, int row) { return row * kSide + col; }
constexpr bool is_open(int p) { return (col_of(p) + row_of(p)) % 2 == 0; }

constexpr Bits bit(int p) { return Bits{1} << p; }
constexpr Bits kAll = (Bits{1} << kPoints) - 1;

// Directions: 0 N (towards row 9), 1 S, 2 E (towards column i), 3 W, 4 NE, 5 NW, 6 SE, 7 SW.
constexpr int kDirs = 8;
constexpr int kDCol[kDirs] = {0, 0, 1, -1, 1, -1, 1, -1};
constexpr int kDRow[kDirs] = {1, -1, 0, 0, 1, 1, -1, -1};
constexpr bool is_diagonal(int d) { return d >= 4; }

inline int popcount(Bits b) {
  return __builtin_popcountll(static_cast<std::uint64_t>(b)) + __builtin_popcountll(static_cast<std::uint64_t>(b >> 64));
}
inline int lsb(Bits b) {
  const auto lo = static_cast<std::uint64_t>(b);
  return lo ? __builtin_ctzll(lo) : 64 + __builtin_ctzll(static_cast<std::uint64_t>(b >> 64));
}
inline int pop_lsb(Bits& b) {
  const int p = lsb(b);
  b &= b - 1;
  return p;
}
constexpr bool has(Bits b, int p) { return (b >> p) & 1; }

struct Geometry {
  // next[p][d]: the adjacent point in direction d, or -1 (off the board, or a diagonal from a closed point).
  std::array<std::array<std::int8_t, kDirs>, kPoints> next{};
  // The jumps a man can make from p: over an adjacent point to the one beyond, in any allowed direction (D-07).
  struct Jump {
    std::uint8_t over, land;
  };
  std::array<std::array<Jump, kDirs>, kPoints> jumps{};
  std::array<std::uint8_t, kPoints> jump_count{};
  // Allowed directions from p (all 8 on an open point, the 4 orthogonal ones on a closed point).
  std::array<std::array<std::uint8_t, kDirs>, kPoints> dirs{};
  std::array<std::uint8_t, kPoints> dir_count{};
  Bits open = 0, col_a = 0, col_i = 0, row1 = 0, row9 = 0;
};

constexpr Geometry make_geometry() {
  Geometry g{};
  for (int p = 0; p < kPoints; ++p) {
    const int c = col_of(p), r = row_of(p);
    if (is_open(p)) g.open |= bit(p);
    if (c == 0) g.col_a |= bit(p);
    if (c == kSide - 1) g.col_i |= bit(p);
    if (r == 0) g.row1 |= bit(p);
    if (r == kSide - 1) g.row9 |= bit(p);
    for (int d = 0; d < kDirs; ++d) {
      const int nc = c + kDCol[d], nr = r + kDRow[d];
      const bool ok = nc >= 0 && nc < kSide && nr >= 0 && nr < kSide && (!is_diagonal(d) || is_open(p));
      g.next[p][d] = static_cast<std::int8_t>(ok ? point(nc, nr) : -1);
      if (!is_diagonal(d) || is_open(p)) g.dirs[p][g.dir_count[p]++] = static_cast<std::uint8_t>(d);
    }
  }
  for (int p = 0; p < kPoints; ++p)
    for (int d = 0; d < kDirs; ++d) {
      const int over = g.next[p][d];
      if (over < 0) continue;
      const int land = g.next[over][d];
      if (land < 0) continue;
      g.jumps[p][g.jump_count[p]++] = {static_cast<std::uint8_t>(over), static_cast<std::uint8_t>(land)};
    }
  return g;
}

inline constexpr Geometry kGeo = make_geometry();

// Moves every point of b one step in direction d (dropping those with no neighbour that way); diagonal steps
// only leave open points (D-02).
template <int d>
constexpr Bits shift(Bits b) {
  if constexpr (d == 0) return (b << 9) & kAll;
  if constexpr (d == 1) return b >> 9;
  if constexpr (d == 2) return (b & ~kGeo.col_i) << 1;
  if constexpr (d == 3) return (b & ~kGeo.col_a) >> 1;
  if constexpr (d == 4) return ((b & kGeo.open & ~kGeo.col_i) << 10) & kAll;
  if constexpr (d == 5) return ((b & kGeo.open & ~kGeo.col_a) << 8) & kAll;
  if constexpr (d == 6) return (b & kGeo.open & ~kGeo.col_i) >> 8;
  if constexpr (d == 7) return (b & kGeo.open & ~kGeo.col_a) >> 10;
  return 0;
}
constexpr int kOpposite[kDirs] = {1, 0, 3, 2, 7, 6, 5, 4};

// The direction leading from `from` to `to` along a line (they must be on one), as a point offset.
constexpr int step_towards(int from, int to) {
  const int dc = col_of(to) > col_of(from) ? 1 : col_of(to) < col_of(from) ? -1 : 0;
  const int dr = row_of(to) > row_of(from) ? 1 : row_of(to) < row_of(from) ? -1 : 0;
  return dr * kSide + dc;
}

}  // namespace strat::dhamet
