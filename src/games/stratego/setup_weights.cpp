// Starting weights, before training (tools/stratego_train.py replaces this file).
#include "games/stratego/setup_model.hpp"

namespace strat::stratego {

const SetupFeatures kTrainedSetupWeights = {};

}  // namespace strat::stratego
