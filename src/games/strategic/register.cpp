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


void register_strategic(Registry& registry) {
  using strategic::Rules;
  using strategic::State;
  GameInfo g;
  g.name = "strategic";
  g.title = "Strategic";
  g.summary = "Guards pair up into Officers that glide and turn across a 7x7 board, jumping enemy Officers";
  g.variants = {"standard", "jump_own"};
  g.agents = {"random", "mcts", "strategic"};
  g.chance = true;  // the dealt start; play itself is perfect information
  g.has_random_start = true;
  g.load = [](const Options& options, std::string_view position) -> std::unique_ptr<AnyState> {
    return std::make_unique<StateAdapter<State>>("strategic", State::load(Rules::from(options), position));
  };
  g.new_game = [](const Options& options, std::uint64_t seed) -> std::unique_ptr<AnyState> {
    return std::make_unique<StateAdapter<State>>("strategic", State::deal(Rules::from(options), seed));
  };
  g.make_agent = [](const Options& options, std::string_view spec, std::uint64_t seed) -> std::unique_ptr<AnyAgent> {
    Rules::from(options);
    if (auto a = make_generic_agent<State>(spec, seed, MctsDefaults{1000, 30})) return a;
    if (spec.substr(0, spec.find(':')) == "strategic") return strategic::make_engine(spec, seed);
    unknown_agent(spec, "random, mcts, strategic");
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
