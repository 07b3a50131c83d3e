#pragma once
// The `stratego` agent: information-set MCTS over samples drawn from the player's Info with human-like
// priors (Flag at the back, Bombs around it), playouts cut short and scored by material.
#include "ai/mcts.hpp"
#include "games/stratego/info.hpp"
#include "games/stratego/state.hpp"

namespace strat::stratego {

MctsConfig agent_config(const Options& options);

}  // namespace strat::stratego
