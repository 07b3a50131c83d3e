#pragma once
// Seeks and quick-pairing pools, stored (docs/server.md, "Seeks and quick pairing"): the open seeks, who waits in which
// pool, and the notices that tell a player of a game made for it. Own tables (migration component "seeks") on its own
// connection to the server's database, so that every server sharing a PostgreSQL database lists the same seeks and
// pools. Taking a seek or a pair of pool entries is a conditional DELETE: of two servers (or two requests) taking the
// same one, exactly one succeeds. Thread-safe; called on the I/O thread.
#include <cstdint>
#include <functional>
#include <memory>
#include <mutex>
#include <optional>
#include <string>
#include <vector>

#include "server/db.hpp"
#include "server/pool_pairing.hpp"

namespace strat::server {

struct Seek {
  std::string id;      // public: 16 random hex digits
  std::string player;  // the owner's player identity (secret: never listed)
  std::int64_t user = 0;
  std::string username;  // "" for an anonymous (casual) seek
  int rating = 1500;     // the owner's rating for this game, variant and time class
  std::string game;      // game spec: "dhamet", "stratego:barrage"
  std::int64_t clock_initial_ms = 0, clock_increment_ms = 0;
  bool rated = false;
  int rating_min = 0, rating_max = 0;  // both 0: any rating
  std::int64_t created_ms = 0;
};

// A game made for a player by an accepted seek or a pool: its seat link, until its lobby connection is told.
struct PairingNotice {
  std::string player, game_id, token;
};

class Seeks {
 public:
  static constexpr int kMaxSeeksPerPlayer = 3;
  // A seek or pool entry whose owner has had no lobby connection (on any server) for this long is removed.
  static constexpr std::int64_t kExpiryMs = 20'000;
  static constexpr std::int64_t kNoticeMs = 10 * 60'000;  // an undelivered notice is kept this long

  explicit Seeks(const std::string& where, std::function<std::int64_t()> clock = nullptr);
  ~Seeks();
  Seeks(const Seeks&) = delete;
  Seeks& operator=(const Seeks&) = delete;

  // Stores `seek` with a new id (returned); throws BadInput past kMaxSeeksPerPlayer for its player or account.
  std::string add(Seek seek);
  // Removes the player's own seek; throws BadInput when it has none by that id.
  void cancel(const std::string& id, const std::string& player);
  std::optional<Seek> find(const std::string& id);
  // Removes the seek if it is still there: true for exactly one caller.
  bool take(const std::string& id);
  // The open seeks, oldest first, after removing the expired ones.
  std::vector<Seek> list();

  void join_pool(const std::string& pool, const PoolEntry& entry);
  void leave_pool(const std::string& pool, const std::string& player);
  std::vector<PoolEntry> pool(const std::string& pool);
  // Both entries removed in one transaction, or neither: false when either had gone.
  bool take_pair(const std::string& pool, const std::string& a, const std::string& b);
  // Every pool's waiting players, by pool id: (pool, player) rows.
  std::vector<std::pair<std::string, std::string>> pool_members();

  // Keeps the players' seeks and pool entries alive (their lobby connection is open).
  void touch(const std::vector<std::string>& players);

  void add_notice(const PairingNotice& notice);
  // The notices for `players`, removed as they are returned.
  std::vector<PairingNotice> take_notices(const std::vector<std::string>& players);

  std::string username(std::int64_t user);  // the account's name as signed up; "" for none

 private:
  std::int64_t now() const;
  void expire();  // with mutex_ held

  std::mutex mutex_;
  std::unique_ptr<Db> db_;
  std::function<std::int64_t()> clock_;
};

}  // namespace strat::server
