#include "games/stratego/agent.hpp"

namespace strat::stratego {

MctsConfig v1_config(const Options& options) {
  MctsConfig c = MctsConfig::from(options, 3000, 20);
  c.informed_sampling = true;
  c.game_playout_policy = true;
  return c;
}

}  // namespace strat::stratego
