#include "games/dhamet/eval.hpp"

#include <cmath>

#include "games/dhamet/movegen.hpp"
#include "games/dhamet/state.hpp"

namespace strat::dhamet {

namespace {
// Sum of advance[rows advanced] over the men of colour c.
int advancement(Bits men, int c, const EvalWeights& w) {
  int total = 0;
  for (int r = 0; r < kSide; ++r) {
    const Bits row = kGeo.row1 << (r * kSide);
    const int n = popcount(men & row);
    if (n) total += n * w.advance[c == kWhite ? r : kSide - 1 - r];
  }
  return total;
}
}  // namespace

int evaluate(const Board& b, const EvalWeights& w) {
  int score[2];
  int material[2];
  for (int c = 0; c < 2; ++c) {
    const Bits back = c == kWhite ? kGeo.row1 : kGeo.row9;
    material[c] = w.man * popcount(b.men[c]) + w.sultan * popcount(b.sultans[c]);
    score[c] = material[c] + advancement(b.men[c], c, w) + w.guard * popcount(b.men[c] & back) +
               w.guard_open * popcount(b.men[c] & back & kGeo.open) + w.mobility * step_mobility(b, c);
  }
  const int me = b.side;
  int s = score[me] - score[1 - me];
  // Trading down helps the side ahead: scale a bonus by how empty the board is.
  const int pieces = b.count(0) + b.count(1);
  const int diff = material[me] - material[1 - me];
  if (diff != 0) s += (diff > 0 ? 1 : -1) * w.trade_bonus * (80 - pieces) / 80;
  return s;
}

double State::evaluate(int player) const {
  if (outcome_.over()) return outcome_.score_for(player);
  const int s = dhamet::evaluate(b_, EvalWeights{});
  const double v = std::tanh(static_cast<double>(s) / 400.0);
  return player == b_.side ? v : -v;
}

}  // namespace strat::dhamet
