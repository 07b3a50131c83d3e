#pragma once
// `stratego-v1`, kept to measure against (`stratego` is v2/search.hpp, `stratego-belief` belief_agent.hpp):
// information-set MCTS over samples drawn from the player's Info with simple human-like priors
// (Flag at the back, Bombs around it), playouts cut short and scored by material.
#include "ai/mcts.hpp"
#include "games/stratego/info.hpp"
#include "games/stratego/state.hpp"

namespace strat::stratego {

MctsConfig v1_config(const Options& options);

}  // namespace strat::stratego
