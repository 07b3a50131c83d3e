#pragma once
// What the enemy's moves say about its unknown pieces: behaviour, not rules. A piece that walks up to one of ours whose
// rank it knows is most likely one that beats it (players approach a known piece to take it); a piece that steps away
// from a known piece next to it is most likely one that loses to it. Every such move multiplies the piece's likelihood
// of each rank by a factor (never to zero: a bluff stays possible), and the factors follow the piece as it moves.
// Beliefs multiply their priors by them before fitting the counts.
//
// Kept between one's own turns by comparing the Info with the one seen last: public information only, so it can hold
// nothing a player could not write down at the board. A gap (a new game, a position that does not follow the last by
// exactly two plies) starts afresh.
#include <optional>

#include "games/stratego/beliefs.hpp"
#include "games/stratego/info.hpp"

namespace strat::stratego::v2 {

class Evidence {
 public:
  using Likelihood = std::array<double, kRanks>;

  Evidence();
  // The Info at one's own turn; finds and weighs the enemy's move since the last one.
  void observe(const Info& now);
  // The likelihood factor of each rank for the enemy piece on mailbox square s (all 1 when nothing is known).
  const Likelihood& at(int s) const { return like_[s]; }
  // Every square's factors, as Beliefs takes them.
  const RankWeights& weights() const { return like_; }
  // What a step next to a known piece of ours weighs on each rank that loses to that piece (within two squares: twice
  // as much, at most 1).
  static constexpr double kApproach = 0.25;

 private:
  void reset();
  std::optional<Info> last_;
  RankWeights like_;  // by mailbox square
};

}  // namespace strat::stratego::v2
