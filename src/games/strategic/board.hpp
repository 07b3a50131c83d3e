#pragma once
// The Strategic board as data (T-01): a grid of at most 64 cells, each one either a "round" cell (dealt a Guard
// at the start), a cell left empty at the start, or no cell at all. Everything else in the game works on 64-bit
// masks over this grid, so another layout is only another description (docs/games/strategic.md, "Board files").
#include <array>
#include <bit>
#include <cstdint>
#include <string>
#include <string_view>

namespace strat::strategic {

using Mask = std::uint64_t;

inline constexpr Mask bit(int cell) { return Mask{1} << cell; }
inline int lowest(Mask m) { return std::countr_zero(m); }
inline int count(Mask m) { return std::popcount(m); }

// Directions: north (+1 row), east (+1 column), south, west. opposite(d) == d ^ 2.
enum Dir : int { kNorth = 0, kEast = 1, kSouth = 2, kWest = 3 };
inline constexpr int opposite(int d) { return d ^ 2; }

struct Board {
  int cols = 0, rows = 0;
  Mask on = 0;     // cells that exist
  Mask round = 0;  // cells dealt a Guard at the start
  std::array<Mask, 4> can{};                  // cells whose neighbour in direction d exists
  std::array<int, 4> shift{};                 // index offset of one step in direction d
  std::array<std::array<std::int8_t, 4>, 64> next{};  // neighbour cell in direction d, or -1
  std::string description;                    // the text this board was built from

  int index(int col, int row) const { return row * cols + col; }
  int col(int cell) const { return cell % cols; }
  int row(int cell) const { return cell / cols; }
  bool exists(int cell) const { return cell >= 0 && cell < 64 && (on >> cell & 1); }
  std::string name(int cell) const;
  int pieces_per_side() const { return count(round) / 2; }

  // Every cell of `m` moved one step in direction d (cells with no neighbour there drop out).
  Mask step(Mask m, int d) const {
    m &= can[d];
    return shift[d] > 0 ? m << shift[d] : m >> -shift[d];
  }
  Mask neighbours(Mask m) const { return step(m, 0) | step(m, 1) | step(m, 2) | step(m, 3); }
  // Cells of `allowed` connected to `seed` through cells of `allowed` (seed cells themselves only if allowed).
  Mask flood(Mask seed, Mask allowed) const {
    Mask reached = 0, frontier = neighbours(seed) & allowed;
    while (frontier) {
      reached |= frontier;
      frontier = neighbours(frontier) & allowed & ~reached;
    }
    return reached;
  }

  // Parses a board description (format in docs/games/strategic.md); throws BadInput naming the bad line.
  static Board parse(std::string_view text, std::string_view where);
  // The standard board of T-01: 7x7, every cell round except the centre d4.
  static const Board& standard();
  // A board from a description file, interned for the life of the program (states keep a plain pointer).
  static const Board& load_file(const std::string& path);
};

}  // namespace strat::strategic
