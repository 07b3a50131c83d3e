#include "games/stratego/flag_race.hpp"

#include <algorithm>
#include <array>

namespace strat::stratego {

namespace {

// The squares of the board, lakes excluded (bits of mailbox indices).
u128 playable() {
  static const u128 squares = [] {
    u128 b = 0;
    for (int s = 0; s < kCells; ++s)
      if (on_board(s) && !is_lake_square(col_of(s), row_of(s))) b |= bit(s);
    return b;
  }();
  return squares;
}

// The squares of the board, lakes included.
constexpr u128 on_board_squares() {
  u128 b = 0;
  for (int s = 0; s < kCells; ++s)
    if (on_board(s)) b |= bit(s);
  return b;
}
constexpr u128 kOnBoard = on_board_squares();

// By square: the squares within kRaceHorizon steps of it as the crow flies, where an intruder may be.
const std::array<u128, kCells>& within_reach() {
  static const std::array<u128, kCells> reach = [] {
    std::array<u128, kCells> r{};
    for (int s = 0; s < kCells; ++s)
      for (int q = 0; q < kCells; ++q)
        if (on_board(s) && on_board(q) && distance(s, q) <= kRaceHorizon) r[s] |= bit(q);
    return r;
  }();
  return reach;
}

// The squares beside those of `b`, on the board.
u128 beside(u128 b) { return ((b << kWidth) | (b >> kWidth) | (b << 1) | (b >> 1)) & playable(); }

// The intruder's moves to stand on `exit`, as sets by moves (at[k]: the squares k moves away, k <= kRaceHorizon): a
// breadth-first flood outwards from the exit in which entering a square of `one` costs a move, one of `two` two moves,
// and any other square is barred. The Flag is never entered.
void moves_to(int exit, u128 flag, u128 one, u128 two, u128 (&at)[kRaceHorizon + 1]) {
  std::fill(at, at + kRaceHorizon + 1, u128{0});
  at[0] = bit(exit);
  u128 seen = at[0] | flag;
  for (int k = 0; k < kRaceHorizon; ++k) {
    if (!at[k] && !at[k + 1]) break;
    const u128 near = beside(at[k] & one) & ~seen;
    at[k + 1] |= near;
    seen |= near;
    if (k + 2 > kRaceHorizon) continue;
    const u128 far = beside(at[k] & two) & ~seen;
    at[k + 2] |= far;
    seen |= far;
  }
}

}  // namespace

double flag_race_loss(const BeliefNode& n) {
  const int me = n.me(), en = me ^ 1;
  int flag = -1;
  int defenders[kSlots + kSlots], nd = 0;
  u128 bombs = 0, miner_prey = 0;  // one's Bombs; one's pieces a Miner takes (the Spy and Scouts)
  for (u128 b = n.pieces(me); b; b &= b - 1) {
    const int s = ctz128(b);
    const int r = n.cell(s) & kRankMask;
    if (r == kFlag) flag = s;
    if (r == kBomb) bombs |= bit(s);
    if (r == kSpy || r == kScout) miner_prey |= bit(s);
    if (movable(r) && combat(r, kMiner) > 0 && nd < kSlots + kSlots) defenders[nd++] = s;
  }
  if (flag < 0) return 0;
  const u128 theirs = n.pieces(en);
  // Nothing within reach: the usual case, and the cheap one.
  bool near = false;
  for (u128 b = theirs; b && !near; b &= b - 1) near = distance(ctz128(b), flag) <= kRaceHorizon + 1;
  if (!near) return 0;
  const u128 empty = playable() & ~n.pieces(me) & ~theirs;
  const int tempo = n.to_move() == en ? 1 : 0;
  float loss[kCells];  // by square of an intruder in `racing`
  u128 racing = 0;
  u128 at[kRaceHorizon + 1];
  u128 guards = 0;  // one's pieces that beat a Miner
  for (int i = 0; i < nd; ++i) guards |= bit(defenders[i]);
  for (int d : kDirs) {
    const int exit = flag + d;
    if (!(playable() & bit(exit)) || !(within_reach()[exit] & theirs)) continue;
    // The defence's moves to a square beside the exit, from which it takes the intruder standing there.
    // Steps as the crow flies (lakes and pieces ignored), out to where no race is lost any more.
    int defence = 99;
    u128 ring = beside(bit(exit)) & ~bombs & ~bit(flag), reached = ring;
    for (int k = 0; k <= kRaceHorizon + 1 && guards; ++k) {
      if (ring & guards) {
        defence = k;
        break;
      }
      ring = ((ring << kWidth) | (ring >> kWidth) | (ring << 1) | (ring >> 1)) & kOnBoard & ~reached;
      reached |= ring;
    }
    for (int mode = 0; mode < 2; ++mode) {
      const bool miner = mode == 0;
      if (miner ? !n.alive(en, kMiner) : (bombs & bit(exit)) != 0) continue;
      moves_to(exit, bit(flag), miner ? empty | bombs | miner_prey : empty, theirs, at);
      for (int k = 0; k <= kRaceHorizon; ++k)
        for (u128 b = at[k] & theirs; b; b &= b - 1) {
          const int s = ctz128(b);
          const int moves = k + 1;  // to stand on the exit, then to take the Flag
          // Lost when the defence needs as many moves as it has or more; just in time, half lost: the search sees its
          // last ply bring the defender in time and puts the move off, ply after ply, until a second threat takes it.
          const int late = defence - (moves - tempo);
          if (late < -1) continue;
          bool caught = false;
          for (int i = 0; i < nd && !tempo && !caught; ++i) caught = distance(defenders[i], s) == 1;
          if (caught) continue;
          float p[kRanks];
          n.distribution(s, p);
          float w = p[kMiner];
          if (!miner) {
            w = 0;
            for (int r = kSpy; r <= kMarshal; ++r) w += p[r];
          }
          const float lost = late < 0 ? w / 2 : w;
          loss[s] = racing & bit(s) ? std::max(loss[s], lost) : lost;
          racing |= bit(s);
        }
    }
  }
  double safe = 1;
  for (u128 b = racing; b; b &= b - 1) safe *= 1.0 - std::clamp(static_cast<double>(loss[ctz128(b)]), 0.0, 1.0);
  return 1.0 - safe;
}

}  // namespace strat::stratego
