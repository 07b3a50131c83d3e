// The Hub's games when several servers share one database (docs/server.md, "Several servers: owners, leases and
// fencing"): which games this node plays, loading one when a request needs it, and dropping those it lost.
#include <algorithm>
#include <iostream>

#include "core/error.hpp"
#include "core/text.hpp"
#include "server/hub.hpp"
#include "server/leases.hpp"

namespace strat::server {

using nlohmann::json;

namespace {
constexpr std::size_t kFinishedCopies = 64;  // finished games rebuilt for reads, kept for the next ones
constexpr std::int64_t kOrphansPerRenewal = 16;  // bounds the time one renewal spends replaying games
constexpr std::int64_t kLobbyOpen = 100;  // the open games listed, newest first
constexpr std::int64_t kLobbyRecent = 30;
}  // namespace

void Hub::set_leases(Leases* leases) {
  leases_ = leases;
  if (leases_) arm_renewal();
}

void Hub::release_games() {
  if (!leases_) return;
  try {
    store_.settle();
    leases_->release();
  } catch (const std::exception& e) {
    std::cerr << "strat serve: lease not released: " << e.what() << "\n";
  }
}

void Hub::arm_renewal() {
  renewal_.expires_after(leases_->renew_every());
  renewal_.async_wait([this, alive = alive_](const boost::system::error_code& ec) {
    if (ec || !*alive || !leases_) return;
    bool kept = false;
    try {
      kept = leases_->renew(now_ms());
    } catch (const std::exception& e) {
      std::cerr << "strat serve: lease not renewed: " << e.what() << "\n";
      kept = leases_->fresh();  // cut off from the database: the games go before another node may take them
    }
    if (!kept && !rooms_.empty())
      std::cerr << "strat serve: node " << leases_->node() << " lost its lease: " << rooms_.size()
                << " games dropped\n";
    // Also a game a refused write found lost, if nothing of it ran since (no message, timer or computer move).
    std::vector<std::string> lost;
    for (const auto& [id, r] : rooms_)
      if (!kept || !leases_->holds(id)) lost.push_back(id);
    for (const auto& id : lost) drop_room(id, kNoLongerHere);
    for (const auto& observer : renewal_observers_) observer(kept);
    if (kept) adopt_orphans();
    arm_renewal();
  });
}

// Games whose owner died go on without waiting for a request (a computer's turn, a clock, computer against
// computer): nodes race for them, and the acquire's transaction gives each to one.
void Hub::adopt_orphans() {
  try {
    for (const auto& id : leases_->orphans(kOrphansPerRenewal)) {
      try {
        live_room(id);
      } catch (const Moved&) {
        // another node was quicker
      }
    }
  } catch (const std::exception& e) {
    std::cerr << "strat serve: orphaned games not adopted: " << e.what() << "\n";
  }
}

Room& Hub::restore_room(const StoredGame& g, std::optional<std::int64_t> stopped) {
  auto r = Room::restore(store_, g, now_ms(), stopped);
  for (const auto& t : store_.tokens(g.id))
    if (!t.claimed && t.acts != 0) r->set_invite_pending(t.acts == 1 ? 0 : 1, true);
  if (!g.rematch.empty()) r->restore_rematch(g.rematch, store_.tokens(g.rematch));
  return add_room(std::move(r));
}

// Games that go on are shown from their row (their plies and last move counted in the same query); a finished
// one from its rebuilt copy, kept with the other finished copies, whose result needs the final position.
json Hub::stored_lobby() {
  const auto now = std::chrono::steady_clock::now();
  if (!lobby_cache_.is_null() && now - lobby_read_ < kLobbyFor) return lobby_cache_;
  std::vector<json> entries;
  for (auto& [g, plies, last_move_ms] : store_.lobby_games(kLobbyOpen, kLobbyRecent)) {
    try {
      if (!g.summary.empty()) {
        std::unique_ptr<Room> holder;
        entries.push_back(stored_room(g.id, holder, true).lobby_entry());
        continue;
      }
      g.updated_ms = std::max(g.updated_ms, last_move_ms);
      entries.push_back(Room::lobby_entry(g, GameSpec::parse(g.spec), g.start.empty() ? "setup" : "play",
                                          static_cast<std::size_t>(plies), "", nullptr));
    } catch (const std::exception& e) {
      std::cerr << "strat serve: game " << g.id << " left out of the lobby: " << e.what() << "\n";
    }
  }
  std::sort(entries.begin(), entries.end(),
            [](const json& a, const json& b) { return a["updated_ms"] > b["updated_ms"]; });
  json open = json::array(), recent = json::array();
  for (auto& e : entries) (e["listed"] == true && e["phase"] != "over" ? open : recent).push_back(std::move(e));
  lobby_cache_ = {{"open", std::move(open)}, {"recent", std::move(recent)}};
  lobby_read_ = now;
  return lobby_cache_;
}

Room* Hub::live_room(const std::string& id) {
  if (auto it = rooms_.find(id); it != rooms_.end()) return it->second.get();
  if (!leases_) return nullptr;
  const auto g = store_.game(id);
  if (!g) return nullptr;
  const auto owner = leases_->acquire(id);
  if (!owner.ours) {
    if (owner.node.empty()) throw NotOwner("this server is rejoining the cluster: try again");
    throw Moved(owner.node);
  }
  // A game nobody held before was last played by a single server: its heartbeat is the last sign of life.
  return &restore_room(*g, owner.had_owner ? owner.previous_alive : store_.last_alive());
}

Room& Hub::room(const std::string& id) {
  Room* r = live_room(id);
  if (!r) bad_input("no game " + strat::quoted(id));
  return *r;
}

const Room& Hub::stored_room(const std::string& id, std::unique_ptr<Room>& holder, bool keep_finished) {
  if (auto it = rooms_.find(id); it != rooms_.end() || !leases_) {
    if (it == rooms_.end()) bad_input("no game " + strat::quoted(id));
    return *it->second;
  }
  if (auto it = finished_copies_.find(id); it != finished_copies_.end()) return *it->second;
  const auto g = store_.game(id);
  if (!g) bad_input("no game " + strat::quoted(id));
  holder = Room::restore(store_, *g, now_ms());
  // A finished game's moves and result no longer change: its copy (and the analysis it caches) serves again.
  if (!keep_finished || !holder->over()) return *holder;
  if (finished_order_.size() == kFinishedCopies) {
    finished_copies_.erase(finished_order_.front());
    finished_order_.pop_front();
  }
  finished_order_.push_back(id);
  return *(finished_copies_[id] = std::move(holder));
}

Room* Hub::still(const std::string& id, const Room* room) const {
  auto it = rooms_.find(id);
  return it != rooms_.end() && it->second.get() == room ? it->second.get() : nullptr;
}

bool Hub::drop_if_lost(const std::string& id) {
  if (!leases_ || leases_->holds(id) || !rooms_.count(id)) return false;
  drop_room(id, kNoLongerHere);
  return true;
}

void Hub::drop_room(const std::string& id, const std::string& why) {
  auto it = rooms_.find(id);
  if (it == rooms_.end()) return;
  std::unique_ptr<Room> room = std::move(it->second);
  rooms_.erase(it);
  timers_.erase(id);
  if (leases_) leases_->forget(id);
  // Nothing queued for these clients goes out (it may tell of moves the fence refused): the error, then the close.
  const std::string last = json{{"type", "error"}, {"request", ""}, {"message", why}}.dump();
  for (Client* c : room->clients()) {
    store_.forget(c);
    c->disconnect(last);
  }
}

}  // namespace strat::server
