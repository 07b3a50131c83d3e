#pragma once
// Classic Stratego (../shared/rules/stratego.md): the omniscient state, move generation and combat.
// Hot paths (legal_moves, apply) are inline: random playouts must run at millions of plies per second.
#include <array>
#include <bit>
#include <cstdint>
#include <cstring>
#include <string>
#include <string_view>
#include <vector>
#if defined(__SSE2__)
#include <emmintrin.h>
#endif

#include "core/game.hpp"
#include "core/options.hpp"
#include "games/stratego/board.hpp"
#include "games/stratego/pieces.hpp"

namespace strat::stratego {

// A cell: 0 empty, kWall lake or border, else a piece: rank | owner | flags.
constexpr std::uint8_t kRankMask = 0x0F;
constexpr std::uint8_t kBlue = 0x10;
constexpr std::uint8_t kKnown = 0x20;  // rank revealed to the opponent (S-12, or a Scout's long move)
constexpr std::uint8_t kMoved = 0x40;  // has moved: public (S-25)
constexpr std::uint8_t kWall = 0x80;
constexpr std::uint8_t kUnknownRank = 15;  // in views: an enemy piece whose rank this player does not know

// A ply limit never reached: the game's length is left to someone else (an outside referee, src/games/stratego/ucc.hpp).
constexpr std::int32_t kNoPlyLimit = 0x7FFFFFFF;

// A run's count never grows past this (a position string's bound): a side the two-square rule does not bind may
// shuffle between two squares for ever.
constexpr std::uint8_t kMaxRunCount = 200;

struct Config {
  bool barrage = false;
  std::uint8_t run_limit = 5;    // S-18: at most 5 moves in a row between the same two squares; ISF (S-19): 3
  std::int32_t ply_limit = 3000;  // S-23, placements included
  // Bit p: player p is not bound by the two-square rule, as under the UCC 2012 manager, which has none (an outside
  // program refereed by that manager's rules: `strat arena --outside-rules`). Option "two_square_exempt".
  std::uint8_t two_square_exempt = 0;
  // setup=actions: a new game starts with an empty board and each side places its army piece by piece as moves
  // (Red, then Blue, then Red moves first); docs/games/stratego.md, "Setup by moves".
  bool setup_actions = false;
  // "variant", "two_square", "ply_limit", "two_square_exempt", "setup"
  static Config from(const Options& options);
  const Army& army() const { return barrage ? kBarrageArmy : kClassicArmy; }
  int army_size() const { return barrage ? 8 : 40; }
  // The run's count from which `player` may not move back along it: never reached by an exempt player.
  int run_limit_of(int player) const { return (two_square_exempt >> player) & 1 ? kMaxRunCount + 1 : run_limit; }
  const char* exempt_name() const;  // the option's value: "none", "red", "blue", "both"
  std::string options_string() const;
};

// A placement of the setup phase is a Move whose `from` is kPlaceFrom + rank (no square of the board is that
// high) and whose `to` is the square: Moves stay two bytes, and play moves are untouched.
constexpr std::uint8_t kPlaceFrom = 0xE0;

struct Move {
  std::uint8_t from = 0, to = 0;  // mailbox squares (board.hpp); a placement: see kPlaceFrom
  bool operator==(const Move&) const = default;
  bool is_placement() const { return from > kPlaceFrom; }
  int placed_rank() const { return from - kPlaceFrom; }
  static Move placement(int rank, int square) {
    return Move{static_cast<std::uint8_t>(kPlaceFrom + rank), static_cast<std::uint8_t>(square)};
  }
};

// The series of a player's last moves of one piece between two squares (S-18/S-19).
struct Run {
  std::uint8_t from = 0, to = 0, count = 0;  // the last move went from -> to; count moves in the series
  bool operator==(const Run&) const = default;
};

inline int ctz128(u128 x) {
  auto lo = static_cast<std::uint64_t>(x);
  return lo ? __builtin_ctzll(lo) : 64 + __builtin_ctzll(static_cast<std::uint64_t>(x >> 64));
}

inline int clz128(u128 x) {  // x != 0
  auto hi = static_cast<std::uint64_t>(x >> 64);
  return hi ? __builtin_clzll(hi) : 64 + __builtin_clzll(static_cast<std::uint64_t>(x));
}

// kColumnMask.m[col]: the mailbox squares of a column, border rows included (those below bit 128).
struct ColumnMask {
  u128 m[kWidth];
  constexpr ColumnMask() : m{} {
    for (int s = 0; s < 128; ++s) m[s % kWidth] |= u128{1} << s;
  }
};
inline constexpr ColumnMask kColumnMask{};

class Info;
struct CellsText;

class State {
 public:
  using Move = stratego::Move;
  using Info = stratego::Info;

  State() = default;
  // An empty board with lakes (for building positions square by square).
  explicit State(const Config& config);
  // Parses the position notation of the spec (field string, side, optional extra fields): any position a game
  // could reach, with or without history (docs/games/stratego.md). Throws BadInput.
  static State parse(std::string_view text, const Config& config);
  // A new game from two setups, `FIELD r`: complete armies in their own rows, Red to move (S-05, S-06).
  static State parse_start(std::string_view text, const Config& config);
  // Throws BadInput unless this is such a new game (used for generated setups too).
  void check_start() const;
  // A new game of setup=actions: the empty board, Red to place its army.
  static State setup_start(const Config& config);

  // --- GameState ---
  int to_move() const { return side_; }
  Outcome outcome() const { return outcome_; }
  // Ends the game outside the rules (resignation, agreed draw, time): see AnyState::end.
  void end(const Outcome& o) { outcome_ = o; }
  int ply() const { return ply_; }
  void legal_moves(std::vector<Move>& out) const;
  void apply(const Move& m, Events* events);
  std::string move_to_string(const Move& m) const;
  // The squares a move goes from and to (the web client's structured legal moves).
  std::vector<std::string> move_cells(const Move& m) const {
    if (m.is_placement()) return {square_str(m.to)};
    return {square_str(m.from), square_str(m.to)};
  }
  Move parse_move(std::string_view text) const;  // validates legality
  std::string to_string() const;
  static const char* player_name(int p) { return p == 0 ? "red" : "blue"; }

  // --- hidden information (S-25, S-26) ---
  Info info(int player) const;
  std::string view_string(int player) const;
  std::string view_json(int player) const;
  std::string render(int perspective, bool color) const;
  // Whether playing m (legal) shows `player` a rank it did not know: a combat with an enemy piece whose rank it
  // did not know, or an unknown enemy Scout's move of more than one square (AnyState::move_reveals).
  bool reveals(const Move& m, int player) const;

  double evaluate(int player) const;
  // The state's internal invariants recomputed from scratch (counts, hash, counters): "" when they hold, else
  // what is wrong (consistency.cpp). The conformance suite calls it after every move.
  std::string inconsistency() const;
  // Playout policy for search in a sampled world: of a few random candidates, take a winning attack, else a
  // move that is not a losing attack. Cheap, and makes cut-off material scores far less noisy.
  Move playout_move(const std::vector<Move>& moves, Rng& rng) const;

  // --- building and inspection ---
  std::uint8_t cell(int s) const { return board_[s]; }
  const std::array<std::uint8_t, kCells>& cells() const { return board_; }
  int owner_at(int s) const { return (board_[s] & kBlue) ? 1 : 0; }
  int rank_at(int s) const { return board_[s] & kRankMask; }
  bool is_piece(int s) const { return (board_[s] & kRankMask) != 0 && !(board_[s] & kWall); }
  void put(int s, int owner, int rank, std::uint8_t flags = 0);
  void set_side(int side) { side_ = static_cast<std::uint8_t>(side); }
  void set_ply(int ply) { ply_ = ply; }
  void set_ply_limit(std::int32_t limit) { config_.ply_limit = limit; }
  void set_run(int player, Run run) { run_[player] = run; }
  const Run& run(int player) const { return run_[player]; }
  const Config& config() const { return config_; }
  int alive(int player, int rank) const { return alive_[player][rank]; }
  // Bit s set where `player` has a piece that can move (not a Bomb or Flag): legal_moves' pieces, in its order.
  u128 movers(int player) const { return movable_[player]; }
  int alive_total(int player) const;
  // Recomputes the outcome at the side to move's turn (flag gone, ply limit, no legal moves).
  void refresh_outcome();
  bool has_legal_move(int player) const;
  // Bit s set where square s (< 128) is empty: not a piece, lake or border.
  u128 empty_squares() const;
  // Is m in legal_moves()? Exact, without building the list (parse_move's fast path).
  bool is_legal(const Move& m) const;

  // --- the setup phase of setup=actions ---
  // Placements still to make, both sides together (0: the armies stand, or the setup was not played by moves).
  int to_place() const { return to_place_; }
  bool in_setup() const { return to_place_ != 0; }
  // For building a setup-phase position square by square (Info::sample): the placements left.
  void set_to_place(int n) { to_place_ = static_cast<std::uint8_t>(n); }
  // May `player` put a piece of `rank` on square s now?
  bool placement_legal(int rank, int s) const;

 private:
  void setup_moves(std::vector<Move>& out) const;
  void place(const Move& m);
  // A position of setup=actions whose armies are still being placed: sets to_place_, or leaves it 0 when the
  // position is not one (a position of play).
  void detect_setup(bool has_extras);
  void remove(int s);
  static State from_cells(const CellsText& cells, const Config& config);
  void check_counts() const;
  void check_position() const;
  Move parse_placement(std::string_view text) const;
  static bool enemy(std::uint8_t c, int me) { return (c & kRankMask) && !(c & kWall) && ((c >> 4) & 1) != me; }

  std::array<std::uint8_t, kCells> board_{};
  u128 movable_[2] = {0, 0};
  std::array<std::array<std::uint8_t, kRanks>, 2> alive_{};
  Run run_[2];
  std::int32_t ply_ = 0;
  std::uint8_t side_ = 0;
  std::uint8_t to_place_ = 0;
  Outcome outcome_;
  Config config_;
};

// ---- hot paths ----

// target_ok[me][cell]: may a piece of `me` step onto this cell (empty or enemy)? One lookup per direction.
struct TargetTable {
  bool ok[2][256];
  constexpr TargetTable() : ok{} {
    for (int me = 0; me < 2; ++me)
      for (int c = 0; c < 256; ++c)
        ok[me][c] = c == 0 || ((c & kRankMask) && !(c & kWall) && ((c >> 4) & 1) != me);
  }
};
inline constexpr TargetTable kTargets{};

// kSteps for the 4-bit set `open` of a piece's open steps (bit i: kDirs[i]): its moves packed in kDirs order as
// four Moves in one 64-bit word, added to a word whose every byte is the square: `delta` puts each move's step
// (positive or negative, modulo 2^64) into its `to` byte. The sum is exact byte by byte because no `to` byte of
// the result leaves 0..255 (0 <= from - 11 and from + 11 < 256 for every square of the board); `count` is how
// many of the four are moves.
struct StepPatterns {
  std::uint64_t delta[16];
  std::uint8_t count[16];
  constexpr StepPatterns() : delta{}, count{} {
    for (unsigned open = 0; open < 16; ++open) {
      int k = 0;
      for (int i = 0; i < 4; ++i) {
        if (!((open >> i) & 1)) continue;
        const int shift = 16 * k + 8;  // the `to` byte of the k-th Move
        if (kDirs[i] > 0) delta[open] += static_cast<std::uint64_t>(kDirs[i]) << shift;
        else delta[open] -= static_cast<std::uint64_t>(-kDirs[i]) << shift;
        ++k;
      }
      count[open] = static_cast<std::uint8_t>(k);
    }
  }
};
inline constexpr StepPatterns kSteps{};
static_assert(sizeof(Move) == 2 && std::endian::native == std::endian::little, "kSteps packs Moves as {from, to} bytes");

// kScoutRays.ray[from][dir]: the 9 steps of a Scout's ray from `from` in kDirs[dir], written as Moves whatever
// lies there, so that legal_moves copies a ray with two stores and counts only its empty part.
// kScoutRays.beyond[from][dir]: the squares past `from` in that direction up to and including the border
// (those below bit 128), for finding a ray's blocker with one bit scan.
struct ScoutRays {
  Move ray[128][4][9];
  u128 beyond[128][4];
  constexpr ScoutRays() : ray{}, beyond{} {
    for (int from = 0; from < 128; ++from)
      for (int i = 0; i < 4; ++i) {
        for (int k = 1; k <= 9; ++k)
          ray[from][i][k - 1] = Move{static_cast<std::uint8_t>(from), static_cast<std::uint8_t>(from + k * kDirs[i])};
        if (col_of(from) == kWidth - 1) continue;  // a border square: never a Scout's
        for (int to = from + kDirs[i];; to += kDirs[i]) {
          if (to < 0 || to >= 128) break;
          beyond[from][i] |= u128{1} << to;
          if (col_of(to) == kWidth - 1 || to < kWidth || to >= kCells - kWidth) break;  // the border: the ray's end
        }
      }
  }
};
inline constexpr ScoutRays kScoutRays{};

// +1 the attacker wins, 0 both fall, -1 the defender wins (S-13..S-17).
inline int combat(int ar, int dr) {
  if (dr == kFlag) return 1;
  if (dr == kBomb) return ar == kMiner ? 1 : -1;
  if (ar == kSpy && dr == kMarshal) return 1;
  return ar > dr ? 1 : (ar < dr ? -1 : 0);
}


// Branch-light generation (the branches on board contents were the playout's main cost: mispredicts). Every
// candidate is written unconditionally into a stack buffer and the count advances by a table bit, so the list
// (and its order: Move by Move what the plain loops would push) comes out without a data-dependent branch for
// ordinary pieces. A Scout's ray steps with a clamp: once blocked, `to` stays on the blocker and adds nothing.
// Order: pieces by square, then directions in kDirs order, a Scout's ray from near to far (tests pin this).
inline void State::legal_moves(std::vector<Move>& out) const {
  if (to_place_) [[unlikely]] return setup_moves(out);
  // Upper bound of real moves, for any position built square by square (not only a legal army): at most 92 pieces,
  // each with at most 18 moves (a Scout: 9 + 9); slack for the unconditional writes past the end (up to 9).
  constexpr int kMaxMoves = 92 * 18 + 16;
  alignas(Move) unsigned char raw[kMaxMoves * sizeof(Move)];
  Move* buf = reinterpret_cast<Move*>(raw);
  int n = 0;
  const int me = side_;
  const bool* ok = kTargets.ok[me];
  const std::uint8_t* board = board_.data();
  const u128 empty = empty_squares();
  u128 bb = movable_[me];
  while (bb) {
    const auto from = static_cast<std::size_t>(ctz128(bb));  // unsigned: neighbours are plain displacements
    bb &= bb - 1;
    const auto f8 = static_cast<std::uint8_t>(from);
    const std::uint8_t* at = board + from;
    if ((*at & kRankMask) != kScout) [[likely]] {
      // Which of the four steps (kDirs order) are open, then all of them, packed in kDirs order, in one store.
      const unsigned open = ok[at[kWidth]] | ok[at[-kWidth]] << 1 | ok[at[1]] << 2 | ok[at[-1]] << 3;
      const std::uint64_t packed = from * 0x0101010101010101ULL + kSteps.delta[open];
      std::memcpy(static_cast<void*>(buf + n), &packed, sizeof(packed));
      n += kSteps.count[open];
    } else {
      // A Scout: where each ray is blocked, from bitboards (the squares beyond `from` in that direction, up to
      // the border, against the non-empty squares: no loop along the ray, no variable-length shift), then its
      // 9 steps written unconditionally of which the empty ones count, then the blocker if it may be attacked.
      const int sq = static_cast<int>(from);
      const u128 full = ~empty;  // pieces, lakes and border (the top border of columns 7..9 lies past bit 127)
      const u128* beyond = kScoutRays.beyond[from];
      const u128 above = full & beyond[0];
      const int up_block = above ? ctz128(above) : kCells - kWidth + col_of(sq);
      const int down_block = 127 - clz128(full & beyond[1]);  // the bottom border is always there
      const int right_block = ctz128(full & beyond[2]);        // the border column ends every row
      const int left_block = 127 - clz128(full & beyond[3]);  // the border column ends the row below
      const int lens[4] = {(up_block - sq) / kWidth - 1, (sq - down_block) / kWidth - 1, right_block - sq - 1,
                           sq - left_block - 1};
      // Unrolled: the directions become constants and the lengths stay in registers.
#pragma GCC unroll 4
      for (int i = 0; i < 4; ++i) {
        std::memcpy(buf + n, kScoutRays.ray[from][i], sizeof(kScoutRays.ray[from][i]));  // two stores, no loop
        n += lens[i];
        const int block = sq + (lens[i] + 1) * kDirs[i];
        const auto blocker = static_cast<std::uint16_t>(f8 | block << 8);  // Move{from, block} in one store
        std::memcpy(static_cast<void*>(buf + n), &blocker, sizeof(blocker));
        n += ok[board[block]];
      }
    }
  }
  const Run& r = run_[me];
  if (r.count >= config_.run_limit_of(me)) [[unlikely]] {
    // S-18/S-19: the move back along the series would be one too many (swapped with the last, as always).
    const Move banned{r.to, r.from};
    for (int i = 0; i < n; ++i)
      if (buf[i] == banned) {
        buf[i] = buf[n - 1];
        --n;
        break;
      }
  }
  out.clear();  // then one copy (assign copies in two parts when the list grows)
  out.insert(out.end(), buf, buf + n);
}

inline void State::apply(const Move& m, Events* events) {
  if (m.is_placement()) [[unlikely]] return place(m);  // no event: what is placed is secret (S-05)
  const int me = side_;
  const std::uint8_t a = board_[m.from];
  const std::uint8_t d = board_[m.to];
  const int step = m.to > m.from ? m.to - m.from : m.from - m.to;
  bool flag_taken = false;
  if (d == 0) {
    const bool long_move = step != 1 && step != kWidth;  // a Scout betrays itself (S-25)
    board_[m.to] = static_cast<std::uint8_t>(a | kMoved | (long_move ? kKnown : 0));
    board_[m.from] = 0;
    movable_[me] ^= bit(m.from) | bit(m.to);
    Run& r = run_[me];
    if (r.count && m.from == r.to && m.to == r.from) {
      r.from = m.from;
      r.to = m.to;
      r.count += r.count < kMaxRunCount;
    } else {
      r = Run{m.from, m.to, 1};
    }
  } else {
    run_[me] = Run{};  // an attack changes the position for good: a new series starts
    const int ar = a & kRankMask, dr = d & kRankMask;
    if (events) events->push_back("reveal " + square_str(m.to) + " " + rank_code(ar) + "x" + rank_code(dr));
    const int winner = combat(ar, dr);
    flag_taken = dr == kFlag;
    if (winner >= 0) {
      if (events) events->push_back("capture " + square_str(m.to));
      remove(m.to);
    }
    if (winner <= 0) {
      if (events) events->push_back("capture " + square_str(m.from));
      remove(m.from);
    }
    if (winner == 1) {
      board_[m.to] = static_cast<std::uint8_t>(a | kMoved | kKnown);
      board_[m.from] = 0;
      movable_[me] ^= bit(m.from) | bit(m.to);
    } else if (winner == -1) {
      board_[m.to] = static_cast<std::uint8_t>(d | kKnown);
    }
  }
  ++ply_;
  side_ ^= 1;
  if (flag_taken) outcome_ = Outcome::win(me, "flag");
  else refresh_outcome();
  if (events && outcome_.over()) {
    if (outcome_.status == Status::Win)
      events->push_back(std::string("winner ") + (outcome_.winner == 0 ? "r " : "b ") + outcome_.reason);
    else
      events->push_back(std::string("draw ") + outcome_.reason);
  }
}

inline void State::remove(int s) {
  const std::uint8_t c = board_[s];
  const int owner = (c >> 4) & 1;
  --alive_[owner][c & kRankMask];
  movable_[owner] &= ~bit(s);
  board_[s] = 0;
  if (run_[owner].to == s) run_[owner] = Run{};  // the piece of the series is gone: so is the series
}

inline Move State::playout_move(const std::vector<Move>& moves, Rng& rng) const {
  const auto n = static_cast<std::uint32_t>(moves.size());
  Move fallback = moves[rng.below(n)];
  for (int tries = 0; tries < 4; ++tries) {
    const Move m = moves[rng.below(n)];
    const std::uint8_t d = board_[m.to];
    if (d == 0) {
      fallback = m;
      continue;
    }
    const int result = combat(board_[m.from] & kRankMask, d & kRankMask);
    if (result > 0) return m;
    if (result == 0) fallback = m;
  }
  return fallback;
}

inline bool State::has_legal_move(int player) const {
  const Run& r = run_[player];
  const bool restricted = r.count >= config_.run_limit_of(player);
  u128 bb = movable_[player];
  if (!restricted) [[likely]] {
    // Any open step is a move (a Scout's ray starts with one): no branch per direction, one exit per call.
    const bool* ok = kTargets.ok[player];
    while (bb) {
      const int from = ctz128(bb);
      bb &= bb - 1;
      if (ok[board_[from + kWidth]] | ok[board_[from - kWidth]] | ok[board_[from + 1]] | ok[board_[from - 1]]) return true;
    }
    return false;
  }
  while (bb) {
    const int from = ctz128(bb);
    bb &= bb - 1;
    const bool scout = (board_[from] & kRankMask) == kScout;
    for (int d : kDirs) {
      int to = from + d;
      while (true) {
        const std::uint8_t c = board_[to];
        if (!kTargets.ok[player][c]) break;
        if (!(restricted && from == r.to && to == r.from)) return true;
        if (c != 0 || !scout) break;
        to += d;
      }
    }
  }
  return false;
}

inline u128 State::empty_squares() const {
#if defined(__SSE2__)
  // Sixteen squares per compare; the masks are joined into two 64-bit halves with constant shifts (a loop over a
  // 128-bit shift compiled to variable shifts and selects).
  const __m128i zero = _mm_setzero_si128();
  const std::uint8_t* b = board_.data();
  auto mask = [&](int i) -> std::uint64_t {
    const __m128i v = _mm_loadu_si128(reinterpret_cast<const __m128i*>(b + 16 * i));
    return static_cast<std::uint16_t>(_mm_movemask_epi8(_mm_cmpeq_epi8(v, zero)));
  };
  const std::uint64_t lo = mask(0) | mask(1) << 16 | mask(2) << 32 | mask(3) << 48;
  const std::uint64_t hi = mask(4) | mask(5) << 16 | mask(6) << 32 | mask(7) << 48;
  return static_cast<u128>(hi) << 64 | lo;
#else
  u128 e = 0;
  for (int s = 0; s < 128; ++s) e |= static_cast<u128>(board_[s] == 0) << s;
  return e;
#endif
}

inline bool State::is_legal(const Move& m) const {
  if (m.is_placement()) return placement_legal(m.placed_rank(), m.to);
  // A square off the board (the mailbox has 132 cells, the bitboards 128 bits) moves nothing; nothing moves
  // while the armies are being placed.
  if (to_place_ || outcome_.over() || !on_board(m.from) || m.to >= kCells || m.from == m.to) return false;
  if (!((movable_[side_] >> m.from) & 1)) return false;
  if (!kTargets.ok[side_][board_[m.to]]) return false;
  const int step = m.to > m.from ? m.to - m.from : m.from - m.to;
  int d = 0;
  if (step == 1 || step == kWidth) d = m.to > m.from ? step : -step;
  else if ((board_[m.from] & kRankMask) != kScout) return false;
  else if (row_of(m.from) == row_of(m.to)) d = m.to > m.from ? 1 : -1;
  else if (step % kWidth == 0) d = m.to > m.from ? kWidth : -kWidth;
  else return false;
  for (int q = m.from + d; q != m.to; q += d)
    if (board_[q] != 0) return false;
  const Run& r = run_[side_];
  return !(r.count >= config_.run_limit_of(side_) && m.from == r.to && m.to == r.from);
}

inline void State::refresh_outcome() {
  outcome_ = Outcome::ongoing();
  if (to_place_) [[unlikely]] return;  // half-placed armies: nothing is decided before play starts
  const int me = side_, other = side_ ^ 1;
  if (alive_[me][kFlag] == 0) { outcome_ = Outcome::win(other, "flag"); return; }
  if (alive_[other][kFlag] == 0) { outcome_ = Outcome::win(me, "flag"); return; }
  if (!has_legal_move(me)) {
    outcome_ = has_legal_move(other) ? Outcome::win(other, "no-moves") : Outcome::draw("no-moves");  // S-21, S-22
    return;
  }
  if (ply_ >= config_.ply_limit) outcome_ = Outcome::draw("ply-limit");  // S-23
}

}  // namespace strat::stratego
