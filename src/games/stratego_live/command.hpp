#pragma once
// Commands from the web client (one JSON object per action) turned into log events, so the server only
// moves JSON between sockets, the rules module and SQLite. Shapes (players numbered from 1):
//   {"op":"deal","team":"red","player":3,"mode":"blind"}        {"op":"deal",...,"mode":"chosen","rank":"7"}
//   {"op":"duel","tagger_team":"blue","tagger":2,"tagged":5}    {"op":"flag_taken","team":"red","player":4}
//   {"op":"flag_returned","flag":"red"}                         {"op":"flag_home","team":"red"}
//   {"op":"undo","target":12}
#include <cstdint>
#include <nlohmann/json.hpp>

#include "games/stratego_live/events.hpp"
#include "games/stratego_live/game.hpp"

namespace strat::live {

// Throws BadInput (one line) for a malformed command. Legality is checked by LiveGame::append.
Event event_from_command(const nlohmann::json& command, int actor, std::int64_t time_ms);
// Parses and appends; returns the appended event. Throws BadInput, leaving the game unchanged.
const Event& apply_command(LiveGame& game, const nlohmann::json& command, int actor, std::int64_t time_ms);
// The setup of a new game from the creation form: {"players_per_team":8,"cards":0,"names":[..],"rosters":[..]}.
// The seed is the server's, never the client's, so nobody can choose the blind deals.
GameSetup setup_from_form(const nlohmann::json& form, std::uint64_t seed);

}  // namespace strat::live
