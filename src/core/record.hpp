#pragma once
// Game records (docs/records.md): header lines, the start position (which holds Stratego's setups), one move
// per line with what the move revealed, and the result. Human-readable and round-trips exactly.
//
//   [Game "stratego:classic"]
//   [Red "mcts"]
//   [Blue "random"]
//   [Start "MBAA... r"]
//   [Result "red wins (flag)"]
//
//   1. e4-e5
//   2. f7xf6 {6x4}
//   3. place 1=4          (a move may contain spaces: the annotation is the only braced part)
#include <memory>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "core/any_state.hpp"

namespace strat {

struct RecordMove {
  std::string move;
  std::string annotation;  // e.g. "6x4": the ranks an attack revealed; empty when nothing was revealed
  // An unbraced line with several words: a move with spaces, or a record from before the braces whose last word
  // is the annotation ("e5xe6 6x4"). Only the game can tell; replay() tries the whole text first.
  bool old_style = false;
};

struct Record {
  std::vector<std::pair<std::string, std::string>> headers;  // in order; Game and Start are required
  std::vector<RecordMove> moves;

  std::string header(const std::string& key) const;
  void set_header(const std::string& key, const std::string& value);
  std::string to_text() const;
  // Throws BadInput naming the line.
  static Record parse(std::string_view text);
};

// The annotation a move's events give in a record: the last word of each "reveal" event, joined by spaces
// ("reveal e5 6x4" -> "6x4"; the card duel's two reveals "reveal r2 9", "reveal b4 4" -> "9 4").
std::string annotation_of(const Events& events);

struct ReplayReport {
  std::unique_ptr<AnyState> final_state;  // the state after the last good move
  std::size_t good_moves = 0;
  std::string error;                       // empty when the whole record checks out
};

// Plays the record move by move, checking each move's legality, its annotation and the final result.
ReplayReport replay(const Record& record);

}  // namespace strat
