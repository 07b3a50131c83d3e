#include "ai/agents.hpp"
#include "ai/bench.hpp"
#include "core/error.hpp"
#include "core/encoding.hpp"
#include "core/registry.hpp"
#include "games/stratego/encoding.hpp"
#include "core/text.hpp"
#include "games/stratego/agent.hpp"
#include "games/stratego/belief_agent.hpp"
#include "games/stratego/info.hpp"
#include "games/stratego/setup.hpp"
#include "games/stratego/setup_agent.hpp"
#include "games/stratego/setup_notation.hpp"
#include "games/stratego/state.hpp"
#include "games/stratego/ucc.hpp"
#include "games/stratego/ucc_manager.hpp"
#include "games/stratego/v2/search.hpp"

namespace strat {

using stratego::Config;
using stratego::State;

static_assert(GameState<State>);

namespace {

// The `stratego-belief` agent as the CLI and the arena hold it: its moves, and its own setup.
class BeliefAgent final : public AnyAgent {
 public:
  BeliefAgent(std::string name, stratego::AgentConfig config, std::uint64_t seed)
      : name_(std::move(name)), agent_(config, seed) {}
  const std::string& name() const override { return name_; }
  std::string choose(const AnyState& state) override {
    const State& s = concrete<State>(state);
    return s.move_to_string(agent_.choose(s));
  }
  std::string setup(const Options& game_options, int player) override {
    const Config config = Config::from(game_options);
    return stratego::setup_letters(config, plan(config), player);
  }
  stratego::Setup plan(const Config& config) { return agent_.setup(config); }

 private:
  std::string name_;
  stratego::Agent agent_;
};

// A new game: generated setups, or with setup=actions the empty board on which the sides place their armies.
State new_start(const Config& config, std::uint64_t seed) {
  if (config.setup_actions) return State::setup_start(config);
  Rng rng(seed);
  return stratego::random_start(config, rng);
}

std::unique_ptr<AnyState> load(const Options& options, std::string_view position, const auto& wrap) {
  const Config config = Config::from(options);
  if (position.rfind("random:", 0) == 0) {
    unsigned long long seed = 0;
    if (!parse_uint(position.substr(7), seed)) bad_input("random:SEED needs a whole number, got " + quoted(position));
    return wrap(new_start(config, seed));
  }
  if (position == "startpos")
    bad_input("stratego has no fixed start: give a position (two setups) or random:SEED for generated setups");
  return wrap(State::parse(position, config));
}

}  // namespace

void register_stratego(Registry& registry) {
  GameInfo g;
  g.name = "stratego";
  g.title = "Stratego";
  g.summary = "Classic Stratego (1987 rules): hidden ranks, capture the enemy Flag";
  g.parameters = {
      Parameter::choice("variant", {"classic", "barrage"}, "classic: 40 pieces a side; barrage: 8 pieces a side"),
      Parameter::choice("two_square", {"five", "isf", "classic"},
                        "five (or classic): at most 5 moves in a row between two squares (S-18); isf: 3 (S-19)"),
      Parameter::integer("ply_limit", 3000, 1, 1'000'000, "plies after which the game is drawn (S-23), placements included"),
      Parameter::choice("two_square_exempt", {"none", "red", "blue", "both"},
                        "the side(s) the two-square rule does not bind: an outside program judged by the UCC 2012 "
                        "manager's rules, which have none (`strat arena --outside-rules`)"),
      Parameter::choice("setup", {"placed", "actions"},
                        "placed: both armies start in place (generated from the seed, or given); actions: each side "
                        "places its army piece by piece as moves (b1=F), Red first, unseen by the other (S-05)"),
  };
  g.modes = {"setup=actions"};  // tested and listed like a variant (GameInfo::specs)
  // The game's own agent, `stratego`, is the strongest measured (docs/games/stratego.md, "Strength"): the
  // belief-state search `stratego-belief` does not beat it yet.
  g.agents = {"random", "mcts", "stratego-v1", "stratego-belief", g.name};
  g.agent_parameters[g.name] = stratego::v2::SearchConfig::parameters();
  g.agent_parameters["stratego-belief"] = stratego::AgentConfig::parameters();
  g.has_random_start = true;
  const auto wrap = state_wrapper<State>(g);
  g.load = [wrap](const Options& options, std::string_view position) { return load(options, position, wrap); };
  g.new_game = [wrap](const Options& options, std::uint64_t seed) { return wrap(new_start(Config::from(options), seed)); };
  g.make_agent = [agents = g.agent_list()](const Options&, std::string_view spec,
                                           std::uint64_t seed) -> std::unique_ptr<AnyAgent> {
    if (auto a = make_generic_agent<State>(spec, seed, {800, 30})) return a;
    auto [name, options] = Options::parse_spec(spec, "agent option");
    std::unique_ptr<AnyAgent> agent;
    stratego::SetupPlacing::Planner planner;
    if (name == "stratego-belief") {
      auto own = std::make_unique<BeliefAgent>(std::string(spec), stratego::AgentConfig::from(options), seed);
      planner = [p = own.get()](const Config& config) { return p->plan(config); };
      agent = std::move(own);
    } else if (name == "stratego") {
      agent = std::make_unique<AgentAdapter<State, stratego::v2::SearchAgent>>(
          std::string(spec), stratego::v2::SearchAgent(stratego::v2::SearchConfig::from(options), seed));
    } else if (name == "stratego-v1") {
      agent = std::make_unique<AgentAdapter<State, Mcts<State>>>(std::string(spec),
                                                                 Mcts<State>(stratego::v1_config(options), seed));
    } else {
      unknown_agent(spec, agents);
    }
    // setup=actions: these agents search play only; their setup is placed piece by piece (setup_agent.hpp).
    return std::make_unique<stratego::SetupPlacing>(std::move(agent), seed, std::move(planner));
  };
  g.bench = [](const Options& options, double seconds, const std::function<void(double)>& progress) {
    const Config config = Config::from(options);
    auto f = bench_playouts<State>([&](Rng& rng) { return stratego::random_start(config, rng); }, seconds, 1, progress);
    return bench_lines(f);
  };
  g.protocols["ucc"] = [](std::istream& in, std::ostream& out, const Options& options, std::string_view spec,
                          std::uint64_t seed) {
    const Options game_options = options;
    const std::string agent_spec(spec);
    return stratego::run_ucc(in, out, [=] { return Registry::global().get("stratego").make_agent(game_options, agent_spec, seed); },
                             seed, stratego::ucc_config(options));
  };
  // `strat arena stratego --agents stratego,ucc:COMMAND`: strat referees an outside UCC program.
  g.outside_agents["ucc"] = [](const Options& options, const std::string& command, double reply_ms) -> std::unique_ptr<AnyAgent> {
    return std::make_unique<stratego::UccProgram>(command, Config::from(options), reply_ms);
  };
  g.outside_rules["ucc"] = stratego::ucc_manager_rules;
  stratego::add_setup_hooks(g);  // the web platform's setup phase
  g.encode = encode_with<State, stratego::Encoding>("stratego");  // the Python module (docs/python.md)
  registry.add(std::move(g));
}

}  // namespace strat
