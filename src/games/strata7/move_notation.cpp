// Move notation: `e3-e4`, `c1-c5` or `c1-c3-c5` (a jump chain, path checked when listed), `d6-c6+d7`
// (reinforcement and step-off), `@e2` (A-16 placement), `pass`. Parsing checks legality and explains
// the most likely mistake in one line.
#include <algorithm>
#include <cstdlib>

#include "core/error.hpp"
#include "core/text.hpp"
#include "games/strata7/cells.hpp"
#include "games/strata7/state.hpp"

namespace strat::strata7 {

std::string State::move_to_string(const Move& m) const {
  switch (m.kind) {
    case Move::Pass: return "pass";
    case Move::Place: return "@" + cell_name(m.to);
    case Move::Play: break;
  }
  std::string out = cell_name(m.from) + "-" + cell_name(m.to);
  if (m.off != kNone) out += "+" + cell_name(m.off);
  return out;
}

std::vector<std::string> State::move_cells(const Move& m) const {
  switch (m.kind) {
    case Move::Pass: return {};
    case Move::Place: return {cell_name(m.to)};
    case Move::Play: break;
  }
  return {cell_name(m.from), cell_name(m.to)};
}

Move State::parse_move(std::string_view input) const {
  const std::string_view text = trim(input);
  auto fail = [&](const std::string& why) -> Move { bad_input("illegal move " + quoted(text) + ": " + why); };
  if (outcome_.over()) fail("the game is over");
  std::vector<Move> legal;
  legal_moves(legal);
  auto is_legal = [&](const Move& m) { return std::find(legal.begin(), legal.end(), m) != legal.end(); };
  const int p = to_move_;
  if (text == "pass") {
    if (is_legal(Move::pass())) return Move::pass();
    fail("passing is allowed only without any legal move (A-18)");
  }
  if (hand_[p] && (text.empty() || text[0] != '@'))
    fail(std::string(player_name(p)) + " must first place the piece returned by A-16 (@CELL)");
  if (!text.empty() && text[0] == '@') {
    const int c = parse_cell(text.substr(1));
    if (c < 0) fail("expected @CELL with a cell of the board");
    if (!hand_[p]) fail("no returned piece to place (A-16)");
    if (is_legal(Move::place(c))) return Move::place(c);
    fail(cell_name(c) + " is not an empty ordinary cell");
  }
  std::string_view path = text, off_text;
  if (auto plus = text.find('+'); plus != std::string_view::npos) {
    path = text.substr(0, plus);
    off_text = text.substr(plus + 1);
  }
  const auto parts = split(path, '-');
  if (parts.size() < 2) fail("expected FROM-TO, FROM-...-TO, FROM-TO+CELL, @CELL or pass");
  std::vector<int> cells;
  for (auto part : parts) {
    const int c = parse_cell(part);
    if (c < 0) fail(quoted(part) + " is not a cell of the board");
    cells.push_back(c);
  }
  int off = kNone;
  if (path.size() != text.size()) {
    off = parse_cell(off_text);
    if (off < 0) fail("the step-off after '+' must be a cell of the board");
  }
  const int from = cells.front(), to = cells.back();
  const Board& b = board();
  const std::uint8_t v = at(from);
  if (b.terrain[from] == Terrain::Obstacle) fail(cell_name(from) + " is an obstacle");
  if (v == kEmpty) fail(cell_name(from) + " is empty");
  if (owner_of(v) != p) fail(cell_name(from) + " holds a " + player_name(owner_of(v)) + " piece");
  const Move m = Move::play(from, to, off);
  if (cells.size() > 2) {
    // A listed chain: every hop must be a jump over a piece to a free cell, never landing twice (A-06, A-07).
    const bool separating = is_stack(v) && !b.objective(from);
    std::vector<int> landed{from};
    for (std::size_t i = 1; i < cells.size(); ++i) {
      const int a = cells[i - 1], c = cells[i];
      const int dc = col_of(c) - col_of(a), dr = row_of(c) - row_of(a);
      const bool line = (std::abs(dc) == 2 || dc == 0) && (std::abs(dr) == 2 || dr == 0) && (dc || dr);
      const int over = line ? cell_of(col_of(a) + dc / 2, row_of(a) + dr / 2) : -1;
      if (over < 0 || at(over) == kEmpty || (over == from && !separating))
        fail(cell_name(a) + "-" + cell_name(c) + " is not a jump over a piece");
      if (std::find(landed.begin(), landed.end(), c) != landed.end())
        fail("the chain lands twice on " + cell_name(c));
      if (i + 1 < cells.size() && b.objective(c)) fail("a chain ends when it lands on an objective (A-07)");
      if (i + 1 < cells.size() && (at(c) != kEmpty || !b.enterable(p, c)))
        fail("the chain cannot land on " + cell_name(c));
      landed.push_back(c);
    }
  }
  if (is_legal(m)) return m;
  // Explain the most likely mistake.
  if (is_legal(Move::play(from, to))) fail("no step-off here: write " + cell_name(from) + "-" + cell_name(to));
  for (const Move& l : legal)
    if (l.kind == Move::Play && l.from == from && l.to == to) {
      if (off == kNone) fail("the reinforcing stack must step off: add +CELL (A-12)");
      fail(cell_name(off) + " is not a free ordinary cell next to " + cell_name(to) + " (A-12)");
    }
  if (stacks_[p] && !legal.empty() && legal.front().kind == Move::Play && is_stack(at(legal.front().from)) &&
      legal.front().from != from)
    fail("a stack must first step off or separate (" + move_to_string(legal.front()) + ", A-12/A-13)");
  if (b.objective(from) && !is_stack(v)) fail("an occupant cannot leave its objective alone (A-11)");
  if (!b.enterable(p, to)) fail(cell_name(to) + " may not be entered (A-03/A-04)");
  if (at(to) != kEmpty && !(b.objective(to) && at(to) == single_of(p))) fail(cell_name(to) + " is occupied");
  return fail(cell_name(to) + " cannot be reached from " + cell_name(from));
}

}  // namespace strat::strata7
