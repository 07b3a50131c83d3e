// Move generation (A-05..A-07, A-11..A-13, A-16, A-18). Jump chains are a breadth-first search over landing
// cells: the board does not change during a chain (only the jumping piece moves, and its start cell is
// treated as empty), so the cells reachable by chains that never land twice on a cell are exactly the cells
// the search reaches, each destination once.
#include <cstdint>

#include "games/strata7/state.hpp"

namespace strat::strata7 {

namespace {
// 100 cells fit in two words.
struct CellSet {
  std::uint64_t w[2] = {0, 0};
  bool has(int c) const { return (w[c >> 6] >> (c & 63)) & 1; }
  void add(int c) { w[c >> 6] |= std::uint64_t{1} << (c & 63); }
};
}  // namespace

void State::legal_moves(std::vector<Move>& out) const {
  out.clear();
  if (outcome_.over()) return;
  const Board& b = board();
  const int p = to_move_;
  if (hand_[p]) {  // the returned piece goes on any empty cell that is neither objective nor obstacle
    for (int i = 0; i < b.cell_count; ++i) {
      const int c = b.cells[static_cast<std::size_t>(i)];
      if (b.terrain[c] == Terrain::Plain && sq_[static_cast<std::size_t>(c)] == kEmpty) out.push_back(Move::place(c));
    }
    if (out.empty()) out.push_back(Move::pass());
    return;
  }
  if (stacks_[p]) {
    gen_obligations(out);
    if (!out.empty()) return;  // a possible step-off or separation is compulsory
  }
  const std::uint8_t mine = single_of(p);
  for (int i = 0; i < b.cell_count; ++i) {
    const int c = b.cells[static_cast<std::size_t>(i)];
    // An occupant cannot leave its objective alone.
    if (sq_[static_cast<std::size_t>(c)] == mine && !b.objective(c)) gen_piece(out, c, c, kNone);
  }
  if (out.empty()) out.push_back(Move::pass());
}

void State::gen_obligations(std::vector<Move>& out) const {
  const Board& b = board();
  const std::uint8_t stack = stack_of(to_move_);
  for (int i = 0; i < b.cell_count; ++i) {
    const int c = b.cells[static_cast<std::size_t>(i)];
    if (sq_[static_cast<std::size_t>(c)] != stack) continue;
    if (b.objective(c)) {  // postponed step-off: a step to an empty cell that is not an objective
      for (int k = 0; k < b.nbr_count[c]; ++k) {
        const int n = b.nbr[c][k];
        if (b.terrain[n] == Terrain::Plain && sq_[n] == kEmpty) out.push_back(Move::play(c, n));
      }
    } else {  // separation: the top piece steps or jumps, not back to the objective it left
      gen_piece(out, c, kNone, origin_[static_cast<std::size_t>(c)]);
    }
  }
}

// Moves of the piece on `from`. `vacated` is the cell the piece leaves empty (its start cell, or kNone when
// the top piece of a stack separates and the bottom one stays); `forbidden` is a cell it may not end on.
void State::gen_piece(std::vector<Move>& out, int from, int vacated, int forbidden) const {
  const Board& b = board();
  const int p = to_move_;
  const std::uint8_t mine = single_of(p);
  auto can_end = [&](int c) {
    const std::uint8_t v = sq_[static_cast<std::size_t>(c)];
    return v == kEmpty || (v == mine && b.objective(c));  // an empty cell, or reinforcement
  };
  CellSet dest, seen;
  seen.add(from);
  for (int k = 0; k < b.lib_count[p][from]; ++k) {  // steps
    const int n = b.lib[p][from][k];
    if (n == forbidden || !can_end(n)) continue;
    dest.add(n);
    add_destination(out, from, n, vacated);
  }
  std::uint8_t queue[kCells];
  int head = 0, tail = 0;
  queue[tail++] = static_cast<std::uint8_t>(from);
  while (head < tail) {  // jump chains
    const int c = queue[head++];
    const auto& overs = b.jump_over[p][c];
    const auto& lands = b.jump_land[p][c];
    for (int k = 0, n = b.jump_count[p][c]; k < n; ++k) {
      const int over = overs[k], land = lands[k];
      if (sq_[over] == kEmpty || over == vacated || seen.has(land) || !can_end(land)) continue;
      seen.add(land);
      if (land == forbidden) continue;
      if (!dest.has(land)) {
        dest.add(land);
        add_destination(out, from, land, vacated);
      }
      if (!b.objective(land)) queue[tail++] = static_cast<std::uint8_t>(land);
    }
  }
}

void State::add_destination(std::vector<Move>& out, int from, int to, int vacated) const {
  const Board& b = board();
  const int p = to_move_;
  if (!(b.objective(to) && sq_[static_cast<std::size_t>(to)] == single_of(p))) {
    out.push_back(Move::play(from, to));
    return;
  }
  // Reinforcement: one move per step-off cell; none when the points end the game or no cell is free.
  if (reinforcement_wins(p, b.value[to])) {
    out.push_back(Move::play(from, to));
    return;
  }
  const auto before = out.size();
  for (int k = 0; k < b.nbr_count[to]; ++k) {
    const int n = b.nbr[to][k];
    if (b.terrain[n] == Terrain::Plain && (sq_[n] == kEmpty || n == vacated)) out.push_back(Move::play(from, to, n));
  }
  if (out.size() == before) out.push_back(Move::play(from, to));
}

}  // namespace strat::strata7
