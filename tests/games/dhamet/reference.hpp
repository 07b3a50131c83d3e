#pragma once
// A deliberately simple, independent Dhamet move generator for cross-checking the engine: a 9x9 char grid,
// direction vectors, recursion on copies of the grid, moves as notation strings. It shares no code with
// src/games/dhamet (not even the geometry), and is written straight from ../shared/rules/dhamet.md.
#include <algorithm>
#include <array>
#include <cstdint>
#include <string>
#include <vector>

namespace dhamet_ref {

struct Pos {
  std::array<std::array<char, 9>, 9> g;  // g[col][row], row 0 = row 1
  bool white_to_move = true;
};

inline Pos parse(const std::string& text) {
  Pos p;
  int row = 8, col = 0;
  std::size_t i = 0;
  for (; i < text.size() && text[i] != ' '; ++i) {
    if (text[i] == '/') {
      --row;
      col = 0;
      continue;
    }
    p.g[col++][row] = text[i];
  }
  p.white_to_move = text[i + 1] == 'w';
  return p;
}

inline std::string to_text(const Pos& p) {
  std::string out;
  for (int row = 8; row >= 0; --row) {
    for (int col = 0; col < 9; ++col) out += p.g[col][row];
    if (row > 0) out += '/';
  }
  return out + (p.white_to_move ? " w" : " b");
}

inline bool on_board(int c, int r) { return c >= 0 && c < 9 && r >= 0 && r < 9; }
inline bool open_point(int c, int r) { return (c + 1 + r + 1) % 2 == 0; }  // spec: column number + row number even
inline std::string name(int c, int r) { return std::string(1, static_cast<char>('a' + c)) + std::to_string(r + 1); }
inline bool mine(char piece, bool white) { return white ? (piece == 'w' || piece == 'W') : (piece == 'b' || piece == 'B'); }

const int kDirs[8][2] = {{0, 1}, {0, -1}, {1, 0}, {-1, 0}, {1, 1}, {-1, 1}, {1, -1}, {-1, -1}};

struct Seq {
  std::string text;
  int captured;
};

// All complete capture sequences of the piece now standing (removed from the grid) at (c, r).
inline void captures(std::array<std::array<char, 9>, 9> g, bool white, bool sultan, int c, int r, const std::string& text,
                     int captured, std::vector<Seq>& out) {
  bool more = false;
  for (const auto& d : kDirs) {
    const int dc = d[0], dr = d[1];
    if (dc != 0 && dr != 0 && !open_point(c, r)) continue;
    int k = 1;
    if (sultan)
      while (on_board(c + k * dc, r + k * dr) && g[c + k * dc][r + k * dr] == '.') ++k;
    const int oc = c + k * dc, orow = r + k * dr;  // the piece jumped
    const int lc = oc + dc, lr = orow + dr;        // the landing point, directly beyond it
    if (!on_board(oc, orow) || !on_board(lc, lr)) continue;
    const char over = g[oc][orow];
    if (over == '.' || mine(over, white) || g[lc][lr] != '.') continue;
    more = true;
    auto next = g;
    next[oc][orow] = '.';  // removed at once (D-10)
    captures(next, white, sultan, lc, lr, text + "x" + name(lc, lr), captured + 1, out);
  }
  if (!more && captured > 0) out.push_back({text, captured});
}

inline std::vector<std::string> legal(const Pos& p) {
  const bool white = p.white_to_move;
  std::vector<Seq> seqs;
  std::vector<std::string> steps;
  for (int c = 0; c < 9; ++c)
    for (int r = 0; r < 9; ++r) {
      const char piece = p.g[c][r];
      if (!mine(piece, white)) continue;
      const bool sultan = piece == 'W' || piece == 'B';
      auto g = p.g;
      g[c][r] = '.';
      captures(g, white, sultan, c, r, name(c, r), 0, seqs);
      for (const auto& d : kDirs) {
        const int dc = d[0], dr = d[1];
        if (dc != 0 && dr != 0 && !open_point(c, r)) continue;
        if (!sultan) {
          if (dc == 0 && dr == 0) continue;
          if (dr != (white ? 1 : -1)) continue;  // men: forward only, never along a row
          if (on_board(c + dc, r + dr) && p.g[c + dc][r + dr] == '.') steps.push_back(name(c, r) + "-" + name(c + dc, r + dr));
        } else {
          for (int k = 1; on_board(c + k * dc, r + k * dr) && p.g[c + k * dc][r + k * dr] == '.'; ++k)
            steps.push_back(name(c, r) + "-" + name(c + k * dc, r + k * dr));
        }
      }
    }
  std::vector<std::string> out;
  if (!seqs.empty()) {
    int most = 0;
    for (const auto& s : seqs) most = std::max(most, s.captured);
    for (const auto& s : seqs)
      if (s.captured == most) out.push_back(s.text);
  } else {
    out = steps;
  }
  std::sort(out.begin(), out.end());
  return out;
}

// Plays a move given in full notation (as legal() writes it).
inline Pos play(const Pos& p, const std::string& move) {
  Pos q = p;
  std::vector<std::pair<int, int>> pts;
  for (std::size_t i = 0; i < move.size();) {
    const int c = move[i] - 'a';
    std::size_t j = i + 1;
    while (j < move.size() && move[j] >= '0' && move[j] <= '9') ++j;
    pts.push_back({c, std::stoi(move.substr(i + 1, j - i - 1)) - 1});
    i = j + 1;
  }
  const char piece = q.g[pts[0].first][pts[0].second];
  q.g[pts[0].first][pts[0].second] = '.';
  const bool capture = move.find('x') != std::string::npos;
  for (std::size_t i = 1; capture && i < pts.size(); ++i) {
    // The one piece between the previous point and the landing point is the captured one.
    const int dc = (pts[i].first > pts[i - 1].first) - (pts[i].first < pts[i - 1].first);
    const int dr = (pts[i].second > pts[i - 1].second) - (pts[i].second < pts[i - 1].second);
    for (int c = pts[i - 1].first + dc, r = pts[i - 1].second + dr; c != pts[i].first || r != pts[i].second;
         c += dc, r += dr)
      q.g[c][r] = '.';
  }
  char placed = piece;
  const int end_row = pts.back().second;
  if (piece == 'w' && end_row == 8) placed = 'W';
  if (piece == 'b' && end_row == 0) placed = 'B';
  q.g[pts.back().first][pts.back().second] = placed;
  q.white_to_move = !p.white_to_move;
  return q;
}

// Leaf count, ignoring the draw rules (the callers use depths and positions where they cannot apply).
inline std::uint64_t perft(const Pos& p, int depth) {
  if (depth == 0) return 1;
  const auto moves = legal(p);
  if (depth == 1) return moves.size();
  std::uint64_t n = 0;
  for (const auto& m : moves) n += perft(play(p, m), depth - 1);
  return n;
}

}  // namespace dhamet_ref
