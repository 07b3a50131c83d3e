#pragma once
// Owners of games when several servers share one database (docs/server.md, "Several servers: owners, leases and
// fencing"). Each server is a node: a name and, in the table `nodes`, one row per epoch (a start, or a new start
// after its lease ran out) with the time its lease expires, renewed every renew_every(). A game is played by the
// node named in `game_owners` with that node's epoch, while that epoch's lease lives; a node takes a free game, or
// one whose owner's lease expired, in one transaction (acquire), and every write of a game checks ownership in
// its own transaction (StoreFence). Lease times are the database's clock (PostgreSQL's clock_timestamp(), SQLite's
// julianday('now')); `alive` is the node's own clock, the one the games' clocks run on. Live team games (LiveHub)
// follow the same rules with owners of their own, in `live_owners`, fenced by live_fence() on LiveStore's writes.
#include <chrono>
#include <cstdint>
#include <optional>
#include <set>
#include <stdexcept>
#include <string>
#include <vector>

#include "server/store.hpp"

namespace strat::server {

// What a game's clients are told when this node drops it, before the close that makes them reconnect.
constexpr const char* kNoLongerHere = "this server no longer plays this game: reconnecting";

// A request for a game that another node plays: where to go.
struct Moved : std::runtime_error {
  explicit Moved(std::string owner)
      : std::runtime_error("this game is played by node " + owner), node(std::move(owner)) {}
  std::string node;
};

// Board games (Store, `game_owners`) and live team games (LiveStore, `live_owners`): two tables, since their ids
// are two sets that may meet.
enum class Games { kBoard, kLive };

// A socket's opening of a link's game by `open`, which may throw: Moved puts the owner's name in `node`, any other
// error its text in `why` (the database, or this node rejoining the cluster: the client retries), and then a
// value-initialized result comes back.
template <class Open>
auto open_here(Open&& open, std::string& node, std::string& why) -> decltype(open()) {
  try {
    return open();
  } catch (const Moved& e) {
    node = e.node;
  } catch (const std::exception& e) {
    why = e.what();
  }
  return {};
}

class Leases : public StoreFence {
 public:
  static constexpr std::int64_t kDefaultLeaseMs = 5000;
  // Registers `node` with a new epoch on `store`'s database, and fences the store's writes of games from now on.
  // Throws std::runtime_error when the database cannot be written.
  Leases(Store& store, std::string node, std::int64_t lease_ms = kDefaultLeaseMs);
  ~Leases() override;
  Leases(const Leases&) = delete;
  Leases& operator=(const Leases&) = delete;

  const std::string& node() const { return node_; }
  std::int64_t epoch() const { return epoch_; }
  std::int64_t lease_ms() const { return lease_ms_; }
  // A fifth of the lease, at most a second: a node misses four renewals in a row before its lease runs out.
  std::chrono::milliseconds renew_every() const {
    return std::chrono::milliseconds(std::clamp<std::int64_t>(lease_ms_ / 5, 10, 1000));
  }
  // Extends the lease and records `alive` (now, on the node's clock). False when the lease had run out: then the
  // node takes a new epoch and holds no game any more. Throws when the database cannot be reached.
  bool renew(std::int64_t alive);
  // Whether the last renewal (or the start) was within the lease's length, by the node's own clock: a node cut
  // off from its database stops playing once this turns false, before another node can take its games.
  bool fresh() const { return std::chrono::steady_clock::now() - renewed_ < std::chrono::milliseconds(lease_ms_); }

  struct Owner {
    bool ours = false;
    std::string node;  // the owner's name: this node's when ours; "" when this node's own lease ran out
    // When a game changes hands: the last sign of life of the node that held it (its clock's time), up to which
    // the side to move is charged. nullopt for a game nobody held, or held by this very epoch.
    std::optional<std::int64_t> previous_alive;
    bool had_owner = false;  // a node (of another epoch or name) held it before
  };
  // Takes game `id` for this node when it is free, its owner's lease expired, or it is this node's already.
  Owner acquire(const std::string& id, Games games = Games::kBoard);
  // The node whose live lease holds game `id` ("" when none).
  std::string owner(const std::string& id, Games games = Games::kBoard);
  // Up to `limit` unfinished games, in random order, whose owner's lease expired: games nobody plays.
  std::vector<std::string> orphans(std::int64_t limit);
  // A clean stop: the lease ends now, so other nodes take the games at once.
  void release();
  // Whether this node held `id` when it last checked.
  bool holds(const std::string& id, Games games = Games::kBoard) const { return held_of(games).count(id) > 0; }
  void forget(const std::string& id, Games games = Games::kBoard) { held_of(games).erase(id); }

  std::vector<std::string> held(Db& db, const std::vector<std::string>& ids) override {
    return held_in(Games::kBoard, db, ids);
  }
  void take_new(Db& db, const std::string& id) override { take_new_in(Games::kBoard, db, id); }
  // The fence of live team games' writes (LiveStore::set_fence).
  StoreFence& live_fence() { return live_fence_; }

 private:
  struct LiveFence : StoreFence {
    explicit LiveFence(Leases& leases) : leases(leases) {}
    std::vector<std::string> held(Db& db, const std::vector<std::string>& ids) override {
      return leases.held_in(Games::kLive, db, ids);
    }
    void take_new(Db& db, const std::string& id) override { leases.take_new_in(Games::kLive, db, id); }
    Leases& leases;
  };
  std::vector<std::string> held_in(Games games, Db& db, const std::vector<std::string>& ids);
  void take_new_in(Games games, Db& db, const std::string& id);
  std::set<std::string>& held_of(Games games) { return held_[games == Games::kLive]; }
  const std::set<std::string>& held_of(Games games) const { return held_[games == Games::kLive]; }
  static const char* owners_table(Games games) { return games == Games::kLive ? "live_owners" : "game_owners"; }

  void start_epoch(std::int64_t alive);
  // Locks this epoch's node row against a concurrent renewal; throws NotOwner when its lease ran out.
  void check_live(Db& db);

  Store& store_;
  Db& db_;
  std::string node_;
  std::int64_t lease_ms_;
  std::int64_t epoch_ = 0;
  std::set<std::string> held_[2];  // by Games
  LiveFence live_fence_{*this};
  std::string now_;         // SQL: the database's clock in milliseconds
  std::string lock_share_;  // " FOR SHARE" on PostgreSQL; SQLite's write transactions are already exclusive
  std::string lock_update_;
  std::chrono::steady_clock::time_point renewed_;
};

// A node name for `strat serve` without --node: "n-" and 8 random hex digits.
std::string random_node_name();

}  // namespace strat::server
