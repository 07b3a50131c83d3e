#pragma once
// Hand-built positions and fixed budgets for the tests of `stratego` (src/games/stratego/v2/).
#include <gtest/gtest.h>

#include <algorithm>
#include <vector>

#include "games/stratego/v2/search.hpp"
#include "helpers.hpp"

namespace strat::stratego::test {

constexpr std::uint8_t kSeen = kKnown | kMoved;

// No clock: the agent is deterministic.
inline v2::SearchConfig fixed(long nodes, int samples, int depth) {
  v2::SearchConfig config;
  config.time_ms = 0;
  config.nodes = nodes;
  config.samples = samples;
  config.max_depth = depth;
  return config;
}

struct Put {
  const char* square;
  int owner;
  int rank;
  std::uint8_t flags = 0;
};

// A hand-built position, Red to move.
inline State position(const std::vector<Put>& pieces, int ply = 60) {
  State s(Config{});
  for (const Put& p : pieces) s.put(at(p.square), p.owner, p.rank, p.flags);
  s.set_side(0);
  s.set_ply(ply);
  s.refresh_outcome();
  return s;
}

// The score of `move` in the agent's last choose.
inline double score_of(const v2::SearchAgent& agent, const State& s, const char* move) {
  for (const auto& [m, score] : agent.last_scores())
    if (s.move_to_string(m) == move) return score;
  ADD_FAILURE() << move << " has no score";
  return 0;
}

// The best root score of the last choose, leaving out `except` when given.
inline double best_score(const v2::SearchAgent& agent, const State& s, const char* except = nullptr) {
  double best = -1e9;
  for (const auto& [m, score] : agent.last_scores())
    if (!except || s.move_to_string(m) != except) best = std::max(best, score);
  return best;
}

}  // namespace strat::stratego::test
