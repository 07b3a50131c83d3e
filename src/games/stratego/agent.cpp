#include "games/stratego/agent.hpp"

namespace strat::stratego {

MctsConfig agent_config(const Options& options) {
  MctsConfig c = MctsConfig::from(options, 3000, 20);
  c.informed_sampling = true;
  return c;
}

}  // namespace strat::stratego
