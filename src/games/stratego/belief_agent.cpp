#include "games/stratego/belief_agent.hpp"

#include <algorithm>
#include <cmath>

#include "games/stratego/beliefs.hpp"
#include "games/stratego/eval_model.hpp"
#include "games/stratego/move_model.hpp"
#include "games/stratego/setup_model.hpp"

namespace strat::stratego {

std::vector<Parameter> AgentConfig::parameters() {
  return {
      Parameter::integer("time", 1000, 0, 3'600'000, "milliseconds per move (0 with nodes or depth: no clock)"),
      Parameter::integer("nodes", 0, 0, 4'000'000'000LL, "nodes per move at most (0: no limit)"),
      Parameter::integer("depth", 64, 1, 64, "plies of search at most"),
      Parameter::choice("blind", {"on", "off"},
                        "on: the enemy attacks a piece it does not know only when the attack looks worth it to it, and "
                        "attacks with a piece the player does not know only with the ranks for which the attack pays"),
      Parameter::choice("evidence", {"on", "off"}, "on: the enemy's moves weigh the beliefs (the move predictor)"),
      Parameter::choice("setup", {"learned", "generated"},
                        "learned: its own setup is the best of 32 generated ones by the setup model; generated: the first"),
  };
}

AgentConfig AgentConfig::from(const Options& options) {
  check_options("stratego-belief", parameters(), options, "agent option");
  AgentConfig c;
  const bool limited = options.has("nodes") || options.has("depth");
  c.time_ms = static_cast<double>(options.get_int("time", limited ? 0 : 1000, 0, 3'600'000));
  c.nodes = static_cast<long>(options.get_int("nodes", 0, 0, 4'000'000'000LL));
  c.depth = static_cast<int>(options.get_int("depth", 64, 1, 64));
  c.blind = options.get("blind", "on") == "on";
  c.evidence = options.get("evidence", "on") == "on";
  c.learned_setup = options.get("setup", "learned") == "learned";
  return c;
}

void fill_attack_likelihoods(RootKnowledge& k) {
  // The terms of the move predictor that depend on the attacker's rank, given the defender as the attacker knows it.
  const MoveFeatures& w = MoveModel::trained().weights();
  for (int r = kSpy; r <= kMarshal; ++r) {
    const double own = w[r - 1];
    for (int d = 1; d < kRanks; ++d) {
      const int result = combat(r, d);
      k.attack_known[r][d] = static_cast<float>(std::exp(own + w[result > 0 ? 16 : result == 0 ? 17 : 18]));
    }
    for (int moved = 0; moved < 2; ++moved)
      k.attack_blind[r][moved] = static_cast<float>(std::exp(own + w[moved ? 20 : 19] + w[21] * r / 10.0));
  }
}

void fill_knowledge(const Info& info, RootKnowledge& k, Rng& rng, const std::vector<MoveEvidence::Likelihood>* likelihood) {
  const int me = info.player(), enemy = me ^ 1;
  k.me = me;
  k.movable_at_start = 0;
  for (int r = kSpy; r <= kMarshal; ++r) k.movable_at_start += 2 * info.config().army()[r];
  const RankWeights weights = factor_weights(info, likelihood);
  const Beliefs beliefs(info, &weights);
  // The enemy's view of the player's pieces: any world of the player's beliefs, seen from the other side. What the
  // enemy believes of the player's pieces depends only on what is public (which moved, which showed, the counts), so
  // the ranks this world gives the enemy's own pieces are never read.
  const Info theirs(beliefs.sample(rng), enemy);
  const Beliefs enemy_beliefs(theirs);
  k.prior = {};
  k.open = {};
  for (int i = 0; i < BeliefFactors::kOpen; ++i) {
    k.flag_factor[i] = static_cast<float>(kBeliefFactors.flag[i]);
    k.bomb_factor[i] = static_cast<float>(kBeliefFactors.bomb[i]);
  }
  k.seen = {};
  k.flag_near = {};
  fill_attack_likelihoods(k);
  int enemy_slot = 0, my_slot = 0;
  for (int s = 0; s < kCells; ++s) {
    const std::uint8_t c = info.cell(s);
    if ((c & kWall) || !(c & kRankMask)) continue;
    const int owner = (c & kBlue) ? 1 : 0;
    if (owner == enemy && (c & kRankMask) == kUnknownRank) {
      const auto& p = beliefs.at(s);
      for (int r = 1; r < kRanks; ++r) k.prior[enemy_slot][r] = static_cast<float>(p[r]);
      k.open[enemy_slot] = static_cast<std::uint8_t>(open_sides(info, s));
      if (p[kFlag] > 0)
        for (int q = kWidth; q < 11 * kWidth; ++q) {
          const int d = distance(q, s);
          if (on_board(q) && d < 4) k.flag_near[q] += static_cast<float>(p[kFlag] * (4 - d) / 4.0);
        }
      ++enemy_slot;
    } else if (owner == me && !(c & kKnown)) {
      const auto& p = enemy_beliefs.at(s);
      for (int r = 1; r < kRanks; ++r) k.seen[my_slot][r] = static_cast<float>(p[r]);
      ++my_slot;
    }
  }
  k.model = &EvalModel::trained();
  const auto& value = k.model->values();
  for (int slot = 0; slot < my_slot; ++slot)
    for (int moved = 0; moved < 2; ++moved) {
      double pd[kRanks] = {}, total = 0;
      for (int d = 1; d < kRanks; ++d)
        if (movable(d) || !moved) total += (pd[d] = k.seen[slot][d]);
      for (int a = kSpy; a <= kMarshal; ++a) {
        double gain = 0;
        for (int d = 1; d < kRanks && total > 0; ++d) {
          if (pd[d] <= 0) continue;
          const int result = combat(a, d);
          gain += pd[d] / total * (result > 0 ? value[d] : result == 0 ? value[d] - value[a] : -value[a]);
        }
        k.blind_gain[slot][moved][a] = static_cast<float>(total > 0 ? gain : 1.0);
      }
    }
}

Agent::Agent(AgentConfig config, std::uint64_t seed)
    : config_(config), rng_(seed), knowledge_(std::make_unique<RootKnowledge>()), eval_cache_(std::make_unique<EvalCache>()) {
  NegamaxConfig c;
  c.time_ms = config.time_ms;
  c.nodes = static_cast<std::uint64_t>(config.nodes);
  c.max_depth = config.depth;
  c.tt_log2 = 18;
  c.quiescence_plies = 6;
  search_ = std::make_unique<Negamax<BeliefNode>>(c);
}

Setup Agent::setup(const Config& config) {
  return config_.learned_setup ? chosen_setup(config, rng_) : generate_setup(config, rng_);
}

Move Agent::choose(const State& state) {
  const Info info = state.info(state.to_move());
  evidence_.observe(info);
  fill_knowledge(info, *knowledge_, rng_, config_.evidence ? &evidence_.likelihoods() : nullptr);
  knowledge_->blind = config_.blind;
  eval_cache_->salt = mix64(++searches_);
  knowledge_->eval_cache = eval_cache_.get();
  // The first iteration looks at the moves a player would look at first.
  std::vector<Move> moves;
  state.legal_moves(moves);
  const MoveContext context(info);
  const auto p = MoveModel::trained().probabilities(context, moves);
  std::vector<std::size_t> idx(moves.size());
  for (std::size_t i = 0; i < idx.size(); ++i) idx[i] = i;
  std::stable_sort(idx.begin(), idx.end(), [&](std::size_t a, std::size_t b) { return p[a] > p[b]; });
  knowledge_->root_order.clear();
  for (std::size_t i : idx) knowledge_->root_order.push_back(moves[i]);
  const BeliefNode root(info, *knowledge_);
  // Slots and beliefs are made afresh for every move: what the table holds from the last one no longer applies.
  search_->clear();
  return search_->choose(root);
}

}  // namespace strat::stratego
