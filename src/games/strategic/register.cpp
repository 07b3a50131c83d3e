// Registers Strategic: positions (a position string or random:SEED), agents and throughput figures.
#include <cmath>

#include "ai/agents.hpp"
#include "ai/bench.hpp"
#include "core/encoding.hpp"
#include "core/registry.hpp"
#include "games/strategic/encoding.hpp"
#include "games/strategic/agent.hpp"
#include "games/strategic/state.hpp"

namespace strat {

static_assert(GameState<strategic::State>);

void register_strategic(Registry& registry) {
  using strategic::Rules;
  using strategic::State;
  GameInfo g;
  g.name = "strategic";
  g.title = "Strategic";
  g.summary = "Guards pair up into Officers that glide and turn across a 7x7 board, jumping enemy Officers";
  g.parameters = {
      Parameter::choice("variant", {"standard", "jump_own"},
                        "jump_own: Officers may also pass over (and remove) their own Officers (T-09 variant)"),
      Parameter::integer("draw_plies", 200, 0, 1'000'000, "plies without a capture or an Officer formed that draw (T-14); 0: no limit"),
      Parameter::integer("repetitions", 3, 0, 100, "occurrences of one position that draw (T-14); 0: off (1 is refused)"),
      Parameter::text("board", "", "a file with a board diagram to play on instead of the standard board"),
  };
  g.agents = {"random", "mcts", g.name};
  g.chance = true;  // the dealt start; play itself is perfect information
  g.has_random_start = true;
  const auto wrap = state_wrapper<State>(g);
  g.load = [wrap](const Options& options, std::string_view position) {
    return wrap(State::load(Rules::from(options), position));
  };
  g.new_game = [wrap](const Options& options, std::uint64_t seed) { return wrap(State::deal(Rules::from(options), seed)); };
  g.make_agent = [agents = g.agent_list()](const Options& options, std::string_view spec,
                                           std::uint64_t seed) -> std::unique_ptr<AnyAgent> {
    Rules::from(options);
    if (auto a = make_generic_agent<State>(spec, seed, MctsDefaults{1000, 30})) return a;
    if (spec.substr(0, spec.find(':')) == "strategic") return strategic::make_engine(spec, seed);
    unknown_agent(spec, agents);
  };
  g.bench = [](const Options& options, double seconds, const std::function<void(double)>& progress) {
    const Rules rules = Rules::from(options);
    auto f = bench_playouts<State>([&](Rng& rng) { return State::deal(rules, rng.next()); }, seconds, 1, progress);
    return bench_lines(f);
  };
  g.encode = encode_with<State, strategic::Encoding>("strategic");  // the Python module (docs/python.md)
  registry.add(std::move(g));
}

}  // namespace strat
