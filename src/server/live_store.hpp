#pragma once
// Storage of live team games (L-18): the event log, one row per event, and the three secret links. It opens
// its own connection to the server's database (an SQLite file, WAL allowing several, or PostgreSQL: db.hpp)
// and keeps its own tables, so the board games' Store is untouched. Every event is committed before it is
// broadcast. With several servers, a fence checks in each write's transaction that this node plays the game
// (docs/server.md, "Several servers: owners, leases and fencing").
#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "server/db.hpp"
#include "server/store.hpp"

namespace strat::server {

struct LiveTokenRow {
  std::string token;
  std::string game_id;
  int role = -1;  // -1 referee, 0 red leader, 1 blue leader
};

class LiveStore {
 public:
  explicit LiveStore(const std::string& where);  // as Store's: ":memory:" for tests
  ~LiveStore();
  LiveStore(const LiveStore&) = delete;
  LiveStore& operator=(const LiveStore&) = delete;

  // Fences every write of a game (null: none, a single server); a refused write throws NotOwner.
  void set_fence(StoreFence* fence) { fence_ = fence; }

  // The game, its create event (seq 0) and its tokens, in one transaction.
  void create(const std::string& id, const std::string& create_event_json, const std::vector<LiveTokenRow>& tokens,
              std::int64_t now_ms);
  void add_event(const std::string& id, int seq, const std::string& event_json, std::int64_t now_ms);

  std::vector<std::string> game_ids();                  // oldest first
  std::vector<std::string> events(const std::string& id);  // JSON texts, in seq order
  std::vector<LiveTokenRow> tokens(const std::string& id);
  std::optional<LiveTokenRow> token(const std::string& token);

 private:
  std::unique_ptr<Db> db_;
  StoreFence* fence_ = nullptr;
};

}  // namespace strat::server
