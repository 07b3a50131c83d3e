// Move notation (spec "Notation"): steps d4-e5, captures f6xd4, sequences e5xc5xa5 listing every landing
// point, start-and-end input (e5xa5) when it identifies one legal move. Huffing variant: a huff is written
// before the move as h:POINT followed by a comma, e.g. h:d4,c5-c6 (h:d4 alone when it removes the last piece).
#include <algorithm>

#include "core/error.hpp"
#include "core/text.hpp"
#include "games/dhamet/state.hpp"

namespace strat::dhamet {

std::string point_name(int p) { return square_name(col_of(p), row_of(p)); }

int parse_point(std::string_view text) {
  int col = 0, row = 0;
  if (!parse_square(text, kSide, kSide, col, row)) return -1;
  return point(col, row);
}

std::string move_text(const Move& m) {
  std::string out;
  if (m.huff != kNone) out = "h:" + point_name(m.huff) + (m.n ? "," : "");
  if (!m.n) return out;
  out += point_name(m.from);
  for (int i = 0; i < m.n; ++i) out += (m.caps ? "x" : "-") + point_name(m.path[i]);
  return out;
}

std::string State::move_to_string(const Move& m) const { return move_text(m); }

std::vector<std::string> State::move_cells(const Move& m) const {
  std::vector<std::string> out;
  if (!m.n) return out;
  out.push_back(point_name(m.from));
  for (int i = 0; i < m.n; ++i) out.push_back(point_name(m.path[i]));
  return out;
}

namespace {
std::string list_moves(const std::vector<Move>& moves, std::size_t limit = 12) {
  std::vector<std::string> names;
  for (const auto& m : moves) names.push_back(move_text(m));
  std::sort(names.begin(), names.end());
  std::string out;
  for (std::size_t i = 0; i < names.size() && i < limit; ++i) out += (i ? ", " : "") + names[i];
  if (names.size() > limit) out += ", ... (" + std::to_string(names.size()) + " in all)";
  return out;
}
}  // namespace

Move State::parse_move(std::string_view input) const {
  const std::string_view text = trim(input);
  const std::string q = quoted(text);
  auto fail = [&](const std::string& why) -> Move { bad_input("illegal move " + q + ": " + why); };
  if (text.empty()) bad_input("empty move");
  if (outcome_.over()) fail("the game is over");

  std::string_view rest = text;
  int huff = kNone;
  if (rest.substr(0, 2) == "h:") {
    if (!rules_.huffing) fail("huffs (h:POINT,...) exist only in the huffing variant (D-11)");
    const auto comma = rest.find(',');
    const auto name = rest.substr(2, comma == std::string_view::npos ? std::string_view::npos : comma - 2);
    huff = parse_point(name);
    if (huff < 0) fail("bad huffed point " + quoted(name));
    if (!has(b_.huffable, huff))
      fail(point_name(huff) + " may not be huffed" +
           (b_.huffable ? "" : " (the last move was not an incomplete capture)"));
    rest = comma == std::string_view::npos ? std::string_view{} : rest.substr(comma + 1);
  }

  std::vector<int> points;
  bool capture = false, step = false;
  if (!rest.empty()) {
    std::size_t start = 0;
    for (std::size_t i = 0; i <= rest.size(); ++i) {
      if (i < rest.size() && rest[i] != '-' && rest[i] != 'x') continue;
      const auto name = rest.substr(start, i - start);
      const int p = parse_point(name);
      if (p < 0) fail(name.empty() ? std::string("missing point") : "bad point " + quoted(name) + " (a1..i9)");
      points.push_back(p);
      if (i < rest.size()) (rest[i] == 'x' ? capture : step) = true;
      start = i + 1;
    }
    if (points.size() < 2) fail("expected FROM-TO or FROMxTO[x...]");
    if (capture && step) fail("mixes steps (-) and captures (x)");
    if (step && points.size() != 2) fail("a step goes to one adjacent point (FROM-TO)");
  }

  std::vector<Move> legal;
  dhamet::legal_moves(b_, rules_, legal);
  std::vector<Move> ends;
  for (const Move& m : legal) {
    if (m.huff != huff) continue;
    if (points.empty()) {
      if (!m.n) return m;
      continue;
    }
    if (!m.n || m.from != points[0] || m.capture() != capture) continue;
    if (m.to() == points.back()) ends.push_back(m);
    if (m.n + 1 != static_cast<int>(points.size())) continue;
    bool same = true;
    for (int i = 0; i < m.n; ++i) same = same && m.path[i] == points[i + 1];
    if (same) return m;
  }
  if (points.empty()) fail("the huff alone is legal only when it removes the last piece; add the move after a comma");
  if (capture && points.size() == 2) {
    if (ends.size() == 1) return ends.front();
    if (ends.size() > 1) fail("ambiguous, candidates: " + list_moves(ends, 50));
  }

  // Say why the move is not legal.
  Board b = b_;
  if (huff != kNone) b.put(huff, '.');
  const int from = points[0];
  const char piece = b.at(from);
  if (piece == '.') fail(point_name(from) + " is empty");
  const int owner = (piece == 'w' || piece == 'W') ? kWhite : kBlack;
  if (owner != b.side) fail(point_name(from) + " holds a " + player_name(owner) + " piece; " + player_name(b.side) + " is to move");
  if (!rules_.huffing) {
    const int most = max_capture(b);
    if (most > 0 && !capture) fail("a capture is compulsory (D-08): " + list_moves(legal));
    if (most > 0 && static_cast<int>(points.size()) - 1 < most)
      fail("the greatest capture takes " + std::to_string(most) + " pieces and is compulsory (D-09): " + list_moves(legal));
  }
  std::vector<Move> mine;
  for (const Move& m : legal)
    if (m.n && m.from == from && m.huff == huff) mine.push_back(m);
  const std::string what = std::string(piece == 'w' || piece == 'b' ? "man" : "Sultan") + " on " + point_name(from);
  if (mine.empty()) fail("the " + what + " has no legal move");
  return fail("not a legal move of the " + what + " (legal: " + list_moves(mine) + ")");
}

}  // namespace strat::dhamet
