// Written by `python3 tools/stratego_train.py --write` (tools/stratego_train.py): the evaluation's weights, fitted to the results of
// 166156 positions of real games. Do not edit by hand.
#include "games/stratego/eval_model.hpp"

namespace strat::stratego {

const EvalFeatures kTrainedEvalWeights = {0.168369f, 0.0951256f, 0.204707f, 0.250581f, 0.335406f, 0.44907f, 0.799114f, 1.47658f, 1.76287f, 1.84234f, 0.199527f, 0.0495395f, 0.123155f, 0.100287f, -0.366964f, -0.0814648f, -0.0384464f, -0.0259289f, -0.0667201f, 0.264894f, 0.260193f, 0.587328f, 0.168149f, -0.0162406f, -0.583072f, 0.388011f, -0.00948854f};
const float kTrainedEvalBias = 0.0863361f;

}  // namespace strat::stratego
