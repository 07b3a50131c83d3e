#pragma once
// Quick pairing's rule (docs/server.md, "Seeks and quick pairing"), a pure function tested on its own: in one pool, the
// waiting players nearest in rating are paired, each allowing a rating gap that widens with the time it has waited.
#include <cstdint>
#include <string>
#include <utility>
#include <vector>

namespace strat::server {

struct PoolEntry {
  std::string player;     // the player identity (one browser)
  std::int64_t user = 0;  // the logged-in account, 0 for none: a rated search
  int rating = 1500;      // the account's rating for the pool's game, variant and
                          // time class; 1500 without one
  std::int64_t joined_ms = 0;
};

struct PoolRules {
  int start_gap = 100;  // rating points allowed at once
  int widen_by = 50;    // added every `widen_every_ms` of waiting
  std::int64_t widen_every_ms = 5000;
  int max_gap = 1000;
};

// The gap an entry allows after waiting `waited_ms`.
int allowed_gap(std::int64_t waited_ms, const PoolRules& rules = {});

// Pairs (indices into `entries`, each at most once): two entries may meet when they are neither the same player nor the
// same account, both are logged in or neither is, and their ratings differ by at most the larger gap of the two (the
// longer waiter's). Among those, the nearest ratings pair first; a tie goes to the longer waiter.
std::vector<std::pair<std::size_t, std::size_t>> pair_pool(const std::vector<PoolEntry>& entries, std::int64_t now_ms,
                                                           const PoolRules& rules = {});

}  // namespace strat::server
