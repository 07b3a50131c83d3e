// Registers the card duel as `stratego-cards`.
#include <cstdio>
#include <memory>

#include "ai/agents.hpp"
#include "ai/bench.hpp"
#include "core/error.hpp"
#include "core/encoding.hpp"
#include "core/registry.hpp"
#include "games/stratego_cards/encoding.hpp"
#include "core/text.hpp"
#include "games/stratego_cards/agent.hpp"
#include "games/stratego_cards/state.hpp"

namespace strat {

namespace {

using stratego_cards::State;
static_assert(GameState<State>);

stratego_cards::Config config_from(const Options& options) {
  options.check_known({"draw_turns"});
  stratego_cards::Config c;
  c.draw_turns = static_cast<int>(options.get_int("draw_turns", 200, 0, 1'000'000));
  return c;
}

}  // namespace

void register_stratego_cards(Registry& registry) {
  GameInfo g;
  g.name = "stratego-cards";
  g.title = "Stratego card duel";
  g.summary = "Two players, 23 cards each: a front line of 5 face-down cards, attacks, Spy/Scout/Flag reveals";
  g.parameters = {
      Parameter::integer("draw_turns", 200, 0, 1'000'000, "turns after which the game is drawn (K-13); 0: no limit"),
  };
  g.agents = {"random", "mcts", g.name};
  g.chance = true;
  g.has_startpos = false;
  g.has_random_start = true;
  const auto wrap = state_wrapper<State>(g);
  g.load = [wrap](const Options& options, std::string_view position) {
    const stratego_cards::Config config = config_from(options);
    position = trim(position);
    if (position.substr(0, 7) == "random:") {
      unsigned long long seed = 0;
      if (!parse_uint(position.substr(7), seed)) bad_input("bad position " + quoted(position) + ": random:SEED needs a number");
      return wrap(State::deal(seed, config));
    }
    if (position == "startpos") bad_input("stratego-cards has no fixed start: use random:SEED");
    return wrap(State::parse(position, config));
  };
  g.new_game = [wrap](const Options& options, std::uint64_t seed) { return wrap(State::deal(seed, config_from(options))); };
  g.make_agent = [agents = g.agent_list()](const Options& options, std::string_view spec,
                                           std::uint64_t seed) -> std::unique_ptr<AnyAgent> {
    config_from(options);
    if (auto a = make_generic_agent<State>(spec, seed, MctsDefaults{1000, 0})) return a;
    if (auto a = stratego_cards::make_cards_agent(spec, seed)) return a;
    unknown_agent(spec, agents);
  };
  g.bench = [](const Options& options, double seconds, const std::function<void(double)>& progress) {
    const stratego_cards::Config config = config_from(options);
    auto f = bench_playouts<State>([&](Rng& rng) { return State::deal(rng.next(), config); }, seconds, 7, progress);
    return bench_lines(f);
  };
  // K-14: everything but the rank of a placed card is public: attacks and the ranks they turn up, Spy and Scout
  // reveals and what they show (both players know what was looked at), Flag reveals, counts drawn and regathered.
  g.public_part = [](const std::string& move, const std::vector<std::string>& events) {
    auto hide_rank = [](const std::string& text) {  // "place 2=9" -> "place 2", "place r2 9" -> "place r2"
      if (text.rfind("place ", 0) != 0) return text;
      const std::size_t cut = text.find_first_of("= ", 6);
      return cut == std::string::npos ? text : text.substr(0, cut);
    };
    std::vector<std::string> shown;
    for (const auto& e : events) shown.push_back(hide_rank(e));
    return std::make_pair(hide_rank(move), shown);
  };
  g.encode = encode_with<State, stratego_cards::Encoding>("stratego-cards");  // the Python module (docs/python.md)
  registry.add(std::move(g));
}

}  // namespace strat
