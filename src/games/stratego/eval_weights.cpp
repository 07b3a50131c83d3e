// Written by `python3 tools/stratego_train.py --every 4 --cache /work/scratch/traincache --write` (tools/stratego_train.py): the evaluation's weights, fitted to the results of
// 332312 positions of real games. Do not edit by hand.
#include "games/stratego/eval_model.hpp"

namespace strat::stratego {

const EvalFeatures kTrainedEvalWeights = {-0.0173027f, 0.0728397f, 0.141436f, 0.220388f, 0.268876f, 0.339604f, 0.586907f, 1.07036f, 1.05306f, 0.606472f, 0.243249f, 0.0365729f, 0.107424f, 0.108014f, -0.442078f, -0.0951817f, -0.0180107f, -0.0126484f, -0.0510549f, 0.27054f, 0.264494f, 0.557273f, 0.182928f, -0.0212554f, -0.757091f, 0.278238f, -0.0212794f, 0.0255625f, -0.0716271f, 0.292884f, 0.133679f, -0.106814f, 0.132974f, 0.56467f, -0.0204018f, -0.0654656f};
const float kTrainedEvalBias = 0.00391702f;

}  // namespace strat::stratego
