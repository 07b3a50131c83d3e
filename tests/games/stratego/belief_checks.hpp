#pragma once
// Checking beliefs (src/games/stratego/beliefs.hpp) against the facts of the Info they were made from.
#include <cmath>
#include <string>

#include "games/stratego/beliefs.hpp"
#include "games/stratego/board.hpp"
#include "games/stratego/pieces.hpp"

namespace strat::stratego::test {

// Checks every fact of the beliefs against the Info they were made from; "" when all hold.
inline std::string belief_errors(const Beliefs& b) {
  const Info& info = b.info();
  const Army pool = info.unknown_enemy_ranks();
  const auto sum = b.expected_counts();
  for (int r = 1; r < kRanks; ++r)
    if (std::abs(sum[r] - pool[r]) > 1e-6)
      return "rank " + rank_code(r) + ": expected " + std::to_string(sum[r]) + ", unplaced " + std::to_string(pool[r]);
  for (int q : b.unknown()) {
    double total = 0;
    for (int r = 1; r < kRanks; ++r) {
      const double p = b.at(q)[r];
      if (p < 0) return "negative belief on " + square_str(q);
      if (p > 0 && pool[r] == 0) return "a rank with none left on " + square_str(q);
      if (p > 0 && (info.cell(q) & kMoved) && !movable(r))
        return "moved piece on " + square_str(q) + " may be " + rank_code(r);
      total += p;
    }
    if (std::abs(total - 1) > 1e-6) return "beliefs on " + square_str(q) + " add up to " + std::to_string(total);
  }
  return "";
}

}  // namespace strat::stratego::test
