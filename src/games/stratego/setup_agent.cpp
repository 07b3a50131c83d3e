#include "games/stratego/setup_agent.hpp"

#include <vector>

namespace strat::stratego {

namespace {

// The board square of setup index i (setup.hpp: from the owner's side) for `player`.
int square_of(int player, int i) {
  const int row = i / 10, col = i % 10;
  return player == 0 ? sq(col, row) : sq(9 - col, 9 - row);
}

// Whether the pieces `player` has placed so far all stand where `plan` puts them.
bool fits(const State& s, int player, const Setup& plan) {
  for (int i = 0; i < 40; ++i) {
    const int q = square_of(player, i);
    if (s.is_piece(q) && s.rank_at(q) != plan[i]) return false;
  }
  return true;
}

}  // namespace

SetupPlacing::SetupPlacing(std::unique_ptr<AnyAgent> player, std::uint64_t seed, Planner planner)
    : player_(std::move(player)), planner_(std::move(planner)), rng_(seed ^ 0x5e7095ULL) {}

std::string SetupPlacing::choose(const AnyState& state) {
  const State& s = concrete<State>(state);
  if (!s.in_setup()) return player_->choose(state);
  const int me = s.to_move();
  // A new plan for each new setup, and when the pieces already placed (by someone else: a game taken over
  // half-way) do not fit the old one; a few draws find one that fits them if the generator makes such setups.
  if (s.alive_total(me) == 0 || plan_for_ != me || !fits(s, me, plan_)) {
    for (int tries = 0; tries < 50; ++tries) {
      plan_ = planner_ && tries == 0 ? planner_(s.config()) : generate_setup(s.config(), rng_);
      if (fits(s, me, plan_)) break;
    }
    plan_for_ = me;
  }
  for (int i = 0; i < 40; ++i)
    if (plan_[i] && s.placement_legal(plan_[i], square_of(me, i)))
      return s.move_to_string(Move::placement(plan_[i], square_of(me, i)));
  // No plan fits what is placed: any legal placement completes the army.
  std::vector<Move> moves;
  s.legal_moves(moves);
  return s.move_to_string(moves[rng_.below(static_cast<std::uint32_t>(moves.size()))]);
}

}  // namespace strat::stratego
