#pragma once
// Officer move generation (T-07..T-10). An Officer's moves are the distinct (end, captured set) pairs its
// self-avoiding paths can reach; paths themselves are never listed (their number explodes on an open board).
#include <vector>

#include "games/strategic/state.hpp"

namespace strat::strategic {

// Appends every Officer move of the Officer on `start` for player `p`, grouped by captured set (ascending),
// then by end cell (ascending).
void officer_moves_from(const State& s, int p, int start, std::vector<Move>& out);

// Cells an Officer standing on `from` could ever touch given `visited` cells it may not use again: empty
// cells reachable step by step, Officers it could pass over and the cells beyond them. Includes `from`.
Mask reach(const Board& b, int from, Mask visited, Mask empty, Mask jumpable);

}  // namespace strat::strategic
