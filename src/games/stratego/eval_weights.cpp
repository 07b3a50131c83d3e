// Written by `python3 tools/stratego_train.py --every 4 --write` (tools/stratego_train.py): the evaluation's weights, fitted to the results of
// 332312 positions of real games. Do not edit by hand.
#include "games/stratego/eval_model.hpp"

namespace strat::stratego {

const EvalFeatures kTrainedEvalWeights = {0.141959f, 0.112712f, 0.213337f, 0.272335f, 0.348967f, 0.484212f, 0.833139f, 1.47551f, 1.74148f, 1.74148f, 0.243955f, 0.0540736f, 0.108813f, 0.0697271f, 0.0f, 0.0f, 0.0f, 0.0f, 0.0f, 0.293293f, 0.30556f, 0.643217f, 0.195701f, -0.027813f, -0.752578f, 0.302416f, -0.0227732f, 0.0f, -0.0727519f, 0.268466f, 0.100063f, 0.0f, 0.0f, 0.208411f, -0.0170848f, -0.0641915f};
const float kTrainedEvalBias = -0.00148342f;

}  // namespace strat::stratego
