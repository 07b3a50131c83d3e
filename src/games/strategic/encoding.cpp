#include "games/strategic/encoding.hpp"

#include "core/encoding.hpp"

#include <algorithm>

namespace strat::strategic {

namespace {
int direction(const Board& b, int from, int to) {
  for (int d = 0; d < 4; ++d)
    if (b.next[from][d] == to) return d;
  return 0;  // not reached: steps and formings go to a neighbour (T-05, T-06)
}
constexpr const char* kDirNames[4] = {"n", "e", "s", "w"};
}  // namespace

void Encoding::tokens(const State& s, const Move& m, std::vector<int>& out) {
  switch (m.kind) {
    case Kind::Step: out.push_back(kStep + m.from * 4 + direction(s.board(), m.from, m.to)); return;
    case Kind::Form: out.push_back(kForm + m.from * 4 + direction(s.board(), m.from, m.to)); return;
    case Kind::Officer:
      out.push_back(kOfficer + m.from * 64 + m.to);
      for (Mask c = m.captured; c; c &= c - 1) out.push_back(kCapture + lowest(c));
      return;
  }
}

// Captures and Officer formings are irreversible and each one removes a piece or turns a Guard into an
// Officer, so there are at most 2 * pieces of them, with fewer than draw_plies plies between two (T-14). A ply
// is at most two tokens (a move and a stop) plus one per captured Officer (at most `pieces` in a game).
int Encoding::max_game_length(const State& s) {
  const int draw = s.rules().draw_plies;
  if (draw <= 0) return -1;  // only repetition limits the game: no useful bound
  const int pieces = count(s.board().round);
  return (2 * pieces + 1) * draw * 2 + pieces;
}

std::string Encoding::action_name(const State& s, int action) {
  const Board& b = s.board();
  auto cell = [&](int c) { return b.exists(c) ? b.name(c) : "#" + std::to_string(c); };
  if (action >= kStep && action < kForm) return cell(action / 4) + ">" + kDirNames[action % 4];
  if (action >= kForm && action < kOfficer) return cell((action - kForm) / 4) + "+" + kDirNames[action % 4];
  if (action >= kOfficer && action < kCapture)
    return cell((action - kOfficer) / 64) + "=>" + cell((action - kOfficer) % 64);
  if (action >= kCapture && action < kStop) return "x" + cell(action - kCapture);
  if (action == kStop) return "stop";
  return "action " + std::to_string(action);
}

// Planes (docs/python.md), cell (col, row) at [plane][row][col]: 0 own Guards, 1 own Officers, 2 opponent
// Guards, 3 opponent Officers, 4 cells of the board, 5 ones when the observer is to move, 6 ones during the
// first turns (T-05: forming only), 7 the start of the Officer move being entered, 8 its end, 9 its captured
// Officers chosen so far, 10 the T-14 count as a fraction of the limit, 11 ones when the observer is Orange.
void Encoding::observe(const State& s, int player, std::span<const int> pending, float* out) {
  const Board& b = s.board();
  const int plane = b.rows * b.cols;
  auto set = [&](int p, Mask m) {
    for (; m; m &= m - 1) out[p * plane + lowest(m)] = 1;
  };
  set(0, s.guards(player));
  set(1, s.officers(player));
  set(2, s.guards(player ^ 1));
  set(3, s.officers(player ^ 1));
  set(4, b.on);
  if (s.to_move() == player && !s.outcome().over()) fill_floats(out + 5 * plane, plane, 1.0f);
  if (s.in_first_turn()) fill_floats(out + 6 * plane, plane, 1.0f);
  for (int t : pending) {
    if (t >= kOfficer && t < kCapture) {
      out[7 * plane + (t - kOfficer) / 64] = 1;
      out[8 * plane + (t - kOfficer) % 64] = 1;
    } else if (t >= kCapture && t < kStop) {
      out[9 * plane + t - kCapture] = 1;
    }
  }
  if (s.rules().draw_plies > 0)
    fill_floats(out + 10 * plane, plane, float(s.plies_without_progress()) / s.rules().draw_plies);
  if (player == 0) fill_floats(out + 11 * plane, plane, 1.0f);
}

}  // namespace strat::strategic
