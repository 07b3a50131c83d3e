#pragma once
// The Strategic game state (rules: ../shared/rules/strategic.md, T-01..T-14). Pieces are four 64-bit masks
// (Guards and Officers of each side) over the board of board.hpp; the result is settled inside apply().
#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

#include "core/game.hpp"
#include "core/options.hpp"
#include "games/strategic/board.hpp"

namespace strat::strategic {

// Rule settings from the game options (T-09 variant, T-14 draw limits) and the board.
struct Rules {
  const Board* board = &Board::standard();
  bool jump_own = false;    // T-09 variant: Officers may pass over (and remove) their own Officers
  int draw_plies = 200;     // T-14: plies without a capture or an Officer formed (0: no limit)
  int repetitions = 3;      // T-14: occurrences of one position that draw (0: no repetition draw)
  static Rules from(const Options& options);  // throws BadInput on unknown or bad options
};

enum class Kind : std::uint8_t { Step, Form, Officer };

// Two Officer moves are equal when start, end and captured set are equal (T-10), whatever the path.
struct Move {
  Mask captured = 0;
  std::uint8_t from = 0, to = 0;
  Kind kind = Kind::Step;
  bool operator==(const Move&) const = default;
};

class State {
 public:
  using Move = strategic::Move;

  explicit State(const Rules& rules = {});
  static State deal(const Rules& rules, std::uint64_t seed);             // T-03
  static State parse(const Rules& rules, std::string_view position);   // the spec's position string
  static State load(const Rules& rules, std::string_view text);        // position, or random:SEED

  int to_move() const { return to_move_; }
  Outcome outcome() const { return outcome_; }
  // Ends the game outside the rules (resignation, agreed draw, time): see AnyState::end.
  void end(const Outcome& o) { outcome_ = o; }
  int ply() const { return ply_; }
  void legal_moves(std::vector<Move>& out) const;
  void apply(const Move& m, Events* events);
  std::string move_to_string(const Move& m) const;
  // The cells a move goes through, start to end (an Officer's: its canonical path), for the web client.
  std::vector<std::string> move_cells(const Move& m) const;
  Move parse_move(std::string_view text) const;
  std::string to_string() const;

  static const char* player_name(int p) { return p == 0 ? "orange" : "yellow"; }
  static char player_letter(int p) { return p == 0 ? 'o' : 'y'; }
  std::string render(int perspective, bool color) const;
  std::string view_json(int player) const;
  double evaluate(int player) const;
  // Search key: the position, plus how often it has already occurred, so that a transposition table never
  // hands a repeated position the score of its first occurrence (which would hide a repetition draw).
  std::uint64_t hash() const { return hash_ ^ repeat_key(); }
  std::uint64_t position_hash() const { return hash_; }  // pieces, side to move, first turns
  int move_order(const Move& m) const;
  // The state's internal invariants recomputed from scratch (counts, hash, counters): "" when they hold, else
  // what is wrong (consistency.cpp). The conformance suite calls it after every move.
  std::string inconsistency() const;

  const Board& board() const { return *rules_.board; }
  const Rules& rules() const { return rules_; }
  Mask guards(int p) const { return guards_[p]; }
  Mask officers(int p) const { return officers_[p]; }
  Mask occupied() const { return guards_[0] | guards_[1] | officers_[0] | officers_[1]; }
  Mask empty() const { return board().on & ~occupied(); }
  int first_turns() const { return first_turns_; }
  int plies_without_progress() const { return quiet_plies_; }
  // Cells an Officer of `p` may pass over (T-08, T-09 variant), leaving out the moving Officer itself.
  Mask jumpable(int p, int mover_cell) const {
    Mask j = officers_[1 - p];
    if (rules_.jump_own) j |= officers_[p] & ~bit(mover_cell);
    return j;
  }
  bool has_action(int p) const;  // T-13
  bool in_first_turn() const { return first_turns_ < 2; }

  // Edits for hand-built positions and tests; they keep the hash in step but settle no result.
  void put(int cell, int player, bool officer);
  void clear(int cell);
  void set_to_move(int p, int first_turns);
  void settle_loaded();  // a loaded position whose side to move has no action is already lost (T-13)

 private:
  void toggle(int cell, int player, bool officer);
  std::uint64_t repeat_key() const;
  void officer_moves(int p, std::vector<Move>& out) const;

  Rules rules_;
  Mask guards_[2] = {0, 0}, officers_[2] = {0, 0};
  std::uint8_t to_move_ = 0, first_turns_ = 0;
  int ply_ = 0, quiet_plies_ = 0;
  int repeats_ = 1;  // occurrences of the current position since the last irreversible move
  Outcome outcome_;
  std::uint64_t hash_ = 0;
  std::vector<std::uint64_t> history_;  // hashes since the last irreversible move, current one last
};

static_assert(GameState<State>);

}  // namespace strat::strategic
