#pragma once
// What the enemy's moves say about its unknown pieces: behaviour, not rules. A piece that walks up to one of ours whose
// rank it knows is most likely one that beats it (players, and the tournament bots, approach a known piece to take
// it); a piece that steps away from a known piece next to it is most likely one that loses to it. Every such move
// multiplies the piece's likelihood of each rank by a factor (never to zero: a bluff stays possible), and the factors
// follow the piece as it moves. Beliefs multiply their priors by them before fitting the counts.
//
// Kept between one's own turns by comparing the Info with the one seen last: public information only, so it can hold
// nothing a player could not write down at the board. A gap (a new game, a position that does not follow the last by
// exactly two plies) starts afresh.
#include <array>
#include <optional>
#include <vector>

#include "games/stratego/info.hpp"

namespace strat::stratego {

class Evidence {
 public:
  using Likelihood = std::array<double, kRanks>;

  // `marshal_reach`: how far from a known Marshal of ours a step towards it still counts (2, as for every piece, or
  // more: evidence.cpp). `marshal_step`: what a step next to it weighs on the ranks that lose to it (every rank but the
  // Spy), kept apart from set_approach's factor (SearchConfig::mstep; kApproach, as every other piece, by default).
  explicit Evidence(int marshal_reach = 2, double marshal_step = kApproach);
  // The Info at one's own turn; finds and weighs the enemy's move since the last one. With `ours`, one's own move
  // since then, an attack of the enemy's on a piece of ours is also found (below).
  void observe(const Info& now, const Move* ours = nullptr);
  // How many times the enemy attacked a moved piece of ours it did not know with a Major or higher while some unknown
  // piece of ours could beat the attacker: a bold player (a cautious one, like the tournament bots, attacks only what it
  // surely beats). Counted only over turns that follow one another, and only after a plain move of ours.
  int bold() const { return bold_; }
  // The same on pieces of ours that never moved (they may be Bombs): a player that tests them with its top pieces.
  int bold_unmoved() const { return bold_unmoved_; }
  // The likelihood factor of each rank for the enemy piece on mailbox square s (all 1 when nothing is known).
  const Likelihood& at(int s) const { return like_[s]; }
  // The enemy move found by the last observe, as (from, to); (-1, -1) when none was found.
  std::pair<int, int> last_enemy_move() const { return last_move_; }
  // What a step next to a known piece of ours other than the Marshal weighs on each rank that loses to that piece
  // (within two squares: twice as much, at most 1). kApproach until something else is learned of this enemy
  // (approaches.hpp).
  static constexpr double kApproach = 0.25;
  void set_approach(double factor) { approach_ = factor; }

 private:
  void reset();
  std::optional<Info> last_;
  std::vector<Likelihood> like_;  // by mailbox square
  std::pair<int, int> last_move_{-1, -1};
  int bold_ = 0, bold_unmoved_ = 0;
  int marshal_reach_ = 2;
  double approach_ = kApproach;
  double marshal_step_ = kApproach;
};

}  // namespace strat::stratego
