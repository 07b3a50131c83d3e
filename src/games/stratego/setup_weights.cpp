// Written by `python3 tools/stratego_train.py --every 4 --selfplay 600 --selfplay-agent stratego:time=5 --jobs 2 --write` (tools/stratego_train.py): the setup model's weights, fitted to the results of
// 1854 games. Do not edit by hand.
#include "games/stratego/setup_model.hpp"

namespace strat::stratego {

const SetupFeatures kTrainedSetupWeights = {0.0634735f, 0.0673108f, 0.122902f, 0.146715f, -0.106588f, 0.117295f, 0.0152402f, 0.0181411f, -0.109962f, -0.0525785f, -0.157554f, 0.0417774f, -0.045139f, 0.121824f};

}  // namespace strat::stratego
