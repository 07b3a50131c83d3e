// Registration of Strata 7 with the game registry: loading, agents and throughput figures.
#include <cstdio>

#include "ai/agents.hpp"
#include "ai/bench.hpp"
#include "core/encoding.hpp"
#include "core/registry.hpp"
#include "games/strata7/encoding.hpp"
#include "games/strata7/agent.hpp"

namespace strat {

namespace strata7 {
static_assert(GameState<State>);

std::unique_ptr<AnyAgent> make_agent(std::string_view spec, std::uint64_t seed, std::string_view agents) {
  if (auto generic = make_generic_agent<State>(spec, seed, MctsDefaults{1000, 40})) return generic;
  auto [name, options] = Options::parse_spec(spec, "agent option");
  if (name != "strata7") unknown_agent(spec, agents);
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
  g.parameters = {
      Parameter::integer("quiet_plies", 300, 0, 1'000'000, "plies without a point that end the game (A-18); 0: no limit"),
      Parameter::integer("ply_limit", 0, 0, 1'000'000, "total plies that end the game (A-18); 0: no limit"),
  };
  g.agents = {"random", "mcts", g.name};
  g.has_startpos = true;
  const auto wrap = state_wrapper<State>(g);
  g.load = [wrap](const Options& options, std::string_view position) {
    return wrap(State::parse(position, Rules::from(options)));
  };
  g.new_game = [wrap](const Options& options, std::uint64_t) { return wrap(State::start(Rules::from(options))); };
  g.make_agent = [agents = g.agent_list()](const Options& options, std::string_view spec, std::uint64_t seed) {
    Rules::from(options);  // rejects unknown game options
    return strata7::make_agent(spec, seed, agents);
  };
  g.bench = [](const Options& options, double seconds, const std::function<void(double)>& progress) {
    const Rules rules = Rules::from(options);
    const auto f = bench_playouts<State>([&](Rng&) { return State::start(rules); }, seconds, 1, progress);
    return bench_lines(f);
  };
  g.encode = encode_with<State, strata7::Encoding>("strata7");  // the Python module (docs/python.md)
  registry.add(std::move(g));
}

}  // namespace strat
