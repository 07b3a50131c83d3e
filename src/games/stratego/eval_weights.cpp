// Written by `python3 tools/stratego_train.py --every 4 --selfplay 600 --selfplay-agent stratego:time=5 --jobs 2 --write` (tools/stratego_train.py): the evaluation's weights, fitted to the results of
// 707036 positions of real games and self-play. Do not edit by hand.
#include "games/stratego/eval_model.hpp"

namespace strat::stratego {

const EvalFeatures kTrainedEvalWeights = {0.147987f, 0.0449158f, 0.139172f, 0.153603f, 0.168719f, 0.293491f, 0.374096f, 0.726548f, 0.979289f, 1.01019f, 0.0486924f, 0.0f, 0.109381f, 0.167307f, 0.0f, 0.0f, 0.0f, 0.0f, 0.0f, 0.149014f, 0.28393f, 0.314834f, 0.136643f, 0.0f, -0.77081f, 0.219311f, 0.0194703f, 0.0f, 0.0f, 0.181902f, 0.0f, 0.0f, 0.0f, 0.0933608f, -0.000855983f, -0.0173624f};
const float kTrainedEvalBias = -0.00122805f;

}  // namespace strat::stratego
