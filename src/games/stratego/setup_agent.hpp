#pragma once
// The setup phase of stratego:setup=actions for Stratego's own agents, which search play only (`stratego`,
// `stratego-v1`): a whole setup drawn by the setup generator (setup.hpp) is placed piece by piece, and every
// move after it is the wrapped agent's. Kept apart from the agents themselves, which never see a setup position.
#include <cstdint>
#include <memory>

#include "core/agent.hpp"
#include "core/rng.hpp"
#include "games/stratego/setup.hpp"

namespace strat::stratego {

class SetupPlacing final : public AnyAgent {
 public:
  SetupPlacing(std::unique_ptr<AnyAgent> player, std::uint64_t seed);
  const std::string& name() const override { return player_->name(); }
  std::string choose(const AnyState& state) override;

 private:
  std::unique_ptr<AnyAgent> player_;
  Rng rng_;
  Setup plan_{};
  int plan_for_ = -1;  // the side plan_ was drawn for
};

}  // namespace strat::stratego
