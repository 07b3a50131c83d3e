#pragma once
// Beliefs about the enemy's hidden ranks, from what one player knows (an Info) and nothing else.
//
// Every unknown enemy piece gets a probability over ranks. The hard facts come from the Info: a piece that moved is no
// Bomb or Flag (S-25), a Scout's long move and every combat reveal a rank, and the counts of every rank still alive are
// public. Within those, a piece that never moved still stands on its setup square, and human setups put ranks on
// squares very unevenly (priors.hpp, learned from the Gravon setups); a piece that moved has lost its square, so it
// starts from the remaining army alone. The counts are then made consistent by iterative proportional fitting
// (Sinkhorn): over the unknown pieces, each rank's probabilities add up to how many of that rank are still unplaced,
// and each piece's add up to one. Behaviour (what an agent read from the enemy's moves: a piece that walked up to a
// known piece of ours likely beats it) may weigh the priors of the pieces that moved.
#include <array>
#include <vector>

#include "core/rng.hpp"
#include "games/stratego/info.hpp"

namespace strat::stratego {

// A factor for each rank of the enemy piece on each mailbox square (1: nothing said).
using RankWeights = std::vector<std::array<double, kRanks>>;

class Beliefs {
 public:
  // With weights, each piece's prior is multiplied by its square's factors (what its moves said) before the fit. With
  // `nest`, an unmoved piece's chance of being the Flag is weighed by its neighbours whose setup rank is known: people
  // put Bombs around their Flag, so a known Bomb beside a piece makes it likelier the Flag, and a known piece that never
  // moved (so stood there from the start) less likely (ratios learned from the human setups, priors.hpp).
  explicit Beliefs(const Info& info, const RankWeights* weights = nullptr, bool nest = true);

  const Info& info() const { return info_; }
  // The unknown enemy pieces (mailbox squares), and P(rank) for the one at `square` (all zero elsewhere).
  const std::vector<int>& unknown() const { return unknown_; }
  const std::array<double, kRanks>& at(int square) const { return prob_[square]; }
  // The fitted sums: over the unknown pieces, the expected number of each rank.
  std::array<double, kRanks> expected_counts() const;

  // A full state consistent with every observation in the Info (moved pieces never Bombs or Flags, the counts exact,
  // known ranks as known), each unknown piece's rank drawn according to the beliefs.
  State sample(Rng& rng) const;

 private:
  Info info_;
  std::vector<int> unknown_;
  std::vector<std::array<double, kRanks>> prob_;  // by mailbox square
  Army pool_{};                                   // unknown enemy ranks: how many of each are unplaced
};

// What the setup priors and the move evidence miss, as factors on the weights of the ranks, fitted to people's games
// (`python3 tools/stratego_train.py --belief-factors --write`: belief_factors.cpp):
// - the Spy near the player's known Marshal, by squares apart (1 or 2) and whether the piece moved: people keep their
//   Spy near the enemy's Marshal once they know it, and a Spy beside it at the player's turn would have struck already;
//   a piece two squares off that stands beside an enemy piece that has just moved beside the Marshal is a class of its
//   own: the Marshal that takes that piece lands beside it, and people offer a piece to a known Marshal where their
//   Spy waits;
// - the Flag and the Bombs on a piece that never moved, by its open sides (open_sides): people wall their Flag in, and
//   a piece left standing in the open is likelier a Bomb.
struct BeliefFactors {
  static constexpr int kOpen = 4;  // open sides: 0, 1, 2, 3 or more
  static constexpr int kSpyNear = 3;  // spy_near's classes
  double spy[kSpyNear][2];            // [spy_near][moved]
  double flag[kOpen];
  double bomb[kOpen];
};
extern const BeliefFactors kBeliefFactors;
inline constexpr BeliefFactors kNoBeliefFactors = {{{1, 1}, {1, 1}, {1, 1}}, {1, 1, 1, 1}, {1, 1, 1, 1}};

// The squares beside the piece on s that are empty or hold a piece of the other side's (lakes and the edge are
// closed), at most kOpen - 1, on any board of the Info's cells: the Info itself, or a search node made from it.
template <class Board>
int open_sides(const Board& board, int s) {
  const std::uint8_t side = board.cell(s) & kBlue;
  int open = 0;
  for (int d : kDirs) {
    const std::uint8_t c = board.cell(s + d);
    open += !(c & kWall) && (!(c & kRankMask) || (c & kBlue) != side);
  }
  return open < BeliefFactors::kOpen - 1 ? open : BeliefFactors::kOpen - 1;
}

// The square of the player's Marshal if the enemy knows it, else -1.
int known_marshal(const Info& info);
// The enemy piece the enemy's last move (a plain one) brought beside the player's known Marshal on `marshal`: its
// square, or -1 (no such move, or marshal -1). The move is public: every player sees it.
int offered_piece(const Info& info, int marshal);
// The Spy factors' row for the enemy piece on s: 0 beside the player's known Marshal on `marshal`, 2 two squares off
// and beside the offered piece on `offer` (offered_piece; -1 none), 1 two squares off otherwise, -1 farther or
// without a known Marshal (marshal -1).
inline int spy_near(int s, int marshal, int offer) {
  const int d = marshal < 0 ? 0 : distance(s, marshal);
  if (d == 2 && offer >= 0 && distance(s, offer) == 1) return 2;
  return d == 1 || d == 2 ? d - 1 : -1;
}
// `weights` (all 1 when null) times the factors of `f` for every unknown enemy piece they concern.
RankWeights factor_weights(const Info& info, const RankWeights* weights, const BeliefFactors& f = kBeliefFactors);

// The setup square (row * 10 + col from the owner's seat) of a mailbox square, for `owner`.
inline int setup_index(int owner, int s) {
  const int row = row_of(s), col = col_of(s);
  return owner == 0 ? row * 10 + col : (9 - row) * 10 + (9 - col);
}

}  // namespace strat::stratego
