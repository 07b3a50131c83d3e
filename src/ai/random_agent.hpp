#pragma once
// Uniformly random legal moves: the baseline every agent is measured against.
#include <vector>

#include "core/game.hpp"

namespace strat {

template <GameState S>
class RandomAgent {
 public:
  explicit RandomAgent(std::uint64_t seed) : rng_(seed) {}
  typename S::Move choose(const S& s) {
    s.legal_moves(moves_);
    return moves_[rng_.below(static_cast<std::uint32_t>(moves_.size()))];
  }

 private:
  Rng rng_;
  std::vector<typename S::Move> moves_;
};

// A random playout from s (modified in place) until the game ends or max_plies more plies are played.
template <GameState S>
void random_playout(S& s, Rng& rng, std::vector<typename S::Move>& moves, int max_plies) {
  for (int i = 0; (max_plies <= 0 || i < max_plies) && !s.outcome().over(); ++i) {
    s.legal_moves(moves);
    s.apply(moves[rng.below(static_cast<std::uint32_t>(moves.size()))], nullptr);
  }
}

}  // namespace strat
