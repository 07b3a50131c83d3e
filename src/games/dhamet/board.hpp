#pragma once
// The position and its moves: bitboards of men and Sultans per side, the side to move, a Zobrist hash, and
// (huffing variant only) the pieces the side to move may huff. Boards are small (five 128-bit words), so the
// search and perft copy-make them.
#include <array>
#include <cstdint>
#include <vector>

#include "games/dhamet/geometry.hpp"

namespace strat::dhamet {

constexpr int kWhite = 0, kBlack = 1;

// One move: a step or a capturing sequence of one piece, optionally preceded by a huff (D-11). `path` lists
// every landing point; the captured piece of each jump is the point just before its landing (D-07, D-14), so
// the path alone determines the move. A lone huff (n == 0) only exists when it removes the last enemy piece.
struct Move {
  std::uint8_t from = kNone;
  std::uint8_t n = 0;     // landing points (1 for a step)
  std::uint8_t caps = 0;  // pieces captured (0 for a step)
  std::uint8_t huff = kNone;
  std::array<std::uint8_t, kMaxPath> path;  // only the first n are meaningful

  int to() const { return n ? path[n - 1] : kNone; }
  bool capture() const { return caps != 0; }
  friend bool operator==(const Move& a, const Move& b) {
    if (a.from != b.from || a.n != b.n || a.caps != b.caps || a.huff != b.huff) return false;
    for (int i = 0; i < a.n; ++i)
      if (a.path[i] != b.path[i]) return false;
    return true;
  }
};

struct Zobrist {
  std::uint64_t piece[2][2][kPoints];  // [colour][0 man, 1 Sultan][point]
  std::uint64_t black_to_move;
  std::uint64_t huffable[kPoints];
};
const Zobrist& zobrist();

struct Board {
  Bits men[2] = {0, 0};
  Bits sultans[2] = {0, 0};
  Bits huffable = 0;  // pieces of the side not to move that the side to move may huff (D-11)
  int side = kWhite;
  std::uint64_t hash = 0;

  Bits pieces(int c) const { return men[c] | sultans[c]; }
  Bits occupied() const { return pieces(0) | pieces(1); }
  Bits empty() const { return ~occupied() & kAll; }
  int count(int c) const { return popcount(pieces(c)); }
  // 'w', 'W', 'b', 'B' or '.'.
  char at(int p) const;
  void put(int p, char piece);  // updates the hash; '.' clears
  void set_huffable(Bits b);
  std::uint64_t compute_hash() const;

  static Board start();
  // Applies a move that is legal here. Promotion happens only where the move ends (D-12). The huffing
  // bookkeeping (who may be huffed next) is done by the caller (see rules.hpp), not here.
  void play(const Move& m);
};

// The back row a man of colour c promotes on (row 9 for White, row 1 for Black).
inline Bits promotion_row(int c) { return c == kWhite ? kGeo.row9 : kGeo.row1; }

}  // namespace strat::dhamet
