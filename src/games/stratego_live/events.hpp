#pragma once
// The live game is an append-only event log (L-18): every action is an Event, the state is what replaying the
// log gives (state.hpp), and an undo is itself an event that switches an earlier one off. The log is what is
// stored (SQLite on the server) and sent to devices, so a reload or a lost phone loses nothing.
#include <array>
#include <cstdint>
#include <nlohmann/json.hpp>
#include <string>
#include <string_view>
#include <vector>

namespace strat::live {

inline constexpr int kRed = 0, kBlue = 1;
inline constexpr int kReferee = -1;  // actor/role: the referee; 0 and 1 are the team leaders

std::string team_code(int team);           // "red", "blue"
int parse_team(std::string_view text);     // "red"/"r"/"0", "blue"/"b"/"1"; throws BadInput
std::string role_code(int role);           // "referee", "red", "blue"
int parse_role(std::string_view text);     // throws BadInput

// L-14: the game's setup, carried by the first event.
struct GameSetup {
  int players_per_team = 0;
  int cards = 0;  // set size per team (L-02); 0 = from the table for 2 * players_per_team players
  std::array<std::string, 2> names{"Red", "Blue"};
  std::array<std::vector<std::string>, 2> rosters;  // optional player names, at most players_per_team each
  std::uint64_t seed = 0;                           // blind deals draw from Rng(seed, event number)
  bool operator==(const GameSetup&) const = default;
};

enum class EventType { kCreate, kDeal, kDuel, kFlagTaken, kFlagReturned, kFlagHome, kUndo };
std::string event_type_code(EventType t);  // "create", "deal", "duel", "flag_taken", ...

// One entry of the log. Players are numbered from 1 within their team, as on the field.
struct Event {
  int seq = 0;                // position in the log (0 = create)
  std::int64_t time_ms = 0;   // wall-clock time given by the caller (milliseconds since the epoch)
  int actor = kReferee;       // who recorded it
  EventType type = EventType::kCreate;
  GameSetup setup;                // kCreate
  int team = -1;              // kDeal, kFlagTaken, kFlagHome: the team acting; kFlagReturned: the flag's owner
  int player = 0;             // kDeal: receiver; kFlagTaken: taker; kDuel: tagger (of team `team`)
  int rank = 0;               // kDeal: the card (drawn at append time when blind, so replay needs no Rng)
  bool chosen = false;        // kDeal: chosen by the leader (L-03) rather than drawn blind
  int other = 0;              // kDuel: the tagged player, of the other team
  int target = -1;            // kUndo: seq of the event switched off (an undo of an undo redoes it)
  bool operator==(const Event&) const = default;
};

nlohmann::json setup_to_json(const GameSetup& s);
GameSetup setup_from_json(const nlohmann::json& j);   // throws BadInput naming the bad field
nlohmann::json event_to_json(const Event& e);     // the stored, omniscient form
Event event_from_json(const nlohmann::json& j);   // throws BadInput naming the bad field

}  // namespace strat::live
