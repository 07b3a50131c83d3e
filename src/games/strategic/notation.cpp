// Move notation (spec "Notation"): Guard step c3-c4, forming c3+c4, Officer paths b2-b5xd5-e5.
//
// Canonical path of an Officer move (what move_to_string writes): among all paths with the move's start, end
// and captured set, the one with the fewest legs (written points), and among those the one whose sequence of
// written cells is smallest, cells compared by column then row. Written points are exactly the turning
// points, the landing cells of jumps and the end (a leg never continues straight on after a plain leg).
#include <algorithm>

#include "core/error.hpp"
#include "core/text.hpp"
#include "games/strategic/movegen.hpp"
#include "games/strategic/state.hpp"

namespace strat::strategic {

namespace {

struct Leg {
  int to, dir;
  bool jump;
  Mask cells;  // every cell the leg uses, jumped Officer included
};

class CanonicalPath {
 public:
  CanonicalPath(const Board& b, Mask empty, const Move& m) : b_(b), empty_(empty), m_(m) {}

  std::string text() {
    for (int legs = 1; legs <= 64; ++legs) {
      points_.assign(1, m_.from);
      jumps_.clear();
      if (search(m_.from, bit(m_.from), m_.captured, -1, false, legs)) {
        std::string out = b_.name(m_.from);
        for (std::size_t i = 0; i < jumps_.size(); ++i) out += (jumps_[i] ? "x" : "-") + b_.name(points_[i + 1]);
        return out;
      }
    }
    return b_.name(m_.from) + "-" + b_.name(m_.to);  // unreachable for a legal move
  }

 private:
  bool search(int cur, Mask visited, Mask left, int prev_dir, bool prev_jump, int legs) {
    if (cur == m_.to && left == 0) return true;
    if (legs == 0) return false;
    const int cc = b_.col(cur), cr = b_.row(cur), ec = b_.col(m_.to), er = b_.row(m_.to);
    const int lower = left ? count(left) : (cc == ec || cr == er ? 1 : 2);
    if (lower > legs) return false;
    const Mask r = reach(b_, cur, visited, empty_, left);
    if (!(r & bit(m_.to)) || (left & ~r)) return false;
    Leg legs_here[64];
    int n = 0;
    const Mask free = empty_ & ~visited;
    for (int d = 0; d < 4; ++d) {
      if (prev_dir >= 0 && (d == opposite(prev_dir) || (!prev_jump && d == prev_dir))) continue;
      Mask run = 0;
      for (int c = cur;;) {
        const int next = b_.next[static_cast<std::size_t>(c)][static_cast<std::size_t>(d)];
        if (next < 0) break;
        if (free >> next & 1) {
          run |= bit(next);
          legs_here[n++] = {next, d, false, run};
          c = next;
          continue;
        }
        if (left >> next & 1) {
          const int land = b_.next[static_cast<std::size_t>(next)][static_cast<std::size_t>(d)];
          if (land >= 0 && (free >> land & 1)) legs_here[n++] = {land, d, true, run | bit(next) | bit(land)};
        }
        break;
      }
    }
    std::sort(legs_here, legs_here + n, [&](const Leg& a, const Leg& c) {
      return std::pair(b_.col(a.to), b_.row(a.to)) < std::pair(b_.col(c.to), b_.row(c.to));
    });
    for (int i = 0; i < n; ++i) {
      const Leg& l = legs_here[i];
      points_.push_back(l.to);
      jumps_.push_back(l.jump);
      if (search(l.to, visited | l.cells, left & ~l.cells, l.dir, l.jump, legs - 1)) return true;
      points_.pop_back();
      jumps_.pop_back();
    }
    return false;
  }

  const Board& b_;
  Mask empty_;
  Move m_;
  std::vector<int> points_;
  std::vector<bool> jumps_;
};

}  // namespace

std::string State::move_to_string(const Move& m) const {
  const Board& b = board();
  switch (m.kind) {
    case Kind::Step: return b.name(m.from) + "-" + b.name(m.to);
    case Kind::Form: return b.name(m.from) + "+" + b.name(m.to);
    case Kind::Officer: break;
  }
  return CanonicalPath(b, empty(), m).text();
}

std::vector<std::string> State::move_cells(const Move& m) const {
  const Board& b = board();
  if (m.kind != Kind::Officer) return {b.name(m.from), b.name(m.to)};
  // The canonical path's text lists every cell it touches, between "-" and "x".
  std::vector<std::string> out;
  const std::string text = move_to_string(m);
  std::size_t pos = 0;
  while (pos <= text.size()) {
    std::size_t end = text.find_first_of("-x", pos);
    out.push_back(text.substr(pos, end == std::string::npos ? std::string::npos : end - pos));
    if (end == std::string::npos) break;
    pos = end + 1;
  }
  return out;
}

Move State::parse_move(std::string_view raw) const {
  const Board& b = board();
  const std::string_view text = trim(raw);
  const std::string what = "illegal move " + quoted(text);
  if (outcome_.over()) bad_input(what + ": the game is over");
  if (text.empty()) bad_input("empty move");
  // Split into cells and separators.
  std::vector<int> points;
  std::string seps;
  std::size_t pos = 0;
  while (true) {
    std::size_t end = text.find_first_of("-x+", pos);
    auto token = text.substr(pos, end == std::string_view::npos ? std::string_view::npos : end - pos);
    int c = 0, r = 0;
    if (!parse_square(token, b.cols, b.rows, c, r) || !b.exists(b.index(c, r)))
      bad_input("bad move " + quoted(text) + ": " + quoted(token) + " is not a cell of the board");
    points.push_back(b.index(c, r));
    if (end == std::string_view::npos) break;
    seps += text[end];
    pos = end + 1;
    if (points.size() > 64) bad_input("bad move " + quoted(text) + ": too many points");
  }
  if (points.size() < 2) bad_input("bad move " + quoted(text) + ": expected at least two cells (e.g. c3-c4)");
  const int p = to_move_, from = points[0];
  const Mask e = empty();
  const std::string from_name = b.name(from);
  if (e >> from & 1) bad_input(what + ": " + from_name + " is empty");
  if ((guards_[1 - p] | officers_[1 - p]) >> from & 1)
    bad_input(what + ": " + from_name + " holds a piece of " + player_name(1 - p) + " and " + player_name(p) + " is to move");

  std::vector<Move> legal;
  legal_moves(legal);
  auto checked = [&](const Move& m) {
    if (std::find(legal.begin(), legal.end(), m) != legal.end()) return m;
    if (in_first_turn() && m.kind != Kind::Form)
      bad_input(what + ": on a first turn " + player_name(p) + " must form an Officer while one can be formed (T-11)");
    bad_input(what + ": not a legal move");
  };

  if (guards_[p] >> from & 1) {
    if (points.size() != 2) bad_input(what + ": a Guard moves one cell (T-06)");
    const int to = points[1];
    bool adjacent = false;
    for (int d = 0; d < 4; ++d) adjacent = adjacent || b.next[static_cast<std::size_t>(from)][static_cast<std::size_t>(d)] == to;
    if (!adjacent) bad_input(what + ": a Guard moves one cell orthogonally (T-06)");
    if (seps[0] == '+') {
      if (!(guards_[p] >> to & 1)) bad_input(what + ": forming an Officer needs an own Guard on " + b.name(to) + " (T-05)");
      return checked({0, static_cast<std::uint8_t>(from), static_cast<std::uint8_t>(to), Kind::Form});
    }
    if (seps[0] != '-') bad_input(what + ": a Guard never jumps (T-06)");
    if (!(e >> to & 1)) bad_input(what + ": " + b.name(to) + " is not empty (to form an Officer write " + from_name + "+" + b.name(to) + ")");
    return checked({0, static_cast<std::uint8_t>(from), static_cast<std::uint8_t>(to), Kind::Step});
  }

  // An Officer: read the path leg by leg.
  if (seps.find('+') != std::string::npos) bad_input(what + ": only a Guard forms an Officer (T-05)");
  const Mask jump = jumpable(p, from);
  std::string problem;
  Mask visited = bit(from), captured = 0;
  int cur = from;
  for (std::size_t i = 0; i < seps.size() && problem.empty(); ++i) {
    const int to = points[i + 1];
    const std::string leg = b.name(cur) + (seps[i] == 'x' ? "x" : "-") + b.name(to);
    int d = -1;
    if (b.col(cur) == b.col(to) && to != cur) d = b.row(to) > b.row(cur) ? kNorth : kSouth;
    if (b.row(cur) == b.row(to) && to != cur) d = b.col(to) > b.col(cur) ? kEast : kWest;
    if (d < 0) {
      problem = leg + " is not a straight line along a row or column";
      break;
    }
    bool jumped = false;
    for (int c = cur; c != to && problem.empty();) {
      const int n = b.next[static_cast<std::size_t>(c)][static_cast<std::size_t>(d)];
      if (n < 0) {
        problem = leg + " leaves the board";
      } else if (visited >> n & 1) {
        problem = leg + " passes " + b.name(n) + " a second time (T-07)";
      } else if (e >> n & 1) {
        visited |= bit(n);
      } else if (seps[i] == 'x' && !jumped && (jump >> n & 1) && n != to) {
        jumped = true;
        captured |= bit(n);
        visited |= bit(n);
        const int land = b.next[static_cast<std::size_t>(n)][static_cast<std::size_t>(d)];
        if (land != to) problem = leg + " must land on the cell just beyond the Officer on " + b.name(n) + " (T-08)";
        else if (!(e >> land & 1) || (visited >> land & 1)) problem = leg + " lands on " + b.name(land) + ", which is not free";
        else visited |= bit(land);
        c = land;
        continue;
      } else if ((guards_[0] | guards_[1]) >> n & 1) {
        problem = leg + " is blocked by the Guard on " + b.name(n) + " (T-08)";
      } else if (officers_[p] >> n & 1 && !rules_.jump_own) {
        problem = leg + " would pass over the own Officer on " + b.name(n) + " (T-09)";
      } else {
        problem = leg + " meets the Officer on " + b.name(n) + (seps[i] == 'x' ? " where it cannot jump" : " (write x before the landing cell to jump it)");
      }
      c = n;
    }
    if (problem.empty() && seps[i] == 'x' && !jumped) problem = leg + " jumps no Officer";
    cur = to;
  }
  if (problem.empty()) return checked({captured, static_cast<std::uint8_t>(from), static_cast<std::uint8_t>(cur), Kind::Officer});
  // Only start and end given: accept when they identify one move (spec, Notation).
  if (points.size() == 2 && seps[0] == '-') {
    std::vector<Move> matches;
    for (const Move& m : legal)
      if (m.kind == Kind::Officer && m.from == from && m.to == points[1]) matches.push_back(m);
    if (matches.size() == 1) return matches[0];
    if (matches.size() > 1) {
      std::vector<std::string> names;
      for (const Move& m : matches) names.push_back(move_to_string(m));
      std::sort(names.begin(), names.end());
      std::string list;
      for (const auto& n : names) list += (list.empty() ? "" : ", ") + n;
      bad_input("ambiguous move " + quoted(text) + ": " + std::to_string(matches.size()) + " moves go from " + from_name +
                " to " + b.name(points[1]) + ": " + list);
    }
  }
  if (in_first_turn() && std::any_of(legal.begin(), legal.end(), [](const Move& m) { return m.kind == Kind::Form; }))
    bad_input(what + ": on a first turn " + std::string(player_name(p)) + " must form an Officer while one can be formed (T-11)");
  bad_input(what + ": " + problem);
}

}  // namespace strat::strategic
