#pragma once
// One game between two agents, as selfplay and arena play it: agents made per
// game from their specs, the start (with an outside program's own setup where
// it gives one), every move recorded, a forfeit (an outside program that
// resigns or breaks its protocol) ending the game with the reason in the
// record's result.
#include <cstdint>
#include <functional>
#include <memory>
#include <string>
#include <vector>

#include "core/record.hpp"
#include "core/registry.hpp"

namespace strat::cli {

// "mcts:iterations=200,c=50,random" -> {"mcts:iterations=200,c=50", "random"}:
// a piece with '=' but no ':' continues the previous agent's options.
std::vector<std::string> split_agents(const std::string& text);

// Adds time=MS to an agent spec that does not set its own budget (random has
// none).
std::string with_time(const std::string& spec, int ms);

struct GameResult {
  int winner_agent = -1;  // 0 = first agent, 1 = second, -1 draw
  int plies = 0;
  int forfeit_agent = -1;  // the agent that resigned or broke its protocol, -1 if none
  std::string result;      // the record's result: "red wins (flag)", "blue wins
                           // (protocol: illegal move '0 3 UP')"
  Record record;
};

// The record's header that names who played `player`: "Red", "White", ...
std::string player_header(const AnyState& s, int player);

// Makes an agent from its spec and seed.
using AgentMaker = std::function<std::unique_ptr<AnyAgent>(const std::string& spec, std::uint64_t seed)>;

// The first agent plays `first_agent_player`; the game and the agents' seeds
// derive from `seed` alone.
GameResult play_game(const GameSpec& spec, const std::string agents[2], int first_agent_player, std::uint64_t seed,
                     const AgentMaker& make);

}  // namespace strat::cli
