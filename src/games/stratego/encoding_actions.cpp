// Encoding::legal_actions, Encoding::move_of and Encoding::legal_move: action ids without Moves in between. The
// generator mirrors State::legal_moves (state.hpp) step for step, so the ids come out in the order of its list; the
// movegen tests compare the two on every position they visit.
#include <bit>
#include <cstring>
#if defined(__SSE2__)
#include <emmintrin.h>
#endif

#include "games/stratego/encoding.hpp"

namespace strat::stratego {
namespace {

constexpr int kPerSquare = 4 * Encoding::kDistances;

// kIdSteps.add[open]: for the 4-bit set `open` of a piece's open steps (bit i: kDirs[i], which is action
// direction i), the offsets of their actions from the piece's first action, packed in direction order (a
// piece's four candidate actions are then one 16-byte store); count[open]: how many.
struct IdSteps {
  alignas(16) std::int32_t add[16][4];
  std::uint8_t count[16];
  constexpr IdSteps() : add{}, count{} {
    for (unsigned open = 0; open < 16; ++open) {
      int k = 0;
      for (int i = 0; i < 4; ++i)
        if ((open >> i) & 1) add[open][k++] = i * Encoding::kDistances;
      count[open] = static_cast<std::uint8_t>(k);
    }
  }
};
constexpr IdSteps kIdSteps{};

// kFirstIds.id[mailbox square]: the id of the square's first action (its four rays of kDistances follow).
struct FirstIds {
  int id[kCells];
  constexpr FirstIds() : id{} {
    for (int q = 0; q < kCells; ++q) id[q] = kActionTable.square[q] * kPerSquare;
  }
};
constexpr FirstIds kFirstIds{};

// Four consecutive ids from first + offset: a Scout's ray is written whole (its distances are consecutive ids)
// and only its open part counted, as legal_moves does with Moves.
inline void store4(int* out, int first, int offset) {
#if defined(__SSE2__)
  const __m128i v = _mm_add_epi32(_mm_set1_epi32(first), _mm_setr_epi32(offset, offset + 1, offset + 2, offset + 3));
  _mm_storeu_si128(reinterpret_cast<__m128i*>(out), v);
#else
  for (int k = 0; k < 4; ++k) out[k] = first + offset + k;
#endif
}

inline void store_steps(int* out, int first, unsigned open) {
#if defined(__SSE2__)
  const __m128i add = _mm_load_si128(reinterpret_cast<const __m128i*>(kIdSteps.add[open]));
  _mm_storeu_si128(reinterpret_cast<__m128i*>(out), _mm_add_epi32(_mm_set1_epi32(first), add));
#else
  for (int k = 0; k < 4; ++k) out[k] = first + kIdSteps.add[open][k];
#endif
}

int setup_actions(const State& s, int* out) {
  int n = 0;
  const int me = s.to_move();
  const Army& army = s.config().army();
  const int first_row = me == 0 ? 0 : 6;
  for (int r = 1; r < kRanks; ++r) {
    if (s.alive(me, r) >= army[r]) continue;
    for (int row = first_row; row < first_row + 4; ++row)
      for (int col = 0; col < 10; ++col)
        if (s.cell(sq(col, row)) == 0) out[n++] = Encoding::kActions + (r - 1) * 100 + row * 10 + col;
  }
  return n;
}

// A play action's squares (mailbox), `to` possibly off the board.
void decode(int action, int& from, int& to) {
  constexpr int kDist = Encoding::kDistances;
  const int square = action / kPerSquare, dir = action / kDist % 4, dist = action % kDist + 1;
  from = sq(square % 10, square / 10);
  to = from + kDirs[dir] * dist;
}

}  // namespace

void Encoding::legal_actions(const State& s, std::vector<int>& out) {
  int buf[kMaxActionIds];
  out.assign(buf, buf + legal_actions(s, buf));
}

int Encoding::legal_actions(const State& s, int* buf) {
  if (s.in_setup()) [[unlikely]] return setup_actions(s, buf);
  int n = 0;
  const int me = s.to_move();
  const bool* ok = kTargets.ok[me];
  const std::uint8_t* board = s.cells().data();
  const u128 empty = s.empty_squares();
  // The movers' two 64-bit halves in turn: a 128-bit walk carries between the halves at every piece.
  const u128 movers = s.movers(me);
  const std::uint64_t halves[2] = {static_cast<std::uint64_t>(movers), static_cast<std::uint64_t>(movers >> 64)};
  for (int half = 0; half < 2; ++half) {
    for (std::uint64_t w = halves[half]; w; w &= w - 1) {
      const int from = 64 * half + std::countr_zero(w);
      const std::uint8_t* at = board + from;
      const int first = kFirstIds.id[from];
      if ((*at & kRankMask) != kScout) [[likely]] {
        const unsigned open = ok[at[kWidth]] | ok[at[-kWidth]] << 1 | ok[at[1]] << 2 | ok[at[-1]] << 3;
        store_steps(buf + n, first, open);
        n += kIdSteps.count[open];
      } else {
        // The blockers as in legal_moves; a ray's blocker is the action right after its empty squares.
        const u128 full = ~empty;
        const u128* beyond = kScoutRays.beyond[from];
        const u128 above = full & beyond[0];
        const int up_block = above ? ctz128(above) : kCells - kWidth + col_of(from);
        const int down_block = 127 - clz128(full & beyond[1]);
        const int right_block = ctz128(full & beyond[2]);
        const int left_block = 127 - clz128(full & beyond[3]);
        const int lens[4] = {(up_block - from) / kWidth - 1, (from - down_block) / kWidth - 1, right_block - from - 1,
                             from - left_block - 1};
#pragma GCC unroll 4
        for (int i = 0; i < 4; ++i) {
          const int ray = first + i * kDistances;
          store4(buf + n, ray, 0);
          store4(buf + n + 4, ray, 4);
          store4(buf + n + 8, ray, 8);
          n += lens[i];
          n += ok[board[from + (lens[i] + 1) * kDirs[i]]];
        }
      }
    }
  }
  const Run& r = s.run(me);
  if (r.count >= s.config().run_limit_of(me)) [[unlikely]] {
    const int banned = action(Move{r.to, r.from});
    for (int i = 0; i < n; ++i)
      if (buf[i] == banned) {
        buf[i] = buf[n - 1];
        --n;
        break;
      }
  }
  return n;
}

Move Encoding::move_of(const State&, int action) {
  if (action >= kActions) [[unlikely]] {
    const int square = (action - kActions) % 100;
    return Move::placement((action - kActions) / 100 + 1, sq(square % 10, square / 10));
  }
  int from = 0, to = 0;
  decode(action, from, to);
  return Move{static_cast<std::uint8_t>(from), static_cast<std::uint8_t>(to)};
}

bool Encoding::legal_move(const State& s, int action, Move& m) {
  if (action < 0 || action >= num_actions(s)) return false;
  if (action < kActions) {
    int from = 0, to = 0;
    decode(action, from, to);
    if (to < 0 || to >= kCells) return false;
  }
  m = move_of(s, action);
  return s.is_legal(m);
}

}  // namespace strat::stratego
