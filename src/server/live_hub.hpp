#pragma once
// The server's live team games (issue 8): each game is a LiveGame (src/games/stratego_live) whose event log is
// stored by LiveStore. Three secret links open a game, as the referee or as one team's leader; every device
// connected to a game gets that role's view again after each change (L-18), and a leader's view never holds
// the other team's stock or hands (L-19). Runs on the server's one I/O thread, like Hub; knows nothing of the
// network (clients are server::Client, from room.hpp).
#include <cstdint>
#include <functional>
#include <map>
#include <memory>
#include <string>
#include <vector>

#include <nlohmann/json.hpp>

#include "games/stratego_live/game.hpp"
#include "server/live_store.hpp"
#include "server/room.hpp"

namespace strat::server {

class Leases;

class LiveHub {
 public:
  // `clock` and `seeds` (the blind-deal seed of each new game) default to the wall clock and the kernel's
  // CSPRNG (secure_random.hpp); tests give fixed ones so that two games differ only in what the test makes differ.
  explicit LiveHub(LiveStore& store, std::function<std::int64_t()> clock = nullptr,
                   std::function<std::uint64_t()> seeds = nullptr);
  void restore_all();  // every stored game, replayed from its log; returns quietly past a bad one
  // Several servers on one database (docs/server.md, "Several servers: owners, leases and fencing"): this node
  // plays only the live games it holds a lease on, each loaded when a request needs it (instead of restore_all);
  // open and state throw Moved for a game another node plays. Fences the store's writes with
  // leases->live_fence(). Set before any game is made.
  void set_leases(Leases* leases);
  // After each renewal of the lease: drops the games this node no longer holds (every game when `kept` is false).
  void drop_lost(bool kept);

  // POST /api/live: {"players_per_team":8,"cards":0,"names":[..],"rosters":[..]} -> {"id", "tokens":{referee,red,blue}}
  nlohmann::json create(const nlohmann::json& form);
  // GET /api/live/state?token=: the token's role's view. Throws BadInput for an unknown token.
  nlohmann::json state(const std::string& token);

  struct Seat {
    std::string game_id;
    int role = live::kReferee;
  };
  // A device opens a game with its link's token; false (and why) for an unknown one. A game dropped later (this
  // node lost it) tells its devices so and disconnects them (Client::disconnect).
  bool open(const std::string& token, Seat& seat, std::string& why);
  void join(const Seat& seat, Client* client);  // sends the view at once
  void leave(Client* client);
  // A message from a device: {"type":"command","command":{...}} (command.hpp). Errors go back to the sender only.
  void handle(const Seat& seat, Client* client, const nlohmann::json& message);

  std::size_t games() const { return games_.size(); }
  const live::LiveGame& game(const std::string& id) const;

 private:
  struct Entry {
    live::LiveGame game;
    std::vector<std::pair<Client*, int>> clients;  // device and its role
  };
  // The game, loaded (and, with leases, taken) when not yet played here; nullptr when there is no such game.
  Entry* live_entry(const std::string& id);
  bool load(const std::string& id);  // replays the stored log; false (logged) for a bad one
  void drop(const std::string& id);
  void broadcast(const std::string& id, Entry& entry, int changed_seq);
  static std::string message(const live::LiveGame& game, int role, int changed_seq);

  LiveStore& store_;
  std::function<std::int64_t()> clock_;
  std::function<std::uint64_t()> seeds_;
  std::map<std::string, Entry> games_;
  Leases* leases_ = nullptr;
};

}  // namespace strat::server
