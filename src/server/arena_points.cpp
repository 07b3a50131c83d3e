#include "server/arena_points.hpp"

#include <algorithm>

namespace strat::server::arena {

Score score(const std::vector<Result>& games) {
  Score s;
  int wins_in_row = 0;
  for (Result r : games) {
    const int base = static_cast<int>(r);
    s.points += s.on_streak ? 2 * base : base;
    wins_in_row = r == Result::Win ? wins_in_row + 1 : 0;
    s.on_streak = wins_in_row >= 2;
  }
  return s;
}

std::vector<std::pair<int, int>> pair_waiting(std::vector<Waiting> waiting) {
  std::vector<std::pair<int, int>> out;
  // The player who came last sits out an odd count: the others have waited longer.
  if (waiting.size() % 2) waiting.pop_back();
  std::stable_sort(waiting.begin(), waiting.end(), [](const Waiting& a, const Waiting& b) { return a.rank < b.rank; });
  std::vector<char> taken(waiting.size(), 0);
  for (std::size_t i = 0; i < waiting.size(); ++i) {
    if (taken[i]) continue;
    // The nearest in the standings whom the player did not just meet; the nearest at all when only that one is left.
    const auto rematch = [&](std::size_t j) {
      return waiting[j].player == waiting[i].last_opponent || waiting[i].player == waiting[j].last_opponent;
    };
    std::size_t pick = waiting.size();
    for (std::size_t j = i + 1; j < waiting.size() && pick == waiting.size(); ++j)
      if (!taken[j] && !rematch(j)) pick = j;
    for (std::size_t j = i + 1; j < waiting.size() && pick == waiting.size(); ++j)
      if (!taken[j]) pick = j;
    if (pick == waiting.size()) break;
    taken[i] = taken[pick] = 1;
    out.emplace_back(waiting[i].player, waiting[pick].player);
  }
  return out;
}

}  // namespace strat::server::arena
