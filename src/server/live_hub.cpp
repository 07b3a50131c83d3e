#include "server/live_hub.hpp"

#include <iostream>

#include "core/error.hpp"
#include "games/stratego_live/command.hpp"
#include "server/secure_random.hpp"
#include "server/store.hpp"

namespace strat::server {

using nlohmann::json;


LiveHub::LiveHub(LiveStore& store, std::function<std::int64_t()> clock, std::function<std::uint64_t()> seeds)
    : store_(store),
      clock_(clock ? std::move(clock) : std::function<std::int64_t()>(now_ms)),
      seeds_(seeds ? std::move(seeds) : std::function<std::uint64_t()>(secure_random_u64)) {}

void LiveHub::restore_all() {
  for (const auto& id : store_.game_ids()) load(id);
}

bool LiveHub::load(const std::string& id) {
  try {
    json log = json::array();
    for (const auto& text : store_.events(id)) log.push_back(json::parse(text));
    if (log.empty()) return false;
    games_.insert_or_assign(id, Entry{live::LiveGame::from_json(log), {}});
    return true;
  } catch (const std::exception& e) {
    std::cerr << "strat serve: cannot restore live game " << id << ": " << e.what() << "\n";
    return false;
  }
}

json LiveHub::create(const json& form) {
  const live::GameSetup setup = live::setup_from_form(form, seeds_());
  live::LiveGame game = live::LiveGame::create(setup, clock_());
  std::string id = random_token().substr(0, 12);
  std::vector<LiveTokenRow> tokens;
  for (int role : {live::kReferee, live::kRed, live::kBlue}) tokens.push_back({random_token(), id, role});
  store_.create(id, live::event_to_json(game.log()[0]).dump(), tokens, clock_());
  games_.emplace(id, Entry{std::move(game), {}});
  return {{"id", id}, {"tokens", {{"referee", tokens[0].token}, {"red", tokens[1].token}, {"blue", tokens[2].token}}}};
}

bool LiveHub::open(const std::string& token, Seat& seat, std::string& why) {
  auto row = token.size() == 32 ? store_.token(token) : std::nullopt;
  // Only now, the token known: another node's name is told to its holders alone (Moved).
  if (!row || !live_entry(row->game_id)) {
    why = "unknown or malformed live game link";
    return false;
  }
  seat = {row->game_id, row->role};
  return true;
}

json LiveHub::state(const std::string& token) {
  Seat seat;
  std::string why;
  if (!open(token, seat, why)) bad_input(why);
  json v = game(seat.game_id).view(seat.role);
  v["id"] = seat.game_id;
  return v;
}

const live::LiveGame& LiveHub::game(const std::string& id) const {
  auto it = games_.find(id);
  if (it == games_.end()) bad_input("no live game " + id);
  return it->second.game;
}

std::string LiveHub::message(const live::LiveGame& game, int role, int changed_seq) {
  json view = game.view(role);
  return json{{"type", "live"}, {"changed", changed_seq}, {"view", std::move(view)}}.dump();
}

void LiveHub::join(const Seat& seat, Client* client) {
  Entry& e = games_.at(seat.game_id);
  e.clients.emplace_back(client, seat.role);
  client->send(message(e.game, seat.role, -1));
}

void LiveHub::leave(Client* client) {
  for (auto& [id, e] : games_) std::erase_if(e.clients, [&](const auto& c) { return c.first == client; });
}

void LiveHub::broadcast(const std::string& id, Entry& entry, int changed_seq) {
  // One view per role, built once, sent to every device of that role.
  std::string views[3];
  for (auto& [client, role] : entry.clients) {
    std::string& text = views[role + 1];
    if (text.empty()) text = message(entry.game, role, changed_seq);
    client->send(text);
  }
}

void LiveHub::handle(const Seat& seat, Client* client, const json& m) {
  const std::string request = m.is_object() && m.contains("type") && m["type"].is_string() ? m["type"].get<std::string>() : "";
  try {
    if (request == "sync") {  // a device asks for its view again (after waking up)
      client->send(message(game(seat.game_id), seat.role, -1));
      return;
    }
    if (request != "command" || !m.contains("command")) bad_input("expected {\"type\":\"command\",\"command\":{...}}");
    Entry& e = games_.at(seat.game_id);
    // Append to a copy and store before the game changes: a failed write leaves everything as it was.
    live::LiveGame next = e.game;
    const live::Event& ev = live::apply_command(next, m["command"], seat.role, clock_());
    store_.add_event(seat.game_id, ev.seq, live::event_to_json(ev).dump(), clock_());
    const int seq = ev.seq;
    e.game = std::move(next);
    broadcast(seat.game_id, e, seq);
  } catch (const NotOwner&) {
    drop(seat.game_id);  // the refused event is told to nobody: the devices reconnect to the game's node
  } catch (const BadInput& err) {
    client->send(json{{"type", "error"}, {"request", request}, {"message", err.what()}}.dump());
  }
}

}  // namespace strat::server
