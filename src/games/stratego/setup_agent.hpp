#pragma once
// The setup phase of stratego:setup=actions for Stratego's own agents, which search play only (`stratego`,
// `stratego-belief`, `stratego-v1`): a whole setup — the agent's own plan where it has one (the `stratego-belief` agent's
// setup model), else one drawn by the setup generator (setup.hpp) — is placed piece by piece, and every move after
// it is the wrapped agent's. Kept apart from the agents themselves, which never see a setup position.
#include <cstdint>
#include <functional>
#include <memory>

#include "core/agent.hpp"
#include "core/rng.hpp"
#include "games/stratego/setup.hpp"

namespace strat::stratego {

class SetupPlacing final : public AnyAgent {
 public:
  // A whole setup for the side to place; empty: the setup generator's.
  using Planner = std::function<Setup(const Config&)>;
  SetupPlacing(std::unique_ptr<AnyAgent> player, std::uint64_t seed, Planner planner = {});
  const std::string& name() const override { return player_->name(); }
  std::string choose(const AnyState& state) override;
  std::string setup(const Options& game_options, int player) override { return player_->setup(game_options, player); }
  void observe(const AnyState& after, const std::string& move, const Events& events) override {
    player_->observe(after, move, events);
  }

 private:
  std::unique_ptr<AnyAgent> player_;
  Planner planner_;
  Rng rng_;
  Setup plan_{};
  int plan_for_ = -1;  // the side plan_ was drawn for
};

}  // namespace strat::stratego
