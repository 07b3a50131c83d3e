#include "games/stratego_live/events.hpp"

#include "core/error.hpp"
#include "core/text.hpp"
#include "games/stratego_live/cards.hpp"

namespace strat::live {

using nlohmann::json;

namespace {
constexpr std::array<const char*, 7> kTypeCodes = {"create",        "deal",      "duel", "flag_taken",
                                                   "flag_returned", "flag_home", "undo"};

const json& field(const json& j, const char* key) {
  if (!j.is_object()) bad_input("event is not a JSON object");
  auto it = j.find(key);
  if (it == j.end()) bad_input(std::string("event field '") + key + "' is missing");
  return *it;
}

std::int64_t int_field(const json& j, const char* key, std::int64_t lo, std::int64_t hi) {
  const json& v = field(j, key);
  if (!v.is_number_integer()) bad_input(std::string("event field '") + key + "' is not an integer");
  std::int64_t x = v.get<std::int64_t>();
  if (x < lo || x > hi)
    bad_input(std::string("event field '") + key + "' = " + std::to_string(x) + " is out of range " +
              std::to_string(lo) + ".." + std::to_string(hi));
  return x;
}

std::string string_field(const json& j, const char* key) {
  const json& v = field(j, key);
  if (!v.is_string()) bad_input(std::string("event field '") + key + "' is not a string");
  return v.get<std::string>();
}

constexpr int kMaxPlayers = 500;
}  // namespace

std::string team_code(int team) { return team == kRed ? "red" : "blue"; }

int parse_team(std::string_view text) {
  auto t = trim(text);
  if (t == "red" || t == "r" || t == "0" || t == "Red") return kRed;
  if (t == "blue" || t == "b" || t == "1" || t == "Blue") return kBlue;
  bad_input("bad team " + strat::quoted(text) + " (expected red or blue)");
}

std::string role_code(int role) { return role == kReferee ? "referee" : team_code(role); }

int parse_role(std::string_view text) {
  if (trim(text) == "referee") return kReferee;
  try {
    return parse_team(text);
  } catch (const BadInput&) {
    bad_input("bad role " + strat::quoted(text) + " (expected referee, red or blue)");
  }
}

std::string event_type_code(EventType t) { return kTypeCodes[static_cast<int>(t)]; }

json setup_to_json(const GameSetup& s) {
  return json{{"players_per_team", s.players_per_team},
              {"cards", s.cards},
              {"names", s.names},
              {"rosters", s.rosters},
              {"seed", s.seed}};
}

GameSetup setup_from_json(const json& j) {
  GameSetup s;
  s.players_per_team = static_cast<int>(int_field(j, "players_per_team", 2, kMaxPlayers));
  if (j.contains("cards")) s.cards = static_cast<int>(int_field(j, "cards", 0, 60));
  if (j.contains("seed")) {
    const json& v = j["seed"];
    if (!v.is_number_unsigned() && !v.is_number_integer()) bad_input("setup field 'seed' is not an integer");
    s.seed = v.get<std::uint64_t>();
  }
  if (j.contains("names")) {
    const json& n = j["names"];
    if (!n.is_array() || n.size() != 2 || !n[0].is_string() || !n[1].is_string())
      bad_input("setup field 'names' must be two strings");
    for (int t = 0; t < 2; ++t) {
      s.names[t] = std::string(trim(n[t].get<std::string>()));
      if (s.names[t].empty() || s.names[t].size() > 40) bad_input("a team name must have 1 to 40 characters");
    }
  }
  if (j.contains("rosters")) {
    const json& r = j["rosters"];
    if (!r.is_array() || r.size() != 2) bad_input("setup field 'rosters' must be two lists of names");
    for (int t = 0; t < 2; ++t) {
      if (!r[t].is_array()) bad_input("setup field 'rosters' must be two lists of names");
      if (static_cast<int>(r[t].size()) > s.players_per_team)
        bad_input("the " + team_code(t) + " roster has more names than players_per_team");
      for (const auto& name : r[t]) {
        if (!name.is_string() || name.get<std::string>().size() > 40)
          bad_input("a roster name must be a string of at most 40 characters");
        s.rosters[t].push_back(name.get<std::string>());
      }
    }
  }
  return s;
}

json event_to_json(const Event& e) {
  json j{{"seq", e.seq}, {"time", e.time_ms}, {"by", role_code(e.actor)}, {"type", event_type_code(e.type)}};
  switch (e.type) {
    case EventType::kCreate: j["setup"] = setup_to_json(e.setup); break;
    case EventType::kDeal:
      j["team"] = team_code(e.team);
      j["player"] = e.player;
      j["rank"] = rank_code(e.rank);
      j["mode"] = e.chosen ? "chosen" : "blind";
      break;
    case EventType::kDuel:
      j["tagger_team"] = team_code(e.team);
      j["tagger"] = e.player;
      j["tagged"] = e.other;
      break;
    case EventType::kFlagTaken: j["team"] = team_code(e.team); j["player"] = e.player; break;
    case EventType::kFlagReturned: j["flag"] = team_code(e.team); break;
    case EventType::kFlagHome: j["team"] = team_code(e.team); break;
    case EventType::kUndo: j["target"] = e.target; break;
  }
  return j;
}

Event event_from_json(const json& j) {
  Event e;
  e.seq = static_cast<int>(int_field(j, "seq", 0, 1'000'000));
  e.time_ms = int_field(j, "time", 0, std::int64_t{1} << 52);
  e.actor = parse_role(string_field(j, "by"));
  std::string type = string_field(j, "type");
  int found = -1;
  for (std::size_t i = 0; i < kTypeCodes.size(); ++i)
    if (type == kTypeCodes[i]) found = static_cast<int>(i);
  if (found < 0) bad_input("unknown event type " + strat::quoted(type));
  e.type = static_cast<EventType>(found);
  switch (e.type) {
    case EventType::kCreate: e.setup = setup_from_json(field(j, "setup")); break;
    case EventType::kDeal: {
      e.team = parse_team(string_field(j, "team"));
      e.player = static_cast<int>(int_field(j, "player", 1, kMaxPlayers));
      e.rank = parse_rank(string_field(j, "rank"));
      std::string mode = string_field(j, "mode");
      if (mode != "blind" && mode != "chosen") bad_input("deal mode must be blind or chosen, got " + strat::quoted(mode));
      e.chosen = mode == "chosen";
      break;
    }
    case EventType::kDuel:
      e.team = parse_team(string_field(j, "tagger_team"));
      e.player = static_cast<int>(int_field(j, "tagger", 1, kMaxPlayers));
      e.other = static_cast<int>(int_field(j, "tagged", 1, kMaxPlayers));
      break;
    case EventType::kFlagTaken:
      e.team = parse_team(string_field(j, "team"));
      e.player = static_cast<int>(int_field(j, "player", 1, kMaxPlayers));
      break;
    case EventType::kFlagReturned: e.team = parse_team(string_field(j, "flag")); break;
    case EventType::kFlagHome: e.team = parse_team(string_field(j, "team")); break;
    case EventType::kUndo: e.target = static_cast<int>(int_field(j, "target", 0, 1'000'000)); break;
  }
  return e;
}

}  // namespace strat::live
