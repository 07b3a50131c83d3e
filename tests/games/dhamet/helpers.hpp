#pragma once
#include <algorithm>
#include <initializer_list>
#include <string>
#include <utility>
#include <vector>

#include "core/error.hpp"
#include "games/dhamet/state.hpp"

namespace dhamet_test {

using strat::dhamet::State;
using strat::dhamet::Rules;

// A position string from (point, piece) pairs, e.g. position({{"e5", 'W'}, {"c3", 'b'}}, 'w').
inline std::string position(std::initializer_list<std::pair<const char*, char>> pieces, char side) {
  std::string rows[9];
  for (auto& r : rows) r = ".........";
  for (const auto& [pt, piece] : pieces) rows[8 - (std::stoi(pt + 1) - 1)][pt[0] - 'a'] = piece;
  std::string out;
  for (int i = 0; i < 9; ++i) out += rows[i] + (i < 8 ? "/" : "");
  return out + " " + side;
}

inline std::vector<std::string> legal(const State& s) {
  std::vector<State::Move> moves;
  s.legal_moves(moves);
  std::vector<std::string> out;
  for (const auto& m : moves) out.push_back(s.move_to_string(m));
  std::sort(out.begin(), out.end());
  return out;
}

inline State after(State s, std::initializer_list<const char*> moves) {
  for (const char* m : moves) s.apply(s.parse_move(m), nullptr);
  return s;
}

inline std::string error_of(const State& s, const std::string& move) {
  try {
    s.parse_move(move);
  } catch (const strat::BadInput& e) {
    return e.what();
  }
  return "";
}

}  // namespace dhamet_test
