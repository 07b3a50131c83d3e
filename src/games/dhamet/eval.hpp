#pragma once
// Static evaluation in hundredths of a man, from the side to move's point of view: material (men and
// Sultans), advancement of men, the back-row guard (the seed warns against opening the corners and the open
// points of one's first row), and step mobility. Weights were tuned by self-play (docs/games/dhamet.md).
#include "games/dhamet/board.hpp"

namespace strat::dhamet {

struct EvalWeights {
  int man = 100;
  int sultan = 320;
  int advance[kSide] = {0, 0, 1, 2, 3, 5, 8, 12, 0};  // by rows advanced; a man never stands on row 9
  int guard = 6;            // own man on own back row
  int guard_open = 6;       // extra when that back-row point is open (a diagonal entry for Sultans)
  int mobility = 2;         // per available step
  int trade_bonus = 60;     // the side ahead in material gains this much times (1 - pieces / 80)
};

int evaluate(const Board& b, const EvalWeights& w);

}  // namespace strat::dhamet
