#pragma once
// Finding an opponent (docs/server.md, "Seeks and quick pairing"): seeks made, cancelled and accepted, quick pairing
// pools joined and left, and the live lobby's connections told of every change. Stored through Seeks, so every server
// sharing the database lists the same seeks and pools; a timer on the I/O thread re-reads them every kTick, pairs the
// pools and delivers the "a game was made for you" notices. Each change is told to the other servers through Notices
// (channel Notices::kLobby), which re-read at once on hearing it. Runs on the I/O thread.
#include <boost/asio/io_context.hpp>
#include <boost/asio/steady_timer.hpp>
#include <chrono>
#include <cstdint>
#include <map>
#include <memory>
#include <nlohmann/json.hpp>
#include <string>
#include <string_view>
#include <vector>

#include "server/notices.hpp"
#include "server/seeks.hpp"

namespace strat::server {

class Hub;

// One lobby connection (lobby_ws.cpp).
class LobbyClient {
 public:
  virtual ~LobbyClient() = default;
  virtual void send(std::string text) = 0;
};

// A quick-pairing pool: a game (spec) and a clock.
struct PoolSpec {
  std::string id;  // "dhamet/5+3"
  std::string game;
  std::int64_t clock_initial_ms = 0, clock_increment_ms = 0;
};
std::vector<PoolSpec> default_pools();

class Matchmaking {
 public:
  static constexpr std::chrono::milliseconds kTick{1000};
  static constexpr int kMaxRange = 1000;  // a seek's ± rating range

  // `notices`: the other servers' changes heard, and this one's told (none: one server alone).
  Matchmaking(boost::asio::io_context& io, Hub& hub, Seeks& seeks, std::vector<PoolSpec> pools = default_pools(),
              Notices* notices = nullptr);
  ~Matchmaking();
  // Arms the timer (the network server; tests may call tick() themselves, or give a long `every`).
  void start(std::chrono::milliseconds every = kTick);

  // The HTTP routes' work (seek_http.cpp); `player` is the caller's player identity (checked here), `user` its
  // logged-in account (0 for none). Each throws BadInput with one line.
  nlohmann::json create_seek(const nlohmann::json& body, const std::string& player, std::int64_t user);
  void cancel_seek(const std::string& id, const std::string& player);
  nlohmann::json accept(const std::string& id, const std::string& player, std::int64_t user);
  nlohmann::json join_pool(const std::string& pool, const std::string& player, std::int64_t user);
  void leave_pool(const std::string& pool, const std::string& player);
  // The seeks and pools as `player` sees them (its own marked `mine`); "" for an onlooker.
  nlohmann::json listing(const std::string& player);

  // Lobby connections: `player` already checked ("" for an onlooker). The client is sent the listing at once.
  void attach(LobbyClient* client, const std::string& player);
  void detach(LobbyClient* client);
  void check_player(const std::string& player);

  // Pairs the pools, keeps the connected players' seeks alive, sends changed listings and the notices.
  void tick();

 private:
  struct Attached {
    std::string player, last;
  };
  const PoolSpec& pool_spec(const std::string& id) const;
  nlohmann::json make_game(const std::string& game, std::int64_t initial_ms, std::int64_t increment_ms, bool rated,
                           const std::string players[2], const std::int64_t users[2]);
  nlohmann::json listing_of(const std::vector<Seek>& open,
                            const std::vector<std::pair<std::string, std::string>>& members,
                            const std::string& player) const;
  int rating_for(std::int64_t user, const std::string& game, std::int64_t initial_ms, std::int64_t increment_ms);
  bool pair_pools();  // true when it paired anyone
  void push();  // listings to every connection whose view changed, and the notices
  void changed(std::string_view what);  // push(), and the other servers told (a Notices payload)
  void arm();

  boost::asio::io_context& io_;
  Hub& hub_;
  Seeks& seeks_;
  std::vector<PoolSpec> pools_;
  Notices* notices_;
  std::chrono::milliseconds every_ = kTick;
  std::map<LobbyClient*, Attached> clients_;
  boost::asio::steady_timer timer_{io_};
  std::shared_ptr<bool> alive_ = std::make_shared<bool>(true);
};

}  // namespace strat::server
