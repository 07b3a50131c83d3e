// Offers between the players: draws, take-backs (against the computer) and rematches.
#include "server/room.hpp"

#include <algorithm>
#include "server/room_text.hpp"

namespace strat::server {

using nlohmann::json;
using namespace room_text;

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
  clock_.start_turn(now);
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
  rematch_links_.assign(grants);
  broadcast_rematch();
}

void Room::restore_rematch(const std::string& id, const std::vector<StoredToken>& tokens) {
  meta_.rematch = id;
  rematch_links_.restore(tokens);
}

json Room::rematch_json(const Access& a) const {
  json links = rematch_links_.for_seats(a.acts);
  return {{"type", "rematch"}, {"offer", rematch_offer_}, {"game", meta_.rematch.empty() ? json(nullptr) : json(meta_.rematch)},
          {"token", links["token"]}, {"tokens", links["tokens"]}};
}

void Room::broadcast_rematch() {
  for (auto& m : members_) deliver(m.client, rematch_json(m.access).dump());
}

}  // namespace strat::server
