// Registers Dhamet with the game registry: loading positions, agents (random, mcts, dhamet) and bench.
#include <algorithm>
#include <chrono>

#include <nlohmann/json.hpp>

#include "ai/agents.hpp"
#include "ai/bench.hpp"
#include "core/encoding.hpp"
#include "core/registry.hpp"
#include "games/dhamet/encoding.hpp"
#include "games/dhamet/engine.hpp"
#include "games/dhamet/geometry.hpp"

namespace strat {

namespace {
using dhamet::State;
static_assert(GameState<State>);

class DhametAgent {
 public:
  explicit DhametAgent(dhamet::EngineConfig c) : engine_(std::make_shared<dhamet::Engine>(c)) {}
  dhamet::Move choose(const State& s) { return engine_->choose(s); }

 private:
  std::shared_ptr<dhamet::Engine> engine_;  // large tables: shared, not copied, when the adapter moves
};
}  // namespace

void register_dhamet(Registry& registry) {
  GameInfo g;
  g.name = "dhamet";
  g.title = "Dhamet (Strand)";
  g.summary = "Saharan draughts on the 81-point alquerque board: compulsory maximum capture, Sultans";
  g.parameters = {
      Parameter::choice("variant", {"standard", "huffing"},
                        "standard: capture is compulsory (D-08, D-09); huffing: an unmade capture is huffed instead (D-11)"),
      Parameter::integer("draw_plies", 100, 0, 100000, "plies without a capture or a man move that draw (D-17); 0: no limit"),
      Parameter::integer("repetitions", 3, 0, 1000, "occurrences of one position that draw (D-16); 0: off (1 is refused)"),
  };
  g.agents = {"random", "mcts", g.name};
  g.has_startpos = true;
  // Each side's men at the start (D-04): the board's captured counts are this less the pieces left.
  g.constants = [](const Options&) { return nlohmann::json{{"men", dhamet::kMaxPieces}}; };
  const auto wrap = state_wrapper<State>(g);
  g.load = [wrap](const Options& options, std::string_view position) {
    return wrap(State::parse(position, dhamet::Rules::from(options)));
  };
  g.new_game = [wrap](const Options& options, std::uint64_t) { return wrap(State(dhamet::Rules::from(options))); };
  g.make_agent = [agents = g.agent_list()](const Options& options, std::string_view spec,
                                           std::uint64_t seed) -> std::unique_ptr<AnyAgent> {
    dhamet::Rules::from(options);  // rejects bad game options early
    if (auto a = make_generic_agent<State>(spec, seed, MctsDefaults{1000, 0})) return a;
    auto [name, agent_options] = Options::parse_spec(spec, "agent option");
    if (name != "dhamet") unknown_agent(spec, agents);
    return std::make_unique<AgentAdapter<State, DhametAgent>>(
        std::string(spec), DhametAgent(dhamet::EngineConfig::from(agent_options)));
  };
  g.bench = [](const Options& options, double seconds, const std::function<void(double)>& progress) {
    const auto rules = dhamet::Rules::from(options);
    const auto f = bench_playouts<State>([&](Rng&) { return State(rules); }, seconds * 0.7, 1, progress);
    // Perft from the start position, one depth deeper until about 30% of the time has gone; the rate is the
    // last depth's.
    const State start(rules);
    const auto t0 = std::chrono::steady_clock::now();
    auto since = [](std::chrono::steady_clock::time_point t) {
      return std::chrono::duration<double>(std::chrono::steady_clock::now() - t).count();
    };
    int depth = 0;
    double rate = 0;
    while (since(t0) < seconds * 0.3 && depth < 14) {
      ++depth;
      const auto t = std::chrono::steady_clock::now();
      const std::uint64_t leaves = start.perft(depth);
      rate = static_cast<double>(leaves) / std::max(since(t), 1e-9);
    }
    auto lines = bench_lines(f);
    lines.push_back(bench_line("perft_depth", depth, "plies"));
    lines.push_back(bench_line("perft_leaves_per_second", rate, "leaves/s"));
    return lines;
  };
  g.encode = encode_with<State, dhamet::Encoding>("dhamet");  // the Python module (docs/python.md)
  registry.add(std::move(g));
}

}  // namespace strat
