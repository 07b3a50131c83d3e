#pragma once
// The `stratego-belief` agent: one expectimax search over the belief state (belief_node.hpp) on the shared negamax, with
// a learned evaluation (eval_model.hpp). It reads only the player's Info: the beliefs about the enemy's ranks come
// from that Info (beliefs.hpp), and so do the enemy's beliefs about the player's own pieces.
#include <cstdint>
#include <memory>
#include <utility>
#include <vector>

#include "ai/negamax.hpp"
#include "core/options.hpp"
#include "core/parameters.hpp"
#include "core/rng.hpp"
#include "games/stratego/belief_node.hpp"
#include "games/stratego/move_evidence.hpp"
#include "games/stratego/setup.hpp"
#include "games/stratego/state.hpp"

namespace strat::stratego {

struct AgentConfig {
  double time_ms = 1000;  // per move (0 with nodes or depth: no clock)
  long nodes = 0;         // 0: no node limit
  int depth = 64;
  bool blind = true;     // the enemy attacks blind only when it looks worth it, and with the ranks that pay
  bool evidence = true;  // the enemy's moves weigh the beliefs (MoveEvidence)
  bool learned_setup = true;  // its own setup: the best of the generator's draws by the setup model
  // The agent's options, declared (listed by `strat games --json`).
  static std::vector<Parameter> parameters();
  static AgentConfig from(const Options& options);
};

class Agent {
 public:
  Agent(AgentConfig config, std::uint64_t seed);
  Move choose(const State& state);
  // Its own setup for a new game (setup_model.hpp), or the generator's with learned_setup off.
  Setup setup(const Config& config);

  // After choose: the deepest depth completed, the nodes searched, and every root move's score (for the player, in
  // BeliefNode units: a win is kWinScore).
  int last_depth() const { return search_->last_depth(); }
  std::uint64_t last_nodes() const { return search_->nodes(); }
  const std::vector<std::pair<Move, int>>& last_scores() const { return search_->root_scores(); }
  // The root node of the last choose (what the player knew), and what the enemy's moves said so far.
  const RootKnowledge& knowledge() const { return *knowledge_; }
  const MoveEvidence& evidence() const { return evidence_; }

 private:
  AgentConfig config_;
  Rng rng_;
  std::unique_ptr<RootKnowledge> knowledge_;
  std::unique_ptr<EvalCache> eval_cache_;
  std::uint64_t searches_ = 0;  // salts the cache's keys: a new root, new beliefs
  MoveEvidence evidence_;  // what the enemy's moves said, from one turn to the next
  std::unique_ptr<Negamax<BeliefNode>> search_;
};

// What the player knows at the root, for the search: the beliefs about the enemy's unknown pieces, the enemy's
// beliefs about the player's pieces it does not know (from public information), and where the enemy Flag likely is.
// `rng` draws a world only to give the enemy's view its own (unread) ranks.
// With `likelihood` (by square, MoveEvidence), the moved enemy pieces' priors are weighed by it; all of them also by
// the fitted factors (factor_weights, beliefs.hpp).
void fill_knowledge(const Info& info, RootKnowledge& knowledge, Rng& rng,
                    const std::vector<MoveEvidence::Likelihood>* likelihood = nullptr);
// The attack likelihoods of `knowledge` (RootKnowledge::attack_known, attack_blind), from the move predictor.
void fill_attack_likelihoods(RootKnowledge& knowledge);

}  // namespace strat::stratego
