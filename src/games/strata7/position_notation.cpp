// Position notation (spec "Notation", extended as documented in docs/games/strata7.md):
//   <ten rows from 10 to 1, '/'-separated> <turn w|b> <White's score> <Bordeaux's score> <pending> <A-16>
//   [<plies without a point> <consecutive passes>]
// <pending> is '-' or a comma-separated list with one item per stack and per returned piece waiting to be
// placed: "step-off:c6" (a stack on objective c6 that could not step off yet), "separate:d7:c8" (a stack on d7
// that stepped off objective c8 and has not separated), "place:w" (White places a piece returned by A-16).
// <A-16> is '-', 'w', 'b' or 'wb': the sides whose score has reached 6 (A-16 used).
#include <algorithm>
#include <cstdlib>

#include "core/error.hpp"
#include "core/text.hpp"
#include "games/strata7/cells.hpp"
#include "games/strata7/state.hpp"

namespace strat::strata7 {

namespace {
int parse_side(std::string_view text) {
  if (text == "w") return kWhite;
  if (text == "b") return kBordeaux;
  return -1;
}
}  // namespace

// Friend of State: fills the private fields from text.
class PositionParser {
 public:
  static State parse(std::string_view text, Rules rules) {
    text = trim(text);
    if (text == "startpos") return State::start(rules);
    const auto fields = split_ws(text);
    if (fields.size() != 4 && fields.size() != 6 && fields.size() != 8)
      bad_input("position: expected 4, 6 or 8 space-separated fields, got " + std::to_string(fields.size()));
    State s;
    s.rules_ = rules;
    s.origin_.fill(kNone);
    parse_board(s, fields[0]);
    const int turn = parse_side(fields[1]);
    if (turn < 0) bad_input("position: side to move must be 'w' or 'b', not " + quoted(fields[1]));
    s.turn_ = static_cast<std::int8_t>(turn);
    for (int side = 0; side < 2; ++side) {
      unsigned long long v = 0;
      if (!parse_uint(fields[2 + side], v) || v > 8)
        bad_input(std::string("position: ") + State::player_name(side) + "'s score must be 0..8, not " +
                  quoted(fields[2 + side]));
      s.score_[side] = static_cast<std::uint8_t>(v);
    }
    if (fields.size() >= 6) {
      parse_pending(s, fields[4]);
      parse_a16(s, fields[5]);
    }
    if (fields.size() == 8) {
      unsigned long long q = 0, p = 0;
      if (!parse_uint(fields[6], q) || q > 1'000'000) bad_input("position: bad count of plies without a point " + quoted(fields[6]));
      if (!parse_uint(fields[7], p) || p > 1) bad_input("position: consecutive passes must be 0 or 1, not " + quoted(fields[7]));
      s.quiet_ = static_cast<int>(q);
      s.passes_ = static_cast<int>(p);
    }
    check(s);
    return s;
  }

 private:
  static void parse_board(State& s, std::string_view text) {
    const Board& b = board();
    const auto rows = split(text, '/');
    if (rows.size() != static_cast<std::size_t>(kRows))
      bad_input("position: the board needs 10 rows separated by '/', got " + std::to_string(rows.size()));
    for (int r = 0; r < kRows; ++r) {
      const std::string_view line = rows[static_cast<std::size_t>(r)];
      const int row = kRows - 1 - r;
      if (line.size() != static_cast<std::size_t>(kCols))
        bad_input("position: row " + std::to_string(row + 1) + " must have 10 characters, not " + quoted(line));
      for (int col = 0; col < kCols; ++col) {
        const int c = cell_of(col, row);
        const char ch = line[static_cast<std::size_t>(col)];
        const std::string where = " at " + cell_name(c);
        const Terrain t = b.terrain[c];
        auto expect = [&](bool ok, const char* what) {
          if (!ok) bad_input(std::string("position: '") + ch + "'" + where + " but that cell is " + what);
        };
        const char* kind = t == Terrain::Off ? "not on the board ('#')" : t == Terrain::Obstacle ? "an obstacle ('X')"
                           : t == Terrain::Objective ? "an objective" : "an ordinary cell";
        switch (ch) {
          case '#': expect(t == Terrain::Off, kind); break;
          case 'X': expect(t == Terrain::Obstacle, kind); break;
          case '.': expect(t == Terrain::Plain, kind); break;
          case '1': case '2': case '3':
            expect(t == Terrain::Objective && b.value[c] == ch - '0', kind);
            break;
          case 'W': case 'B':
            expect(t == Terrain::Plain, kind);
            s.put(c, single_of(ch == 'W' ? kWhite : kBordeaux));
            break;
          case 'w': case 'b':
            expect(t == Terrain::Objective, kind);
            s.put(c, single_of(ch == 'w' ? kWhite : kBordeaux));
            break;
          case 'S': case 'T':
            expect(t == Terrain::Plain || t == Terrain::Objective, kind);
            s.put(c, stack_of(ch == 'S' ? kWhite : kBordeaux));
            break;
          default: bad_input(std::string("position: unknown character '") + ch + "'" + where);
        }
        const int side = s.owner(c);
        if (side >= 0 && !b.enterable(side, c))
          bad_input("position: " + std::string(State::player_name(side)) + " piece on its own objective " +
                    cell_name(c) + " (A-04)");
      }
    }
    s.recount();
  }

  static void parse_pending(State& s, std::string_view text) {
    if (text == "-") return;
    const Board& b = board();
    for (std::string_view item : split(text, ',')) {
      const auto parts = split(item, ':');
      if (parts.size() == 2 && parts[0] == "place") {
        const int side = parse_side(parts[1]);
        if (side < 0) bad_input("position: bad pending item " + quoted(item) + " (place:w or place:b)");
        if (s.hand_[side]) bad_input("position: " + quoted(item) + " given twice");
        s.hand_[side] = 1;
      } else if (parts.size() == 2 && parts[0] == "step-off") {
        const int c = parse_cell(parts[1]);
        if (c < 0 || !is_stack(s.at(c)) || !b.objective(c))
          bad_input("position: " + quoted(item) + " does not name a stack on an objective");
        if (s.origin_[c] != kNone) bad_input("position: " + quoted(item) + " given twice");
        s.origin_[c] = static_cast<std::uint8_t>(c);  // marks the item as seen; cleared below
      } else if (parts.size() == 3 && parts[0] == "separate") {
        const int c = parse_cell(parts[1]), o = parse_cell(parts[2]);
        if (c < 0 || !is_stack(s.at(c)) || b.objective(c))
          bad_input("position: " + quoted(item) + " does not name a stack off the objectives");
        if (o < 0 || !b.objective(o) || b.camp[o] == s.owner(c) || std::max(std::abs(col_of(o) - col_of(c)),
                                                                             std::abs(row_of(o) - row_of(c))) != 1)
          bad_input("position: " + quoted(item) + ": the stack must have left an adjacent enemy objective");
        if (s.origin_[c] != kNone) bad_input("position: " + quoted(item) + " given twice");
        s.origin_[c] = static_cast<std::uint8_t>(o);
      } else {
        bad_input("position: unknown pending item " + quoted(item) + " (step-off:CELL, separate:CELL:OBJECTIVE, place:w|b)");
      }
    }
  }

  static void parse_a16(State& s, std::string_view text) {
    const bool w = text.find('w') != std::string_view::npos, bl = text.find('b') != std::string_view::npos;
    if (!(text == "-" || text == "w" || text == "b" || text == "wb"))
      bad_input("position: A-16 field must be -, w, b or wb, not " + quoted(text));
    for (int side = 0; side < 2; ++side)
      if ((side == 0 ? w : bl) != s.a16_used(side))
        bad_input(std::string("position: A-16 field ") + quoted(text) + " disagrees with the scores (A-16 is used "
                  "exactly when a score has reached 6)");
  }

  static void check(State& s) {
    const Board& b = board();
    for (int c = 0; c < kCells; ++c) {
      if (!is_stack(s.at(c))) continue;
      if (s.origin_[c] == kNone)
        bad_input("position: the stack on " + cell_name(c) + " needs its pending item (" +
                  (b.objective(c) ? "step-off:" + cell_name(c) : "separate:" + cell_name(c) + ":OBJECTIVE") + ")");
      if (b.objective(c)) s.origin_[c] = kNone;
    }
    for (int side = 0; side < 2; ++side) {
      if (s.on_board_[side] + s.hand_[side] > b.pieces_per_side)
        bad_input(std::string("position: ") + State::player_name(side) + " has more than " +
                  std::to_string(b.pieces_per_side) + " pieces");
      if (s.hand_[side] && !s.a16_used(side))
        bad_input(std::string("position: place:") + (side ? "b" : "w") + " but that side's score has not reached 6");
    }
    if (s.score_[0] >= 7 && s.score_[1] >= 7) bad_input("position: both sides have 7 points");
    for (int side = 0; side < 2; ++side)
      if (s.score_[side] >= 7) s.outcome_ = Outcome::win(side, "seven-points");
    if (!s.outcome_.over()) {
      const auto bad = s.units_meeting_a08();
      if (!bad.empty())
        bad_input("position: the piece on " + cell_name(bad.front()) +
                  " has no liberty and touches an enemy; it would already be taken (A-08)");
    }
    s.to_move_ = static_cast<std::int8_t>(s.hand_[1 - s.turn_] ? 1 - s.turn_ : s.turn_);
    if (s.passes_ >= 2) s.end_by_points("no-moves");
  }
};

State State::parse(std::string_view text, Rules rules) { return PositionParser::parse(text, rules); }

std::string State::pending_field() const {
  const Board& b = board();
  std::string out;
  auto add = [&](const std::string& item) { out += (out.empty() ? "" : ",") + item; };
  for (int i = 0; i < b.cell_count; ++i) {
    const int c = b.cells[static_cast<std::size_t>(i)];
    if (!is_stack(at(c))) continue;
    if (b.objective(c)) add("step-off:" + cell_name(c));
    else add("separate:" + cell_name(c) + ":" + cell_name(origin_[static_cast<std::size_t>(c)]));
  }
  if (hand_[0]) add("place:w");
  if (hand_[1]) add("place:b");
  return out.empty() ? "-" : out;
}

std::string State::to_string() const {
  const Board& b = board();
  std::string out;
  for (int row = kRows - 1; row >= 0; --row) {
    for (int col = 0; col < kCols; ++col) {
      const int c = cell_of(col, row);
      const std::uint8_t v = at(c);
      char ch = '.';
      switch (b.terrain[c]) {
        case Terrain::Off: ch = '#'; break;
        case Terrain::Obstacle: ch = 'X'; break;
        case Terrain::Plain: ch = v == kEmpty ? '.' : is_stack(v) ? "ST"[owner_of(v)] : "WB"[owner_of(v)]; break;
        case Terrain::Objective:
          ch = v == kEmpty ? static_cast<char>('0' + b.value[c]) : is_stack(v) ? "ST"[owner_of(v)] : "wb"[owner_of(v)];
          break;
      }
      out.push_back(ch);
    }
    if (row > 0) out.push_back('/');
  }
  std::string a16;
  if (a16_used(0)) a16 += 'w';
  if (a16_used(1)) a16 += 'b';
  out += std::string(" ") + "wb"[turn_] + " " + std::to_string(score_[0]) + " " + std::to_string(score_[1]) + " " +
         pending_field() + " " + (a16.empty() ? "-" : a16) + " " + std::to_string(quiet_) + " " +
         std::to_string(passes_);
  return out;
}

}  // namespace strat::strata7
