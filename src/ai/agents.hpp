#pragma once
// The game-independent agents every game offers by name: "random" and "mcts". Each game's make_agent
// calls make_generic_agent first and adds its own strongest agent under the game's name.
#include <memory>
#include <string>
#include <string_view>

#include "ai/mcts.hpp"
#include "ai/random_agent.hpp"
#include "core/agent.hpp"
#include "core/error.hpp"
#include "core/text.hpp"

namespace strat {

// Defaults for "mcts" per game: iterations per move and playout cut-off (0 = to the end).
struct MctsDefaults {
  long iterations = 1000;
  int playout_plies = 0;
};

template <GameState S>
std::unique_ptr<AnyAgent> make_generic_agent(std::string_view spec, std::uint64_t seed, MctsDefaults defaults = {}) {
  auto [name, options] = Options::parse_spec(spec, "agent option");
  if (name == "random") {
    options.check_known({});
    return std::make_unique<AgentAdapter<S, RandomAgent<S>>>("random", RandomAgent<S>(seed));
  }
  if (name == "mcts") {
    auto config = MctsConfig::from(options, defaults.iterations, defaults.playout_plies);
    return std::make_unique<AgentAdapter<S, Mcts<S>>>(std::string(spec), Mcts<S>(config, seed));
  }
  return nullptr;
}

[[noreturn]] inline void unknown_agent(std::string_view spec, std::string_view known) {
  auto colon = spec.find(':');
  bad_input("unknown agent " + strat::quoted(spec.substr(0, colon)) + " (known: " + std::string(known) + ")");
}

}  // namespace strat
