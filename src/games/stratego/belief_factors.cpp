// Written by `python3 tools/stratego_train.py --belief-factors --every 2 --write` (tools/stratego_train.py): the
// beliefs' factors (beliefs.hpp), fitted to 12773135 rows of real games. Do not edit by hand.
#include "games/stratego/beliefs.hpp"

namespace strat::stratego {

const BeliefFactors kBeliefFactors = {{{0.02f, 0.728966f}, {1.19999f, 3.06049f}, {6.33922f, 7.88577f}}, {1.40609f, 0.333882f, 0.356935f, 1.23105f}, {0.965424f, 0.852116f, 1.2005f, 2.61999f}};

}  // namespace strat::stratego
