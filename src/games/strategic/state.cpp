#include "games/strategic/state.hpp"

#include <algorithm>

#include "core/error.hpp"
#include "core/text.hpp"
#include "games/strategic/zobrist.hpp"

namespace strat::strategic {

Rules Rules::from(const Options& options) {
  options.check_known({"variant", "jump_own", "draw_plies", "repetitions", "board"});
  Rules r;
  const std::string variant = options.get("variant", "standard");
  if (variant != "standard" && variant != "jump_own") bad_input("unknown variant " + strat::quoted(variant) + " of strategic");
  r.jump_own = variant == "jump_own" || options.flag("jump_own");
  r.draw_plies = static_cast<int>(options.get_int("draw_plies", 200, 0, 1'000'000));
  r.repetitions = static_cast<int>(options.get_int("repetitions", 3, 0, 100));
  if (r.repetitions == 1) bad_input("game option 'repetitions' must be 0 (off) or at least 2, got 1");
  if (options.has("board")) r.board = &Board::load_file(options.get("board", ""));
  return r;
}

State::State(const Rules& rules) : rules_(rules) {
  const auto& z = Zobrist::get();
  hash_ = z.first[0];
  history_.reserve(32);
  history_.push_back(hash_);
}

void State::toggle(int cell, int player, bool officer) {
  (officer ? officers_ : guards_)[player] ^= bit(cell);
  hash_ ^= Zobrist::get().piece[static_cast<std::size_t>(cell)][static_cast<std::size_t>(player * 2 + officer)];
}

void State::put(int cell, int player, bool officer) {
  clear(cell);
  toggle(cell, player, officer);
  history_.assign(1, hash_);
  repeats_ = 1;
}

void State::clear(int cell) {
  for (int p = 0; p < 2; ++p) {
    if (guards_[p] >> cell & 1) toggle(cell, p, false);
    if (officers_[p] >> cell & 1) toggle(cell, p, true);
  }
  history_.assign(1, hash_);
  repeats_ = 1;
}

void State::set_to_move(int p, int first_turns) {
  const auto& z = Zobrist::get();
  if (to_move_) hash_ ^= z.side;
  hash_ ^= z.first[first_turns_];
  to_move_ = static_cast<std::uint8_t>(p);
  first_turns_ = static_cast<std::uint8_t>(first_turns);
  if (to_move_) hash_ ^= z.side;
  hash_ ^= z.first[first_turns_];
  history_.assign(1, hash_);
  repeats_ = 1;
}

void State::settle_loaded() {
  outcome_ = has_action(to_move_) ? Outcome::ongoing() : Outcome::win(1 - to_move_, "blocked");
}

State State::deal(const Rules& rules, std::uint64_t seed) {
  State s(rules);
  const Board& b = s.board();
  std::vector<int> colours;
  const int n = b.pieces_per_side();
  for (int i = 0; i < 2 * n; ++i) colours.push_back(i < n ? 0 : 1);
  Rng rng(seed);
  rng.shuffle(colours.begin(), colours.end());
  std::size_t i = 0;
  for (Mask m = b.round; m; m &= m - 1) s.toggle(lowest(m), colours[i++], false);
  s.history_.assign(1, s.hash_);
  s.settle_loaded();
  return s;
}

State State::load(const Rules& rules, std::string_view text) {
  text = trim(text);
  if (text.substr(0, 7) == "random:") {
    unsigned long long seed = 0;
    if (!parse_uint(text.substr(7), seed)) bad_input("bad seed in " + strat::quoted(text) + " (expected random:NUMBER)");
    return deal(rules, seed);
  }
  if (text == "startpos") bad_input("strategic has no fixed start position: use random:SEED (T-03)");
  return parse(rules, text);
}

State State::parse(const Rules& rules, std::string_view text) {
  State s(rules);
  const Board& b = s.board();
  auto fields = split_ws(text);
  if (fields.size() != 3)
    bad_input("position " + strat::quoted(text) + ": expected 3 fields (rows, side to move, first turns played), got " +
              std::to_string(fields.size()));
  auto rows = split(fields[0], '/');
  if (static_cast<int>(rows.size()) != b.rows)
    bad_input("position: expected " + std::to_string(b.rows) + " rows separated by '/', got " +
              std::to_string(rows.size()));
  int counts[2] = {0, 0};
  for (int i = 0; i < b.rows; ++i) {
    const int row = b.rows - 1 - i;
    auto line = rows[static_cast<std::size_t>(i)];
    if (static_cast<int>(line.size()) != b.cols)
      bad_input("position: row " + std::to_string(row + 1) + " " + strat::quoted(line) + " has " +
                std::to_string(line.size()) + " cells, expected " + std::to_string(b.cols));
    for (int c = 0; c < b.cols; ++c) {
      const char ch = line[static_cast<std::size_t>(c)];
      const int cell = b.index(c, row);
      const std::string where = "position: " + b.name(cell);
      if (!b.exists(cell)) {
        if (ch != '-') bad_input(where + " is not a cell of this board and must be written '-', got " + strat::quoted({&ch, 1}));
        continue;
      }
      switch (ch) {
        case '.': break;
        case 'o': s.toggle(cell, 0, false); counts[0] += 1; break;
        case 'O': s.toggle(cell, 0, true); counts[0] += 2; break;
        case 'y': s.toggle(cell, 1, false); counts[1] += 1; break;
        case 'Y': s.toggle(cell, 1, true); counts[1] += 2; break;
        default: bad_input(where + ": unknown piece " + strat::quoted({&ch, 1}) + " (expected o O y Y .)");
      }
    }
  }
  for (int p = 0; p < 2; ++p)
    if (counts[p] > b.pieces_per_side())
      bad_input(std::string("position: ") + player_name(p) + " has " + std::to_string(counts[p]) +
                " Guards' worth of pieces, more than the " + std::to_string(b.pieces_per_side()) + " of the set");
  int side;
  if (fields[1] == "o") side = 0;
  else if (fields[1] == "y") side = 1;
  else bad_input("position: side to move must be 'o' or 'y', got " + strat::quoted(fields[1]));
  unsigned long long first = 0;
  if (!parse_uint(fields[2], first) || first > 2)
    bad_input("position: first turns played must be 0, 1 or 2, got " + strat::quoted(fields[2]));
  if (first < 2 && static_cast<int>(first) != side)
    bad_input("position: with " + std::to_string(first) + " first turns played it is " + player_name(static_cast<int>(first)) +
              "'s first turn, not " + player_name(side) + "'s (orange moves first, T-04)");
  s.set_to_move(side, static_cast<int>(first));
  s.settle_loaded();
  return s;
}

std::string State::to_string() const {
  const Board& b = board();
  std::string out;
  for (int row = b.rows - 1; row >= 0; --row) {
    for (int c = 0; c < b.cols; ++c) {
      const int cell = b.index(c, row);
      char ch = '.';
      if (!b.exists(cell)) ch = '-';
      else if (guards_[0] >> cell & 1) ch = 'o';
      else if (officers_[0] >> cell & 1) ch = 'O';
      else if (guards_[1] >> cell & 1) ch = 'y';
      else if (officers_[1] >> cell & 1) ch = 'Y';
      out += ch;
    }
    if (row > 0) out += '/';
  }
  out += ' ';
  out += player_letter(to_move_);
  out += ' ';
  out += static_cast<char>('0' + first_turns_);
  return out;
}

bool State::has_action(int p) const {
  const Board& b = board();
  const Mask e = empty();
  const Mask g = guards_[p], o = officers_[p];
  // A Guard can step (T-06) or form an Officer (T-05); an Officer can step or jump (T-07, T-08).
  if (b.neighbours(g) & (e | g)) return true;
  if (b.neighbours(o) & e) return true;
  const Mask j = officers_[1 - p] | (rules_.jump_own ? o : 0);
  for (int d = 0; d < 4; ++d) {
    // An Officer jumping an own Officer lands beyond it; both are distinct cells, so `o` itself is fine here.
    if (b.step(b.step(o, d) & j, d) & e) return true;
  }
  return false;
}

void State::legal_moves(std::vector<Move>& out) const {
  out.clear();
  const Board& b = board();
  const int p = to_move_;
  const Mask e = empty(), g = guards_[p];
  // T-05: a Guard lands on an adjacent own Guard. T-11: on a first turn this is compulsory when possible.
  for (Mask m = g; m; m &= m - 1) {
    const int from = lowest(m);
    for (int d = 0; d < 4; ++d) {
      const int to = b.next[static_cast<std::size_t>(from)][static_cast<std::size_t>(d)];
      if (to >= 0 && (g >> to & 1)) out.push_back({0, static_cast<std::uint8_t>(from), static_cast<std::uint8_t>(to), Kind::Form});
    }
  }
  if (in_first_turn() && !out.empty()) return;
  // T-06: a Guard steps to an adjacent empty cell.
  for (Mask m = g; m; m &= m - 1) {
    const int from = lowest(m);
    for (int d = 0; d < 4; ++d) {
      const int to = b.next[static_cast<std::size_t>(from)][static_cast<std::size_t>(d)];
      if (to >= 0 && (e >> to & 1)) out.push_back({0, static_cast<std::uint8_t>(from), static_cast<std::uint8_t>(to), Kind::Step});
    }
  }
  officer_moves(p, out);
}

void State::apply(const Move& m, Events* events) {
  const Board& b = board();
  const int p = to_move_, q = 1 - p;
  const auto& z = Zobrist::get();
  bool irreversible = false;
  int removed[2] = {0, 0};
  switch (m.kind) {
    case Kind::Step:
      toggle(m.from, p, false);
      toggle(m.to, p, false);
      break;
    case Kind::Form:
      toggle(m.from, p, false);
      toggle(m.to, p, false);
      toggle(m.to, p, true);
      irreversible = true;
      if (events) events->push_back("form " + b.name(m.to));
      break;
    case Kind::Officer:
      toggle(m.from, p, true);
      toggle(m.to, p, true);
      for (Mask c = m.captured; c; c &= c - 1) {
        const int cell = lowest(c);
        const int owner = (officers_[q] >> cell & 1) ? q : p;
        toggle(cell, owner, true);
        ++removed[owner];
        if (events) events->push_back("capture " + b.name(cell));
      }
      irreversible = m.captured != 0;
      break;
  }
  hash_ ^= z.first[first_turns_];
  if (first_turns_ < 2) ++first_turns_;
  hash_ ^= z.first[first_turns_];
  hash_ ^= z.side;
  to_move_ = static_cast<std::uint8_t>(q);
  ++ply_;
  if (irreversible) {
    quiet_plies_ = 0;
    history_.clear();
  } else {
    ++quiet_plies_;
  }
  history_.push_back(hash_);

  // T-12: removing the last enemy Officer wins at once (the moving Officer survives its own move, so even
  // under jump_own a side never removes its own last Officer). T-13: the side to move with no action loses.
  if (first_turns_ == 2 && removed[q] > 0 && officers_[q] == 0) outcome_ = Outcome::win(p, "officers");
  else if (!has_action(q)) outcome_ = Outcome::win(p, "blocked");
  else if (rules_.draw_plies > 0 && quiet_plies_ >= rules_.draw_plies) outcome_ = Outcome::draw("ply-limit");
  repeats_ = irreversible ? 1 : static_cast<int>(std::count(history_.begin(), history_.end(), hash_));
  if (outcome_.over()) {
  } else if (rules_.repetitions > 0 && repeats_ >= rules_.repetitions) {
    outcome_ = Outcome::draw("repetition");
  }
  if (events && outcome_.over()) {
    if (outcome_.status == Status::Win)
      events->push_back(std::string("winner ") + player_letter(outcome_.winner) + " " + outcome_.reason);
    else
      events->push_back(std::string("draw ") + outcome_.reason);
  }
}

std::uint64_t State::repeat_key() const {
  if (repeats_ <= 1) return 0;
  return Zobrist::get().first[static_cast<std::size_t>(std::min(repeats_, 3) - 1)] * 0x9E3779B97F4A7C15ULL;
}

int State::move_order(const Move& m) const {
  if (m.kind == Kind::Officer) return m.captured ? 1000 * count(m.captured & officers_[1 - to_move_]) : 0;
  return m.kind == Kind::Form ? 500 : 0;
}

}  // namespace strat::strategic
