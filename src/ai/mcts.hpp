#pragma once
// Monte Carlo tree search.
//  - Perfect information: UCT (UCB1 on every node, one expansion per iteration, random playouts).
//  - Hidden information: single-observer information-set MCTS (Cowling, Powley & Whitehouse 2012). Each
//    iteration samples a full state from the searching player's Info (never from the true state), walks the
//    shared tree restricted to moves legal in that sample, and uses availability counts in UCB. Moves are
//    matched across samples by S::Move equality.
// Playouts may be cut after `playout_plies` and scored by S::evaluate where the game provides it.
#include <cmath>
#include <limits>
#include <vector>

#include "ai/random_agent.hpp"
#include "core/agent.hpp"
#include "core/game.hpp"

namespace strat {

// A game may offer a cheap, better-than-random playout policy over the generated moves.
template <class S>
concept HasPlayoutPolicy = requires(const S s, const std::vector<typename S::Move>& moves, Rng& rng) {
  { s.playout_move(moves, rng) } -> std::same_as<typename S::Move>;
};

struct MctsConfig {
  Budget budget{1000, 0};
  double exploration = 0.7;   // UCB constant on rewards in [0, 1]
  int playout_plies = 0;      // 0: play out to the end
  bool informed_sampling = false;  // hidden information: ask Info::sample(rng, true) for the game's priors
  bool game_playout_policy = false;  // use S::playout_move instead of uniform random moves in playouts
  static MctsConfig from(const Options& o, long default_iterations, int default_playout_plies) {
    o.check_known({"iterations", "time", "c", "playout"});
    MctsConfig c;
    c.budget = Budget::from(o, default_iterations);
    c.exploration = static_cast<double>(o.get_int("c", 70, 0, 1000)) / 100.0;
    c.playout_plies = static_cast<int>(o.get_int("playout", default_playout_plies, 0, 100000));
    return c;
  }
};

template <GameState S>
class Mcts {
 public:
  using Move = typename S::Move;

  Mcts(MctsConfig config, std::uint64_t seed) : config_(config), rng_(seed) {}

  Move choose(const S& root) {
    const int me = root.to_move();
    nodes_.clear();
    nodes_.push_back(Node{});
    if constexpr (HiddenInformationGame<S>) {
      auto info = root.info(me);
      if constexpr (requires { info.sample(rng_, true); }) {
        if (config_.informed_sampling) {
          search([&] { return info.sample(rng_, true); });
          return pick_best(root);
        }
      }
      search([&] { return info.sample(rng_); });
    } else {
      search([&] { return root; });
    }
    return pick_best(root);
  }

  long last_iterations() const { return last_iterations_; }

 private:
  // The most visited child; ties go to the better mean.
  Move pick_best(const S& root) {
    const Node& r = nodes_[0];
    int best = -1;
    for (int c : r.children) {
      if (best < 0 || nodes_[c].visits > nodes_[best].visits ||
          (nodes_[c].visits == nodes_[best].visits && nodes_[c].mean() > nodes_[best].mean()))
        best = c;
    }
    if (best < 0) {  // budget too small to expand anything: any legal move
      root.legal_moves(moves_);
      return moves_[rng_.below(static_cast<std::uint32_t>(moves_.size()))];
    }
    last_iterations_ = iterations_;
    return nodes_[best].move;
  }

  struct Node {
    Move move{};
    int parent = -1;
    int mover = -1;  // player who made `move`
    std::vector<int> children;
    double reward = 0;  // sum of rewards in [0,1] for `mover`
    long visits = 0;
    long avail = 0;
    double mean() const { return visits ? reward / static_cast<double>(visits) : 0; }
  };

  template <class Sampler>
  void search(Sampler&& sample) {
    Deadline deadline(config_.budget.time_ms);
    iterations_ = 0;
    while (true) {
      if (config_.budget.iterations > 0 && iterations_ >= config_.budget.iterations) break;
      if ((iterations_ & 15) == 0 && deadline.passed() && iterations_ > 0) break;
      S s = sample();
      iterate(s);
      ++iterations_;
    }
  }

  void iterate(S& s) {
    int node = 0;
    // Selection: descend while every legal move of this sample has a child.
    while (!s.outcome().over()) {
      s.legal_moves(moves_);
      untried_.clear();
      int best = -1;
      double best_score = -std::numeric_limits<double>::infinity();
      for (const Move& m : moves_) {
        int child = find_child(node, m);
        if (child < 0) {
          untried_.push_back(m);
          continue;
        }
        Node& c = nodes_[child];
        ++c.avail;
        double score = c.mean() + config_.exploration * std::sqrt(std::log(static_cast<double>(c.avail)) / c.visits);
        if (score > best_score) {
          best_score = score;
          best = child;
        }
      }
      if (!untried_.empty()) {
        // Expansion.
        const Move m = untried_[rng_.below(static_cast<std::uint32_t>(untried_.size()))];
        Node child;
        child.move = m;
        child.parent = node;
        child.mover = s.to_move();
        child.avail = 1;
        s.apply(m, nullptr);
        nodes_.push_back(std::move(child));
        int id = static_cast<int>(nodes_.size()) - 1;
        nodes_[node].children.push_back(id);
        node = id;
        break;
      }
      s.apply(nodes_[best].move, nullptr);
      node = best;
    }
    // Playout and backpropagation.
    if constexpr (HasPlayoutPolicy<S>) {
      if (config_.game_playout_policy) {
        for (int i = 0; (config_.playout_plies <= 0 || i < config_.playout_plies) && !s.outcome().over(); ++i) {
          s.legal_moves(moves_);
          s.apply(s.playout_move(moves_, rng_), nullptr);
        }
      } else {
        random_playout(s, rng_, moves_, config_.playout_plies);
      }
    } else {
      random_playout(s, rng_, moves_, config_.playout_plies);
    }
    double reward0 = reward_for(s, 0);
    for (int n = node; n >= 0; n = nodes_[n].parent) {
      Node& x = nodes_[n];
      ++x.visits;
      if (x.mover >= 0) x.reward += x.mover == 0 ? reward0 : 1.0 - reward0;
    }
  }

  int find_child(int node, const Move& m) const {
    for (int c : nodes_[node].children)
      if (nodes_[c].move == m) return c;
    return -1;
  }

  static double reward_for(const S& s, int player) {
    Outcome o = s.outcome();
    if (o.over()) return 0.5 + 0.5 * o.score_for(player);
    if constexpr (EvaluatedGame<S>) return 0.5 + 0.5 * static_cast<double>(s.evaluate(player));
    return 0.5;
  }

  MctsConfig config_;
  Rng rng_;
  std::vector<Node> nodes_;
  std::vector<Move> moves_, untried_;
  long iterations_ = 0, last_iterations_ = 0;
};

}  // namespace strat
