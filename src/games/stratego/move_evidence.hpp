#pragma once
// What the enemy's moves say about its unknown pieces, by the move predictor learned from people (move_model.hpp):
// after each plain move of an unknown enemy piece, each rank the piece may have is weighed by how likely a piece of
// that rank, standing there and seeing what the enemy sees, makes that move among its own moves. A piece that walks up
// to a known piece of ours is likelier one that beats it; one that steps away, one that does not. The weights follow
// the piece as it moves, and the beliefs (beliefs.hpp) multiply the priors by them before fitting the counts.
//
// Kept between one's own turns from the Info alone (the enemy's last plain move is public: Info::run), so it holds
// nothing a player could not write down at the board. A position that does not follow the last one by two plies (a new
// game) starts afresh.
#include <array>
#include <optional>
#include <vector>

#include "games/stratego/info.hpp"

namespace strat::stratego {

class MoveEvidence {
 public:
  using Likelihood = std::array<double, kRanks>;
  MoveEvidence();
  // At one's own turn, the Info now.
  void observe(const Info& now);
  // By square, the weight of each rank for the enemy piece there (all 1 for a piece nothing is known of).
  const std::vector<Likelihood>& likelihoods() const { return like_; }
  // The weight of each rank that one move of the piece on `from` to `to` gives, as the mover sees `view`: its Info
  // before the move, the piece's rank unknown to the player (public for tests).
  static Likelihood of_move(const Info& view, int from, int to);

 private:
  void reset();
  std::vector<Likelihood> like_;
  std::optional<Info> last_;
};

}  // namespace strat::stratego
