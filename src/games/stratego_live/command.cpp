#include "games/stratego_live/command.hpp"

#include "core/error.hpp"
#include "core/text.hpp"
#include "games/stratego_live/cards.hpp"

namespace strat::live {

using nlohmann::json;

namespace {
const json& need(const json& c, const char* key) {
  auto it = c.find(key);
  if (it == c.end()) bad_input(std::string("command field '") + key + "' is missing");
  return *it;
}

std::string text(const json& c, const char* key) {
  const json& v = need(c, key);
  if (!v.is_string()) bad_input(std::string("command field '") + key + "' must be a string");
  return v.get<std::string>();
}

int number(const json& c, const char* key) {
  const json& v = need(c, key);
  if (!v.is_number_integer()) bad_input(std::string("command field '") + key + "' must be a whole number");
  const auto x = v.get<std::int64_t>();
  if (x < 0 || x > 1'000'000) bad_input(std::string("command field '") + key + "' is out of range");
  return static_cast<int>(x);
}

int rank_of(const json& c) {
  const json& v = need(c, "rank");
  if (v.is_number_integer()) return parse_rank(std::to_string(v.get<std::int64_t>()));
  if (!v.is_string()) bad_input("command field 'rank' must be 1..10 or B");
  return parse_rank(v.get<std::string>());
}
}  // namespace

Event event_from_command(const json& c, int actor, std::int64_t time_ms) {
  if (!c.is_object()) bad_input("a command is a JSON object");
  Event e;
  e.actor = actor;
  e.time_ms = time_ms;
  const std::string op = text(c, "op");
  if (op == "deal") {
    e.type = EventType::kDeal;
    e.team = parse_team(text(c, "team"));
    e.player = number(c, "player");
    const std::string mode = c.contains("mode") ? text(c, "mode") : "blind";
    if (mode == "chosen") {
      e.chosen = true;
      e.rank = rank_of(c);
    } else if (mode != "blind") {
      bad_input("deal mode must be blind or chosen");
    }
  } else if (op == "duel") {
    e.type = EventType::kDuel;
    e.team = parse_team(text(c, "tagger_team"));
    e.player = number(c, "tagger");
    e.other = number(c, "tagged");
  } else if (op == "flag_taken") {
    e.type = EventType::kFlagTaken;
    e.team = parse_team(text(c, "team"));
    e.player = number(c, "player");
  } else if (op == "flag_returned") {
    e.type = EventType::kFlagReturned;
    e.team = parse_team(text(c, "flag"));
  } else if (op == "flag_home") {
    e.type = EventType::kFlagHome;
    e.team = parse_team(text(c, "team"));
  } else if (op == "undo") {
    e.type = EventType::kUndo;
    e.target = number(c, "target");
  } else {
    bad_input("unknown command " + strat::quoted(op));
  }
  return e;
}

const Event& apply_command(LiveGame& game, const json& command, int actor, std::int64_t time_ms) {
  return game.append(event_from_command(command, actor, time_ms));
}

GameSetup setup_from_form(const json& form, std::uint64_t seed) {
  if (!form.is_object()) bad_input("the game form is a JSON object");
  json j = form;
  j.erase("seed");
  GameSetup s = setup_from_json(j);
  s.seed = seed;
  return s;
}

}  // namespace strat::live
