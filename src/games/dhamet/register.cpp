// Registers Dhamet with the game registry: loading positions, agents (random, mcts, dhamet) and bench.
#include "ai/agents.hpp"
#include "ai/bench.hpp"
#include "core/registry.hpp"
#include "games/dhamet/engine.hpp"

namespace strat {

namespace {
using dhamet::DhametState;

class DhametAgent {
 public:
  explicit DhametAgent(dhamet::EngineConfig c) : engine_(std::make_shared<dhamet::Engine>(c)) {}
  dhamet::Move choose(const DhametState& s) { return engine_->choose(s); }

 private:
  std::shared_ptr<dhamet::Engine> engine_;  // large tables: shared, not copied, when the adapter moves
};
}  // namespace

void register_dhamet(Registry& registry) {
  GameInfo g;
  g.name = "dhamet";
  g.title = "Dhamet (Strand)";
  g.summary = "Saharan draughts on the 81-point alquerque board: compulsory maximum capture, Sultans";
  g.variants = {"standard", "huffing"};
  g.agents = {"random", "mcts", "dhamet"};
  g.has_startpos = true;
  g.load = [](const Options& options, std::string_view position) -> std::unique_ptr<AnyState> {
    return std::make_unique<StateAdapter<DhametState>>("dhamet",
                                                       DhametState::parse(position, dhamet::Rules::from(options)));
  };
  g.new_game = [](const Options& options, std::uint64_t) -> std::unique_ptr<AnyState> {
    return std::make_unique<StateAdapter<DhametState>>("dhamet", DhametState(dhamet::Rules::from(options)));
  };
  g.make_agent = [](const Options& options, std::string_view spec, std::uint64_t seed) -> std::unique_ptr<AnyAgent> {
    dhamet::Rules::from(options);  // rejects bad game options early
    if (auto a = make_generic_agent<DhametState>(spec, seed, MctsDefaults{1000, 0})) return a;
    auto [name, agent_options] = Options::parse_spec(spec, "agent option");
    if (name != "dhamet") unknown_agent(spec, "random, mcts, dhamet");
    return std::make_unique<AgentAdapter<DhametState, DhametAgent>>(
        std::string(spec), DhametAgent(dhamet::EngineConfig::from(agent_options)));
  };
  g.bench = [](const Options& options, double seconds, const std::function<void(double)>& progress) {
    const auto rules = dhamet::Rules::from(options);
    auto f = bench_playouts<DhametState>([&](Rng&) { return DhametState(rules); }, seconds * 0.7, 1, progress);
    // Perft from the start position, deepening until about 30% of the time is used.
    const DhametState start(rules);
    std::uint64_t nodes = 0;
    double elapsed = 0;
    int depth = 1;
    const auto t0 = std::chrono::steady_clock::now();
    while (elapsed < seconds * 0.3 && depth <= 12) {
      const auto t = std::chrono::steady_clock::now();
      nodes = start.perft(depth);
      elapsed = std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();
      const double last = std::chrono::duration<double>(std::chrono::steady_clock::now() - t).count();
      if (elapsed >= seconds * 0.3 || depth == 12) {
        return std::vector<std::string>{
            "playout_plies_per_second " + std::to_string(static_cast<long>(f.plies_per_second)) + " plies/s",
            "playout_games_per_second " + std::to_string(static_cast<long>(f.games_per_second)) + " games/s",
            "movegen_calls_per_second " + std::to_string(static_cast<long>(f.movegen_per_second)) + " calls/s",
            "moves_generated_per_second " + std::to_string(static_cast<long>(f.moves_per_second)) + " moves/s",
            "perft_depth " + std::to_string(depth) + " plies",
            "perft_leaves_per_second " + std::to_string(static_cast<long>(static_cast<double>(nodes) / last)) +
                " leaves/s"};
      }
      ++depth;
    }
    return std::vector<std::string>{};
  };
  registry.add(std::move(g));
}

}  // namespace strat
