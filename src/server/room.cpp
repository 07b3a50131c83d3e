#include "server/room.hpp"

#include <algorithm>
#include <iostream>

#include "core/error.hpp"
#include "core/text.hpp"
#include "server/room_text.hpp"
#include "server/secure_random.hpp"

namespace strat::server {

using nlohmann::json;
using namespace room_text;

Room::Room(Store& store, StoredGame meta, GameSpec spec)
    : store_(store), meta_(std::move(meta)), spec_(std::move(spec)),
      clock_(meta_.clock_initial_ms, meta_.clock_increment_ms) {
  auto sample = spec_.new_game(1);
  for (int s = 0; s < 2; ++s) names_[s] = sample->player_name(s);
}

Ending Room::ending() const {
  if (override_.status != Status::Ongoing) return override_;
  if (!state_) return {};
  Outcome o = state_->outcome();
  return {o.status, o.winner, o.reason};
}

int Room::viewer(const Access& a) const {
  if (over()) return -1;  // the finished game is shown whole
  if (a.sees == 2) return state_ ? state_->to_move() : 0;
  return a.sees;
}

// The seat a message acts for: the one the token holds, or for a hotseat token the "seat" given (default: the
// side to move). Throws BadInput when the token may not act.
int Room::seat_for(const Access& a, const json& m, const std::string& action) const {
  if (a.acts == 0) bad_input("this link only watches the game; it cannot " + action);
  if (a.acts == 1 || a.acts == 2) {
    int seat = a.acts == 1 ? 0 : 1;
    if (m.contains("seat") && m["seat"] != seat) bad_input("this link plays seat " + std::to_string(seat) + " only");
    return seat;
  }
  if (m.contains("seat")) {
    if (!m["seat"].is_number_integer() || (m["seat"] != 0 && m["seat"] != 1)) bad_input("seat must be 0 or 1");
    return m["seat"].get<int>();
  }
  return state_ ? state_->to_move() : 0;
}

void Room::handle(Client* client, const json& m, std::int64_t now) {
  const Member* member = nullptr;
  for (auto& x : members_)
    if (x.client == client) member = &x;
  std::string type = m.is_object() && m.contains("type") && m["type"].is_string() ? m["type"].get<std::string>() : "";
  if (!member) return error(client, "not joined to this game", type);
  if (stale_ && !reload(now)) return error(client, "the database is unavailable: nothing was changed; try again", type);
  Access a = member->access;
  try {
    if (type == "move") on_move(client, a, m, now);
    else if (type == "setup") on_setup(client, a, m);
    else if (type == "random_setup") on_random_setup(client, a, m);
    else if (type == "resign") on_resign(client, a, m);
    else if (type == "draw") on_draw(client, a, m);
    else if (type == "takeback") on_takeback(client, a, m);
    else if (type == "rematch") on_rematch(client, a, m);
    else if (type == "state") {
      if (!client->snapshot_waiting()) deliver(client, snapshot(a), true);
    }
    else if (type == "ping") deliver(client, json{{"type", "pong"}}.dump());
    else bad_input(type.empty() ? "a message needs a \"type\"" : "unknown message type " + strat::quoted(type));
  } catch (const BadInput& e) {
    error(client, e.what(), type);
  } catch (const nlohmann::json::exception&) {
    error(client, "malformed " + (type.empty() ? std::string("message") : type + " message") + ": a field has the wrong type", type);
  } catch (const NotOwner&) {
    // Another node took the game over (the Hub drops this room next): nothing was stored.
    error(client, "this server no longer plays this game: nothing was changed", type);
  } catch (const std::exception& e) {
    // A database failure: the move was not committed, so the state was not changed either.
    std::cerr << "strat serve: internal error in game " << meta_.id << ": " << e.what() << "\n";
    error(client, "internal error: nothing was changed", type);
  }
}

void Room::on_move(Client* client, const Access& a, const json& m, std::int64_t now) {
  if (!state_) bad_input("the game has not started: both setups are needed first");
  if (over()) bad_input("the game is over");
  int seat = seat_for(a, m, "move");
  std::string move = clean_move(m);
  if (m.contains("ply") && !m["ply"].is_number_integer())
    bad_input("\"ply\" must be a whole number: the ply the move is played at (" + std::to_string(state_->ply()) + " now)");
  if (m.contains("ply") && m["ply"].get<std::int64_t>() != state_->ply())
    bad_input("stale move " + strat::quoted(move) + ": the game is at ply " + std::to_string(state_->ply()));
  int to_move = state_->to_move();
  if (seat != to_move) bad_input("not your turn: " + state_->player_name(to_move) + " is to move");
  if (meta_.seats[seat].kind != SeatKind::Human) bad_input("the computer plays " + state_->player_name(seat));
  std::string err = play(seat, move, now);
  if (!err.empty()) bad_input(err);
}

std::string Room::play(int seat, const std::string& move, std::int64_t now) {
  // Time first: a move arriving after the flag fell does not count.
  check_clock(now);
  if (over()) return "the game is over";
  auto next = state_->clone();
  Events events;
  if (spec_.info->hidden_information()) {
    // The game's own error text may describe the hidden board; the legal list only holds what the mover knows.
    const auto& legal_moves = legal_now();
    if (std::find(legal_moves.begin(), legal_moves.end(), move) == legal_moves.end())
      return "illegal move " + strat::quoted(move) + ": not one of " + state_->player_name(seat) + "'s " +
             std::to_string(legal_moves.size()) + " legal moves";
  }
  try {
    events = next->apply(move);
  } catch (const BadInput& e) {
    return e.what();
  }
  Played p;
  p.stored.ply = state_->ply();
  p.stored.seat = seat;
  p.stored.move = move;
  note_revelations(p, *state_);
  p.stored.at_ms = now;
  const auto r = clock_.after_move(seat, now);
  p.stored.clock_ms[0] = r[0];
  p.stored.clock_ms[1] = r[1];
  p.events = std::move(events);
  store_.add_move(meta_.id, p.stored);  // committed before anyone hears of it
  state_ = std::move(next);
  ++generation_;
  clock_.commit(r, now);
  meta_.updated_ms = now;
  if (draw_offer_ >= 0 && draw_offer_ != seat) draw_offer_ = -1;  // answering with a move declines
  history_.push_back(p);
  if (over()) store_.set_summary(meta_.id, summary());
  broadcast_move(history_.back());
  if (over()) broadcast_snapshots();
  return "";
}

void Room::on_setup(Client* client, const Access& a, const json& m) {
  if (state_) bad_input("the setups are done; the game is on");
  int seat = seat_for(a, m, "place a setup");
  if (!m.contains("setup") || !m["setup"].is_string()) bad_input("a setup message needs \"setup\": \"<setup>\"");
  std::string setup = m["setup"].get<std::string>();
  if (setup.size() > 4096) bad_input("setup too long");
  const GameInfo& info = *spec_.info;
  // Checked against a drawn setup of the other side, so the error can only be about this seat's own setup.
  std::string other = info.random_setup(spec_.options, 1 - seat, meta_.seed + 99);
  if (seat == 0) info.from_setups(spec_.options, setup, other);
  else info.from_setups(spec_.options, other, setup);
  store_.set_setup(meta_.id, seat, setup);
  setups_[seat] = setup;
  if (setups_[0] && setups_[1]) {
    start_from_setups(now_ms());
    broadcast_snapshots();
  } else {
    for (auto& mem : members_) deliver(mem.client, snapshot(mem.access), true);
  }
}

void Room::start_from_setups(std::int64_t now) {
  state_ = spec_.info->from_setups(spec_.options, *setups_[0], *setups_[1]);
  ++generation_;
  meta_.start = "pos:" + state_->position();
  store_.set_start(meta_.id, meta_.start, now);
  meta_.started_ms = now;
  clock_.start_turn(now);
}

void Room::on_random_setup(Client* client, const Access& a, const json& m) {
  if (!spec_.info->random_setup) bad_input(spec_.info->name + " has no setups");
  int seat = seat_for(a, m, "place a setup");
  std::string s = spec_.info->random_setup(spec_.options, seat, secure_random_u64());
  deliver(client, json{{"type", "setup_suggestion"}, {"seat", seat}, {"setup", s}}.dump());
}

void Room::on_resign(Client* client, const Access& a, const json& m) {
  if (over()) bad_input("the game is over");
  int seat = seat_for(a, m, "resign");
  end_outside_rules(Status::Win, 1 - seat, "resign");
}

std::unique_ptr<AnyState> Room::start_state() const {
  return meta_.start.rfind("new:", 0) == 0 ? spec_.new_game(std::stoull(meta_.start.substr(4)))
                                           : spec_.load(meta_.start.substr(4));
}

void Room::end_outside_rules(Status status, int winner, const std::string& reason) {
  override_ = {status, winner, reason};
  draw_offer_ = -1;
  json r{{"status", status_name(status)}, {"winner", winner}, {"reason", reason}};
  store_.finish(meta_.id, r.dump(), summary());
  meta_.result = r.dump();
  broadcast_snapshots();
}

void Room::set_invite_pending(int seat, bool pending) {
  if (invite_pending_[seat] == pending) return;
  invite_pending_[seat] = pending;
  broadcast_snapshots();
}

std::optional<AgentJob> Room::next_agent_job() {
  if (!state_ || over()) return std::nullopt;
  return computers_.next(*state_);
}

void Room::agent_moved(int ply, int seat, const std::string& move, std::int64_t now) {
  computers_.done();
  if (!state_ || over() || state_->ply() != ply || state_->to_move() != seat) return;  // e.g. resigned meanwhile
  std::string err = play(seat, move, now);
  if (!err.empty()) end_outside_rules(Status::Win, 1 - seat, "computer error");
}

void Room::agent_failed(int ply, const std::string& what) {
  computers_.done();
  if (!state_ || over() || state_->ply() != ply) return;
  end_outside_rules(Status::Win, 1 - state_->to_move(), "computer error");
}

std::optional<std::int64_t> Room::clock_deadline(std::int64_t now) const {
  if (!state_ || over()) return std::nullopt;
  return clock_.left(state_->to_move(), now);
}

void Room::check_clock(std::int64_t now) {
  auto left = clock_deadline(now);
  if (left && *left <= 0) {
    int s = state_->to_move();
    clock_.flag(s);
    end_outside_rules(Status::Win, 1 - s, "time");
  }
}


std::vector<Client*> Room::clients() const {
  std::vector<Client*> out;
  for (const auto& m : members_) out.push_back(m.client);
  return out;
}

void Room::lost_commit(const std::string& why, std::int64_t now) {
  std::cerr << "strat serve: game " << meta_.id << ": moves not stored (" << why << "); rebuilt from the store\n";
  stale_ = true;
  const std::string text = json{{"type", "error"}, {"request", "move"},
                                {"message", "the database could not store the last moves: they were not played"}}
                               .dump();
  for (auto& m : members_) deliver(m.client, text);
  reload(now);
}

bool Room::reload(std::int64_t now) {
  std::unique_ptr<Room> fresh;
  try {
    auto stored = store_.game(meta_.id);
    if (!stored) return false;
    fresh = restore(store_, *stored, now, now);  // the server never stopped: the side to move thought until now
  } catch (const std::exception&) {
    return false;  // still unreachable: the next message tries again
  }
  meta_ = fresh->meta_;
  state_ = std::move(fresh->state_);
  history_ = std::move(fresh->history_);
  for (int s = 0; s < 2; ++s) setups_[s] = fresh->setups_[s];
  override_ = fresh->override_;
  draw_offer_ = fresh->draw_offer_;
  clock_ = fresh->clock_;
  computers_ = std::move(fresh->computers_);  // a search still running answers a position that is gone: dropped
  ++generation_;
  analysis_.reset();
  stale_ = false;
  broadcast_snapshots();
  return true;
}

}  // namespace strat::server
