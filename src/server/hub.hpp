#pragma once
// The server's game hall: every Room, the tokens that open them, the agents' thread pool and the clocks'
// timers. Runs on the one I/O thread; only agent searches run elsewhere (on `pool_`), each on its own clone
// of the state, and their moves come back to the I/O thread through asio::post.
#include <boost/asio/io_context.hpp>
#include <boost/asio/steady_timer.hpp>
#include <boost/asio/thread_pool.hpp>
#include <cstdint>
#include <deque>
#include <functional>
#include <map>
#include <memory>
#include <optional>
#include <set>
#include <string>

#include <nlohmann/json.hpp>

#include "server/room.hpp"
#include "server/store.hpp"

namespace strat::server {

class Leases;
class Ratings;
class StrengthRatings;
struct RatingKey;

class Hub {
 public:
  // `allow_client_seeds` (tests only, `strat serve --test-seeds`): POST /api/games may fix the seed of any game.
  // Otherwise a client may choose the seed only of a game without hidden information or chance.
  Hub(boost::asio::io_context& io, Store& store, unsigned agent_threads, bool allow_client_seeds = false);
  ~Hub();
  // Rated games (docs/server.md, "Rated games"): set before restore_all, so that a rated game that ended just
  // before a stop is rated when it is restored. Without it no game can be created rated.
  void set_ratings(Ratings* ratings) { ratings_ = ratings; }
  Ratings* ratings() const { return ratings_; }
  // The computer's strengths' ratings (docs/server.md, "Ratings of the computer's strengths"), set likewise.
  void set_strength_ratings(StrengthRatings* s) { strength_ratings_ = s; }
  StrengthRatings* strength_ratings() const { return strength_ratings_; }
  // Called on the I/O thread once a game is over, once per game and process (also for a game restored over, so
  // an observer's record must be idempotent): tournaments learn their results this way.
  void on_game_over(std::function<void(Room&)> observer) { game_over_observers_.push_back(std::move(observer)); }
  void restore_all();  // every stored game, replayed; unfinished agent turns resume
  // Several servers on one database (docs/server.md, "Several servers: owners, leases and fencing"): this node
  // plays only the games it holds a lease on, loaded when a request needs one (instead of restore_all), renews
  // its lease every leases->renew_every(), and drops every game it no longer holds. Set before any game is made.
  void set_leases(Leases* leases);
  // Told after each renewal whether the lease was kept: the node's other games (LiveHub) drop what it lost.
  void on_renewal(std::function<void(bool kept)> observer) { renewal_observers_.push_back(std::move(observer)); }
  // Hands the games over at a clean stop: the lease ends now.
  void release_games();
  // Moves accepted in one turn of the event loop commit together, and what clients are told of them goes out
  // after that commit (Store::enable_group_commit): the network server's mode (start_listener). Without it
  // (tests driving rooms directly) every move commits on its own, at once.
  void enable_group_commit();
  // Commits the moves waiting for their group's commit: done before an HTTP answer, which may show any move.
  void settle() { store_.settle(); }

  // The JSON API (docs/server.md); each throws BadInput for a bad request. `user`: the logged-in account of
  // the request (its session cookie), 0 for none; a rated game's seats are held by accounts.
  nlohmann::json catalog() const;
  nlohmann::json create(const nlohmann::json& body, std::int64_t user = 0);
  nlohmann::json lobby();
  nlohmann::json take_open_seat(const std::string& game_id, std::int64_t user = 0);
  // A game whose two players are known (an accepted seek, a quick pairing, a tournament's board; hub_pairing.cpp):
  // `request` says its mode (friend with both seats, or computer and selfplay for computer seats), `seats[s]` gets
  // the links of seat s; a friend game is rated through Ratings when `rated`, between `users` (seat order).
  struct Paired {
    std::string id;
    std::vector<TokenGrant> seats[2];
    nlohmann::json rating;  // `rated` and `rating_note` as create's answer has them; empty when casual
  };
  Paired create_paired(const NewGame& request, bool rated, const std::int64_t users[2]);
  // What a game asked to be rated is rated as; throws BadInput (one line) when it cannot be rated.
  RatingKey rating_key(const NewGame& request, std::int64_t user) const;
  nlohmann::json state(const std::string& token);
  nlohmann::json replay(const std::string& game_id, int ply);
  // The board after `ply` moves as the holder of `token` saw it then; the token must be one of that game's.
  nlohmann::json views(const std::string& game_id, const std::string& token, int ply);
  nlohmann::json analysis(const std::string& game_id);
  std::string record(const std::string& game_id);
  // "Your games": a new player identity (a secret for one browser), a seat link registered under it, and its
  // games. Only the identity's secret lists them (docs/server.md, "Your games").
  nlohmann::json new_player();
  nlohmann::json add_player_game(const std::string& player, const nlohmann::json& body);
  nlohmann::json player_games(const std::string& player);
  // Throws BadInput "unknown player" for anything but a known identity's secret.
  void check_player(const std::string& player);

  // A client opens a room with a token; returns null (and says why in `why`) when the token is unknown.
  // Opening an unused invite claims its seat for `user` (the account of the browser, 0 for none): `claimed`
  // receives the claimer's own new tokens.
  Room* open(const std::string& token, Access& access, std::string& why, std::vector<TokenGrant>* claimed,
             std::int64_t user = 0);
  void handle(Room& room, Client* client, const nlohmann::json& message);
  std::size_t rooms() const { return rooms_.size(); }
  bool plays(const std::string& game_id) const { return rooms_.count(game_id) > 0; }

 private:
  // The game being played here: with leases, taken and loaded when free (throws Moved when another node plays
  // it). Throws BadInput for an unknown game.
  Room& room(const std::string& id);
  Room* live_room(const std::string& id);  // null for an unknown game
  // The game as stored, for answers that only read it: the room when it is played here, else a copy rebuilt from
  // the store into `holder`.
  // `keep_finished`: a finished game's copy is kept for later reads (only for what its rematch link cannot change).
  const Room& stored_room(const std::string& id, std::unique_ptr<Room>& holder, bool keep_finished = false);
  Room& restore_room(const StoredGame& game, std::optional<std::int64_t> stopped);
  // With leases, the lobby of every node: the open and recent games as stored (hub_owners.cpp).
  nlohmann::json stored_lobby();
  // With leases: drops the room unless this node still holds it (true when dropped); the room is gone then.
  bool drop_if_lost(const std::string& id);
  void drop_room(const std::string& id, const std::string& why);
  void arm_renewal();
  void adopt_orphans();
  // The room of a posted job or timer, unless it was dropped (or replaced) since.
  Room* still(const std::string& id, const Room* room) const;
  // Registers a new room (created or restored): its spawner for rematches, then the computer's turn and clock.
  Room& add_room(std::unique_ptr<Room> room);
  // Throws BadInput when a rated game's seat may not go to `user`.
  std::vector<TokenGrant> claim(Room& room, const StoredToken& invite, std::int64_t user);
  // A rated game's `rated` and `rating_note` for the answers that make or join it.
  void add_rating_fields(const std::string& game_id, nlohmann::json& answer);
  // Records a new game against the computer for its strength's rating when it is one that counts: a clock, an
  // account, a variant's own rules and the agent spec of one of the strengths.
  void add_strength_game(const std::string& game_id, const NewGame& request, std::int64_t user);
  // Once the game is over: its result applied to the ratings (Ratings::apply makes a repeat harmless).
  void rate(Room& room);
  void pump(Room& room);  // starts the computer's turn and arms the clock, after every change
  void arm_clock(Room& room);
  // While any clock runs, the time is stored every kHeartbeat: after a crash, a restored clock is charged up to
  // the last beat, so at most kHeartbeat of thinking time is given back.
  void arm_heartbeat();
  static constexpr std::chrono::milliseconds kHeartbeat{250};

  boost::asio::io_context& io_;
  Store& store_;
  boost::asio::thread_pool pool_;
  std::map<std::string, std::unique_ptr<Room>> rooms_;
  std::map<std::string, std::unique_ptr<boost::asio::steady_timer>> timers_;
  bool allow_client_seeds_ = false;
  Leases* leases_ = nullptr;
  std::map<std::string, std::unique_ptr<Room>> finished_copies_;  // stored_room's, oldest first in finished_order_
  std::deque<std::string> finished_order_;
  // With leases, the lobby as the database holds it (stored_lobby), re-read once it is kLobbyFor old.
  static constexpr std::chrono::milliseconds kLobbyFor{1000};
  nlohmann::json lobby_cache_;
  std::chrono::steady_clock::time_point lobby_read_;
  boost::asio::steady_timer renewal_{io_};
  std::vector<std::function<void(bool)>> renewal_observers_;
  Ratings* ratings_ = nullptr;
  StrengthRatings* strength_ratings_ = nullptr;
  std::set<std::string> rated_;  // finished games already offered to ratings_ by this process
  std::vector<std::function<void(Room&)>> game_over_observers_;
  std::set<std::string> announced_over_;  // finished games already told to the observers by this process
  boost::asio::steady_timer heartbeat_{io_};
  bool heartbeat_armed_ = false;
  std::shared_ptr<bool> alive_ = std::make_shared<bool>(true);
};

}  // namespace strat::server
