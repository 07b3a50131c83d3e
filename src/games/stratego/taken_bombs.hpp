#pragma once
// The squares where the enemy's Bombs stood before the player's Miners took them, remembered from one turn to the next.
// People wall their Flag in with Bombs, and a wall is a fact of the setup: a side where a Bomb stood is still a side
// the Flag's owner closed, though it is empty now or holds the Miner that took it. The beliefs (beliefs.hpp) count such
// a side as closed, and as a Bomb beside the piece, as they would if the Bomb still stood.
//
// Kept from the Info alone, like MoveEvidence: between two of the player's turns the enemy loses a Bomb only to the
// player's Miner, which leaves the square where an unmoved enemy piece stood without one. A position that does not
// follow the last one by two plies (a new game) starts afresh.
#include <optional>

#include "games/stratego/info.hpp"

namespace strat::stratego {

class TakenBombs {
 public:
  // At one's own turn, the Info now.
  void observe(const Info& now);
  // The squares (bits < 128; all on the board) where a Bomb of the enemy's stood and was taken.
  u128 squares() const { return squares_; }

 private:
  u128 squares_ = 0;
  std::optional<Info> last_;
};

// Whether s is one of `taken`'s squares (any square of the mailbox; those past bit 127 never are).
inline bool taken_at(u128 taken, int s) { return s < 128 && ((taken >> s) & 1); }

}  // namespace strat::stratego
