#pragma once
// How much an enemy's step next to a known piece of ours says, learned from this enemy. Players differ: over the
// arena's games, an unknown piece of peternlewis's or celsius's that stepped next to a known piece of strat's beat it 90
// to 100% of the time, where the beliefs (a factor of 1/4 on every rank that loses to it, Evidence) said 30 to 70%;
// vixen's, ramen's and asmodeus's beat it about as often as the beliefs said, or less. Such a step is an approach: when
// the approacher's rank later shows (a fight, or the rank that died), it either lost to the piece it walked up to or
// did not. The factor is the one under which the beliefs' odds at each approach, taken before the step weighed, best
// match how many approachers lost, starting from Evidence::kApproach as if two approaches had been seen already.
//
// Reads the Info and the beliefs made from it only: nothing a player could not note down at the board.
#include <optional>
#include <utility>
#include <vector>

#include "games/stratego/beliefs.hpp"
#include "games/stratego/info.hpp"

namespace strat::stratego {

class Approaches {
 public:
  // At one's own turn, after Evidence observed `now` (its last_enemy_move() is `enemy_move`) and `beliefs` were made
  // from both: settles the approaches whose piece showed its rank since the last turn, follows the ones whose piece
  // moved, and notes the enemy's last move if it was an approach. A gap (a new game, a position that does not follow
  // the last by exactly two plies) starts afresh.
  void observe(const Info& now, std::pair<int, int> enemy_move, const Beliefs& beliefs);
  // The factor for Evidence::set_approach.
  double factor() const { return factor_; }
  // Approaches settled so far in this game, and how many of their pieces lost to the piece they walked up to.
  int settled() const { return static_cast<int>(settled_.size()); }
  int lost() const { return lost_; }

 private:
  struct Pending {
    int square;   // where the approacher stands now
    int mine;     // the rank of our known piece it stepped next to
    double odds;  // its odds of losing to that piece by the beliefs, the step's own factor taken out
  };
  void reset();
  void settle(const Pending& p, int rank);
  void fit();
  std::optional<Info> last_;
  std::vector<Pending> pending_;
  std::vector<double> settled_;  // the odds of each settled approach
  int lost_ = 0;
  double factor_ = Evidence::kApproach;
};

}  // namespace strat::stratego
