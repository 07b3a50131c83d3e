#pragma once
// One game being played on the server: its state, seats, clocks, draw offer and connected clients. A Room
// knows nothing of the network: it talks to clients through the Client interface, so tests can drive it
// directly. All Room calls happen on the server's one I/O thread; agents think on other threads with a clone
// of the state (see Hub).
//
// Hidden information lives here only: every message is built for one client from
// AnyState::view_json(seat it sees), legal moves go only to the seat to move, and error texts about moves of
// hidden-information games never come from the game (whose message might name a hidden rank).
#include <cstdint>
#include <functional>
#include <memory>
#include <optional>
#include <set>
#include <string>
#include <vector>

#include <nlohmann/json.hpp>

#include "core/registry.hpp"
#include "server/computer_players.hpp"
#include "server/game_clock.hpp"
#include "server/new_game.hpp"
#include "server/rematch_links.hpp"
#include "server/secure_random.hpp"
#include "server/store.hpp"

namespace strat::server {

class Client {
 public:
  virtual ~Client() = default;
  virtual void send(std::string text) = 0;
  // A snapshot of the whole state (join, a "state" request, a change for everyone).
  virtual void send_snapshot(std::string text) { send(std::move(text)); }
  // Whether a snapshot sent to this client has not gone out yet: a "state" request is then answered by it,
  // since with the messages queued after it it brings the client up to date (a flood of requests costs one).
  virtual bool snapshot_waiting() const { return false; }
  // The server no longer plays this game (another node took it over): `last` is sent, then the connection is
  // closed, and the client reconnects. The room is gone once this returns: the client must not use it again.
  virtual void disconnect(std::string last) { send(std::move(last)); }
};

// A connected client's rights, from its token.
struct Access {
  int acts = 0;  // bit mask of seats it may act for
  int sees = 0;  // 0, 1: that seat's view; -1: everything; 2: the side to move (hotseat)
};

struct Ending {
  Status status = Status::Ongoing;
  int winner = -1;
  std::string reason;
};

// Makes and registers a new room (the Hub's), for rematches: returns the new game's id.
using Spawner = std::function<std::string(const NewGame&, std::vector<TokenGrant>&)>;

class Room {
 public:
  // Creates a new game and stores it; `grants` receives the tokens handed out.
  static std::unique_ptr<Room> create(Store& store, const NewGame& request, std::vector<TokenGrant>& grants,
                                      std::int64_t now);
  // Rebuilds a stored game by replaying its start and moves. A running clock is charged the side to move's
  // thinking time up to `stopped` (the last sign of life of the server that played it; nullopt: none known), or
  // with the 3-argument form, up to the store's heartbeat.
  static std::unique_ptr<Room> restore(Store& store, const StoredGame& game, std::int64_t now);
  static std::unique_ptr<Room> restore(Store& store, const StoredGame& game, std::int64_t now,
                                       std::optional<std::int64_t> stopped);

  const std::string& id() const { return meta_.id; }
  const StoredGame& meta() const { return meta_; }
  void unlist() { meta_.listed = false; }
  // A seat whose invite nobody has opened yet (the Hub keeps this from the tokens); told to every client.
  void set_invite_pending(int seat, bool pending);
  void set_spawner(Spawner spawner) { spawner_ = std::move(spawner); }
  // After a restart: the rematch already made, with the links of its seats (from the store's tokens).
  void restore_rematch(const std::string& id, const std::vector<StoredToken>& tokens);
  // "Your games": this game as seen from `seat` (2: both, hotseat): opponent, phase, result for that seat.
  nlohmann::json player_entry(int seat) const;
  bool over() const { return ending().status != Status::Ongoing; }
  // How the game ended (or that it goes on): by the rules, or by resignation, agreement or time.
  Ending ending() const;
  bool in_setup() const { return !state_; }
  int ply() const { return state_ ? state_->ply() : 0; }
  int moves_played() const { return static_cast<int>(history_.size()); }

  void join(Client* client, Access access);
  void leave(Client* client);
  // One message from a client (already parsed); replies and broadcasts go through Client::send.
  void handle(Client* client, const nlohmann::json& message, std::int64_t now);
  // The snapshot a client with `access` gets (also GET /api/state).
  std::string snapshot(Access access) const;  // JSON text

  std::optional<AgentJob> next_agent_job();
  void agent_moved(int ply, int seat, const std::string& move, std::int64_t now);
  // The moves last accepted here were not committed (Store::on_lost_commit): the game is rebuilt from what the
  // store holds, and every client is told so and sent the stored game. While the store cannot be read the
  // game refuses every message, trying again at each one.
  void lost_commit(const std::string& why, std::int64_t now);
  // Every client of this game (the Hub drops their queued messages after a lost commit).
  std::vector<Client*> clients() const;
  void agent_failed(int ply, const std::string& what);

  // Milliseconds until the side to move runs out of time (nullopt without a running clock).
  std::optional<std::int64_t> clock_deadline(std::int64_t now) const;
  void check_clock(std::int64_t now);

  // The finished game: frames for replay, the text record; throws BadInput while the game is on.
  nlohmann::json replay_frame(int ply) const;
  // The board after `ply` moves as the client with `access` saw it then (GET /api/games/ID/views), replayed
  // from the start: it never holds what that player did not know at that ply. A finished game is shown whole,
  // as replay_frame does. Throws BadInput during setup or for a ply not played.
  nlohmann::json view_at(const Access& access, int ply) const;
  // The finished game's evaluation after every move and its biggest mistakes (GET /api/games/ID/analysis),
  // each move judged from what its player knew then; computed once, then cached. Throws BadInput while the
  // game is on.
  const nlohmann::json& analysis() const;
  std::string record_text() const;
  nlohmann::json lobby_entry() const;
  // The same entry for any game: every field the lobby shows, none that a board holds (no position, no setup).
  static nlohmann::json lobby_entry(const StoredGame& meta, const GameSpec& spec, std::string_view phase,
                                    std::size_t plies, const std::string& summary, nlohmann::json result);
  // Every move of the finished game, whole (the analysis lists them); throws BadInput while the game is on.
  nlohmann::json moves_json() const;

 private:
  struct Played {
    StoredMove stored;
    std::vector<std::string> events;
    // The move as JSON text, whole and as the other side is told it, made once (move_text).
    mutable std::string whole_text, public_text;
    // Whether the move showed each seat something hidden from it (AnyState::move_reveals); kept only in games
    // that allow take-backs, which never undo such a move.
    bool revealed[2] = {false, false};
  };
  struct Member {
    Client* client;
    Access access;
  };

  Room(Store& store, StoredGame meta, GameSpec spec);
  std::unique_ptr<AnyState> start_state() const;  // the position before the first move
  int viewer(const Access& a) const;
  std::string view_text(const Access& a) const;
  nlohmann::json legal(const Access& a) const;
  nlohmann::json clocks(std::int64_t now) const;
  nlohmann::json players() const;
  nlohmann::json result_json() const;
  nlohmann::json move_json(const Played& p) const;
  bool move_visible(const Played& p, const Access& a) const;
  nlohmann::json move_for(const Played& p, const Access& a) const;
  const std::string& move_text(const Played& p, const Access& a) const;  // move_for as text, cached
  const std::string& whole_text(const Played& p) const;                 // move_json as text, cached
  nlohmann::json presence() const;
  void broadcast_snapshots();
  void broadcast_move(const Played& p);
  void broadcast_plain(const nlohmann::json& message);
  void error(Client* client, const std::string& what, const std::string& request);
  void deliver(Client* client, std::string text, bool snapshot = false);
  int seat_for(const Access& a, const nlohmann::json& message, const std::string& action) const;

  void on_move(Client* client, const Access& a, const nlohmann::json& m, std::int64_t now);
  void on_setup(Client* client, const Access& a, const nlohmann::json& m);
  void on_random_setup(Client* client, const Access& a, const nlohmann::json& m);
  void on_resign(Client* client, const Access& a, const nlohmann::json& m);
  void on_draw(Client* client, const Access& a, const nlohmann::json& m);
  void on_takeback(Client* client, const Access& a, const nlohmann::json& m);
  bool takebacks_allowed() const;  // against the computer, without a clock
  // The first move of `seat`'s last turn (a take-back undoes it and everything after it); -1 when none.
  int last_turn_start(int seat) const;
  // Why a take-back by `seat` would undo something shown to it ("" when nothing would be).
  std::string takeback_blocked(int seat) const;
  // "takeback_blocked" for a client's messages: its seat's takeback_blocked, in games that allow take-backs.
  std::string takeback_field(const Access& a) const;
  void note_revelations(Played& p, const AnyState& before) const;
  void on_rematch(Client* client, const Access& a, const nlohmann::json& m);
  void make_rematch();
  nlohmann::json rematch_json(const Access& a) const;
  void broadcast_rematch();

  // Validates, commits and broadcasts one move; returns the error text ("" when played).
  std::string play(int seat, const std::string& move, std::int64_t now);
  void end_outside_rules(Status status, int winner, const std::string& reason);
  // Rebuilds the game from the store (lost_commit); false while the store cannot be read.
  bool reload(std::int64_t now);
  bool stale_ = false;  // ahead of the store: rebuilt before anything else is done
  void start_from_setups(std::int64_t now);
  std::string summary() const;

  Store& store_;
  StoredGame meta_;
  GameSpec spec_;
  std::unique_ptr<AnyState> state_;  // null while setups are pending
  std::vector<Played> history_;
  std::optional<std::string> setups_[2];
  ComputerPlayers computers_;
  Ending override_;  // resignation, agreed draw, time
  int draw_offer_ = -1;
  GameClock clock_;
  std::vector<Member> members_;
  std::string names_[2];  // player names, known before the setups are in
  bool invite_pending_[2] = {false, false};
  // The side to move's legal moves, computed once per position (validation, then every client's message).
  const std::vector<std::string>& legal_now() const;
  mutable std::vector<std::string> legal_cache_;
  mutable long legal_for_ = -1;
  // The same moves in a structured form ({move, from, to, path}: the cells each goes through) as JSON text, made
  // once per position; "[]" for a game whose moves name no cells.
  const std::string& legal_moves_text() const;
  mutable std::string legal_text_cache_;
  mutable long legal_text_for_ = -1;
  long generation_ = 0;  // bumped whenever state_ changes
  // Rematch: the seat offering one (friend games; -1: none; kept in memory only), and once made, the new game
  // and, for each seat of this game, its player's links there (the colours are swapped).
  Spawner spawner_;
  int rematch_offer_ = -1;
  RematchLinks rematch_links_;
  mutable std::optional<nlohmann::json> analysis_;
};


}  // namespace strat::server
