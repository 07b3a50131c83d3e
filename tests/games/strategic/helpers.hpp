#pragma once
// Shared helpers for the Strategic tests: hand-built positions and a deliberately simple reference move
// generator (plain depth-first search over every self-avoiding path) to cross-check the real one.
#include <algorithm>
#include <map>
#include <set>
#include <string>
#include <vector>

#include "core/error.hpp"
#include "games/strategic/state.hpp"

namespace strategic_test {

using namespace strat;
using namespace strat::strategic;

inline int cell(const std::string& name) { return (name[1] - '1') * 7 + (name[0] - 'a'); }

// A position on the standard board from pieces like {"Oa1", "yc3"}; `fill` puts alternating-colour Guards
// (no two of one colour adjacent, so nobody can form) on every cell not listed and not in `empties`.
inline State build(const std::vector<std::string>& pieces, char side = 'o', int first = 2, bool fill = false,
                   const std::vector<std::string>& empties = {}, Rules rules = {}) {
  std::string grid(49, '.');
  if (fill)
    for (int c = 0; c < 49; ++c) grid[static_cast<std::size_t>(c)] = ((c % 7) + (c / 7)) % 2 ? 'o' : 'y';
  for (const auto& e : empties) grid[static_cast<std::size_t>(cell(e))] = '.';
  for (const auto& p : pieces) grid[static_cast<std::size_t>(cell(p.substr(1)))] = p[0];
  std::string text;
  for (int row = 6; row >= 0; --row) {
    text += grid.substr(static_cast<std::size_t>(row * 7), 7);
    if (row) text += '/';
  }
  text += std::string(" ") + side + " " + std::to_string(first);
  return State::parse(rules, text);
}

inline std::vector<Move> moves_of(const State& s) {
  std::vector<Move> out;
  s.legal_moves(out);
  return out;
}

inline std::vector<Move> officer_moves_at(const State& s, const std::string& from) {
  std::vector<Move> out;
  for (const auto& m : moves_of(s))
    if (m.kind == Kind::Officer && m.from == cell(from)) out.push_back(m);
  return out;
}

inline Mask cells(const std::vector<std::string>& names) {
  Mask m = 0;
  for (const auto& n : names) m |= bit(cell(n));
  return m;
}

// --- Reference generator: every self-avoiding path, one cell or one jump at a time. ---
inline void reference_paths(const State& s, int cur, Mask visited, Mask captured, Mask jump, bool moved,
                            std::set<std::pair<Mask, int>>& out) {
  const Board& b = s.board();
  if (moved) out.insert({captured, cur});
  const Mask empty = s.empty();
  for (int d = 0; d < 4; ++d) {
    const int n = b.next[static_cast<std::size_t>(cur)][static_cast<std::size_t>(d)];
    if (n < 0 || (visited >> n & 1)) continue;
    if (empty >> n & 1) {
      reference_paths(s, n, visited | bit(n), captured, jump, true, out);
    } else if (jump >> n & 1) {
      const int z = b.next[static_cast<std::size_t>(n)][static_cast<std::size_t>(d)];
      if (z >= 0 && (empty >> z & 1) && !(visited >> z & 1))
        reference_paths(s, z, visited | bit(n) | bit(z), captured | bit(n), jump, true, out);
    }
  }
}

// Guard moves (T-05, T-06, with the first-turn rule T-11), written out cell by cell.
inline std::vector<Move> reference_moves_without_officers(const State& s) {
  std::vector<Move> out;
  if (s.outcome().over()) return out;
  const Board& b = s.board();
  const int p = s.to_move();
  for (int c = 0; c < 49; ++c) {
    if (!(s.guards(p) >> c & 1)) continue;
    for (int d = 0; d < 4; ++d) {
      const int n = b.next[static_cast<std::size_t>(c)][static_cast<std::size_t>(d)];
      if (n >= 0 && (s.guards(p) >> n & 1))
        out.push_back({0, static_cast<std::uint8_t>(c), static_cast<std::uint8_t>(n), Kind::Form});
    }
  }
  if (s.first_turns() < 2 && !out.empty()) return out;
  for (int c = 0; c < 49; ++c) {
    if (!(s.guards(p) >> c & 1)) continue;
    for (int d = 0; d < 4; ++d) {
      const int n = b.next[static_cast<std::size_t>(c)][static_cast<std::size_t>(d)];
      if (n >= 0 && (s.empty() >> n & 1))
        out.push_back({0, static_cast<std::uint8_t>(c), static_cast<std::uint8_t>(n), Kind::Step});
    }
  }
  return out;
}

inline std::vector<Move> reference_moves(const State& s) {
  std::vector<Move> out = reference_moves_without_officers(s);
  if (s.outcome().over()) return out;
  if (s.first_turns() < 2 && std::any_of(out.begin(), out.end(), [](const Move& m) { return m.kind == Kind::Form; }))
    return out;
  const int p = s.to_move();
  for (int c = 0; c < 49; ++c) {
    {
      if (!(s.officers(p) >> c & 1)) continue;
      std::set<std::pair<Mask, int>> ends;
      Mask jump = s.officers(1 - p) | (s.rules().jump_own ? s.officers(p) & ~bit(c) : 0);
      reference_paths(s, c, bit(c), 0, jump, false, ends);
      for (const auto& [captured, end] : ends)
        out.push_back({captured, static_cast<std::uint8_t>(c), static_cast<std::uint8_t>(end), Kind::Officer});
    }
  }
  return out;
}

inline auto key(const Move& m) { return std::tuple(static_cast<int>(m.kind), m.from, m.to, m.captured); }

inline std::vector<Move> sorted(std::vector<Move> v) {
  std::sort(v.begin(), v.end(), [](const Move& a, const Move& b) { return key(a) < key(b); });
  return v;
}

inline std::uint64_t reference_perft(const State& s, int depth) {
  if (depth == 0) return 1;
  if (s.outcome().over()) return 0;
  auto moves = reference_moves(s);
  std::uint64_t n = 0;
  for (const auto& m : moves) {
    State c = s;
    c.apply(m, nullptr);
    n += reference_perft(c, depth - 1);
  }
  return n;
}

inline Move parse(const State& s, const std::string& text) { return s.parse_move(text); }

}  // namespace strategic_test
