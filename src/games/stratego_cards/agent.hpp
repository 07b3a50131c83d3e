#pragma once
// The `cards` agent: single-observer information-set MCTS over the searcher's Info (K-14), with
//  - determinizations drawn by Info::sample (the opponent's unseen cards and both piles redrawn);
//  - the opponent's placements, which the searcher cannot observe, played by the heuristic inside the
//    iteration instead of branching the tree on hidden ranks;
//  - progressive bias from the knowledge-respecting heuristic (policy.hpp) and heuristic playouts cut after
//    `playout` plies and scored by State::evaluate;
//  - the preparation (K-02) by a fixed rule: Flag kept in hand, up to two Bombs and the strongest attackers
//    laid, in random slot order.
// Like the generic Mcts it only ever reads the root's Info, so it cannot see hidden cards.
#include <memory>
#include <string_view>
#include <vector>

#include "core/agent.hpp"
#include "core/rng.hpp"
#include "games/stratego_cards/state.hpp"

namespace strat::stratego_cards {

struct CardsConfig {
  Budget budget{1000, 0};
  double exploration = 0.5;
  double prior_weight = 1.0;
  int playout_plies = 16;
  double temperature = 1.0;  // playout softmax temperature, in card-worth units
  double widen = 1.0;        // progressive widening: 2 + widen * sqrt(visits) moves per node (0: all)
  static CardsConfig from(const Options& o);
};

class CardsAgent {
 public:
  CardsAgent(CardsConfig config, std::uint64_t seed) : config_(config), rng_(seed) {}
  Move choose(const State& root);
  long last_iterations() const { return last_iterations_; }

 private:
  struct Node {
    Move move{};
    int parent = -1;
    int mover = -1;
    std::vector<int> children;
    double reward = 0;
    long visits = 0;
    long avail = 0;
    double prior = 0;
  };
  void iterate(State s, int me);
  bool hidden_opponent_step(State& s, int me);
  void playout(State& s);

  CardsConfig config_;
  Rng rng_;
  std::vector<Node> nodes_;
  std::vector<Move> moves_;
  std::vector<double> scores_, ranked_;
  long last_iterations_ = 0;
};

std::unique_ptr<AnyAgent> make_cards_agent(std::string_view spec, std::uint64_t seed);

}  // namespace strat::stratego_cards
