// Written by `python3 tools/stratego_train.py --every 4 --selfplay 600 --selfplay-agent stratego:time=5 --jobs 2 --write` (tools/stratego_train.py): the move predictor's weights, fitted to the moves
// of 220771 positions of real games. Do not edit by hand.
#include "games/stratego/move_model.hpp"

namespace strat::stratego {

const MoveFeatures kTrainedMoveWeights = {-0.143045f, -0.0755892f, 0.0441364f, -0.0148865f, -0.0901228f, -0.0542353f, 0.0345873f, 0.147897f, 0.157073f, -0.00581505f, -0.0028842f, 1.05544f, 0.172774f, -0.220165f, -1.78332f, 0.614008f, 0.804712f, 0.934256f, -2.59248f, 0.457149f, 0.615675f, -1.11534f, -0.854214f, 0.0330532f, 1.42623f, -1.98442f, 1.52504f, -0.448222f, 0.425185f, 0.0962396f, 2.08312f, 0.175288f, 0.561844f, -0.46255f, -0.163331f, -0.222704f};

}  // namespace strat::stratego
