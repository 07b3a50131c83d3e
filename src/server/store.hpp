#pragma once
// Storage of games, on SQLite (WAL; the default) or PostgreSQL (db.hpp). Every write is committed before the
// server acknowledges it, so a killed server restarts with every accepted move (docs/server.md, "Durability"). Moves may be committed in groups
// (enable_group_commit): then what a client is told goes through after_commit and waits for the group's commit.
#include <cstdint>
#include <deque>
#include <functional>
#include <memory>
#include <optional>
#include <stdexcept>
#include <string>
#include <vector>

#include "server/db.hpp"
#include "server/modes.hpp"


namespace strat::server {

struct StoredSeat {
  SeatKind kind = SeatKind::Human;
  std::string agent;  // agent spec for a computer seat ("mcts:iterations=300")
};

struct StoredGame {
  std::string id;
  std::string spec;    // canonical game spec, "stratego:variant=barrage"
  Mode mode = Mode::Computer;
  std::string start;   // "new:SEED", "pos:POSITION", or "" while setups are pending
  std::uint64_t seed = 0;
  bool listed = false;  // shown in the lobby's open games until both seats are taken
  std::int64_t created_ms = 0;
  std::int64_t updated_ms = 0;
  std::int64_t clock_initial_ms = 0;  // 0: no clock
  std::int64_t clock_increment_ms = 0;
  StoredSeat seats[2];
  std::string result;  // JSON {"status","winner","reason"} for an ending outside the rules; "" otherwise
  std::string title;   // "Stratego (barrage)", for the lobby
  std::string summary; // short result text for the lobby ("red wins (flag)"), "" while playing
  // A pending draw offer: the seat that made it (-1: none) and the ply it was made at. A later move by the other
  // seat declines it, so a restored game drops an offer that such a move follows (no extra write per move).
  int draw_offer = -1;
  int draw_offer_ply = 0;
  std::int64_t started_ms = 0;  // when play began (the first turn's clock start); 0 while setups are pending
  std::string rematch;  // the id of the rematch made after this game ("" while none)
};

struct StoredMove {
  int ply = 0;
  int seat = 0;
  std::string move;
  std::int64_t clock_ms[2] = {0, 0};  // remaining clock after the move (0 when the game has no clock)
  std::int64_t at_ms = 0;
};

// Who may write a game when several servers share the database (docs/server.md, "Several servers: owners, leases
// and fencing"; Leases). Consulted inside the transaction of every write of a game, so that a takeover committed
// after the check waits for that write, or one committed before it excludes it.
class StoreFence {
 public:
  virtual ~StoreFence() = default;
  // Of `ids`, the games this server holds now; what a takeover of them would change stays locked until the
  // transaction ends.
  virtual std::vector<std::string> held(Db& db, const std::vector<std::string>& ids) = 0;
  // Records a new game as this server's, in the transaction that stores it; throws NotOwner when it cannot.
  virtual void take_new(Db& db, const std::string& id) = 0;
};

// A write refused by the fence: this server no longer plays the game.
struct NotOwner : std::runtime_error {
  using std::runtime_error::runtime_error;
};

constexpr int kUsedInvite = -3;  // `sees` of an invite that was taken

struct StoredToken {
  std::string token;
  std::string game_id;
  int acts = 0;    // bit mask of the seats this token may act for
  int sees = 0;    // view: 0 or 1 (that seat), -1 (everything), 2 (the side to move: hotseat)
  bool claimed = false;  // false: an invite, exchanged once for the claimer's own token (kUsedInvite after)
};

class Store {
 public:
  struct WaitingMove {
    std::string game_id;
    StoredMove move;
  };
  // An SQLite path (":memory:" for tests) or a PostgreSQL URL; the schema is migrated to this version.
  explicit Store(const std::string& where);
  ~Store();
  Store(const Store&) = delete;
  Store& operator=(const Store&) = delete;

  std::string_view engine() const { return db_->engine(); }  // "sqlite" or "postgresql"
  // The store's own connection (Leases writes its tables through it, in the same order as the games' writes).
  Db& db() { return *db_; }
  // Fences every write of a game (null: none, a single server). A move of a group commit whose game is no
  // longer held is not stored: the group's other moves are, and the lost-commit handler is told of that game.
  void set_fence(StoreFence* fence) { fence_ = fence; }

  void create_game(const StoredGame& game, const std::vector<StoredToken>& tokens);
  void set_start(const std::string& id, const std::string& start, std::int64_t now);
  void set_setup(const std::string& id, int seat, const std::string& setup);
  std::optional<std::string> setup(const std::string& id, int seat);
  // Stores a move: committed at once, or with group commit, at the next flush (or before any other write or
  // read of the store, whichever comes first).
  void add_move(const std::string& id, const StoredMove& move);

  // Group commit, for a server under load: moves accepted during one turn of the event loop are committed in
  // one transaction by flush(), which `schedule_flush` must arrange to run soon (the Hub posts it to its event
  // loop). Everything a client is told goes through after_commit, so nobody hears of a move before its commit.
  void enable_group_commit(std::function<void()> schedule_flush);
  // Runs `deliver` once every move stored so far is committed: at once when none waits and nothing is queued
  // before it, otherwise at the next flush, in the order given. `key` (the client it is for) lets forget() drop
  // the deliveries of a client that leaves.
  void after_commit(const void* key, std::function<void()> deliver);
  void forget(const void* key);
  // Whether a delivery now would have to wait (moves waiting for their commit, or deliveries queued).
  bool holding() const { return !waiting_.empty() || !deliveries_.empty(); }
  // Commits the waiting moves (one transaction), then runs the queued deliveries. If the commit fails (the
  // database restarted, the disk is full) and a lost-commit handler is set, the group is dropped, uncommitted,
  // and the handler is told which games it held, before the other deliveries run: it must drop (forget) what
  // was queued for those games' clients, since it may tell of moves that are not stored. Without a handler the
  // failure throws, the moves stay waiting and nothing is delivered.
  void flush();
  using LostCommit = std::function<void(const std::vector<std::string>& game_ids, const std::string& why)>;
  void on_lost_commit(LostCommit handler) { lost_commit_ = std::move(handler); }
  // Commits the waiting moves without delivering anything yet.
  void settle();
  void finish(const std::string& id, const std::string& result_json, const std::string& summary);
  void set_summary(const std::string& id, const std::string& summary);
  void set_draw_offer(const std::string& id, int seat, int ply);
  // Takes an unused invite: stores `fresh` (the claimer's own tokens) and retires the invite, all in one
  // transaction; false if the invite was used already.
  bool claim_invite(const std::string& invite, const std::vector<StoredToken>& fresh);
  void touch(const std::string& id);
  // A take-back: the moves from `ply` on are deleted (one transaction).
  void truncate_moves(const std::string& id, int ply, std::int64_t now);
  void set_rematch(const std::string& id, const std::string& rematch_id);

  // Player identities ("your games"): a secret made by the server, kept by one browser, and the games whose
  // seat links that browser registered under it. Only the secret's holder can list its games.
  void add_player(const std::string& player, std::int64_t now);
  bool player_exists(const std::string& player);
  void add_player_game(const std::string& player, const std::string& game_id, const std::string& token, int seat,
                       std::int64_t now);
  struct PlayerGame {
    std::string game_id;
    std::string token;
    int seat = 0;  // the seat the token acts for; 2: both (hotseat)
  };
  std::vector<PlayerGame> player_games(const std::string& player);
  // The server's heartbeat while a clock runs, and its last value (none before the first).
  void heartbeat(std::int64_t now);
  std::optional<std::int64_t> last_alive();

  std::vector<StoredGame> games();  // all, oldest first
  // The lobby's games as stored (docs/server.md, "Running several servers"): the `open` listed games still on
  // and the `recent` other games whose row changed last, in no order. One indexed query.
  struct LobbyGame {
    StoredGame game;
    int plies = 0;
    std::int64_t last_move_ms = 0;  // 0: no move yet
  };
  std::vector<LobbyGame> lobby_games(std::int64_t open, std::int64_t recent);
  std::optional<StoredGame> game(const std::string& id);
  std::vector<StoredMove> moves(const std::string& id);
  std::vector<StoredToken> tokens(const std::string& id);
  std::optional<StoredToken> token(const std::string& token);

 private:
  static constexpr std::size_t kMovesPerInsert = 64;
  void insert_moves(std::size_t from, std::size_t n);
  std::string insert_sql_[kMovesPerInsert + 1];  // by row count: each text is prepared once per connection
  void request_flush();
  void settle_fenced();
  // One write of a game's rows, in a transaction that the fence checks first (NotOwner when not held).
  template <class Write>
  void game_write(const std::string& id, Write&& write);
  std::unique_ptr<Db> db_;
  StoreFence* fence_ = nullptr;
  std::vector<std::string> fenced_;  // games whose waiting moves the fence refused, told at the next flush
  std::vector<WaitingMove> waiting_;  // group commit: stored, not yet committed
  std::deque<std::pair<const void*, std::function<void()>>> deliveries_;
  std::function<void()> schedule_flush_;  // empty: every move commits at once
  LostCommit lost_commit_;
  bool flush_scheduled_ = false;
};

std::int64_t now_ms();

}  // namespace strat::server
