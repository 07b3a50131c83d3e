// Registration of Strata 7 with the game registry: loading, agents and throughput figures.
#include <cstdio>

#include "ai/agents.hpp"
#include "ai/bench.hpp"
#include "core/registry.hpp"
#include "games/strata7/agent.hpp"

namespace strat {

namespace strata7 {
std::unique_ptr<AnyAgent> make_agent(std::string_view spec, std::uint64_t seed) {
  if (auto generic = make_generic_agent<State>(spec, seed, MctsDefaults{1000, 40})) return generic;
  auto [name, options] = Options::parse_spec(spec, "agent option");
  if (name != "strata7") unknown_agent(spec, "random, mcts, strata7");
  options.check_known({"time", "depth", "nodes", "qplies"});
  return std::make_unique<AgentAdapter<State, Agent>>(std::string(spec), Agent(search_config(options)));
}
}  // namespace strata7

void register_strata7(Registry& registry) {
  using strata7::Rules;
  using strata7::State;
  GameInfo g;
  g.name = "strata7";
  g.title = "Strata 7";
  g.summary = "Octagon of 88 cells: capture by blocking, storm the enemy objectives, first to 7 points";
  g.agents = {"random", "mcts", "strata7"};
  g.has_startpos = true;
  g.load = [](const Options& options, std::string_view position) -> std::unique_ptr<AnyState> {
    return std::make_unique<StateAdapter<State>>("strata7", State::parse(position, Rules::from(options)));
  };
  g.new_game = [](const Options& options, std::uint64_t) -> std::unique_ptr<AnyState> {
    return std::make_unique<StateAdapter<State>>("strata7", State::start(Rules::from(options)));
  };
  g.make_agent = [](const Options& options, std::string_view spec, std::uint64_t seed) {
    Rules::from(options);  // rejects unknown game options
    return strata7::make_agent(spec, seed);
  };
  g.bench = [](const Options& options, double seconds, const std::function<void(double)>& progress) {
    const Rules rules = Rules::from(options);
    const auto f = bench_playouts<State>([&](Rng&) { return State::start(rules); }, seconds, 1, progress);
    return bench_lines(f);
  };
  registry.add(std::move(g));
}

}  // namespace strat
