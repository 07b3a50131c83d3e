#pragma once
// `stratego`, the game's own agent: belief-weighted determinized alpha-beta (the second design; folder v2). The
// belief-state search `stratego-belief` (belief_agent.hpp) is measured against it.
//
// From the player's Info only, Beliefs fits a probability over ranks to every unknown enemy piece (human setup priors,
// moved pieces never Bombs or Flags, exact counts). The agent draws worlds from those beliefs and, in each, runs an
// alpha-beta search (iterative deepening, quiescence on attacks) from the current position; every root move's scores
// are averaged over the worlds, so an attack on an unknown piece is weighed by how likely it is to be each rank: a
// Marshal does not walk into a likely Bomb or next to a piece that may be the Spy. Between its turns the agent keeps
// what the enemy's moves said (evidence.hpp): a piece that walks up to a known piece of ours is likely stronger. The
// evaluation (evaluation.hpp) adds what search depth cannot see.
#include <array>
#include <cstdint>
#include <unordered_map>
#include <vector>

#include "core/options.hpp"
#include "core/parameters.hpp"
#include "core/rng.hpp"
#include "games/stratego/beliefs.hpp"
#include "games/stratego/state.hpp"
#include "games/stratego/v2/evaluation.hpp"
#include "games/stratego/v2/evidence.hpp"

namespace strat::stratego::v2 {

struct SearchConfig {
  double time_ms = 1000;  // per move; 0 with nodes > 0: no clock (deterministic)
  long nodes = 0;         // 0: no node limit
  int samples = 4;        // worlds per depth (deeper beats wider)
  int max_depth = 8;
  // The agent's options, declared (listed by `strat games --json`). Without time or nodes: 1000 ms.
  static std::vector<Parameter> parameters();
  static SearchConfig from(const Options& options);
};

class SearchAgent {
 public:
  SearchAgent(SearchConfig config, std::uint64_t seed) : config_(config), rng_(seed) {}
  Move choose(const State& root);

  // After choose: the deepest depth completed and the worlds searched at it.
  int last_depth() const { return last_depth_; }
  int last_samples() const { return last_samples_; }
  // After choose: every root move with its score averaged over the worlds of that depth (analysis and tests).
  const std::vector<std::pair<Move, double>>& last_scores() const { return last_scores_; }

 private:
  struct Aborted {};
  int search(const State& s, int depth, int alpha, int beta, int ply);
  int quiesce(const State& s, int alpha, int beta, int ply, int qply);
  void order(const State& s, std::vector<Move>& moves, int ply) const;
  // Below the root, an attack on a piece the attacker does not know that the search does not make: see choose().
  bool blind(const State& s, const Move& m) const;
  // The score of a root attack on an unknown piece in world w, over the ranks the piece may have (see choose()).
  double gamble_score(const State& w, const Move& m, const Beliefs& beliefs, int depth);
  // The score of a root move in world w that leaves the player's known Marshal next to the unknown enemy piece on
  // `suspect`, over that piece being the Spy or not (see choose()).
  double exposed_score(const State& w, const Move& m, int suspect, const Beliefs& beliefs, int depth);
  void tick();

  // The transposition table: what a search of a position found, reused when the position comes again (another move
  // order, the next depth, another world that agrees there). Positions are hashed whole: board, side, two-square runs.
  struct Entry {
    std::uint64_t key = 0;
    std::int32_t score = 0;
    std::int8_t depth = -1;
    std::uint8_t bound = 0;  // exact, lower (the score is at least this) or upper (at most)
    Move move;
    std::uint32_t generation = 0;  // the choose() that stored it: an entry counts only within its own
  };
  static constexpr int kTableBits = 18;
  std::vector<Entry> table_;
  std::uint32_t generation_ = 0;

  SearchConfig config_;
  Rng rng_;
  Evidence evidence_;  // what the enemy's moves said, from one turn to the next
  double deadline_ns_ = 0;
  bool may_abort_ = true;
  std::int64_t start_ns_ = 0;
  long nodes_ = 0;
  int last_depth_ = 0, last_samples_ = 0;
  std::vector<std::pair<Move, double>> last_scores_;
  FlagField flag_field_;  // the enemy Flag as the root's beliefs place it
  FlagRace flag_race_;    // one's own Flag (the same in every world) and its approaches
  EvalContext eval_context_;  // the two above, for every evaluation of this move
  int root_player_ = 0;
  int win_ = 1000;  // what a win is worth in this move's search (see choose())
  // From the root's beliefs: the strongest movable rank an unknown enemy piece may have, and whether one may be a Bomb.
  // Captures below the root only remove pieces, so both stay true bounds for the whole search.
  int strongest_unknown_ = kMarshal;
  // The lowest enemy rank that does not attack the player's unmoved pieces it does not know below the root (0: every
  // rank may; see choose()).
  int shy_ = 0;
  // How often each position (public_key in search.cpp) followed one of this agent's moves in this game (see choose()).
  std::unordered_map<std::uint64_t, int> left_;
  int history_ply_ = -1;  // the last root's ply: a root earlier than it is another game
  bool unknown_bombs_ = true;
  std::array<std::array<Move, 2>, 64> killers_{};
  std::vector<std::vector<Move>> move_stack_;
};

}  // namespace strat::stratego::v2
