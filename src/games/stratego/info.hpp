#pragma once
// What one Stratego player knows (S-25): own pieces with ranks; enemy pieces as unknown unless revealed; which
// pieces moved; the public counts of every rank still alive (each removal happens in a revealed combat).
// During a setup played by moves (setup=actions) the enemy's placements are not shown at all (S-05: both sides
// set up at once; Red placing first must not show Blue where its pieces stand): only how many it has placed.
// Search code for Stratego reads only an Info, so hidden ranks cannot leak into an agent's choice.
#include <array>
#include <string>

#include "core/rng.hpp"
#include "games/stratego/state.hpp"

namespace strat::stratego {

// What `player` sees of a cell of the true board (S-25): an enemy piece of unknown rank has rank kUnknownRank;
// during the setup phase of setup=actions (`setup`) nothing of the enemy's is there. player -1 sees everything.
// The one definition: Info and the observation tensors (encoding.cpp) both read cells through it.
constexpr std::uint8_t visible_cell(std::uint8_t c, int player, bool setup) {
  if (player < 0 || !(c & kRankMask) || (c & kWall) || ((c & kBlue) ? 1 : 0) == player) return c;
  if (setup) return 0;
  return (c & kKnown) ? c : static_cast<std::uint8_t>((c & ~kRankMask) | kUnknownRank);
}

class Info {
 public:
  // player -1: the omniscient view (everything), used once a game is over.
  Info(const State& truth, int player);

  int player() const { return player_; }
  int to_move() const { return side_; }
  int ply() const { return ply_; }
  Outcome outcome() const { return outcome_; }
  const Config& config() const { return config_; }
  // Placements left in a setup played by moves (public: one per ply), 0 once the armies stand.
  int to_place() const { return to_place_; }
  bool in_setup() const { return to_place_ != 0; }
  // The cell as this player sees it: enemy pieces of unknown rank have rank kUnknownRank; during the setup
  // phase the enemy's pieces are not there at all.
  std::uint8_t cell(int s) const { return board_[s]; }
  // Pieces alive per rank; during the setup phase the enemy's whole army (what it will have), its placements
  // being secret.
  int alive(int owner, int rank) const { return alive_[owner][rank]; }
  // Whether a piece of `owner` stands on s (known or not).
  bool holds(int owner, int s) const {
    const std::uint8_t c = board_[s];
    return (c & kRankMask) && !(c & kWall) && ((c & kBlue) ? 1 : 0) == owner;
  }
  const Run& run(int p) const { return run_[p]; }
  // Enemy ranks not yet placed: alive minus those known on the board.
  Army unknown_enemy_ranks() const;

  // A full state consistent with this Info: unknown enemy ranks drawn at random, Bombs and the Flag only on
  // pieces that never moved. `informed` biases the Flag to the back rows and Bombs next to it, as human
  // setups do; otherwise uniform.
  State sample(Rng& rng, bool informed) const;
  State sample(Rng& rng) const { return sample(rng, false); }

  // Knowledge gained from outside the state (a protocol's combat report): the enemy piece on `s` has `rank`;
  // the enemy piece on `s` has moved (so it is no Bomb or Flag).
  void learn_rank(int s, int rank);
  void learn_moved(int s);

  // The player's strongest movable rank that the enemy does not know (0: none).
  int strongest_hidden() const;

  // The view notation: the position notation with '?' for enemy pieces of unknown rank.
  std::string to_string() const;
  std::string to_json() const;

 private:
  std::array<std::uint8_t, kCells> board_{};
  std::array<std::array<std::uint8_t, kRanks>, 2> alive_{};
  Run run_[2];
  // The setup phase: the enemy's placements drawn as a subset of a whole random setup.
  State sample_setup(Rng& rng, bool informed) const;

  int player_ = 0, side_ = 0, ply_ = 0, to_place_ = 0;
  Outcome outcome_;
  Config config_;
};

}  // namespace strat::stratego
