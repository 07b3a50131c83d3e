#include "server/pool_pairing.hpp"

#include <algorithm>
#include <cstdlib>
#include <tuple>

namespace strat::server {

int allowed_gap(std::int64_t waited_ms, const PoolRules& rules) {
  const std::int64_t steps = std::max<std::int64_t>(0, waited_ms) / rules.widen_every_ms;
  return static_cast<int>(std::min<std::int64_t>(rules.max_gap, rules.start_gap + steps * rules.widen_by));
}

std::vector<std::pair<std::size_t, std::size_t>> pair_pool(const std::vector<PoolEntry>& entries, std::int64_t now_ms,
                                                           const PoolRules& rules) {
  struct Candidate {
    int gap;
    std::int64_t earliest;
    std::size_t a, b;
  };
  std::vector<Candidate> candidates;
  for (std::size_t i = 0; i < entries.size(); ++i)
    for (std::size_t j = i + 1; j < entries.size(); ++j) {
      const PoolEntry &a = entries[i], &b = entries[j];
      if (a.player == b.player || (a.user != 0 && a.user == b.user)) continue;
      if ((a.user != 0) != (b.user != 0)) continue;
      const int gap = std::abs(a.rating - b.rating);
      const int allowed = std::max(allowed_gap(now_ms - a.joined_ms, rules), allowed_gap(now_ms - b.joined_ms, rules));
      if (gap <= allowed) candidates.push_back({gap, std::min(a.joined_ms, b.joined_ms), i, j});
    }
  std::sort(candidates.begin(), candidates.end(), [](const Candidate& x, const Candidate& y) {
    return std::tie(x.gap, x.earliest, x.a, x.b) < std::tie(y.gap, y.earliest, y.a, y.b);
  });
  std::vector<bool> used(entries.size(), false);
  std::vector<std::pair<std::size_t, std::size_t>> pairs;
  for (const auto& c : candidates) {
    if (used[c.a] || used[c.b]) continue;
    used[c.a] = used[c.b] = true;
    pairs.emplace_back(c.a, c.b);
  }
  return pairs;
}

}  // namespace strat::server
