// Written by `python3 tools/stratego_train.py --belief-factors --every 2 --write` (tools/stratego_train.py): the
// beliefs' factors (beliefs.hpp), fitted to 12773135 rows of real games. Do not edit by hand.
#include "games/stratego/beliefs.hpp"

namespace strat::stratego {

const BeliefFactors kBeliefFactors = {{{0.02f, 0.692199f}, {1.22481f, 3.12729f}}, {1.40609f, 0.333882f, 0.356935f, 1.23106f}, {0.96542f, 0.852115f, 1.20051f, 2.62006f}};

}  // namespace strat::stratego
