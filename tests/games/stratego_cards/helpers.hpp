#pragma once
// Shared helpers for the card duel's tests.
#include <gtest/gtest.h>

#include <algorithm>
#include <string>
#include <vector>

#include "core/error.hpp"
#include "games/stratego_cards/state.hpp"

namespace strat::stratego_cards::test {

inline State pos(const std::string& text, int draw_turns = 200) { return State::parse(text, Config{draw_turns}); }

// Plays moves given in notation; returns every event line.
inline Events play(State& s, std::initializer_list<const char*> moves) {
  Events all;
  for (const char* m : moves) s.apply(s.parse_move(m), &all);
  return all;
}

inline bool has_event(const Events& events, const std::string& line) {
  return std::find(events.begin(), events.end(), line) != events.end();
}

inline std::vector<std::string> legal(const State& s) {
  std::vector<Move> moves;
  s.legal_moves(moves);
  std::vector<std::string> out;
  for (const auto& m : moves) out.push_back(s.move_to_string(m));
  std::sort(out.begin(), out.end());
  return out;
}

inline bool is_legal(const State& s, const std::string& move) {
  auto l = legal(s);
  return std::find(l.begin(), l.end(), move) != l.end();
}

// A state after both preparations, laid by the first legal move each time (deterministic).
inline State prepared(std::uint64_t seed) {
  State s = State::deal(seed);
  std::vector<Move> moves;
  while (s.phase() == Phase::Setup) {
    s.legal_moves(moves);
    s.apply(moves.front(), nullptr);
  }
  return s;
}

}  // namespace strat::stratego_cards::test
