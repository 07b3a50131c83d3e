#include "games/strata7/state.hpp"

#include "core/error.hpp"
#include "core/text.hpp"
#include "games/strata7/cells.hpp"

namespace strat::strata7 {

namespace {
const char kLetter[2] = {'w', 'b'};
}  // namespace

Rules Rules::from(const Options& options) {
  options.check_known({"variant", "quiet_plies", "ply_limit"});
  Rules r;
  r.quiet_plies = static_cast<int>(options.get_int("quiet_plies", 300, 0, 1'000'000));
  r.ply_limit = static_cast<int>(options.get_int("ply_limit", 0, 0, 1'000'000));
  return r;
}

State State::start(Rules rules) {
  State s;
  s.rules_ = rules;
  const Board& b = board();
  s.origin_.fill(kNone);
  for (int i = 0; i < b.cell_count; ++i) {
    const int c = b.cells[static_cast<std::size_t>(i)];
    if (b.start[c] >= 0) s.put(c, single_of(b.start[c]));
  }
  s.recount();
  return s;
}

void State::recount() {
  on_board_ = {0, 0};
  stacks_ = {0, 0};
  for (int c = 0; c < kCells; ++c) {
    const std::uint8_t v = at(c);
    if (v == kEmpty) continue;
    on_board_[owner_of(v)] += is_stack(v) ? 2 : 1;
    stacks_[owner_of(v)] += is_stack(v) ? 1 : 0;
  }
}

bool State::has_liberty(int c) const {
  const Board& b = board();
  const int side = owner(c);
  const auto& lib = b.lib[side][c];
  for (int k = 0, n = b.lib_count[side][c]; k < n; ++k)
    if (sq_[lib[k]] == kEmpty) return true;
  return false;
}

int State::liberties(int c) const {
  const Board& b = board();
  const int side = owner(c);
  if (side < 0) return 0;
  int count = 0;
  for (int k = 0, n = b.lib_count[side][c]; k < n; ++k) count += sq_[b.lib[side][c][k]] == kEmpty;
  return count;
}

bool State::touches_enemy(int c) const {
  const Board& b = board();
  const int side = owner(c);
  if (side < 0) return false;
  for (int k = 0, n = b.nbr_count[c]; k < n; ++k)
    if (owner(b.nbr[c][k]) == 1 - side) return true;
  return false;
}

std::vector<int> State::units_meeting_a08() const {
  std::vector<int> out;
  for (int c = 0; c < kCells; ++c)
    if (meets_a08(c)) out.push_back(c);
  return out;
}

bool State::reinforcement_wins(int side, int value) const {
  const int before = score_[side], after = before + value;
  if (after >= 7) return true;
  // reaching 6 while the opponent holds none of our pieces gives the seventh point.
  return before < 6 && after >= 6 && prisoners_of(side) == 0;
}

void State::apply(const Move& m, Events* ev) {
  const int p = to_move_;
  scored_ = false;
  switch (m.kind) {
    case Move::Pass:
      ++passes_;
      break;
    case Move::Place:
      passes_ = 0;
      hand_[p] = 0;
      put(m.to, single_of(p));
      ++on_board_[p];
      if (ev) ev->push_back("place " + cell_name(m.to));
      resolve_captures(p, m.to, ev);
      break;
    case Move::Play:
      passes_ = 0;
      play(m, ev);
      break;
  }
  ++ply_;
  if (!outcome_.over()) next_turn(m, p);
  if (ev && outcome_.over()) {
    if (outcome_.status == Status::Draw) ev->push_back(std::string("draw ") + outcome_.reason);
    else ev->push_back(std::string("winner ") + kLetter[outcome_.winner] + " " + outcome_.reason);
  }
}

void State::next_turn(const Move& m, int p) {
  // A placement does not use up a turn: the side whose turn it was still moves next.
  if (m.kind != Move::Place) turn_ = static_cast<std::int8_t>(1 - p);
  to_move_ = static_cast<std::int8_t>(hand_[1 - turn_] ? 1 - turn_ : turn_);
  quiet_ = scored_ ? 0 : quiet_ + 1;
  if (passes_ >= 2) end_by_points("no-moves");
  else if (rules_.quiet_plies > 0 && quiet_ >= rules_.quiet_plies) end_by_points("no-points-scored");
  else if (rules_.ply_limit > 0 && ply_ >= rules_.ply_limit) end_by_points("ply-limit");
}

void State::play(const Move& m, Events* ev) {
  const Board& b = board();
  const int p = to_move_;
  const std::uint8_t v = at(m.from);
  int final_cell = m.to;
  if (is_stack(v) && b.objective(m.from)) {
    // Postponed step-off of a stack that could not leave its objective.
    put(m.to, v);
    put(m.from, kEmpty);
    origin_[m.to] = m.from;
  } else {
    if (is_stack(v)) {  // separation: the top piece leaves
      put(m.from, single_of(p));
      origin_[m.from] = kNone;
      --stacks_[p];
    } else {
      put(m.from, kEmpty);
    }
    if (b.objective(m.to) && at(m.to) == single_of(p)) {
      // Reinforcement: the objective's points count at once, then the stack steps off.
      put(m.to, stack_of(p));
      ++stacks_[p];
      if (ev) ev->push_back("reinforce " + cell_name(m.to));
      add_points(p, b.value[m.to], ev);
      if (outcome_.over()) return;  // the game ends before the step-off
      if (m.off != kNone) {
        put(m.off, stack_of(p));
        put(m.to, kEmpty);
        origin_[m.off] = m.to;
        final_cell = m.off;
      }
    } else {
      put(m.to, single_of(p));
      if (ev && b.objective(m.to)) ev->push_back("occupy " + cell_name(m.to));
    }
  }
  resolve_captures(p, final_cell, ev);
}

// Before the move no unit met A-08 (positions are checked on input and every move ends resolved), and
// vacating a cell only adds liberties and removes threats, so only the unit that landed and its neighbours
// can meet A-08 now; removing units never makes another unit meet it.
void State::resolve_captures(int mover, int center, Events* ev) {
  const Board& b = board();
  std::uint8_t cand[9];
  int n = 0;
  cand[n++] = static_cast<std::uint8_t>(center);
  for (int k = 0; k < b.nbr_count[center]; ++k) cand[n++] = b.nbr[center][k];
  if (capture_phase(1 - mover, cand, n, ev) && outcome_.over()) return;
  capture_phase(mover, cand, n, ev);
}

bool State::capture_phase(int victim, const std::uint8_t* cand, int n, Events* ev) {
  std::uint8_t taken[9];
  int count = 0;
  for (int i = 0; i < n; ++i)
    if (owner(cand[i]) == victim && meets_a08(cand[i])) taken[count++] = cand[i];
  if (count == 0) return false;
  int prisoners = 0;
  for (int i = 0; i < count; ++i) {  // removed together: decide all before removing any
    const int c = taken[i];
    const bool stack = is_stack(at(c));
    prisoners += stack ? 2 : 1;
    stacks_[victim] -= stack ? 1 : 0;
    put(c, kEmpty);
    origin_[c] = kNone;
    if (ev) ev->push_back("capture " + cell_name(c) + (stack ? " stack" : ""));
  }
  on_board_[victim] = static_cast<std::uint8_t>(on_board_[victim] - prisoners);
  add_points(1 - victim, prisoners, ev);
  return true;
}

void State::add_points(int side, int points, Events* ev) {
  const int before = score_[side];
  score_[side] = static_cast<std::uint8_t>(before + points);
  scored_ = true;
  if (ev) ev->push_back(std::string("score ") + kLetter[side] + " " + std::to_string(score_[side]));
  if (score_[side] >= 7) {
    outcome_ = Outcome::win(side, "seven-points");
    return;
  }
  if (before < 6 && score_[side] >= 6) {  // A-16, the first time the score reaches 6
    if (prisoners_of(side) > 0) {
      hand_[side] = 1;
      if (ev) ev->push_back(std::string("return ") + kLetter[side]);
    } else {
      score_[side] = static_cast<std::uint8_t>(score_[side] + 1);
      if (ev) ev->push_back(std::string("score ") + kLetter[side] + " " + std::to_string(score_[side]));
      outcome_ = Outcome::win(side, "seven-points");
    }
  }
}

void State::end_by_points(const char* reason) {
  if (score_[0] == score_[1]) outcome_ = Outcome::draw(reason);
  else outcome_ = Outcome::win(score_[0] > score_[1] ? 0 : 1, reason);
}

namespace {
struct Zobrist {
  std::uint64_t piece[kCells][8], origin[kCells], score[2][16], hand[2], side, turn;
  Zobrist() {
    std::uint64_t x = 0x5354524154413737ULL;  // "STRATA77"
    for (auto& row : piece)
      for (auto& v : row) v = splitmix64(x);
    for (auto& v : origin) v = splitmix64(x);
    for (auto& row : score)
      for (auto& v : row) v = splitmix64(x);
    hand[0] = splitmix64(x);
    hand[1] = splitmix64(x);
    side = splitmix64(x);
    turn = splitmix64(x);
  }
};
const Zobrist& zobrist() {
  static const Zobrist z;
  return z;
}
}  // namespace

std::uint64_t State::hash() const {
  const Zobrist& z = zobrist();
  const Board& b = board();
  std::uint64_t h = 0;
  for (int i = 0; i < b.cell_count; ++i) {
    const int c = b.cells[static_cast<std::size_t>(i)];
    const std::uint8_t v = sq_[static_cast<std::size_t>(c)];
    if (v == kEmpty) continue;
    h ^= z.piece[c][v];
    if (origin_[static_cast<std::size_t>(c)] != kNone) h ^= z.origin[origin_[static_cast<std::size_t>(c)]];
  }
  for (int s = 0; s < 2; ++s) {
    h ^= z.score[s][score_[s] & 15];
    if (hand_[s]) h ^= z.hand[s];
  }
  if (to_move_) h ^= z.side;
  if (turn_) h ^= z.turn;
  return h;
}

}  // namespace strat::strata7
