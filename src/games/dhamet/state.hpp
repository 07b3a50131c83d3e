#pragma once
// State: the GameState of Dhamet (Strand) for the core interface (src/core/game.hpp). It wraps a Board
// with the rules in force, the ply count, the D-17 counter and the positions seen since the last
// irreversible move (D-16).
#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

#include "core/game.hpp"
#include "games/dhamet/rules.hpp"

namespace strat::dhamet {

class State {
 public:
  using Move = dhamet::Move;
  static constexpr bool kPerftApplies = true;

  explicit State(Rules rules = {});  // the start position (D-04), White to move (D-05)
  // A position string of the spec (or "startpos"); throws BadInput naming the problem.
  static State parse(std::string_view text, Rules rules = {});
  static State from_board(const Board& b, Rules rules = {});

  int to_move() const { return b_.side; }
  Outcome outcome() const { return outcome_; }
  // Ends the game outside the rules (resignation, agreed draw, time): see AnyState::end.
  void end(const Outcome& o) { outcome_ = o; }
  int ply() const { return ply_; }
  void legal_moves(std::vector<Move>& out) const;
  void apply(const Move& m, Events* events);
  std::string move_to_string(const Move& m) const;
  // The points a move goes through, start to last landing (none for a huff alone), for the web client.
  std::vector<std::string> move_cells(const Move& m) const;
  Move parse_move(std::string_view text) const;
  std::string to_string() const;

  static const char* player_name(int player) { return player == kWhite ? "white" : "black"; }
  std::string render(int perspective, bool color) const;
  std::string view_json(int player) const;
  std::uint64_t perft(int depth) const;
  double evaluate(int player) const;
  std::uint64_t hash() const { return b_.hash; }
  // The state's internal invariants recomputed from scratch (counts, hash, counters): "" when they hold, else
  // what is wrong (consistency.cpp). The conformance suite calls it after every move.
  std::string inconsistency() const;

  // D-18: interactive play may end a game by resignation or agreement.
  void resign(int player);
  void agree_draw();

  const Board& board() const { return b_; }
  const Rules& rules() const { return rules_; }
  int quiet_plies() const { return quiet_; }
  // Hashes of the positions since the last irreversible move, oldest first, the current one last.
  const std::vector<std::uint64_t>& history() const { return history_; }

 private:
  void update_outcome();

  Board b_;
  Rules rules_;
  int ply_ = 0;
  int quiet_ = 0;
  std::vector<std::uint64_t> history_;
  Outcome outcome_;
};

// Notation helpers (notation.cpp).
std::string point_name(int p);
std::string move_text(const Move& m);
// "d4" -> point, or -1.
int parse_point(std::string_view text);

}  // namespace strat::dhamet
