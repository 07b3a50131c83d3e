#include "games/strata7/board.hpp"

#include <string>

#include "core/error.hpp"

namespace strat::strata7 {

const char* const kLayoutDiagram =
    "##BBB3BB##/"
    "#BBBBBBB.#/"
    "BB2BBBB2BB/"
    "XX..XX..XX/"
    "X.1....1.X/"
    "X.1....1.X/"
    "XX..XX..XX/"
    "WW2WWWW2WW/"
    "#.WWWWWWW#/"
    "##WW3WWW##";

Board Board::from_diagram(std::string_view diagram) {
  std::string flat;
  for (char ch : diagram)
    if (ch != ' ' && ch != '/' && ch != '\n') flat.push_back(ch);
  if (flat.size() != static_cast<std::size_t>(kCells)) bad_input("board diagram must have 100 cells");
  Board b;
  int pieces[2] = {0, 0};
  for (int i = 0; i < kCells; ++i) {
    const int row = kRows - 1 - i / kCols, col = i % kCols, c = cell_of(col, row);
    const char ch = flat[static_cast<std::size_t>(i)];
    b.camp[c] = row < kRows / 2 ? 0 : 1;
    b.start[c] = -1;
    switch (ch) {
      case '#': b.terrain[c] = Terrain::Off; break;
      case 'X': b.terrain[c] = Terrain::Obstacle; break;
      case '.': b.terrain[c] = Terrain::Plain; break;
      case '1': case '2': case '3':
        b.terrain[c] = Terrain::Objective;
        b.value[c] = static_cast<std::uint8_t>(ch - '0');
        break;
      case 'W': case 'B':
        b.terrain[c] = Terrain::Plain;
        b.start[c] = ch == 'W' ? 0 : 1;
        ++pieces[b.start[c]];
        break;
      default: bad_input(std::string("bad board diagram character '") + ch + "'");
    }
  }
  if (pieces[0] != pieces[1]) bad_input("board diagram gives the two sides different numbers of pieces");
  b.pieces_per_side = pieces[0];
  static constexpr int dc[8] = {-1, 0, 1, -1, 1, -1, 0, 1};
  static constexpr int dr[8] = {-1, -1, -1, 0, 0, 1, 1, 1};
  auto on = [&](int col, int row) { return col >= 0 && col < kCols && row >= 0 && row < kRows; };
  for (int c = 0; c < kCells; ++c) {
    if (!b.exists(c)) continue;
    b.cells[static_cast<std::size_t>(b.cell_count++)] = static_cast<std::uint8_t>(c);
    for (int k = 0; k < 8; ++k) {
      const int col = col_of(c) + dc[k], row = row_of(c) + dr[k];
      if (!on(col, row)) continue;
      const int n = cell_of(col, row);
      // Obstacles are never entered or jumped over (A-03), and never hold a piece.
      if (b.terrain[n] == Terrain::Off || b.terrain[n] == Terrain::Obstacle) continue;
      b.nbr[c][b.nbr_count[c]++] = static_cast<std::uint8_t>(n);
      for (int s = 0; s < 2; ++s)
        if (b.enterable(s, n)) b.lib[s][c][b.lib_count[s][c]++] = static_cast<std::uint8_t>(n);
      const int col2 = col + dc[k], row2 = row + dr[k];
      if (!on(col2, row2)) continue;
      const int land = cell_of(col2, row2);
      if (b.terrain[land] == Terrain::Off || b.terrain[land] == Terrain::Obstacle) continue;
      for (int s = 0; s < 2; ++s) {
        if (!b.enterable(s, land)) continue;
        b.jump_over[s][c][b.jump_count[s][c]] = static_cast<std::uint8_t>(n);
        b.jump_land[s][c][b.jump_count[s][c]++] = static_cast<std::uint8_t>(land);
      }
    }
  }
  for (int c = 0; c < kCells; ++c)
    if (b.start[c] >= 0 && !b.enterable(b.start[c], c)) bad_input("a starting piece stands on a cell it may not enter");
  return b;
}

const Board kBoard = Board::from_diagram(kLayoutDiagram);

}  // namespace strat::strata7
