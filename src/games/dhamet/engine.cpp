#include "games/dhamet/engine.hpp"

namespace strat::dhamet {

int SearchNode::move_order(const Move& m) const {
  const int c = b.side;
  const bool promotes = m.n && has(b.men[c], m.from) && has(promotion_row(c), m.to());
  if (m.caps) {
    int sultans = 0, prev = m.from;
    for (int j = 0; j < m.n; ++j) {
      sultans += has(b.sultans[1 - c], m.path[j] - step_towards(prev, m.path[j]));
      prev = m.path[j];
    }
    return kNoisyOrder + sultans * 1000 + promotes * 500;
  }
  return promotes ? (1 << 27) + 2 : 0;
}

bool SearchNode::draw_by_rule(std::span<const std::uint64_t> path) const {
  if (rules->draw_plies > 0 && quiet_plies >= rules->draw_plies) return true;  // D-17
  if (rules->repetitions == 0 || quiet_plies < 4) return false;
  // path.back() is this node; any earlier occurrence since the last irreversible move is a repetition (D-16).
  const std::size_t n = path.size();
  const std::size_t since = std::min(static_cast<std::size_t>(quiet_plies), n - 1);
  for (std::size_t i = n - 1 - since; i + 1 < n; ++i)
    if (path[i] == b.hash) return true;
  return false;
}

EngineConfig EngineConfig::from(const Options& o) {
  o.check_known({"time", "depth", "nodes"});
  const NegamaxConfig n = NegamaxConfig::from(o, 1000);
  EngineConfig c;
  c.time_ms = n.time_ms;
  c.max_depth = n.max_depth;
  c.nodes = static_cast<long>(n.nodes);
  return c;
}

namespace {
NegamaxConfig negamax_config(const EngineConfig& c) {
  NegamaxConfig n;
  n.max_depth = c.max_depth;
  n.time_ms = c.time_ms;
  n.nodes = static_cast<std::uint64_t>(c.nodes);
  n.tt_log2 = c.tt_log2;
  n.quiescence_plies = Negamax<SearchNode>::kMaxPly;  // capture sequences are followed to the end
  n.max_ply = 120;
  return n;
}
}  // namespace

Engine::Engine(EngineConfig config) : config_(config), search_(negamax_config(config)) {}

Move Engine::choose(const State& s) {
  rules_ = s.rules();
  SearchNode root{s.board(), &rules_, &config_.weights, s.quiet_plies()};
  return search_.choose(root, s.history());
}

}  // namespace strat::dhamet
