// Static evaluation for the engine agent (and MCTS playout cut-offs), from one player's point of view.
// Terms, in Officer units: Officers (the win condition, T-12), Guards (half an Officer each in the long run,
// and the only blockers), Officers the side could capture with one jump next turn (worth most to the side to
// move, who can cash them at once), mobility of the Officers (cells they reach, which Guards cut down) and of
// the Guards (a side with no action loses, T-13). The side ahead on Officers also plays for the finish, in
// phases of the T-14 quiet-ply count: first it shuts the opponent in (T-13), then it lets walled-in Officers
// out to be jumped (T-12), and near the limit it keeps an Officer formation ready, which restarts the count;
// all along it walls off the cells the opponent's pieces could ever reach.
#include <cmath>

#include "games/strategic/state.hpp"

namespace strat::strategic {

namespace {
struct SideTerms {
  int officers, guards, reach, guard_moves, threats, safe, half_threats;
  int guard_actions;  // every Guard step and formation (T-05, T-06), one per (Guard, direction)
  // Empty cells the side's pieces can ever get to (Officers in one move, Guards step by step), and those of
  // the Guards alone: what the opponent has to wall off to win by T-13.
  int space, guard_space;
};

SideTerms terms(const State& s, int p) {
  const Board& b = s.board();
  const Mask e = s.empty(), mine = s.officers(p), theirs = s.officers(1 - p), g = s.guards(p);
  const Mask region = b.flood(mine, e) | mine;
  Mask threatened = 0;
  for (int d = 0; d < 4; ++d) {
    const Mask landing = b.step(b.step(region, d) & theirs, d) & e;
    threatened |= b.step(landing, opposite(d));
  }
  // An Officer with no neighbour on two opposite sides (a corner) can never be passed over.
  const Mask corner = mine & ~((b.can[kNorth] & b.can[kSouth]) | (b.can[kEast] & b.can[kWest]));
  const int guard_moves = count(b.neighbours(e) & g) + count(b.neighbours(g) & g);
  int guard_actions = 0;
  for (int d = 0; d < 4; ++d) guard_actions += count(b.step(g, d) & (e | g));
  // Half threats: the Officer could be jumped from a cell our Officers reach once our own Guard standing on
  // the landing cell steps away.
  const Mask movable_guards = g & b.neighbours(e);
  Mask half = 0;
  for (int d = 0; d < 4; ++d) half |= b.step(b.step(b.step(region, d) & theirs, d) & movable_guards, opposite(d));
  const Mask guard_space = b.flood(g, e);
  return {count(mine), count(g), count(region & e), guard_moves,
          count(threatened), count(corner), count(half & ~threatened), guard_actions,
          count(guard_space | (region & e)), count(guard_space)};
}

// 0.4 when two of p's Guards are adjacent (an Officer can be formed now), 0.2 when one step makes them so.
double formation_readiness(const State& s, int p) {
  const Board& b = s.board();
  const Mask g = s.guards(p);
  if (b.neighbours(g) & g) return 0.4;
  Mask once = 0, twice = 0;
  for (int d = 0; d < 4; ++d) {
    const Mask n = b.step(g, d);
    twice |= once & n;
    once |= n;
  }
  return (twice & s.empty()) ? 0.2 : 0.0;
}
}  // namespace

// Fractions of the T-14 quiet-ply limit (in fifths) after which the side ahead stops walling the opponent in
// and lures their Officers out (80 of the default 200 plies), and prepares an Officer formation (120).
constexpr int kLureFifths = 2, kFormFifths = 3;

double State::evaluate(int player) const {
  const SideTerms me = terms(*this, player), them = terms(*this, 1 - player);
  const bool my_turn = to_move_ == player;
  const int lead = me.officers - them.officers;
  double score = 1.0 * lead + 0.3 * (me.guards - them.guards) + 0.03 * (me.reach - them.reach) +
                 0.02 * (me.guard_moves - them.guard_moves) + 0.15 * (me.safe - them.safe);
  // The side to move cashes one threat now; the other side's threats can still be parried.
  score += (my_turn ? 0.7 : 0.25) * std::min(me.threats, 2) - (my_turn ? 0.25 : 0.7) * std::min(them.threats, 2);
  score += 0.12 * (std::min(me.half_threats, 2) - std::min(them.half_threats, 2));
  // Threats on the last Officers are threats on the game (T-12).
  if (them.officers > 0 && me.threats + me.half_threats > 0) score += 0.6 / them.officers;
  if (me.officers > 0 && them.threats + them.half_threats > 0) score -= 0.6 / me.officers;
  // Ahead on Officers, shutting the opponent in (T-13) is the way to finish: every action they keep costs.
  // The actions are counted one by one (each Guard step or formation, each cell the Officers reach), so that
  // hemming in a lone wandering Guard shows as progress long before it has no move left.
  const int their_actions = them.reach + them.guard_actions + them.threats;
  const int my_actions = me.reach + me.guard_actions + me.threats;
  constexpr int kFew = 8;
  // Blocking also shelters the last Officers walled in on an edge, where they cannot be jumped. When it has
  // not paid off for a while, the side ahead does the opposite: it lets them out, since an Officer in the open
  // among many enemy Officers is soon jumped.
  const bool lure = rules_.draw_plies > 0 && quiet_plies_ * 5 >= rules_.draw_plies * kLureFifths;
  // Cells denied to the side behind, worth more the bigger the lead: walling off a Guard's whole region is
  // progress even while the Guard still steps about inside it (counting its next steps only is not). While
  // luring, the Officers' cells are left out: they are meant to come out.
  const int cells = count(board().on);
  const auto denied = [&](const SideTerms& t) {
    return 0.03 * ((lure ? 0 : cells - t.space) + (cells - t.guard_space));
  };
  if (lead > 0) score += std::min(lead, 4) * denied(them);
  if (lead < 0) score -= std::min(-lead, 4) * denied(me);
  if (!lure) {
    if (lead > 0)
      score += 0.1 * std::min(lead, 4) * (kFew - std::min(their_actions, kFew)) - 0.04 * std::min(their_actions, 20);
    if (lead < 0)
      score -= 0.1 * std::min(-lead, 4) * (kFew - std::min(my_actions, kFew)) - 0.04 * std::min(my_actions, 20);
  } else {
    // Guards are still hemmed in, Officers are let out: every Officer that can step is one that can be jumped.
    const int their_guard_actions = them.guard_actions + them.threats;
    const int my_guard_actions = me.guard_actions + me.threats;
    const int their_free = count(board().neighbours(empty()) & officers(1 - player));
    const int my_free = count(board().neighbours(empty()) & officers(player));
    if (lead > 0)
      score += 0.1 * std::min(lead, 4) * (kFew - std::min(their_guard_actions, kFew)) + 0.3 * their_free +
               0.02 * std::min(them.reach, 12);
    if (lead < 0)
      score -= 0.1 * std::min(-lead, 4) * (kFew - std::min(my_guard_actions, kFew)) + 0.3 * my_free +
               0.02 * std::min(me.reach, 12);
  }
  // Late in a quiet stretch the side ahead keeps two Guards ready to form an Officer: forming restarts the T-14
  // count (more time to finish) and turns two slow blockers into one Officer free to go anywhere.
  if (rules_.draw_plies > 0 && quiet_plies_ * 5 >= rules_.draw_plies * kFormFifths) {
    if (lead > 0) score += formation_readiness(*this, player);
    if (lead < 0) score -= formation_readiness(*this, 1 - player);
  }
  if (them.officers == 0 && them.guards < 2) score += 1.0;  // cannot rebuild an Officer
  if (me.officers == 0 && me.guards < 2) score -= 1.0;
  // T-14: in the last 50 plies before a quiet-ply draw a lead fades, so a capture or an Officer formed (which
  // restarts the count) is worth playing to keep it.
  if (rules_.draw_plies > 0) {
    const int left = rules_.draw_plies - quiet_plies_;
    if (left < 50) score *= 0.5 + 0.5 * std::max(0, left) / 50.0;
  }
  return std::tanh(score / 6.0);
}

}  // namespace strat::strategic
