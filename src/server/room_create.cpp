// A Room made for a new game (new_game.hpp decides what it is) and stored, or rebuilt from the store.
#include "server/room.hpp"

#include "server/new_game.hpp"
#include "server/room_text.hpp"

namespace strat::server {

using nlohmann::json;
using namespace room_text;

std::unique_ptr<Room> Room::create(Store& store, const NewGame& r, std::vector<TokenGrant>& grants, std::int64_t now) {
  GameSpec spec = GameSpec::parse(r.game);
  const GameInfo& info = *spec.info;
  StoredGame g = game_for(r, spec, now);
  std::vector<StoredToken> tokens;
  links_for(r, g, info.hidden_information(), tokens, grants);
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
  room->clock_.start_turn(now);
  room->computers_.make(room->spec_, room->meta_);
  return room;
}

std::unique_ptr<Room> Room::restore(Store& store, const StoredGame& g, std::int64_t now) {
  return restore(store, g, now, store.last_alive());
}

std::unique_ptr<Room> Room::restore(Store& store, const StoredGame& g, std::int64_t now,
                                    std::optional<std::int64_t> stopped) {
  GameSpec spec = GameSpec::parse(g.spec);
  auto room = std::unique_ptr<Room>(new Room(store, g, spec));
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
      room->clock_.set_remaining(m.clock_ms[0], m.clock_ms[1]);
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
  // Clocks across a restart or a takeover (docs/server.md): the side to move is charged the time it thought
  // before the stop, up to the last sign of life of the server that played it, so a crash gives no time back;
  // the time nobody played the game is charged to nobody, and the clock runs again from now.
  if (room->clock_.on() && room->state_ && !room->over()) {
    std::int64_t turn_start = room->history_.empty() ? g.started_ms : room->history_.back().stored.at_ms;
    room->clock_.charge_until_stop(room->state_->to_move(), turn_start, stopped);
  }
  room->clock_.start_turn(now);
  room->computers_.make(room->spec_, room->meta_);
  return room;
}

}  // namespace strat::server
