#pragma once
// The observation's cell planes as marks (encoding.cpp): for each of the 100 cells, the plane marked by each of
// three slots (encoding.cpp's kCellPlanes, where the definition from visible_cell lives), computed sixteen cells
// at a time from the bits of the board's bytes rather than looked up cell by cell. cell_mark is the same rule
// for one byte; encoding.cpp checks it against kCellPlanes for every byte at compile time.
#include <cstdint>
#include <cstring>
#if defined(__SSE2__)
#include <emmintrin.h>
#endif

#include "games/stratego/state.hpp"

namespace strat::stratego::marks {

constexpr std::uint8_t kNone = 29;  // the scratch plane: no mark
constexpr int kRow = 128;           // a slot's row: 100 cells, then kPad from 100 on (the plane writer reads 112)
constexpr std::uint8_t kPad = 0xFF;  // no plane's number
using Marks = std::uint8_t[3][kRow];

struct CellMark {
  std::uint8_t plane[3] = {kNone, kNone, kNone};
  std::uint8_t located = 0;  // the enemy rank this cell shows, or 0
};

// Walls mark the lakes plane (28); a piece of the observer's its rank (planes 0-11), whether the enemy knows it
// (26) and whether it moved (27); an enemy piece of known rank 1-12 its rank (12-23, located), any other enemy
// piece (unknown rank, or rank byte 15) unknown-moved (24) or unknown-unmoved (25), none during the setup phase.
constexpr CellMark cell_mark(std::uint8_t c, int player, bool setup) {
  CellMark m;
  const int rank = c & kRankMask;
  const bool valid = rank >= 1 && rank < kRanks, known = (c & kKnown) != 0, moved = (c & kMoved) != 0;
  if (c & kWall) {
    m.plane[0] = 28;
  } else if (rank == 0) {
  } else if (((c & kBlue) ? 1 : 0) == player) {
    if (valid) {
      m.plane[0] = static_cast<std::uint8_t>(rank - 1);
      if (known) m.plane[1] = 26;
      if (moved) m.plane[2] = 27;
    }
  } else if (setup) {
  } else if (!known || rank == kUnknownRank) {
    m.plane[0] = moved ? 24 : 25;
  } else if (valid) {
    m.plane[0] = static_cast<std::uint8_t>(11 + rank);
    m.located = static_cast<std::uint8_t>(rank);
  }
  return m;
}

// The marks of every cell (row * 10 + col), and located[r] += the enemy pieces of rank r it shows.
inline void cell_marks(const State& s, int player, Marks& out, int* located) {
  const std::uint8_t* board = s.cells().data();
  const bool setup = s.in_setup();
#if defined(__SSE2__)
  // Row by row: sixteen bytes from the row's first square, written at its first cell; the six past the row (its
  // border square and the next row's first five) are written again by the next row, the last row's by the padding.
  const __m128i zero = _mm_setzero_si128();
  auto bytes = [](int v) { return _mm_set1_epi8(static_cast<char>(v)); };
  auto has = [&](__m128i c, int bit) { return _mm_cmpeq_epi8(_mm_and_si128(c, bytes(bit)), bytes(bit)); };
  const __m128i all = _mm_cmpeq_epi8(zero, zero);
  const __m128i mine_bit = bytes(player ? kBlue : 0), enemies = setup ? zero : all;
  for (int row = 0; row < 10; ++row) {
    const int first = sq(0, row);
    const __m128i c = _mm_loadu_si128(reinterpret_cast<const __m128i*>(board + first));
    const __m128i wall = _mm_cmplt_epi8(c, zero);  // the top bit
    const __m128i rank = _mm_and_si128(c, bytes(kRankMask));
    const __m128i empty = _mm_cmpeq_epi8(rank, zero);
    const __m128i valid = _mm_andnot_si128(empty, _mm_cmplt_epi8(rank, bytes(kRanks)));
    const __m128i known = has(c, kKnown), moved = has(c, kMoved);
    const __m128i mine = _mm_cmpeq_epi8(_mm_and_si128(c, bytes(kBlue)), mine_bit);
    const __m128i piece = _mm_andnot_si128(_mm_or_si128(wall, empty), all);
    const __m128i own = _mm_and_si128(piece, _mm_and_si128(mine, valid));
    const __m128i enemy = _mm_and_si128(_mm_andnot_si128(mine, piece), enemies);
    const __m128i unseen = _mm_or_si128(_mm_andnot_si128(known, all), _mm_cmpeq_epi8(rank, bytes(kUnknownRank)));
    const __m128i hidden = _mm_and_si128(enemy, unseen);
    const __m128i shown = _mm_and_si128(_mm_andnot_si128(unseen, enemy), valid);
    const __m128i marked = _mm_or_si128(_mm_or_si128(wall, own), _mm_or_si128(hidden, shown));
    __m128i p0 = _mm_and_si128(wall, bytes(28));
    p0 = _mm_or_si128(p0, _mm_and_si128(own, _mm_sub_epi8(rank, bytes(1))));
    p0 = _mm_or_si128(p0, _mm_and_si128(hidden, _mm_add_epi8(bytes(25), moved)));  // moved is -1: 24
    p0 = _mm_or_si128(p0, _mm_and_si128(shown, _mm_add_epi8(rank, bytes(11))));
    p0 = _mm_or_si128(p0, _mm_andnot_si128(marked, bytes(kNone)));
    const __m128i known_own = _mm_and_si128(own, known), moved_own = _mm_and_si128(own, moved);
    const __m128i p1 = _mm_or_si128(_mm_and_si128(known_own, bytes(26)), _mm_andnot_si128(known_own, bytes(kNone)));
    const __m128i p2 = _mm_or_si128(_mm_and_si128(moved_own, bytes(27)), _mm_andnot_si128(moved_own, bytes(kNone)));
    _mm_storeu_si128(reinterpret_cast<__m128i*>(out[0] + row * 10), p0);
    _mm_storeu_si128(reinterpret_cast<__m128i*>(out[1] + row * 10), p1);
    _mm_storeu_si128(reinterpret_cast<__m128i*>(out[2] + row * 10), p2);
    // The row's own ten squares; enemy pieces of known rank are few: one step per piece.
    for (unsigned bits = static_cast<unsigned>(_mm_movemask_epi8(shown)) & 0x3FF; bits; bits &= bits - 1)
      ++located[board[first + __builtin_ctz(bits)] & kRankMask];
  }
  for (auto& slot : out) std::memset(slot + 100, kPad, kRow - 100);
#else
  for (auto& slot : out) std::memset(slot, kPad, kRow);
  for (int row = 0; row < 10; ++row)
    for (int col = 0; col < 10; ++col) {
      const CellMark m = cell_mark(board[sq(col, row)], player, setup);
      for (int k = 0; k < 3; ++k) out[k][row * 10 + col] = m.plane[k];
      located[m.located] += m.located != 0;
    }
#endif
}

}  // namespace strat::stratego::marks
