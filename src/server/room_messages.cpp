// What a Room tells its clients: snapshots, moves as each side may read them, views and legal moves.
#include "server/room.hpp"

#include <algorithm>
#include "server/room_text.hpp"

namespace strat::server {

using nlohmann::json;
using namespace room_text;

// Every message to a client goes out through the store: with group commit, after the commit of the moves it may
// tell of (Store::after_commit), and in order with the messages before it.
void Room::deliver(Client* client, std::string text, bool snapshot) {
  if (!store_.holding()) return snapshot ? client->send_snapshot(std::move(text)) : client->send(std::move(text));
  store_.after_commit(client, [client, snapshot, text = std::move(text)]() mutable {
    snapshot ? client->send_snapshot(std::move(text)) : client->send(std::move(text));
  });
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

json Room::clocks(std::int64_t now) const { return clock_.to_json(state_ && !over() ? state_->to_move() : -1, now); }

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

}  // namespace strat::server
