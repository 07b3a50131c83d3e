// Written by `python3 tools/stratego_train.py --every 4 --write` (tools/stratego_train.py): the evaluation's weights, fitted to the results of
// 332312 positions of real games. Do not edit by hand.
#include "games/stratego/eval_model.hpp"

namespace strat::stratego {

const EvalFeatures kTrainedEvalWeights = {0.0935489f, 0.0961855f, 0.18544f, 0.251663f, 0.320509f, 0.42981f, 0.723699f, 1.25911f, 1.27219f, 1.52345f, 0.234303f, 0.192333f, 0.10455f, 0.0934497f, 0.0f, 0.0f, 0.0f, 0.0f, 0.0f, 0.274088f, 0.287169f, 0.538423f, 0.184672f, -0.025762f, -0.775001f, 0.416612f, -0.0185199f, 0.0f, -0.0512557f, 0.250305f, 0.0864181f, 0.0f, 0.0f, 0.314752f, 0.0f, -0.0244879f};
const float kTrainedEvalBias = -0.00252454f;

}  // namespace strat::stratego
