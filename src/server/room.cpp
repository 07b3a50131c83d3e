#include "server/room.hpp"

#include <algorithm>
#include <array>
#include <cctype>
#include <iostream>
#include <random>

#include "core/error.hpp"
#include "core/record.hpp"
#include "core/text.hpp"
#include "server/secure_random.hpp"

namespace strat::server {

using nlohmann::json;

namespace {

// `out` (a JSON object's text) with "view": `view` (JSON text) added, without parsing the view; likewise
// "legal_moves" when given.
std::string with_view(std::string out, const std::string& view, const std::string* legal_moves = nullptr) {
  out.pop_back();
  if (legal_moves) {
    out += out.size() > 1 ? ",\"legal_moves\":" : "\"legal_moves\":";
    out += *legal_moves;
  }
  out += out.size() > 1 ? ",\"view\":" : "\"view\":";
  out += view;
  out += '}';
  return out;
}

const char* status_name(Status s) { return s == Status::Win ? "win" : s == Status::Draw ? "draw" : "ongoing"; }

std::string default_agent(const GameInfo& info) { return info.agents.empty() ? "random" : info.agents.back(); }

std::string title_of(const GameSpec& spec) {
  std::string t = spec.info->title.empty() ? spec.info->name : spec.info->title;
  if (!spec.variant.empty() && spec.info->variants.size() > 1) t += " (" + spec.variant + ")";
  return t;
}

std::string canonical_spec(const GameSpec& spec) {
  std::string opts = spec.options.to_string();
  return opts.empty() ? spec.info->name : spec.info->name + ":" + opts;
}

// A move as a client typed it: short, printable, no surrounding blanks.
std::string clean_move(const json& m) {
  if (!m.contains("move") || !m["move"].is_string()) bad_input("a move message needs \"move\": \"<notation>\"");
  std::string text(trim(m["move"].get<std::string>()));
  if (text.empty()) bad_input("empty move");
  if (text.size() > 64) bad_input("move text too long");
  for (unsigned char c : text)
    if (c < 32 || c > 126) bad_input("move text has a non-printable character");
  return text;
}

}  // namespace

Room::Room(Store& store, StoredGame meta, GameSpec spec) : store_(store), meta_(std::move(meta)), spec_(std::move(spec)) {
  auto sample = spec_.new_game(1);
  for (int s = 0; s < 2; ++s) names_[s] = sample->player_name(s);
}

std::unique_ptr<Room> Room::create(Store& store, const NewGame& r, std::vector<TokenGrant>& grants, std::int64_t now) {
  GameSpec spec = GameSpec::parse(r.game);
  const GameInfo& info = *spec.info;
  if (r.human_seat != 0 && r.human_seat != 1) bad_input("seat must be 0 or 1");
  if (r.clock_initial_ms < 0 || r.clock_initial_ms > 24LL * 3600 * 1000 || r.clock_increment_ms < 0 ||
      r.clock_increment_ms > 3600 * 1000)
    bad_input("clock out of range (initial up to 24 h, increment up to 1 h)");

  StoredGame g;
  g.id = random_token().substr(0, 12);
  g.spec = canonical_spec(spec);
  g.mode = r.mode;
  // The seed deals hidden pieces and cards and seeds the computer's search: the server's own secret unless a
  // test server lets a client choose it for a game without hidden information or chance (Hub::create).
  g.seed = r.seed ? *r.seed : secure_random_u64();
  g.listed = r.mode == Mode::Friend && r.listed;
  g.created_ms = g.updated_ms = now;
  g.started_ms = info.from_setups && info.random_setup ? 0 : now;
  g.clock_initial_ms = r.clock_initial_ms;
  g.clock_increment_ms = r.clock_initial_ms > 0 ? r.clock_increment_ms : 0;
  g.title = title_of(spec);
  std::string agent = r.agent.empty() ? default_agent(info) : r.agent;
  for (int s = 0; s < 2; ++s) {
    bool computer = r.mode == Mode::Selfplay || (r.mode == Mode::Computer && s != r.human_seat);
    g.seats[s] = computer ? StoredSeat{SeatKind::Computer, agent} : StoredSeat{SeatKind::Human, ""};
    if (computer) spec.agent(agent, g.seed + s);  // rejects a bad agent spec before anything is stored
  }

  // Seats and what each token may see: a hidden-information game never gets an all-seeing token while it
  // is played; its watchers follow one seat's view, and that link is given only to the seat's holder.
  std::vector<StoredToken> tokens;
  auto grant = [&](int acts, int sees, Role role, bool claimed) {
    StoredToken t{random_token(), g.id, acts, sees, claimed};
    tokens.push_back(t);
    grants.push_back({t.token, acts, sees, role});
  };
  // Friend mode: the creator's seat is `human_seat`; the other seat is an invite, exchanged once (by the first
  // browser that opens it) for a fresh token the creator never sees, so the creator cannot peek at that seat.
  if (r.mode == Mode::Hotseat) {
    grant(3, 2, Role::Hotseat, true);
  } else {
    for (int s = 0; s < 2; ++s) {
      if (g.seats[s].kind != SeatKind::Human) continue;
      bool invite = r.mode == Mode::Friend && s != r.human_seat && !r.both_seats;
      grant(1 << s, s, invite ? invite_role(s) : seat_role(s), !invite);
    }
  }
  if (!info.hidden_information()) {
    grant(0, -1, Role::Watch, true);
  } else {
    for (int s = 0; s < 2; ++s) {
      bool mine = r.mode == Mode::Hotseat || r.mode == Mode::Selfplay ||
                  (g.seats[s].kind == SeatKind::Human && (s == r.human_seat || r.both_seats));
      if (mine) grant(0, s, watch_role(s), true);
    }
  }
  auto room = std::unique_ptr<Room>(new Room(store, g, spec));
  if (info.from_setups && info.random_setup) {
    g.start = "";
    for (int s = 0; s < 2; ++s)
      if (g.seats[s].kind == SeatKind::Computer) room->setups_[s] = info.random_setup(spec.options, s, g.seed + 17 + s);
  } else {
    g.start = "new:" + std::to_string(g.seed);
    room->state_ = spec.new_game(g.seed);
  }
  room->meta_ = g;
  store.create_game(g, tokens);
  for (int s = 0; s < 2; ++s)
    if (room->setups_[s]) store.set_setup(g.id, s, *room->setups_[s]);
  if (room->setups_[0] && room->setups_[1]) room->start_from_setups(now);  // computer against computer
  room->remaining_[0] = room->remaining_[1] = g.clock_initial_ms;
  room->turn_started_ = now;
  room->make_agents();
  return room;
}

std::unique_ptr<Room> Room::restore(Store& store, const StoredGame& g, std::int64_t now) {
  GameSpec spec = GameSpec::parse(g.spec);
  auto room = std::unique_ptr<Room>(new Room(store, g, spec));
  room->remaining_[0] = room->remaining_[1] = g.clock_initial_ms;
  if (g.start.empty()) {
    for (int s = 0; s < 2; ++s) room->setups_[s] = store.setup(g.id, s);
    // Killed between storing the second setup and the start: finish the job now.
    if (room->setups_[0] && room->setups_[1]) room->start_from_setups(now);
  } else if (g.start.rfind("new:", 0) == 0) {
    room->state_ = spec.new_game(std::stoull(g.start.substr(4)));
  } else {
    room->state_ = spec.load(g.start.substr(4));
  }
  if (room->state_) {
    for (auto& m : store.moves(g.id)) {
      Played p{m, {}, {}, {}};
      if (g.summary.empty() && g.result.empty()) room->note_revelations(p, *room->state_);
      p.events = room->state_->apply(m.move);
      room->history_.push_back(std::move(p));
      room->remaining_[0] = m.clock_ms[0];
      room->remaining_[1] = m.clock_ms[1];
      room->meta_.updated_ms = std::max(room->meta_.updated_ms, m.at_ms);  // moves leave the game row alone
    }
  }
  // The offer still stands unless the other seat has moved since (a move answers it: a decline).
  if (g.draw_offer >= 0 && g.result.empty()) {
    room->draw_offer_ = g.draw_offer;
    for (const auto& p : room->history_)
      if (p.stored.ply >= g.draw_offer_ply && p.stored.seat != g.draw_offer) room->draw_offer_ = -1;
  }
  if (!g.result.empty()) {
    json r = json::parse(g.result);
    room->override_ = {r["status"] == "win" ? Status::Win : Status::Draw, r.value("winner", -1),
                       r.value("reason", std::string())};
  }
  // Clocks across a restart (docs/server.md): the side to move is charged the time it thought before the stop,
  // up to the server's last heartbeat, so a crash gives no time back; the time the server was down is charged
  // to nobody, and the clock runs again from now.
  if (g.clock_initial_ms > 0 && room->state_ && !room->over()) {
    std::int64_t turn_start = room->history_.empty() ? g.started_ms : room->history_.back().stored.at_ms;
    auto alive = store.last_alive();
    if (turn_start > 0 && alive && *alive > turn_start) {
      std::int64_t& left = room->remaining_[room->state_->to_move()];
      left = std::max<std::int64_t>(0, left - (*alive - turn_start));
    }
  }
  room->turn_started_ = now;
  room->make_agents();
  return room;
}

// Every message to a client goes out through the store: with group commit, after the commit of the moves it may
// tell of (Store::after_commit), and in order with the messages before it.
void Room::deliver(Client* client, std::string text, bool snapshot) {
  if (!store_.holding()) return snapshot ? client->send_snapshot(std::move(text)) : client->send(std::move(text));
  store_.after_commit(client, [client, snapshot, text = std::move(text)]() mutable {
    snapshot ? client->send_snapshot(std::move(text)) : client->send(std::move(text));
  });
}

void Room::make_agents() {
  for (int s = 0; s < 2; ++s)
    if (meta_.seats[s].kind == SeatKind::Computer) agents_[s] = std::shared_ptr<AnyAgent>(spec_.agent(meta_.seats[s].agent, meta_.seed + s));
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

// The view as JSON text, straight from the game: spliced into messages unparsed (see with_view).
std::string Room::view_text(const Access& a) const {
  if (!state_) return "null";
  int p = viewer(a);
  if (p < 0 && spec_.info->hidden_information() && !over()) return "null";  // never, by construction
  return state_->view_json(p);
}

const std::vector<std::string>& Room::legal_now() const {
  if (legal_for_ != generation_) {
    legal_cache_ = state_->legal_moves();
    legal_for_ = generation_;
  }
  return legal_cache_;
}

const std::string& Room::legal_moves_text() const {
  if (legal_text_for_ != generation_) {
    const auto& moves = legal_now();
    const auto cells = state_->legal_move_cells();
    std::string& out = legal_text_cache_;
    out.clear();
    out += '[';
    // Appended piece by piece: this list goes to the side to move after every move.
    for (std::size_t i = 0; i < cells.size() && i < moves.size(); ++i) {
      const auto& path = cells[i];
      out += i ? ",{\"move\":" : "{\"move\":";
      append_json_string(out, moves[i]);
      out += ",\"from\":";
      if (path.size() >= 2) append_json_string(out, path.front());
      else out += "null";
      out += ",\"to\":";
      if (!path.empty()) append_json_string(out, path.back());
      else out += "null";
      out += ",\"path\":[";
      for (std::size_t k = 0; k < path.size(); ++k) {
        if (k) out += ',';
        append_json_string(out, path[k]);
      }
      out += "]}";
    }
    out += ']';
    legal_text_for_ = generation_;
  }
  return legal_text_cache_;
}

json Room::legal(const Access& a) const {
  if (!state_ || over()) return json::array();
  int s = state_->to_move();
  if (!(a.acts & (1 << s)) || meta_.seats[s].kind != SeatKind::Human) return json::array();
  return legal_now();
}

json Room::clocks(std::int64_t now) const {
  if (meta_.clock_initial_ms <= 0) return nullptr;
  std::int64_t r[2] = {remaining_[0], remaining_[1]};
  int running = (state_ && !over()) ? state_->to_move() : -1;
  if (running >= 0) r[running] = std::max<std::int64_t>(0, r[running] - (now - turn_started_));
  return {{"remaining_ms", {r[0], r[1]}}, {"running", running}, {"increment_ms", meta_.clock_increment_ms},
          {"initial_ms", meta_.clock_initial_ms}};
}

json Room::players() const {
  json out = json::array();
  for (int s = 0; s < 2; ++s) {
    const std::string& name = names_[s];
    out.push_back({{"seat", s}, {"name", name}, {"kind", to_string(meta_.seats[s].kind)}, {"agent", meta_.seats[s].agent},
                   {"joined", !invite_pending_[s]}});
  }
  return out;
}

json Room::result_json() const {
  Ending e = ending();
  if (e.status == Status::Ongoing) return nullptr;
  return {{"status", status_name(e.status)}, {"winner", e.winner}, {"reason", e.reason}, {"text", summary()}};
}

std::string Room::summary() const {
  Ending e = ending();
  if (e.status == Status::Ongoing) return "";
  std::string reason = e.reason.empty() ? "" : " (" + e.reason + ")";
  if (e.status == Status::Draw) return "draw" + reason;
  const std::string& name = names_[e.winner];
  return name + " wins" + reason;
}

// Moves and their events are public: the events of the contract ("capture e5", "reveal e5 6x4") say only what
// both players see on the board, like the record format.
json Room::move_json(const Played& p) const {
  return {{"ply", p.stored.ply}, {"seat", p.stored.seat}, {"move", p.stored.move}, {"events", p.events}};
}

// Whether a client may read a move's text and events as played: always in perfect-information games, once the
// game is over, and otherwise only the side that played it; the other side gets the game's public part of it.
bool Room::move_visible(const Played& p, const Access& a) const {
  if (!spec_.info->hidden_information() || over()) return true;
  return (a.acts & (1 << p.stored.seat)) || a.sees == p.stored.seat;
}

// What the other side is told of a move it may not read whole: the game's public part of it (GameInfo::public_part),
// or nothing but that a move was made.
json Room::move_for(const Played& p, const Access& a) const {
  if (move_visible(p, a)) return move_json(p);
  if (spec_.info->public_part) {
    auto [text, events] = spec_.info->public_part(p.stored.move, p.events);
    return {{"ply", p.stored.ply}, {"seat", p.stored.seat}, {"move", text.empty() ? json(nullptr) : json(text)}, {"events", events}};
  }
  return {{"ply", p.stored.ply}, {"seat", p.stored.seat}, {"move", nullptr}, {"events", json::array()}};
}

// A move's JSON text, made once per move (and per side: whole, or the public part) and then spliced into every
// message that lists it: snapshots repeat the whole history.
const std::string& Room::whole_text(const Played& p) const {
  if (p.whole_text.empty()) p.whole_text = move_json(p).dump();
  return p.whole_text;
}

const std::string& Room::move_text(const Played& p, const Access& a) const {
  if (move_visible(p, a)) return whole_text(p);
  if (p.public_text.empty()) p.public_text = move_for(p, a).dump();
  return p.public_text;
}

// Which seats have a client connected now (a computer seat always has): sent in every snapshot, and a fresh
// snapshot goes to the others whenever it changes, so a player learns that the opponent left or came back.
json Room::presence() const {
  json online = json::array();
  for (int k = 0; k < 2; ++k) {
    bool on = meta_.seats[k].kind != SeatKind::Human;
    for (const auto& m : members_)
      if (m.access.acts & (1 << k)) on = true;
    online.push_back(on);
  }
  return online;
}

std::string Room::snapshot(Access a) const {
  json s;
  s["type"] = "state";
  s["id"] = meta_.id;
  s["game"] = spec_.info->name;
  s["spec"] = meta_.spec;
  s["variant"] = spec_.variant;
  s["title"] = meta_.title;
  s["mode"] = to_string(meta_.mode);
  s["hidden_information"] = spec_.info->hidden_information();
  s["acts"] = json::array();
  for (int k = 0; k < 2; ++k)
    if (a.acts & (1 << k)) s["acts"].push_back(k);
  s["sees"] = a.sees;
  s["viewer"] = state_ ? viewer(a) : (a.sees == 2 ? -1 : a.sees);
  s["phase"] = !state_ ? "setup" : over() ? "over" : "play";
  s["players"] = players();
  s["to_move"] = state_ && !over() ? state_->to_move() : -1;
  s["ply"] = ply();
  s["legal"] = legal(a);
  s["clocks"] = clocks(now_ms());
  s["draw_offer"] = draw_offer_;
  s["result"] = result_json();
  if (!state_) {
    json setup{{"done", {setups_[0].has_value(), setups_[1].has_value()}}};
    json mine = json::object();
    for (int k = 0; k < 2; ++k)
      if ((a.acts & (1 << k)) && setups_[k]) mine[std::to_string(k)] = *setups_[k];
    setup["mine"] = mine;
    s["setup"] = setup;
  }
  s["needs_setup"] = static_cast<bool>(spec_.info->from_setups);
  s["online"] = presence();
  s["rematch"] = rematch_json(a);
  s["takeback"] = takebacks_allowed();
  if (takebacks_allowed()) s["takeback_blocked"] = takeback_field(a);
  static const std::string none = "[]";
  const bool no_legal = s["legal"].empty();
  // "moves" is spliced in as text, each move's made once (move_text): a long game's snapshot would otherwise
  // build and write a JSON tree of every move. The keys around it are written in the same sorted order.
  std::string moves = "[";
  for (const auto& p : history_) {
    if (moves.size() > 1) moves += ',';
    moves += move_text(p, a);
  }
  moves += ']';
  json before = json::object(), after = json::object();
  for (auto& [key, value] : s.items()) (key < "moves" ? before : after)[key] = std::move(value);
  std::string out = before.dump();
  out.pop_back();
  out += out.size() > 1 ? ",\"moves\":" : "\"moves\":";
  out += moves;
  if (after.empty()) out += '}';
  else out += ',' + after.dump().substr(1);
  return with_view(std::move(out), view_text(a), no_legal ? &none : &legal_moves_text());
}

void Room::join(Client* client, Access access) {
  const json before = presence();
  members_.push_back({client, access});
  deliver(client, snapshot(access), true);
  if (presence() != before)
    for (auto& m : members_)
      if (m.client != client) deliver(m.client, snapshot(m.access), true);
}

void Room::leave(Client* client) {
  store_.forget(client);  // messages waiting for a commit: the client is going away
  const json before = presence();
  members_.erase(std::remove_if(members_.begin(), members_.end(), [&](const Member& m) { return m.client == client; }),
                 members_.end());
  if (presence() != before) broadcast_snapshots();
}

void Room::broadcast_snapshots() {
  for (auto& m : members_) deliver(m.client, snapshot(m.access), true);
}

void Room::broadcast_plain(const json& message) {
  std::string text = message.dump();
  for (auto& m : members_) deliver(m.client, text);
}

void Room::broadcast_move(const Played& p) {
  // Every client's message is spliced from parts made once per move, as JSON text: the move as that client may
  // read it, the state after it, the view of its viewer (one per viewer however many watch) and, for the side to
  // move, its legal moves. (This runs for every move of every game: no JSON tree is copied per client.)
  static const std::string none = "[]";
  const bool ended = over();
  const int s = ended ? -1 : state_->to_move();
  const std::string after =
      json{{"to_move", s}, {"clocks", clocks(now_ms())}, {"draw_offer", draw_offer_}, {"result", result_json()}}.dump();
  std::string legal_text, views[3];  // the legal list, views by viewer
  for (auto& m : members_) {
    const int v = viewer(m.access);
    std::string& view = views[v + 1];
    if (view.empty()) view = view_text(m.access);
    const bool mine = s >= 0 && (m.access.acts & (1 << s)) && meta_.seats[s].kind == SeatKind::Human;
    if (mine && legal_text.empty()) {
      legal_text = "[";
      for (const auto& move : legal_now()) {
        if (legal_text.size() > 1) legal_text += ',';
        append_json_string(legal_text, move);
      }
      legal_text += ']';
    }
    const std::string& move = move_text(p, m.access);  // whole, or as the other side is told it
    std::string out;
    out.reserve(move.size() + after.size() + view.size() + (mine ? legal_text.size() * 4 : 0) + 80);
    out += "{\"type\":\"move\",";
    out.append(move, 1, move.size() - 2);
    out += ',';
    out.append(after, 1, after.size() - 2);
    out += ",\"viewer\":";
    out += std::to_string(v);
    out += ",\"legal\":";
    out += mine ? legal_text : none;
    out += ",\"legal_moves\":";
    out += mine ? legal_moves_text() : none;
    if (takebacks_allowed()) {
      out += ",\"takeback_blocked\":";
      append_json_string(out, takeback_field(m.access));
    }
    out += ",\"view\":";
    out += view;
    out += '}';
    deliver(m.client, std::move(out));
  }
}

void Room::error(Client* client, const std::string& what, const std::string& request) {
  json message{{"type", "error"}, {"request", strat::one_line(request, 40)}, {"message", strat::one_line(what)}};
  deliver(client, message.dump());
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
  std::int64_t r[2] = {remaining_[0], remaining_[1]};
  if (meta_.clock_initial_ms > 0) r[seat] = std::max<std::int64_t>(1, r[seat] - (now - turn_started_)) + meta_.clock_increment_ms;
  p.stored.clock_ms[0] = r[0];
  p.stored.clock_ms[1] = r[1];
  p.events = std::move(events);
  store_.add_move(meta_.id, p.stored);  // committed before anyone hears of it
  state_ = std::move(next);
  ++generation_;
  remaining_[0] = r[0];
  remaining_[1] = r[1];
  turn_started_ = now;
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
  turn_started_ = now;
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

void Room::on_draw(Client* client, const Access& a, const json& m) {
  if (over()) bad_input("the game is over");
  if (!state_) bad_input("the game has not started");
  std::string action = m.value("action", std::string("offer"));
  int seat = seat_for(a, m, "offer a draw");
  if (a.acts == 3 && !m.contains("seat") && draw_offer_ >= 0) seat = 1 - draw_offer_;  // hotseat answers the offer
  if (action == "offer" || action == "accept") {
    if (draw_offer_ == 1 - seat) return end_outside_rules(Status::Draw, -1, "agreement");
    if (action == "accept") bad_input("there is no draw offer to accept");
    if (meta_.seats[1 - seat].kind == SeatKind::Computer) bad_input("the computer declines the draw");
    draw_offer_ = seat;
  } else if (action == "decline") {
    if (draw_offer_ != 1 - seat) bad_input("there is no draw offer to decline");
    draw_offer_ = -1;
  } else {
    bad_input("draw action must be offer, accept or decline");
  }
  store_.set_draw_offer(meta_.id, draw_offer_, state_->ply());  // kept across a restart
  broadcast_plain({{"type", "draw"}, {"draw_offer", draw_offer_}});
}

std::unique_ptr<AnyState> Room::start_state() const {
  return meta_.start.rfind("new:", 0) == 0 ? spec_.new_game(std::stoull(meta_.start.substr(4)))
                                           : spec_.load(meta_.start.substr(4));
}

// Against the computer, without a clock: the player's last turn and the computer's answer are undone, in the
// store first (so a restart replays the shorter game), then here by replaying the game from its start. Never
// when one of those moves showed the player something hidden: the game would forget it, the player would not
// (docs/security.md).
void Room::on_takeback(Client*, const Access& a, const json& m) {
  if (meta_.mode != Mode::Computer) bad_input("a move can be taken back only in a game against the computer");
  if (meta_.clock_initial_ms > 0) bad_input("no take-backs in a game with a clock");
  if (!state_) bad_input("the game has not started");
  if (over()) bad_input("the game is over");
  int seat = seat_for(a, m, "take back a move");
  if (state_->to_move() != seat) bad_input("wait for the computer's move, then take back");
  const int first = last_turn_start(seat);
  if (first < 0) bad_input("you have no move to take back");
  if (std::string why = takeback_blocked(seat); !why.empty()) bad_input(why);
  std::int64_t now = now_ms();
  store_.truncate_moves(meta_.id, history_[first].stored.ply, now);
  history_.resize(first);
  auto rebuilt = start_state();
  for (const auto& p : history_) rebuilt->apply(p.stored.move);
  state_ = std::move(rebuilt);
  ++generation_;
  turn_started_ = now;
  meta_.updated_ms = now;
  broadcast_snapshots();
}

bool Room::takebacks_allowed() const { return meta_.mode == Mode::Computer && meta_.clock_initial_ms <= 0; }

// The player's last turn: its last run of consecutive moves (a turn may be several moves, like the card duel's
// attack and refills).
int Room::last_turn_start(int seat) const {
  int first = static_cast<int>(history_.size()) - 1;
  while (first >= 0 && history_[first].stored.seat != seat) --first;
  if (first < 0) return -1;
  while (first > 0 && history_[first - 1].stored.seat == seat) --first;
  return first;
}

std::string Room::takeback_blocked(int seat) const {
  const int first = last_turn_start(seat);
  for (int k = std::max(first, 0); first >= 0 && k < static_cast<int>(history_.size()); ++k)
    if (history_[k].revealed[seat])
      return "no take-back: move " + std::to_string(k + 1) + " showed you what was hidden, and a take-back would not make you forget it";
  return "";
}

std::string Room::takeback_field(const Access& a) const {
  return a.acts == 1 || a.acts == 2 ? takeback_blocked(a.acts == 1 ? 0 : 1) : "";
}

void Room::note_revelations(Played& p, const AnyState& before) const {
  if (!takebacks_allowed() || !spec_.info->hidden_information()) return;
  for (int seat = 0; seat < 2; ++seat)
    if (meta_.seats[seat].kind == SeatKind::Human) p.revealed[seat] = before.move_reveals(p.stored.move, seat);
}

// A rematch: the same game and opponent with the colours swapped. Against the computer (and in hotseat) it is
// made at once; between two players one offers and the other accepts. Each player is then sent its own links
// of the new game (never the other's).
void Room::on_rematch(Client* client, const Access& a, const json& m) {
  if (!over()) bad_input("a rematch can be asked for once the game is over");
  int seat = seat_for(a, m, "ask for a rematch");
  std::string action = m.value("action", std::string("offer"));
  if (action != "offer" && action != "accept" && action != "decline")
    bad_input("rematch action must be offer, accept or decline");
  if (!meta_.rematch.empty()) {
    if (action == "decline") bad_input("the rematch is made already");
    deliver(client, rematch_json(a).dump());
    return;
  }
  if (meta_.mode != Mode::Friend) {
    if (action == "decline") bad_input("there is no rematch offer to decline");
    return make_rematch();
  }
  if (action == "decline") {
    if (rematch_offer_ != 1 - seat) bad_input("there is no rematch offer to decline");
    rematch_offer_ = -1;
  } else if (rematch_offer_ == 1 - seat) {
    return make_rematch();
  } else if (action == "accept") {
    bad_input("there is no rematch offer to accept");
  } else {
    rematch_offer_ = seat;
  }
  broadcast_rematch();
}

void Room::make_rematch() {
  if (!spawner_) bad_input("rematches are not available on this server");
  NewGame r;
  r.game = meta_.spec;
  r.mode = meta_.mode;
  r.clock_initial_ms = meta_.clock_initial_ms;
  r.clock_increment_ms = meta_.clock_increment_ms;
  for (int k = 0; k < 2; ++k) {
    if (meta_.seats[k].kind == SeatKind::Computer) r.agent = meta_.seats[k].agent;
    else if (meta_.mode == Mode::Computer) r.human_seat = 1 - k;  // the colours are swapped
  }
  r.both_seats = meta_.mode == Mode::Friend;
  std::vector<TokenGrant> grants;
  std::string id = spawner_(r, grants);
  store_.set_rematch(meta_.id, id);
  meta_.rematch = id;
  rematch_offer_ = -1;
  for (auto& links : rematch_links_) links.clear();
  // The player of seat k here plays seat 1-k there: a link that sees one seat (its seat, invite or watch link)
  // follows that seat.
  for (const auto& g : grants) {
    if (g.sees == 0 || g.sees == 1) rematch_links_[1 - g.sees].push_back(g);
    else
      for (auto& links : rematch_links_) links.push_back(g);  // hotseat, or the all-seeing watch link
  }
  broadcast_rematch();
}

void Room::restore_rematch(const std::string& id, const std::vector<StoredToken>& tokens) {
  meta_.rematch = id;
  for (auto& links : rematch_links_) links.clear();
  for (const auto& t : tokens) {
    if (!t.claimed || t.sees == kUsedInvite) continue;
    if (t.acts == 3) {
      for (auto& links : rematch_links_) links.push_back({t.token, t.acts, t.sees, Role::Hotseat});
    } else if (t.acts == 1 || t.acts == 2) {
      int k = t.acts == 1 ? 0 : 1;
      rematch_links_[1 - k].push_back({t.token, t.acts, t.sees, seat_role(k)});
    } else if (t.sees == 0 || t.sees == 1) {
      rematch_links_[1 - t.sees].push_back({t.token, t.acts, t.sees, watch_role(t.sees)});
    } else if (t.sees == -1) {
      for (auto& links : rematch_links_) links.push_back({t.token, t.acts, t.sees, Role::Watch});
    }
  }
}

json Room::rematch_json(const Access& a) const {
  json links = json::array();
  json token = nullptr;
  for (int k = 0; k < 2; ++k) {
    if (!(a.acts & (1 << k))) continue;
    for (const auto& g : rematch_links_[k]) {
      bool seen = false;
      for (const auto& l : links) seen = seen || l["token"] == g.token;
      if (seen) continue;
      links.push_back({{"token", g.token}, {"role", to_string(g.role)}, {"acts", g.acts}, {"sees", g.sees}});
      if (token.is_null() && g.acts != 0) token = g.token;
    }
  }
  return {{"type", "rematch"}, {"offer", rematch_offer_}, {"game", meta_.rematch.empty() ? json(nullptr) : json(meta_.rematch)},
          {"token", token}, {"tokens", links}};
}

void Room::broadcast_rematch() {
  for (auto& m : members_) deliver(m.client, rematch_json(m.access).dump());
}

json Room::player_entry(int seat) const {
  json e = lobby_entry();
  e["seat"] = seat;
  if (seat == 0 || seat == 1) {
    const StoredSeat& other = meta_.seats[1 - seat];
    e["side"] = names_[seat];
    e["opponent"] = {{"kind", to_string(other.kind)}, {"agent", other.agent}, {"name", names_[1 - seat]}};
  } else {
    e["opponent"] = {{"kind", "hotseat"}, {"agent", ""}, {"name", ""}};
  }
  Ending end = ending();
  std::string outcome;
  if (end.status == Status::Draw) outcome = "draw";
  else if (end.status == Status::Win) outcome = seat > 1 ? "over" : end.winner == seat ? "win" : "loss";
  e["outcome"] = outcome;  // "" while the game is on
  e["rematch"] = meta_.rematch;
  return e;
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
  if (!state_ || over() || thinking_) return std::nullopt;
  int s = state_->to_move();
  if (!agents_[s]) return std::nullopt;
  thinking_ = true;
  return AgentJob{agents_[s], std::shared_ptr<AnyState>(state_->clone()), state_->ply(), s};
}

void Room::agent_moved(int ply, int seat, const std::string& move, std::int64_t now) {
  thinking_ = false;
  if (!state_ || over() || state_->ply() != ply || state_->to_move() != seat) return;  // e.g. resigned meanwhile
  std::string err = play(seat, move, now);
  if (!err.empty()) end_outside_rules(Status::Win, 1 - seat, "computer error");
}

void Room::agent_failed(int ply, const std::string& what) {
  thinking_ = false;
  if (!state_ || over() || state_->ply() != ply) return;
  end_outside_rules(Status::Win, 1 - state_->to_move(), "computer error");
}

std::optional<std::int64_t> Room::clock_deadline(std::int64_t now) const {
  if (meta_.clock_initial_ms <= 0 || !state_ || over()) return std::nullopt;
  return remaining_[state_->to_move()] - (now - turn_started_);
}

void Room::check_clock(std::int64_t now) {
  auto left = clock_deadline(now);
  if (left && *left <= 0) {
    int s = state_->to_move();
    remaining_[s] = 0;
    end_outside_rules(Status::Win, 1 - s, "time");
  }
}


json Room::replay_frame(int ply) const {
  if (!over()) bad_input("the record is shown when the game is over");
  if (ply < 0 || ply > static_cast<int>(history_.size())) bad_input("no such ply " + std::to_string(ply));
  std::unique_ptr<AnyState> s = start_state();
  for (int i = 0; i < ply; ++i) s->apply(history_[i].stored.move);
  json frame{{"ply", ply}, {"plies", history_.size()}, {"title", meta_.title}, {"result", summary()},
             {"view", json::parse(s->view_json(-1))}};
  if (ply > 0) frame["last"] = move_json(history_[ply - 1]);
  return frame;
}

json Room::view_at(const Access& a, int ply) const {
  if (!state_) bad_input("the game has not started: the players are placing their pieces");
  const int plies = static_cast<int>(history_.size());
  if (ply < 0 || ply > plies) bad_input("no such ply " + std::to_string(ply) + " (0 to " + std::to_string(plies) + ")");
  // The seat whose knowledge is shown is the one the client sees now (the whole board once the game is over);
  // its view at an earlier ply is what that seat knew then, never more.
  const int v = viewer(a);
  if (v < 0 && spec_.info->hidden_information() && !over()) bad_input("this link sees no player's view");
  std::unique_ptr<AnyState> s = start_state();
  for (int i = 0; i < ply; ++i) s->apply(history_[static_cast<std::size_t>(i)].stored.move);
  json frame{{"ply", ply}, {"plies", plies}, {"viewer", v}, {"view", json::parse(s->view_json(v))}};
  frame["last"] = ply > 0 ? move_for(history_[static_cast<std::size_t>(ply - 1)], a) : json(nullptr);
  return frame;
}

namespace {

// Samples per evaluation of a hidden-information position: enough for a steady average, bounded so that a long
// game is analysed within about a second (per ply, two evaluations and one move's judgement, each over `samples`
// draws; a 1,400-ply Stratego game takes about 0.1 s, docs/server.md).
int analysis_samples(int plies) { return std::clamp(8000 / (2 * (plies + 1)), 2, 16); }

// A move is marked as a mistake when its value to its player fell by at least this much (on [-1, 1]) below that
// player's evaluation before the move; at most kMistakes are marked, the biggest first.
constexpr double kMistakeDrop = 0.15;
constexpr std::size_t kMistakes = 3;

}  // namespace

// Each position is evaluated by both players, each from its own Info (AnyState::evaluate_as_known), with a
// seed fixed per ply so that the analysis is the same every time: that is the graph. A move is judged from what
// its player knew before it (AnyState::evaluate_move_as_known, over the same drawn states as the evaluation
// before it): its loss is that evaluation minus the move's value, never what the move revealed or what the
// opponent happened to answer.
const json& Room::analysis() const {
  if (!over()) bad_input("the analysis is made when the game is over");
  if (analysis_) return *analysis_;
  const int plies = static_cast<int>(history_.size());
  const int samples = analysis_samples(plies);
  const auto seed = [&](int k, int p) { return meta_.seed * 1000003ULL + static_cast<std::uint64_t>(2 * k + p); };
  std::vector<std::array<double, 2>> e(static_cast<std::size_t>(plies) + 1);
  std::vector<double> value(static_cast<std::size_t>(plies) + 1);  // value[k]: of move k to its player
  std::unique_ptr<AnyState> s = start_state();
  bool evaluated = true;
  for (int k = 0; k <= plies && evaluated; ++k) {
    if (k > 0) {
      const StoredMove& m = history_[static_cast<std::size_t>(k - 1)].stored;
      auto v = s->evaluate_move_as_known(m.move, samples, seed(k - 1, m.seat));
      if (v) value[static_cast<std::size_t>(k)] = *v;
      else evaluated = false;
      s->apply(m.move);
    }
    for (int p = 0; p < 2 && evaluated; ++p) {
      auto v = s->evaluate_as_known(p, samples, seed(k, p));
      if (v) e[static_cast<std::size_t>(k)][static_cast<std::size_t>(p)] = *v;
      else evaluated = false;
    }
  }
  json out{{"plies", plies}, {"available", evaluated}, {"samples", s->hidden_information() ? samples : 1}};
  json points = json::array(), mistakes = json::array();
  if (evaluated) {
    const auto at = [&](int k, int seat) { return e[static_cast<std::size_t>(k)][static_cast<std::size_t>(seat)]; };
    // The graph: after each move, its player's evaluation, turned to the first player's point of view.
    points.push_back({{"ply", 0}, {"seat", -1}, {"value", at(0, 0)}});
    std::vector<std::pair<double, int>> losses;
    for (int k = 1; k <= plies; ++k) {
      const int seat = history_[static_cast<std::size_t>(k - 1)].stored.seat;
      const double loss = at(k - 1, seat) - value[static_cast<std::size_t>(k)];
      points.push_back({{"ply", k}, {"seat", seat}, {"value", seat == 0 ? at(k, 0) : -at(k, 1)}, {"loss", loss}});
      if (loss >= kMistakeDrop) losses.push_back({loss, k});
    }
    std::sort(losses.begin(), losses.end(),
              [](const auto& x, const auto& y) { return x.first > y.first || (x.first == y.first && x.second < y.second); });
    if (losses.size() > kMistakes) losses.resize(kMistakes);
    for (const auto& [loss, k] : losses)
      mistakes.push_back({{"ply", k}, {"seat", history_[static_cast<std::size_t>(k - 1)].stored.seat}, {"loss", loss}});
  }
  out["points"] = points;
  out["mistakes"] = mistakes;
  out["result"] = summary();
  analysis_ = std::move(out);
  return *analysis_;
}

// The record format of docs/records.md, written by the same code as `strat selfplay --save` so that
// `strat replay` reads it (moves may contain spaces; annotations are braced).
std::string Room::record_text() const {
  if (!over()) bad_input("the record is shown when the game is over");
  Record record;
  record.set_header("Game", meta_.spec);
  for (int s = 0; s < 2; ++s) {
    std::string side = names_[s];
    if (!side.empty()) side[0] = static_cast<char>(std::toupper(static_cast<unsigned char>(side[0])));
    record.set_header(side, meta_.seats[s].kind == SeatKind::Computer ? meta_.seats[s].agent : "human");
  }
  std::string start = meta_.start.substr(4);
  if (meta_.start.rfind("new:", 0) == 0) {
    record.set_header("Seed", start);
    start = spec_.new_game(std::stoull(start))->position();
  }
  record.set_header("Start", start);
  record.set_header("Site", "strat serve, game " + meta_.id);
  record.set_header("Result", summary());
  for (const auto& p : history_) record.moves.push_back({p.stored.move, annotation_of(p.events)});
  return record.to_text();
}

json Room::moves_json() const {
  if (!over()) bad_input("the moves are listed when the game is over");
  json out = json::array();
  for (const auto& p : history_) out.push_back(move_json(p));
  return out;
}

json Room::lobby_entry() const {
  return {{"id", meta_.id}, {"title", meta_.title}, {"game", spec_.info->name}, {"mode", to_string(meta_.mode)},
          {"phase", !state_ ? "setup" : over() ? "over" : "play"}, {"plies", history_.size()},
          {"summary", summary()}, {"created_ms", meta_.created_ms}, {"updated_ms", meta_.updated_ms},
          {"listed", meta_.listed}, {"clock", meta_.clock_initial_ms > 0}, {"result", result_json()},
          {"variant", spec_.variant}};
}

}  // namespace strat::server
