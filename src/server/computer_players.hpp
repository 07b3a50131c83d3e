#pragma once
// A game's computer seats: their agents, made from the stored agent spec and the game's seed, and whether one is
// thinking. A search runs off the I/O thread on a clone of the state (Hub); its move comes back through the Room
// and is checked like a human's, so a result for a position that has moved on is dropped.
#include <memory>
#include <optional>

#include "core/registry.hpp"
#include "server/store.hpp"

namespace strat::server {

// An agent's turn to think: run `agent->choose(*state)` off the I/O thread, then call Room::agent_moved.
struct AgentJob {
  std::shared_ptr<AnyAgent> agent;
  std::shared_ptr<AnyState> state;
  int ply = 0;
  int seat = 0;
};

class ComputerPlayers {
 public:
  void make(const GameSpec& spec, const StoredGame& game);
  // The side to move's job, once: nullopt for a human seat or while a search runs.
  std::optional<AgentJob> next(const AnyState& state);
  void done() { thinking_ = false; }

 private:
  std::shared_ptr<AnyAgent> agents_[2];
  bool thinking_ = false;
};

}  // namespace strat::server
