#pragma once
// The static battlefield of Strata 7 (A-01..A-04): which cells exist, obstacles, objectives with their values
// and camps, the starting pieces, and precomputed neighbour and jump tables. Built from a diagram so the
// original layout can replace our reconstruction without touching any rule code.
#include <array>
#include <cstdint>
#include <string_view>

namespace strat::strata7 {

constexpr int kCols = 10, kRows = 10, kCells = kCols * kRows;
constexpr std::uint8_t kNone = 255;
constexpr int kWhite = 0, kBordeaux = 1;

enum class Terrain : std::uint8_t { Off, Obstacle, Plain, Objective };

inline int cell_of(int col, int row) { return row * kCols + col; }
inline int col_of(int cell) { return cell % kCols; }
inline int row_of(int cell) { return cell / kCols; }

struct Board {
  std::array<Terrain, kCells> terrain{};
  std::array<std::uint8_t, kCells> value{};  // objective points (0 elsewhere)
  std::array<std::int8_t, kCells> camp{};    // 0: White's camp (rows 1-5), 1: Bordeaux's (rows 6-10)
  std::array<std::int8_t, kCells> start{};   // starting piece owner, -1 for none
  int pieces_per_side = 0;
  // Cells that exist (not '#'), in index order (a1, b1, ..., j10).
  std::array<std::uint8_t, kCells> cells{};
  int cell_count = 0;
  // Neighbours in the 8 directions that exist and are not obstacles.
  std::array<std::array<std::uint8_t, 8>, kCells> nbr{};
  std::array<std::uint8_t, kCells> nbr_count{};
  // Neighbours a piece of side s may step to when empty: a piece's potential liberties.
  std::array<std::array<std::array<std::uint8_t, 8>, kCells>, 2> lib{};
  std::array<std::array<std::uint8_t, kCells>, 2> lib_count{};
  // Jumps a piece of side s may make from a cell: the adjacent cell jumped over and the landing cell beyond,
  // which side s may stand on.
  std::array<std::array<std::array<std::uint8_t, 8>, kCells>, 2> jump_over{}, jump_land{};
  std::array<std::array<std::uint8_t, kCells>, 2> jump_count{};

  bool exists(int c) const { return terrain[c] != Terrain::Off; }
  bool objective(int c) const { return terrain[c] == Terrain::Objective; }
  // side s may ever stand on c.
  bool enterable(int side, int c) const {
    return terrain[c] == Terrain::Plain || (terrain[c] == Terrain::Objective && camp[c] != side);
  }

  // Parses a diagram: ten rows from row 10 down to row 1, each ten characters of "#X123WB." (spaces ignored,
  // rows separated by '/' or newlines). Throws BadInput if malformed.
  static Board from_diagram(std::string_view diagram);
};

// The layout of A-02 (our reconstruction).
extern const char* const kLayoutDiagram;
// The board every game uses (a global rather than a function-local static: board() sits in every hot loop).
extern const Board kBoard;
inline const Board& board() { return kBoard; }

}  // namespace strat::strata7
