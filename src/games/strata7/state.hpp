#pragma once
// A Strata 7 position and its rules (A-05..A-18). Moves are generated in movegen.cpp, the notations live in
// position_notation.cpp and move_notation.cpp, drawing in render.cpp, the evaluation in eval.cpp; state.cpp
// holds the application of a move with its capture resolution and scoring.
#include <array>
#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

#include "core/game.hpp"
#include "core/options.hpp"
#include "games/strata7/board.hpp"

namespace strat::strata7 {

// One ply. A Play moves a piece from `from` to `to` (a step or a jump chain: the path does not matter, A-06);
// when it reinforces an objective, `off` is the cell the stack steps off to (A-12, kNone if the stack must
// stay). A Play whose `from` holds a stack is the stack's postponed step-off (from an objective) or the
// separation of its top piece (elsewhere). A Place puts a piece returned by A-16 on `to`. A Pass is played
// only when nothing else is legal.
struct Move {
  enum Kind : std::uint8_t { Play, Place, Pass };
  Kind kind = Pass;
  std::uint8_t from = kNone, to = kNone, off = kNone;
  bool operator==(const Move&) const = default;
  static Move play(int f, int t, int o = kNone) {
    return {Play, static_cast<std::uint8_t>(f), static_cast<std::uint8_t>(t), static_cast<std::uint8_t>(o)};
  }
  static Move place(int t) { return {Place, kNone, static_cast<std::uint8_t>(t), kNone}; }
  static Move pass() { return {}; }
};

// End-rule limits of A-18, from the game options.
struct Rules {
  int quiet_plies = 300;  // plies without a point that end the game (0: no limit)
  int ply_limit = 0;      // total plies that end the game (0: no limit)
  static Rules from(const Options& options);
};

// Cell contents: 0 empty; bits 0-1 owner + 1; bit 2 a stack of two.
constexpr std::uint8_t kEmpty = 0, kStackBit = 4;
inline std::uint8_t single_of(int side) { return static_cast<std::uint8_t>(side + 1); }
inline std::uint8_t stack_of(int side) { return static_cast<std::uint8_t>(side + 1) | kStackBit; }
inline int owner_of(std::uint8_t v) { return (v & 3) - 1; }
inline bool is_stack(std::uint8_t v) { return (v & kStackBit) != 0; }

class State {
 public:
  using Move = strata7::Move;

  static State start(Rules rules = {});
  // Parses the position notation (see docs/games/strata7.md) or "startpos". Throws BadInput.
  static State parse(std::string_view text, Rules rules = {});

  // --- GameState interface -------------------------------------------------------------------------------
  int to_move() const { return to_move_; }
  Outcome outcome() const { return outcome_; }
  // Ends the game outside the rules (resignation, agreed draw, time): see AnyState::end.
  void end(const Outcome& o) { outcome_ = o; }
  int ply() const { return ply_; }
  void legal_moves(std::vector<Move>& out) const;
  void apply(const Move& m, Events* events);
  std::string move_to_string(const Move& m) const;
  // The cells a move goes from and to (a placement: its cell only; a pass: none), for the web client.
  std::vector<std::string> move_cells(const Move& m) const;
  Move parse_move(std::string_view text) const;
  std::string to_string() const;
  static const char* player_name(int p) { return p == kWhite ? "white" : "bordeaux"; }
  std::string render(int perspective, bool color) const;
  std::string view_json(int player) const;
  double evaluate(int player) const;
  // The evaluation before squashing into [-1, 1]: about 100 per victory point (eval.cpp).
  int evaluate_points(int player) const;
  std::uint64_t hash() const;
  int move_order(const Move& m) const;
  // The state's internal invariants recomputed from scratch (counts, hash, counters): "" when they hold, else
  // what is wrong (consistency.cpp). The conformance suite calls it after every move.
  std::string inconsistency() const;
  // Search hooks (src/ai/negamax.hpp): moves ordered 1000 and up (they take or storm) are noisy; the
  // quiescence search plays those that actually score, standing pat otherwise.
  static constexpr int kNoisyOrder = 1000;
  void noisy_moves(std::vector<Move>& out) const;
  bool quiescence_keep(const State& child) const { return child.outcome().over() || child.score(to_move_) > score(to_move_); }

  // --- Rule queries (tests, evaluation, rendering) ------------------------------------------------------
  std::uint8_t at(int c) const { return sq_[static_cast<std::size_t>(c)]; }
  int owner(int c) const { return owner_of(at(c)); }
  // empty neighbours the unit on c may step to.
  int liberties(int c) const;
  bool touches_enemy(int c) const;
  bool meets_a08(int c) const { return owner(c) >= 0 && !has_liberty(c) && touches_enemy(c); }
  int score(int side) const { return score_[side]; }
  // Pieces of `side` the opponent holds as prisoners: every piece not on the board nor in hand.
  int prisoners_of(int side) const { return board().pieces_per_side - on_board_[side] - hand_[side]; }
  int pieces_on_board(int side) const { return on_board_[side]; }
  bool placement_pending(int side) const { return hand_[side] != 0; }
  bool a16_used(int side) const { return score_[side] >= 6; }
  int turn() const { return turn_; }  // whose ordinary move comes next (placements may come first)
  // The objective a separating stack left; kNone for other cells.
  int stack_origin(int c) const { return origin_[static_cast<std::size_t>(c)]; }
  int quiet_plies() const { return quiet_; }
  int consecutive_passes() const { return passes_; }
  const Rules& rules() const { return rules_; }
  // True if a reinforcement by `side` of an objective worth `value` ends the game when it scores,
  // so that no step-off follows.
  bool reinforcement_wins(int side, int value) const;
  // Every unit meeting A-08, scanning the whole board (reference for tests and position checks).
  std::vector<int> units_meeting_a08() const;

 private:
  friend class PositionParser;
  bool has_liberty(int c) const;
  void gen_obligations(std::vector<Move>& out) const;
  void gen_piece(std::vector<Move>& out, int from, int vacated, int forbidden) const;
  void add_destination(std::vector<Move>& out, int from, int to, int vacated) const;
  void play(const Move& m, Events* ev);
  void next_turn(const Move& m, int mover);
  void put(int c, std::uint8_t v) { sq_[static_cast<std::size_t>(c)] = v; }
  void resolve_captures(int mover, int center, Events* ev);
  bool capture_phase(int victim, const std::uint8_t* cand, int n, Events* ev);
  void add_points(int side, int points, Events* ev);
  void end_by_points(const char* reason);
  void recount();
  std::string pending_field() const;

  std::array<std::uint8_t, kCells> sq_{};
  std::array<std::uint8_t, kCells> origin_{};
  std::array<std::uint8_t, 2> score_{}, on_board_{}, hand_{}, stacks_{};
  std::int8_t to_move_ = kWhite, turn_ = kWhite;
  bool scored_ = false;  // a point was scored during the ply being applied
  int ply_ = 0, quiet_ = 0, passes_ = 0;
  Outcome outcome_{};
  Rules rules_{};
};

}  // namespace strat::strata7
