#pragma once
// The registry of games and their variants. Each game folder registers one GameInfo (see
// register_<folder>() in src/games/<folder>/); the CLI and server find games only through here.
#include <cstdint>
#include <functional>
#include <iosfwd>
#include <map>
#include <memory>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "core/agent.hpp"
#include "core/any_state.hpp"
#include "core/options.hpp"
#include "core/parameters.hpp"

namespace strat {

class EncodedState;  // core/encoding.hpp

struct GameInfo {
  std::string name;                   // "stratego"
  std::string title;                  // "Stratego"
  std::string summary;                // one line
  // The game's options, declared once in its folder (parameters.hpp): GameSpec::parse checks options against
  // them; `strat games --json`, GET /api/games and docs/games/parameters.md list them. A "variant" choice
  // declares the variants.
  std::vector<Parameter> parameters;
  std::vector<std::string> variants;  // first is the default; empty when the game has none. Set by
                                      // Registry::add from the "variant" parameter.
  // Options that make another game out of each variant, beyond a rule tweak: Stratego's "setup=actions" (the
  // setup played as moves: other moves, actions and observations). specs() lists them with every variant, so
  // that whatever runs over every game (the conformance suite, the records test, the Python module's
  // registered_games and its API tests and playthroughs) runs over them too.
  std::vector<std::string> modes;
  // Every game this entry plays: the bare name (the default variant), NAME:VARIANT for the other variants, then
  // each of those with each mode ("stratego:setup=actions", "stratego:barrage,setup=actions").
  std::vector<std::string> specs() const;
  std::vector<std::string> agents;    // agent names, strongest last ("random", "mcts", "stratego")
  // The options of the game's own agents that declare them (agent name -> parameters), checked when the agent is made
  // and listed by `strat games --json` and docs/games/parameters.md.
  std::map<std::string, std::vector<Parameter>> agent_parameters;
  // "random, mcts, stratego": for unknown_agent's message, so the list is written once.
  std::string agent_list() const;
  // Whether players hold information the other may not see. Never set by hand: Registry::add reads it from a
  // state of the game, whose type decides it at compile time (HiddenInformationGame<S>, i.e. S has an Info), so
  // a game cannot forget it; the server's redaction and its watch links branch on it.
  bool hidden_information() const { return hidden_information_; }
  bool chance = false;  // a dealt start or chance during play: the server never lets a client choose the seed
  // Positions accepted by `load`: a position string, "startpos" where the game has a fixed start,
  // "random:SEED" where the start is dealt.
  bool has_startpos = false;
  bool has_random_start = false;

  // Builds a state from a position argument; `options` are the game options (variant and flags).
  std::function<std::unique_ptr<AnyState>(const Options& options, std::string_view position)> load;
  // A fresh game ready to play (setups generated or dealt from `seed` where needed).
  std::function<std::unique_ptr<AnyState>(const Options& options, std::uint64_t seed)> new_game;
  // An agent for this game from a spec like "mcts:iterations=500".
  std::function<std::unique_ptr<AnyAgent>(const Options& game_options, std::string_view spec, std::uint64_t seed)>
      make_agent;
  // Throughput figures for `strat bench`: lines of "name value unit" (e.g. "playout_plies_per_second 6.1e6
  // plies/s"), measured for about `seconds`; `progress` gets 0..1.
  std::function<std::vector<std::string>(const Options& options, double seconds,
                                         const std::function<void(double)>& progress)>
      bench;

  // Optional, for games where each player secretly places a setup before play (Stratego); unset elsewhere.
  // A setup is one player's placement in the game's own setup notation (docs/games/<game>.md).
  // `random_setup` draws one for `player`; `from_setups` builds the start from both players' setups, throwing
  // BadInput with one line naming the problem and the player ("Red has 7 Scouts, expected 8").
  std::function<std::string(const Options& options, int player, std::uint64_t seed)> random_setup;
  std::function<std::unique_ptr<AnyState>(const Options& options, const std::string& setup0,
                                          const std::string& setup1)>
      from_setups;
  // Hidden-information games only: what the mover's opponent may learn of a move while the game runs, as (its
  // public text, its public event lines). Stratego's moves and events say only what both players see on the
  // board, so they are public whole (the identity); the card duel's "place 2=9" is public as "place 2" and its
  // event "place r2 9" as "place r2", while attacks and reveals are public whole. Unset: the opponent learns
  // nothing of the move's text or events, only that a move was made.
  std::function<std::pair<std::string, std::vector<std::string>>(const std::string& move,
                                                                  const std::vector<std::string>& events)>
      public_part;

  // Agent protocols this game speaks over standard input/output (`strat agent NAME`), e.g. "ucc" for Stratego:
  // (in, out, game options, agent spec, seed) -> exit status.
  std::map<std::string, std::function<int(std::istream&, std::ostream&, const Options&, std::string_view, std::uint64_t)>>
      protocols;

  // Outside programs that may play as agents in `strat arena`, by protocol: "ucc" for Stratego, named
  // `ucc:COMMAND` there. (game options, shell command, the protocol's reply limit in ms) -> an agent that
  // starts the program and referees it (its setup() and observe() hooks; a broken protocol throws Forfeit).
  // Only the arena calls these, never GameSpec::agent: the server must not let a client name a program to run.
  std::map<std::string, std::function<std::unique_ptr<AnyAgent>(const Options&, const std::string& command, double reply_ms)>>
      outside_agents;
  // Optional, by the same protocol: the game's options for a game in which an outside program plays `player`,
  // judged for it by the rules of the protocol's own referee rather than strat's (`strat arena
  // --outside-rules`): Stratego's "ucc" lifts the two-square rule for that player alone (the 2012 manager has
  // none) and takes the manager's game length. The options go into the record's Game header, so the record
  // replays under the rules it was played by.
  std::map<std::string, std::function<Options(const Options& options, int player)>> outside_rules;

  // Facts of the rules a client needs to draw the game that no view carries before play begins (Stratego's
  // armies, setup letters and lakes), for the options given; GET /api/games sends them per variant
  // (docs/server.md, protocol/catalog.schema.json). Unset: the game has none.
  std::function<nlohmann::json(const Options&)> constants;

  // Fixed action ids and observation tensors for learning code (core/encoding.hpp, docs/python.md): wraps a
  // state of this game. Set with encode_with<State, Encoding>(name) in the game's register.cpp.
  std::function<std::unique_ptr<EncodedState>(const AnyState&)> encode;

 private:
  friend class Registry;
  bool hidden_information_ = false;
};

// Builds a game's AnyStates under its registered name, so register.cpp writes the name once (GameInfo::name):
//   const auto wrap = state_wrapper<State>(g);  ...  return wrap(State::parse(...));
template <GameState S>
auto state_wrapper(const GameInfo& g) {
  return [name = g.name](S s) -> std::unique_ptr<AnyState> { return std::make_unique<StateAdapter<S>>(name, std::move(s)); };
}

// The table of docs/games/parameters.md: every game's parameters, from the registry (`strat games --markdown`).
std::string parameters_markdown(const std::vector<GameInfo>& games);

class Registry {
 public:
  static Registry& global();  // all games of src/games/, registered on first use
  void add(GameInfo info);
  // Throws BadInput for an unknown game, listing the known ones.
  const GameInfo& get(std::string_view name) const;
  const std::vector<GameInfo>& games() const { return games_; }

 private:
  std::vector<GameInfo> games_;
};

// A game as named on the command line: "stratego", "stratego:barrage", "dhamet:huffing,draw_plies=200".
struct GameSpec {
  const GameInfo* info;
  Options options;
  std::string variant;  // resolved variant ("" when the game has none)
  static GameSpec parse(std::string_view text);
  // Canonical text: "stratego:barrage,two_square=isf" (variant first, then the other options).
  std::string to_string() const;
  std::unique_ptr<AnyState> load(std::string_view position) const { return info->load(options, position); }
  std::unique_ptr<AnyState> new_game(std::uint64_t seed) const { return info->new_game(options, seed); }
  std::unique_ptr<AnyAgent> agent(std::string_view spec, std::uint64_t seed) const {
    return info->make_agent(options, spec, seed);
  }
};

}  // namespace strat
