#pragma once
// Setup priors learned from human setups (tools/stratego_priors.py writes
// priors_data.cpp): for every square of a setup (index row * 10 + col from the
// owner's seat, row 0 = back row) the frequency of each rank there.
#include <array>

namespace strat::stratego {

using SquarePriors = std::array<std::array<float, 13>, 40>;

extern const SquarePriors kClassicSquarePriors;
extern const SquarePriors kBarrageSquarePriors;
// How often people bomb their Flag in, and each side of it (docs/games/stratego.md; the generator always does:
// setup.cpp).
extern const double kFlagBombedIn;
extern const double kFlagBesideBomb;
extern const double kFlagFrontBomb;
// How much likelier a setup's piece is its Flag rather than another piece, per neighbour that is a Bomb (bomb) and per
// neighbour that is another piece (other): likelihood ratios from the human setups.
struct NestRatios {
  double bomb, other;
};
extern const NestRatios kClassicNest;
extern const NestRatios kBarrageNest;

}  // namespace strat::stratego
