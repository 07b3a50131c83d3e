#pragma once
// Building hand-made Stratego positions for rule tests.
#include <algorithm>
#include <functional>
#include <string>
#include <vector>

#include "core/error.hpp"
#include "core/text.hpp"
#include "games/stratego/info.hpp"
#include "games/stratego/setup.hpp"
#include "games/stratego/state.hpp"

namespace strat::stratego::test {

// The one-line message of the BadInput `f` throws; "" when it throws none.
inline std::string error_of(const std::function<void()>& f) {
  try {
    f();
  } catch (const BadInput& e) {
    return e.what();
  }
  return "";
}

struct P {
  const char* square;
  int owner;  // 0 red, 1 blue
  int rank;
};

inline int at(const char* name) {
  int col = 0, row = 0;
  if (!parse_square(name, 10, 10, col, row)) throw std::logic_error(name);
  return sq(col, row);
}

inline State make(const std::vector<P>& pieces, int side = 0, Config config = {}) {
  State s(config);
  for (const auto& p : pieces) s.put(at(p.square), p.owner, p.rank);
  s.set_side(side);
  s.set_ply(1);
  s.refresh_outcome();
  return s;
}

inline std::vector<std::string> legal(const State& s) {
  std::vector<Move> moves;
  s.legal_moves(moves);
  std::vector<std::string> out;
  for (const auto& m : moves) out.push_back(s.move_to_string(m));
  std::sort(out.begin(), out.end());
  return out;
}

inline bool has(const std::vector<std::string>& v, const std::string& x) { return std::find(v.begin(), v.end(), x) != v.end(); }

inline Events play(State& s, const std::string& move) {
  Events e;
  s.apply(s.parse_move(move), &e);
  return e;
}

// The flags every test position needs so that neither side has lost already.
inline std::vector<P> with_flags(std::vector<P> pieces) {
  pieces.push_back({"a1", 0, kFlag});
  pieces.push_back({"j10", 1, kFlag});
  return pieces;
}

}  // namespace strat::stratego::test
