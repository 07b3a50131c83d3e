#include "server/computer_players.hpp"

namespace strat::server {

void ComputerPlayers::make(const GameSpec& spec, const StoredGame& game) {
  for (int s = 0; s < 2; ++s)
    if (game.seats[s].kind == SeatKind::Computer)
      agents_[s] = std::shared_ptr<AnyAgent>(spec.agent(game.seats[s].agent, game.seed + s));
}

std::optional<AgentJob> ComputerPlayers::next(const AnyState& state) {
  const int s = state.to_move();
  if (thinking_ || !agents_[s]) return std::nullopt;
  thinking_ = true;
  return AgentJob{agents_[s], std::shared_ptr<AnyState>(state.clone()), state.ply(), s};
}

}  // namespace strat::server
