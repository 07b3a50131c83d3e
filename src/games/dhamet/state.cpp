#include "games/dhamet/state.hpp"

#include <algorithm>

#include "core/error.hpp"
#include "core/text.hpp"

namespace strat::dhamet {

State::State(Rules rules) : b_(Board::start()), rules_(rules) {
  history_.push_back(b_.hash);
  update_outcome();
}

State State::from_board(const Board& b, Rules rules) {
  State s(rules);
  s.b_ = b;
  s.b_.hash = s.b_.compute_hash();
  s.history_.assign(1, s.b_.hash);
  s.update_outcome();
  return s;
}

State State::parse(std::string_view text, Rules rules) {
  text = trim(text);
  if (text == "startpos") return State(rules);
  const auto fields = split_ws(text);
  if (fields.size() < 2 || fields.size() > 3)
    bad_input("position " + quoted(text) + ": expected nine rows separated by '/', a space and w or b");
  const auto rows = split(fields[0], '/');
  if (rows.size() != kSide)
    bad_input("position: expected 9 rows separated by '/', got " + std::to_string(rows.size()));
  Board b;
  for (int i = 0; i < kSide; ++i) {
    const int row = kSide - 1 - i;
    if (rows[i].size() != kSide)
      bad_input("position row " + std::to_string(row + 1) + " " + quoted(rows[i]) + ": expected 9 points, got " +
                std::to_string(rows[i].size()));
    for (int col = 0; col < kSide; ++col) {
      const char c = rows[i][col];
      const int p = point(col, row);
      if (c != 'w' && c != 'W' && c != 'b' && c != 'B' && c != '.')
        bad_input("position point " + point_name(p) + ": unknown piece " + quoted(std::string_view(&rows[i][col], 1)) +
                  " (expected w, W, b, B or .)");
      if (c == '.') continue;
      const int colour = (c == 'w' || c == 'W') ? kWhite : kBlack;
      if ((c == 'w' || c == 'b') && has(promotion_row(colour), p))
        bad_input(std::string("position point ") + point_name(p) + ": a " + player_name(colour) +
                  " man on its promotion row would be a Sultan (" + (colour == kWhite ? "W" : "B") + ")");
      b.put(p, c);
    }
  }
  if (fields[1] != "w" && fields[1] != "b")
    bad_input("position: side to move must be w or b, got " + quoted(fields[1]));
  b.side = fields[1] == "w" ? kWhite : kBlack;
  for (int c = 0; c < 2; ++c)
    if (b.count(c) > kMaxPieces)
      bad_input(std::string("position: ") + player_name(c) + " has " + std::to_string(b.count(c)) +
                " pieces, at most 40 (D-04)");
  if (fields.size() == 3) {
    const std::string_view h = fields[2];
    if (!rules.huffing) bad_input("position: the huff field " + quoted(h) + " exists only in the huffing variant");
    if (h.substr(0, 2) != "h:") bad_input("position: expected a huff field like h:d4,e5, got " + quoted(h));
    Bits huffable = 0;
    for (auto part : split(h.substr(2), ',')) {
      const int p = parse_point(part);
      if (p < 0) bad_input("position huff field: bad point " + quoted(part));
      if (!has(b.pieces(1 - b.side), p))
        bad_input("position huff field: " + point_name(p) + " holds no piece of the side that just moved");
      huffable |= bit(p);
    }
    b.huffable = huffable;
  }
  b.hash = b.compute_hash();
  return from_board(b, rules);
}

std::string State::to_string() const {
  std::string out;
  for (int row = kSide - 1; row >= 0; --row) {
    for (int col = 0; col < kSide; ++col) out += b_.at(point(col, row));
    if (row) out += '/';
  }
  out += b_.side == kWhite ? " w" : " b";
  if (b_.huffable) {
    out += " h:";
    bool first = true;
    for (Bits x = b_.huffable; x; first = false) out += (first ? "" : ",") + point_name(pop_lsb(x));
  }
  return out;
}

void State::legal_moves(std::vector<Move>& out) const {
  if (outcome_.over()) {
    out.clear();
    return;
  }
  dhamet::legal_moves(b_, rules_, out);
}

void State::apply(const Move& m, Events* events) {
  const int mover = b_.side;
  const bool reset = irreversible(b_, m);
  if (events) {
    if (m.huff != kNone) events->push_back("huff " + point_name(m.huff));
    int prev = m.from;
    for (int i = 0; i < m.caps; ++i) {
      events->push_back("capture " + point_name(m.path[i] - step_towards(prev, m.path[i])));
      prev = m.path[i];
    }
    if (m.n && has(b_.men[mover], m.from) && has(promotion_row(mover), m.to()))
      events->push_back("promote " + point_name(m.to()));
  }
  dhamet::play(b_, m, rules_);
  ++ply_;
  if (reset) {
    quiet_ = 0;
    history_.clear();
  } else {
    ++quiet_;
  }
  history_.push_back(b_.hash);
  update_outcome();
  if (events && outcome_.over()) {
    if (outcome_.status == Status::Win)
      events->push_back(std::string("winner ") + (outcome_.winner == kWhite ? "w " : "b ") + outcome_.reason);
    else
      events->push_back(std::string("draw ") + outcome_.reason);
  }
}

void State::update_outcome() {
  const int me = b_.side;
  if (b_.count(me) == 0) {
    outcome_ = Outcome::win(1 - me, "no-pieces");  // D-15
  } else if (!has_legal_move(b_, rules_)) {
    outcome_ = Outcome::win(1 - me, "no-moves");  // D-15
  } else if (rules_.draw_plies > 0 && quiet_ >= rules_.draw_plies) {
    outcome_ = Outcome::draw("no-progress");  // D-17
  } else if (rules_.repetitions > 0 &&
             std::count(history_.begin(), history_.end(), b_.hash) >= rules_.repetitions) {
    outcome_ = Outcome::draw("repetition");  // D-16
  } else {
    outcome_ = Outcome::ongoing();
  }
}

void State::resign(int player) {
  if (!outcome_.over()) outcome_ = Outcome::win(1 - player, "resign");
}

void State::agree_draw() {
  if (!outcome_.over()) outcome_ = Outcome::draw("agreement");
}

// Perft with the same end-of-game semantics as strat::perft (a finished game has no children), counting the
// last ply without playing it.
namespace {
struct Perft {
  const Rules& rules;
  std::vector<std::uint64_t> seen;  // hashes of the line played, current last
  std::vector<std::vector<Move>> lists;

  // `base`: index in `seen` of the first position after the last irreversible move.
  bool drawn(const Board& b, int quiet, std::size_t base) const {
    if (rules.draw_plies > 0 && quiet >= rules.draw_plies) return true;
    if (rules.repetitions > 0 && quiet >= 4) {
      int n = 0;
      for (std::size_t i = base; i < seen.size(); ++i) n += seen[i] == b.hash;
      if (n >= rules.repetitions) return true;
    }
    return false;
  }

  std::uint64_t run(const Board& b, int depth, int quiet, std::size_t base) {
    if (depth == 0) return 1;
    if (drawn(b, quiet, base)) return 0;
    if (!rules.huffing && depth == 1) return count_strict(b);
    auto& moves = lists[depth];
    legal_moves(b, rules, moves);
    if (depth == 1) return moves.size();
    std::uint64_t total = 0;
    for (const Move& m : moves) {
      Board child = b;
      play(child, m, rules);
      const bool reset = irreversible(b, m);
      const std::size_t child_base = reset ? seen.size() : base;
      seen.push_back(child.hash);
      total += run(child, depth - 1, reset ? 0 : quiet + 1, child_base);
      seen.pop_back();
    }
    return total;
  }
};
}  // namespace

std::uint64_t State::perft(int depth) const {
  if (depth == 0) return 1;
  if (outcome_.over()) return 0;
  Perft p{rules_, history_, std::vector<std::vector<Move>>(static_cast<std::size_t>(depth) + 1)};
  for (auto& l : p.lists) l.reserve(128);
  return p.run(b_, depth, quiet_, 0);
}

}  // namespace strat::dhamet
