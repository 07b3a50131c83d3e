// Written by `python3 tools/stratego_train.py --every 4 --write` (tools/stratego_train.py): the evaluation's weights, fitted to the results of
// 332312 positions of real games. Do not edit by hand.
#include "games/stratego/eval_model.hpp"

namespace strat::stratego {

const EvalFeatures kTrainedEvalWeights = {-0.0173024f, 0.0728426f, 0.141443f, 0.220396f, 0.268871f, 0.339598f, 0.58691f, 1.07034f, 1.05306f, 0.606554f, 0.243265f, 0.03667f, 0.107416f, 0.108015f, -0.442064f, -0.0951835f, -0.0180064f, -0.0126539f, -0.0510572f, 0.270533f, 0.264504f, 0.557481f, 0.18293f, -0.0212659f, -0.757151f, 0.278101f, -0.0212959f, 0.0255791f, -0.0717766f, 0.29291f, 0.133628f, -0.10685f, 0.132896f, 0.564712f};
const float kTrainedEvalBias = 0.00387656f;

}  // namespace strat::stratego
