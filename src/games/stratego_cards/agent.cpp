// The `cards` agent (see agent.hpp).
#include "games/stratego_cards/agent.hpp"

#include <algorithm>
#include <cmath>
#include <functional>
#include <limits>

#include "core/options.hpp"
#include "games/stratego_cards/policy.hpp"

namespace strat::stratego_cards {

CardsConfig CardsConfig::from(const Options& o) {
  o.check_known({"iterations", "time", "c", "playout", "bias", "widen"});
  CardsConfig c;
  c.budget = Budget::from(o, 1000);
  c.exploration = static_cast<double>(o.get_int("c", 50, 0, 1000)) / 100.0;
  c.playout_plies = static_cast<int>(o.get_int("playout", 16, 0, 100000));
  c.prior_weight = static_cast<double>(o.get_int("bias", 100, 0, 10000)) / 100.0;
  c.widen = static_cast<double>(o.get_int("widen", 100, 0, 10000)) / 100.0;
  return c;
}

Move CardsAgent::choose(const State& root) {
  const int me = root.to_move();
  root.legal_moves(moves_);
  if (moves_.size() == 1) return moves_[0];
  if (root.phase() == Phase::Setup) {
    const Card c = setup_choice(root.side(me), rng_);
    return Move{kPlace, static_cast<std::uint8_t>(root.side(me).first_empty_slot()), c, kNone};
  }
  const Info info = root.info(me);
  nodes_.clear();
  nodes_.push_back(Node{});
  Deadline deadline(config_.budget.time_ms);
  long it = 0;
  while (true) {
    if (config_.budget.iterations > 0 && it >= config_.budget.iterations) break;
    if ((it & 15) == 0 && it > 0 && deadline.passed()) break;
    iterate(info.sample(rng_), me);
    ++it;
  }
  last_iterations_ = it;
  int best = -1;
  for (int c : nodes_[0].children)
    if (best < 0 || nodes_[c].visits > nodes_[best].visits ||
        (nodes_[c].visits == nodes_[best].visits && nodes_[c].reward > nodes_[best].reward))
      best = c;
  if (best >= 0) return nodes_[best].move;
  info.sample(rng_).legal_moves(moves_);
  return moves_.front();
}

// The opponent's placements are invisible to the searcher: they are played by the heuristic, as chance, so
// the tree does not split on ranks the searcher could never tell apart.
bool CardsAgent::hidden_opponent_step(State& s, int me) {
  if (s.outcome().over() || s.to_move() == me || s.phase() == Phase::Act) return false;
  s.legal_moves(moves_);
  s.apply(policy_move(s, moves_, scores_, rng_, config_.temperature), nullptr);
  return true;
}

void CardsAgent::iterate(State s, int me) {
  int node = 0;
  while (true) {
    while (hidden_opponent_step(s, me)) {
    }
    if (s.outcome().over()) break;
    s.legal_moves(moves_);
    score_moves(s, moves_, scores_);
    double top = *std::max_element(scores_.begin(), scores_.end());
    // Progressive widening: only the heuristic's k best moves compete, k growing with the node's visits.
    double cutoff = -std::numeric_limits<double>::infinity();
    if (config_.widen > 0) {
      const std::size_t k = static_cast<std::size_t>(2 + config_.widen * std::sqrt(static_cast<double>(nodes_[node].visits)));
      if (k < moves_.size()) {
        ranked_ = scores_;
        std::nth_element(ranked_.begin(), ranked_.begin() + (k - 1), ranked_.end(), std::greater<double>());
        cutoff = ranked_[k - 1];
      }
    }
    int best = -1, untried = -1;
    double best_score = -std::numeric_limits<double>::infinity(), untried_score = best_score;
    for (std::size_t i = 0; i < moves_.size(); ++i) {
      if (scores_[i] < cutoff) continue;
      int child = -1;
      for (int c : nodes_[node].children)
        if (nodes_[c].move == moves_[i]) {
          child = c;
          break;
        }
      if (child < 0) {
        // Expand the most promising untried move first (ties broken at random).
        double key = scores_[i] + 0.01 * rng_.uniform();
        if (key > untried_score) untried_score = key, untried = static_cast<int>(i);
        continue;
      }
      Node& c = nodes_[child];
      ++c.avail;
      double mean = c.reward / static_cast<double>(c.visits);
      double score = mean + config_.exploration * std::sqrt(std::log(static_cast<double>(c.avail)) / c.visits) +
                     config_.prior_weight * c.prior / (c.visits + 1.0);
      if (score > best_score) best_score = score, best = child;
    }
    if (untried >= 0) {
      Node child;
      child.move = moves_[untried];
      child.parent = node;
      child.mover = s.to_move();
      child.avail = 1;
      // Prior in [0, 1]: how close this move is to the heuristic's favourite.
      child.prior = std::exp((scores_[untried] - top) / 2.0);
      s.apply(child.move, nullptr);
      nodes_.push_back(std::move(child));
      node = static_cast<int>(nodes_.size()) - 1;
      nodes_[nodes_[node].parent].children.push_back(node);
      break;
    }
    s.apply(nodes_[best].move, nullptr);
    node = best;
  }
  playout(s);
  const Outcome o = s.outcome();
  const double r0 = o.over() ? 0.5 + 0.5 * o.score_for(0) : 0.5 + 0.5 * s.evaluate(0);
  for (int n = node; n >= 0; n = nodes_[n].parent) {
    Node& x = nodes_[n];
    ++x.visits;
    if (x.mover >= 0) x.reward += x.mover == 0 ? r0 : 1.0 - r0;
  }
}

void CardsAgent::playout(State& s) {
  for (int i = 0; i < config_.playout_plies && !s.outcome().over(); ++i) {
    s.legal_moves(moves_);
    s.apply(policy_move(s, moves_, scores_, rng_, config_.temperature), nullptr);
  }
}

std::unique_ptr<AnyAgent> make_cards_agent(std::string_view spec, std::uint64_t seed) {
  auto [name, options] = Options::parse_spec(spec, "agent option");
  // Named after the game like every game's own agent; "cards", its first name, is still understood.
  if (name != "stratego-cards" && name != "cards") return nullptr;
  return std::make_unique<AgentAdapter<State, CardsAgent>>(std::string(spec), CardsAgent(CardsConfig::from(options), seed));
}

}  // namespace strat::stratego_cards
