#include "games/dhamet/board.hpp"

#include "core/rng.hpp"

namespace strat::dhamet {

const Zobrist& zobrist() {
  static const Zobrist z = [] {
    Zobrist t{};
    std::uint64_t seed = 0xD11A3E7ULL;
    for (auto& colour : t.piece)
      for (auto& kind : colour)
        for (auto& k : kind) k = splitmix64(seed);
    t.black_to_move = splitmix64(seed);
    for (auto& k : t.huffable) k = splitmix64(seed);
    return t;
  }();
  return z;
}

char Board::at(int p) const {
  if (has(men[kWhite], p)) return 'w';
  if (has(sultans[kWhite], p)) return 'W';
  if (has(men[kBlack], p)) return 'b';
  if (has(sultans[kBlack], p)) return 'B';
  return '.';
}

void Board::put(int p, char piece) {
  const auto& z = zobrist();
  for (int c = 0; c < 2; ++c) {
    if (has(men[c], p)) hash ^= z.piece[c][0][p];
    if (has(sultans[c], p)) hash ^= z.piece[c][1][p];
    men[c] &= ~bit(p);
    sultans[c] &= ~bit(p);
  }
  const int c = (piece == 'w' || piece == 'W') ? kWhite : kBlack;
  const int kind = (piece == 'W' || piece == 'B') ? 1 : 0;
  if (piece == '.') return;
  (kind ? sultans[c] : men[c]) |= bit(p);
  hash ^= z.piece[c][kind][p];
}

void Board::set_huffable(Bits h) {
  const auto& z = zobrist();
  for (Bits x = huffable ^ h; x;) hash ^= z.huffable[pop_lsb(x)];
  huffable = h;
}

std::uint64_t Board::compute_hash() const {
  const auto& z = zobrist();
  std::uint64_t h = side == kBlack ? z.black_to_move : 0;
  for (int c = 0; c < 2; ++c) {
    for (Bits x = men[c]; x;) h ^= z.piece[c][0][pop_lsb(x)];
    for (Bits x = sultans[c]; x;) h ^= z.piece[c][1][pop_lsb(x)];
  }
  for (Bits x = huffable; x;) h ^= z.huffable[pop_lsb(x)];
  return h;
}

Board Board::start() {
  // D-04: White on rows 1-4 and f5..i5, Black on rows 6-9 and a5..d5, e5 empty.
  Board b;
  for (int p = 0; p < kPoints; ++p) {
    const int r = row_of(p), c = col_of(p);
    if (r < 4 || (r == 4 && c > 4)) b.men[kWhite] |= bit(p);
    if (r > 4 || (r == 4 && c < 4)) b.men[kBlack] |= bit(p);
  }
  b.hash = b.compute_hash();
  return b;
}

void Board::play(const Move& m) {
  const auto& z = zobrist();
  const int c = side, e = 1 - c;
  if (m.huff != kNone) {
    const int h = m.huff;
    const int kind = has(sultans[e], h) ? 1 : 0;
    (kind ? sultans[e] : men[e]) &= ~bit(h);
    hash ^= z.piece[e][kind][h];
  }
  if (m.n) {
    const int from = m.from;
    const bool sultan = has(sultans[c], from);
    const int kind = sultan ? 1 : 0;
    (sultan ? sultans[c] : men[c]) &= ~bit(from);
    hash ^= z.piece[c][kind][from];
    if (m.caps) {
      int prev = from;
      for (int i = 0; i < m.n; ++i) {
        const int land = m.path[i];
        const int taken = land - step_towards(prev, land);
        if (has(men[e], taken)) {
          men[e] &= ~bit(taken);
          hash ^= z.piece[e][0][taken];
        } else {
          sultans[e] &= ~bit(taken);
          hash ^= z.piece[e][1][taken];
        }
        prev = land;
      }
    }
    const int to = m.path[m.n - 1];
    const int new_kind = (sultan || has(promotion_row(c), to)) ? 1 : 0;
    (new_kind ? sultans[c] : men[c]) |= bit(to);
    hash ^= z.piece[c][new_kind][to];
  }
  if (huffable) set_huffable(0);
  side = e;
  hash ^= z.black_to_move;
}

}  // namespace strat::dhamet
