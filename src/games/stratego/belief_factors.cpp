// Written by `python3 tools/stratego_train.py --belief-factors --every 2 --write` (tools/stratego_train.py): the
// beliefs' factors (beliefs.hpp), fitted to 13101147 rows of real games. Do not edit by hand.
#include "games/stratego/beliefs.hpp"

namespace strat::stratego {

const BeliefFactors kBeliefFactors = {{{0.02f, 0.692266f}, {1.22282f, 3.12805f}}, {1.41026f, 0.328907f, 0.348985f, 1.21282f}, {0.966394f, 0.853099f, 1.19966f, 2.59423f}, {0.426466f, 0.771305f}, {0.738568f, 2.26073f}};

}  // namespace strat::stratego
