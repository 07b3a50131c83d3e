#pragma once
// Shared helpers for the Strata 7 tests: hand-built positions and a reference move generator written from
// the rules text (coordinates and the layout only, no precomputed tables) to cross-check the fast one.
#include <algorithm>
#include <cstdlib>
#include <set>
#include <string>
#include <utility>
#include <vector>

#include "core/text.hpp"
#include "games/strata7/state.hpp"

namespace strata7_test {

using strat::Events;
using namespace strat::strata7;

inline int cell(std::string_view name) {
  int col = 0, row = 0;
  if (!strat::parse_square(name, kCols, kRows, col, row)) std::abort();
  return cell_of(col, row);
}
inline std::string name(int c) { return strat::square_name(col_of(c), row_of(c)); }

// The board field of a position: the layout without its starting pieces, plus `pieces` ('W' 'B' 'S' 'T';
// W/B on an objective are written w/b automatically).
inline std::string board_field(std::vector<std::pair<std::string, char>> pieces) {
  const Board& b = board();
  std::string grid[kRows];
  for (int row = 0; row < kRows; ++row)
    for (int col = 0; col < kCols; ++col) {
      const int c = cell_of(col, row);
      char ch = '.';
      if (b.terrain[c] == Terrain::Off) ch = '#';
      else if (b.terrain[c] == Terrain::Obstacle) ch = 'X';
      else if (b.objective(c)) ch = static_cast<char>('0' + b.value[c]);
      grid[row].push_back(ch);
    }
  for (auto& [where, ch] : pieces) {
    const int c = cell(where);
    char put = ch;
    if (b.objective(c) && (ch == 'W' || ch == 'B')) put = static_cast<char>(ch - 'A' + 'a');
    grid[row_of(c)][static_cast<std::size_t>(col_of(c))] = put;
  }
  std::string out;
  for (int row = kRows - 1; row >= 0; --row) out += grid[row] + (row ? "/" : "");
  return out;
}

inline State position(std::vector<std::pair<std::string, char>> pieces, const std::string& rest = "w 0 0",
                      Rules rules = {}) {
  return State::parse(board_field(std::move(pieces)) + " " + rest, rules);
}

// The 14 White pieces of the start that stay home in hand-built positions needing all 20 White pieces.
inline std::vector<std::pair<std::string, char>> white_home_fillers() {
  std::vector<std::pair<std::string, char>> out;
  for (const char* c : {"c1", "d1", "f1", "g1", "h1", "c2", "d2", "e2", "f2", "g2", "h2", "i2", "a3", "b3"})
    out.push_back({c, 'W'});
  return out;
}

inline Events play(State& s, std::string_view move) {
  Events ev;
  s.apply(s.parse_move(move), &ev);
  return ev;
}

inline bool has_event(const Events& ev, const std::string& line) {
  return std::find(ev.begin(), ev.end(), line) != ev.end();
}

inline std::vector<std::string> legal(const State& s) {
  std::vector<Move> moves;
  s.legal_moves(moves);
  std::vector<std::string> out;
  for (const Move& m : moves) out.push_back(s.move_to_string(m));
  std::sort(out.begin(), out.end());
  return out;
}

inline bool is_legal(const State& s, const std::string& move) {
  auto l = legal(s);
  return std::find(l.begin(), l.end(), move) != l.end();
}

// ---- Reference move generator ----------------------------------------------------------------------------

inline bool ref_on(int col, int row) { return col >= 0 && col < kCols && row >= 0 && row < kRows; }

inline bool ref_may_stand(int side, int c) {  // A-03, A-04
  const Board& b = board();
  if (b.terrain[c] == Terrain::Plain) return true;
  return b.terrain[c] == Terrain::Objective && b.camp[c] != side;
}

inline bool ref_can_end(const State& s, int side, int c) {
  if (!ref_may_stand(side, c)) return false;
  if (s.at(c) == kEmpty) return true;
  return board().objective(c) && s.at(c) == single_of(side);
}

inline void ref_chain(const State& s, int side, int at, int vacated, std::vector<int>& path, std::set<int>& dest) {
  for (int dc = -1; dc <= 1; ++dc)
    for (int dr = -1; dr <= 1; ++dr) {
      if (!dc && !dr) continue;
      const int oc = col_of(at) + dc, orow = row_of(at) + dr, lc = oc + dc, lr = orow + dr;
      if (!ref_on(lc, lr)) continue;
      const int over = cell_of(oc, orow), land = cell_of(lc, lr);
      if (s.at(over) == kEmpty || over == vacated) continue;
      if (std::find(path.begin(), path.end(), land) != path.end()) continue;  // never lands twice
      if (!ref_can_end(s, side, land)) continue;
      dest.insert(land);
      if (board().objective(land)) continue;  // A-07
      path.push_back(land);
      ref_chain(s, side, land, vacated, path, dest);
      path.pop_back();
    }
}

inline void ref_piece(const State& s, int side, int from, int vacated, int forbidden, std::vector<std::string>& out) {
  const Board& b = board();
  std::set<int> dest;
  for (int dc = -1; dc <= 1; ++dc)
    for (int dr = -1; dr <= 1; ++dr) {
      if (!dc && !dr) continue;
      const int c = col_of(from) + dc, r = row_of(from) + dr;
      if (ref_on(c, r) && ref_can_end(s, side, cell_of(c, r))) dest.insert(cell_of(c, r));
    }
  std::vector<int> path{from};
  ref_chain(s, side, from, vacated, path, dest);
  dest.erase(forbidden);
  for (int to : dest) {
    const std::string base = name(from) + "-" + name(to);
    if (!(b.objective(to) && s.at(to) == single_of(side)) || s.reinforcement_wins(side, b.value[to])) {
      out.push_back(base);
      continue;
    }
    bool any = false;
    for (int dc = -1; dc <= 1; ++dc)
      for (int dr = -1; dr <= 1; ++dr) {
        const int c = col_of(to) + dc, r = row_of(to) + dr;
        if ((!dc && !dr) || !ref_on(c, r)) continue;
        const int n = cell_of(c, r);
        if (b.terrain[n] == Terrain::Plain && (s.at(n) == kEmpty || n == vacated)) {
          out.push_back(base + "+" + name(n));
          any = true;
        }
      }
    if (!any) out.push_back(base);
  }
}

inline std::vector<std::string> reference_moves(const State& s) {
  std::vector<std::string> out;
  if (s.outcome().over()) return out;
  const Board& b = board();
  const int p = s.to_move();
  if (s.placement_pending(p)) {
    for (int c = 0; c < kCells; ++c)
      if (b.terrain[c] == Terrain::Plain && s.at(c) == kEmpty) out.push_back("@" + name(c));
  } else {
    for (int c = 0; c < kCells; ++c) {
      if (s.at(c) != stack_of(p)) continue;
      if (b.objective(c)) {
        for (int dc = -1; dc <= 1; ++dc)
          for (int dr = -1; dr <= 1; ++dr) {
            const int col = col_of(c) + dc, r = row_of(c) + dr;
            if ((!dc && !dr) || !ref_on(col, r)) continue;
            const int n = cell_of(col, r);
            if (b.terrain[n] == Terrain::Plain && s.at(n) == kEmpty) out.push_back(name(c) + "-" + name(n));
          }
      } else {
        ref_piece(s, p, c, -1, s.stack_origin(c), out);
      }
    }
    if (out.empty())
      for (int c = 0; c < kCells; ++c)
        if (s.at(c) == single_of(p) && !b.objective(c)) ref_piece(s, p, c, c, -1, out);
  }
  if (out.empty()) out.push_back("pass");
  std::sort(out.begin(), out.end());
  return out;
}

inline std::uint64_t reference_perft(const State& s, int depth) {
  if (depth == 0) return 1;
  if (s.outcome().over()) return 0;
  std::uint64_t total = 0;
  for (const auto& m : reference_moves(s)) {
    if (depth == 1) {
      ++total;
      continue;
    }
    State child = s;
    child.apply(child.parse_move(m), nullptr);
    total += reference_perft(child, depth - 1);
  }
  return total;
}

}  // namespace strata7_test
