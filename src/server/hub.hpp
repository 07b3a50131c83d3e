#pragma once
// The server's game hall: every Room, the tokens that open them, the agents' thread pool and the clocks'
// timers. Runs on the one I/O thread; only agent searches run elsewhere (on `pool_`), each on its own clone
// of the state, and their moves come back to the I/O thread through asio::post.
#include <boost/asio/io_context.hpp>
#include <boost/asio/steady_timer.hpp>
#include <boost/asio/thread_pool.hpp>
#include <map>
#include <memory>
#include <string>

#include <nlohmann/json.hpp>

#include "server/room.hpp"
#include "server/store.hpp"

namespace strat::server {

class Hub {
 public:
  // `allow_client_seeds` (tests only, `strat serve --test-seeds`): POST /api/games may fix the seed of any game.
  // Otherwise a client may choose the seed only of a game without hidden information or chance.
  Hub(boost::asio::io_context& io, Store& store, unsigned agent_threads, bool allow_client_seeds = false);
  ~Hub();
  void restore_all();  // every stored game, replayed; unfinished agent turns resume
  // Moves accepted in one turn of the event loop commit together, and what clients are told of them goes out
  // after that commit (Store::enable_group_commit): the network server's mode (start_listener). Without it
  // (tests driving rooms directly) every move commits on its own, at once.
  void enable_group_commit();
  // Commits the moves waiting for their group's commit: done before an HTTP answer, which may show any move.
  void settle() { store_.settle(); }

  // The JSON API (docs/server.md); each throws BadInput for a bad request.
  nlohmann::json catalog() const;
  nlohmann::json create(const nlohmann::json& body);
  nlohmann::json lobby() const;
  nlohmann::json take_open_seat(const std::string& game_id);
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

  // A client opens a room with a token; returns null (and says why in `why`) when the token is unknown.
  // Opening an unused invite claims its seat: `claimed` receives the claimer's own new tokens.
  Room* open(const std::string& token, Access& access, std::string& why, std::vector<TokenGrant>* claimed);
  void handle(Room& room, Client* client, const nlohmann::json& message);
  std::size_t rooms() const { return rooms_.size(); }

 private:
  Room& room(const std::string& id) const;
  void check_player(const std::string& player);
  // Registers a new room (created or restored): its spawner for rematches, then the computer's turn and clock.
  Room& add_room(std::unique_ptr<Room> room);
  std::vector<TokenGrant> claim(Room& room, const StoredToken& invite);
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
  boost::asio::steady_timer heartbeat_{io_};
  bool heartbeat_armed_ = false;
  std::shared_ptr<bool> alive_ = std::make_shared<bool>(true);
};

}  // namespace strat::server
