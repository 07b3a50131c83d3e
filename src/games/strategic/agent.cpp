// The `strategic` engine agent. Budgets:
//  - time=MS: the shared negamax (src/ai/negamax.hpp), iterative deepening until the time is up (interactive
//    play);
//  - depth=N: a fixed-depth search (deterministic);
//  - nodes=N: deterministic too, and adaptive: searches depth 2, 3, ... while the next depth is expected to fit
//    in N nodes, so endgames with few moves are searched deeper than crowded middle games.
#include "games/strategic/agent.hpp"

#include "ai/negamax.hpp"
#include "games/strategic/state.hpp"

namespace strat::strategic {

namespace {
class Engine {
 public:
  Engine(NegamaxConfig config, long nodes) : config_(config), nodes_(nodes) {}

  Move choose(const State& s) {
    if (nodes_ <= 0) {
      if (!search_) search_ = std::make_shared<Negamax<State>>(config_);
      return search_->choose(s);
    }
    Move best{};
    std::uint64_t used = 0, last = 0;
    for (int depth = 1; depth <= 64; ++depth) {
      NegamaxConfig c = config_;
      c.time_ms = 0;
      c.max_depth = depth;
      Negamax<State> ab(c);
      best = ab.choose(s);
      const std::uint64_t n = ab.nodes();
      used += n;
      // Each extra ply has cost about (this depth's nodes / the previous depth's) times more.
      const double growth = last > 0 ? std::max(2.0, static_cast<double>(n) / static_cast<double>(last)) : 8.0;
      if (n == 0 || std::abs(ab.last_score()) >= Negamax<State>::kMateBound) break;
      // Depth 2 at least: at depth 1 the engine cannot see the opponent's replies, repetitions included.
      if (depth < 2) continue;
      if (static_cast<double>(used) + static_cast<double>(n) * growth > static_cast<double>(nodes_)) break;
      last = n;
    }
    return best;
  }

 private:
  NegamaxConfig config_;
  long nodes_;
  std::shared_ptr<Negamax<State>> search_;  // kept between moves (its table too); shared when the adapter moves
};
}  // namespace

std::unique_ptr<AnyAgent> make_engine(std::string_view spec, std::uint64_t) {
  auto [name, options] = Options::parse_spec(spec, "agent option");
  options.check_known({"time", "depth", "nodes"});
  NegamaxConfig config;
  config.time_ms = static_cast<double>(options.get_int("time", 0, 0, 3'600'000));
  config.max_depth = static_cast<int>(options.get_int("depth", config.time_ms > 0 ? 64 : 6, 1, 64));
  const long nodes = static_cast<long>(options.get_int("nodes", 0, 0, 1'000'000'000));
  if (!options.has("time") && !options.has("depth") && !nodes) {
    config.time_ms = 1000;
    config.max_depth = 64;
  }
  config.tt_log2 = 16;
  return std::make_unique<AgentAdapter<State, Engine>>(std::string(spec), Engine(config, nodes));
}

}  // namespace strat::strategic
