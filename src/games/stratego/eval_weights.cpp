// Written by `python3 tools/stratego_train.py --every 4 --write` (tools/stratego_train.py): the evaluation's weights, fitted to the results of
// 332312 positions of real games. Do not edit by hand.
#include "games/stratego/eval_model.hpp"

namespace strat::stratego {

const EvalFeatures kTrainedEvalWeights = {0.0820885f, 0.0723598f, 0.159141f, 0.226138f, 0.299534f, 0.417131f, 0.713527f, 1.24367f, 1.26308f, 1.5287f, 0.197229f, 0.190407f, 0.109792f, 0.101881f, 0.0f, 0.0f, 0.0f, 0.0f, 0.0f, 0.262755f, 0.282166f, 0.547778f, 0.177436f, 0.0f, -0.777446f, 0.418985f, -0.00759605f, 0.0f, -0.0419183f, 0.249925f, 0.0787514f, 0.0f, 0.0f, 0.311737f, 0.0f, -0.0269868f};
const float kTrainedEvalBias = -0.00251078f;

}  // namespace strat::stratego
