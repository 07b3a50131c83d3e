#include "server/store.hpp"

#include "server/sqlite_stmt.hpp"

#include <sqlite3.h>

#include <algorithm>
#include <chrono>
#include <stdexcept>

namespace strat::server {

std::int64_t now_ms() {
  using namespace std::chrono;
  return duration_cast<milliseconds>(system_clock::now().time_since_epoch()).count();
}

namespace {

constexpr const char* kGameColumns =
    "id, spec, mode, start, seed, listed, created, updated, clock_initial, clock_increment, seat0_kind, "
    "seat0_agent, seat1_kind, seat1_agent, result, title, summary, draw_offer, draw_offer_ply, started, rematch";

StoredGame read_game(Stmt& s) {
  StoredGame g;
  g.id = s.text(0);
  g.spec = s.text(1);
  g.mode = s.text(2);
  g.start = s.text(3);
  g.seed = static_cast<std::uint64_t>(s.integer(4));
  g.listed = s.integer(5) != 0;
  g.created_ms = s.integer(6);
  g.updated_ms = s.integer(7);
  g.clock_initial_ms = s.integer(8);
  g.clock_increment_ms = s.integer(9);
  g.seats[0] = {s.text(10), s.text(11)};
  g.seats[1] = {s.text(12), s.text(13)};
  g.result = s.text(14);
  g.title = s.text(15);
  g.summary = s.text(16);
  g.draw_offer = static_cast<int>(s.integer(17));
  g.draw_offer_ply = static_cast<int>(s.integer(18));
  g.started_ms = s.integer(19);
  g.rematch = s.text(20);
  return g;
}

}  // namespace

Store::Store(const std::string& path) {
  if (sqlite3_open(path.c_str(), &db_) != SQLITE_OK) {
    std::string msg = db_ ? sqlite3_errmsg(db_) : "out of memory";
    sqlite3_close(db_);
    throw std::runtime_error("cannot open database " + path + ": " + msg);
  }
  sqlite3_busy_timeout(db_, 5000);
  cache_ = std::make_unique<StmtCache>();
  // WAL: a commit is a single append to the log, so committing every move before acknowledging it is cheap;
  // synchronous=NORMAL keeps committed transactions across a killed process (the log is in the OS), and only a
  // power cut could lose the last ones. STRAT_DB_SYNC=FULL makes every commit fsync as well.
  exec("PRAGMA journal_mode=WAL");
  const char* sync = std::getenv("STRAT_DB_SYNC");
  exec(sync && std::string(sync) == "FULL" ? "PRAGMA synchronous=FULL" : "PRAGMA synchronous=NORMAL");
  exec("PRAGMA foreign_keys=ON");
  exec(
      "CREATE TABLE IF NOT EXISTS games ("
      " id TEXT PRIMARY KEY, spec TEXT NOT NULL, mode TEXT NOT NULL, start TEXT NOT NULL, seed INTEGER NOT NULL,"
      " listed INTEGER NOT NULL, created INTEGER NOT NULL, updated INTEGER NOT NULL,"
      " clock_initial INTEGER NOT NULL, clock_increment INTEGER NOT NULL,"
      " seat0_kind TEXT NOT NULL, seat0_agent TEXT NOT NULL, seat1_kind TEXT NOT NULL, seat1_agent TEXT NOT NULL,"
      " result TEXT NOT NULL, title TEXT NOT NULL, summary TEXT NOT NULL,"
      " draw_offer INTEGER NOT NULL DEFAULT -1, draw_offer_ply INTEGER NOT NULL DEFAULT 0,"
      " started INTEGER NOT NULL DEFAULT 0, rematch TEXT NOT NULL DEFAULT '')");
  // Databases written before a column existed gain it (existing games: no offer pending; start time unknown).
  std::vector<std::string> columns;
  for (Stmt info(db_, "PRAGMA table_info(games)"); info.step();) columns.push_back(info.text(1));
  auto add_column = [&](const std::string& name, const std::string& decl) {
    if (std::find(columns.begin(), columns.end(), name) == columns.end())
      exec(("ALTER TABLE games ADD COLUMN " + name + " " + decl).c_str());
  };
  add_column("draw_offer", "INTEGER NOT NULL DEFAULT -1");
  add_column("draw_offer_ply", "INTEGER NOT NULL DEFAULT 0");
  add_column("started", "INTEGER NOT NULL DEFAULT 0");
  add_column("rematch", "TEXT NOT NULL DEFAULT ''");
  exec("CREATE TABLE IF NOT EXISTS players (player TEXT PRIMARY KEY, created INTEGER NOT NULL)");
  exec(
      "CREATE TABLE IF NOT EXISTS player_games (player TEXT NOT NULL REFERENCES players(player),"
      " game_id TEXT NOT NULL REFERENCES games(id), token TEXT NOT NULL, seat INTEGER NOT NULL,"
      " added INTEGER NOT NULL, PRIMARY KEY (player, game_id))");
  // The last moment the server was known to run with a clock going (Hub's heartbeat): after a crash, the side
  // to move is charged its thinking time up to then (docs/server.md, "Clocks across a restart").
  exec("CREATE TABLE IF NOT EXISTS heartbeat (id INTEGER PRIMARY KEY CHECK (id = 0), alive INTEGER NOT NULL)");
  exec(
      "CREATE TABLE IF NOT EXISTS moves (game_id TEXT NOT NULL REFERENCES games(id), ply INTEGER NOT NULL,"
      " seat INTEGER NOT NULL, move TEXT NOT NULL, clock0 INTEGER NOT NULL, clock1 INTEGER NOT NULL,"
      " at INTEGER NOT NULL, PRIMARY KEY (game_id, ply))");
  exec(
      "CREATE TABLE IF NOT EXISTS tokens (token TEXT PRIMARY KEY, game_id TEXT NOT NULL REFERENCES games(id),"
      " acts INTEGER NOT NULL, sees INTEGER NOT NULL, claimed INTEGER NOT NULL)");
  exec(
      "CREATE TABLE IF NOT EXISTS setups (game_id TEXT NOT NULL REFERENCES games(id), seat INTEGER NOT NULL,"
      " setup TEXT NOT NULL, PRIMARY KEY (game_id, seat))");
  exec("CREATE INDEX IF NOT EXISTS tokens_game ON tokens(game_id)");
}

Store::~Store() {
  // Moves accepted in the last turn of the event loop (a server stopping on a signal): kept, though their
  // announcements will never go out; clients get them in their snapshot on reconnecting.
  try {
    settle();
  } catch (const std::exception&) {
  }
  cache_->clear();
  sqlite3_close(db_);
}

void Store::exec(const char* sql) {
  char* err = nullptr;
  if (sqlite3_exec(db_, sql, nullptr, nullptr, &err) != SQLITE_OK) {
    std::string msg = err ? err : "?";
    sqlite3_free(err);
    throw std::runtime_error("sqlite: " + msg + " in " + sql);
  }
}

void Store::create_game(const StoredGame& g, const std::vector<StoredToken>& tokens) {
  settle();
  exec("BEGIN IMMEDIATE");
  try {
    Stmt s(db_, "INSERT INTO games VALUES (?,?,?,?,?,?,?,?,?,?,?,?,?,?,?,?,?,?,?,?,?)");
    s.bind(g.id).bind(g.spec).bind(g.mode).bind(g.start).bind(static_cast<std::int64_t>(g.seed))
        .bind(std::int64_t{g.listed}).bind(g.created_ms).bind(g.updated_ms).bind(g.clock_initial_ms)
        .bind(g.clock_increment_ms).bind(g.seats[0].kind).bind(g.seats[0].agent).bind(g.seats[1].kind)
        .bind(g.seats[1].agent).bind(g.result).bind(g.title).bind(g.summary)
        .bind(std::int64_t{g.draw_offer}).bind(std::int64_t{g.draw_offer_ply}).bind(g.started_ms)
        .bind(g.rematch);
    s.run();
    for (const auto& t : tokens) {
      Stmt ts(db_, "INSERT INTO tokens VALUES (?,?,?,?,?)");
      ts.bind(t.token).bind(g.id).bind(std::int64_t{t.acts}).bind(std::int64_t{t.sees}).bind(std::int64_t{t.claimed});
      ts.run();
    }
    exec("COMMIT");
  } catch (...) {
    exec("ROLLBACK");
    throw;
  }
}

void Store::set_start(const std::string& id, const std::string& start, std::int64_t now) {
  settle();
  Stmt s(db_, "UPDATE games SET start=?, updated=?, started=? WHERE id=?");
  s.bind(start).bind(now).bind(now).bind(id).run();
}

void Store::heartbeat(std::int64_t now) {
  settle();
  Stmt s = cache_->get(db_, "INSERT INTO heartbeat VALUES (0, ?) ON CONFLICT(id) DO UPDATE SET alive=excluded.alive");
  s.bind(now).run();
}

std::optional<std::int64_t> Store::last_alive() {
  settle();
  Stmt s(db_, "SELECT alive FROM heartbeat WHERE id=0");
  if (!s.step()) return std::nullopt;
  return s.integer(0);
}

void Store::set_setup(const std::string& id, int seat, const std::string& setup) {
  settle();
  Stmt s(db_, "INSERT OR REPLACE INTO setups VALUES (?,?,?)");
  s.bind(id).bind(std::int64_t{seat}).bind(setup).run();
}

std::optional<std::string> Store::setup(const std::string& id, int seat) {
  settle();
  Stmt s(db_, "SELECT setup FROM setups WHERE game_id=? AND seat=?");
  s.bind(id).bind(std::int64_t{seat});
  if (!s.step()) return std::nullopt;
  return s.text(0);
}

// The game row is not touched: its time of last change is the later of `updated` and its last move's time
// (Room::restore), which spares every commit a page of the games table.
void Store::insert_move(const std::string& id, const StoredMove& m) {
  Stmt s = cache_->get(db_, "INSERT INTO moves VALUES (?,?,?,?,?,?,?)");
  s.bind(id).bind(std::int64_t{m.ply}).bind(std::int64_t{m.seat}).bind(m.move).bind(m.clock_ms[0])
      .bind(m.clock_ms[1]).bind(m.at_ms).run();
}

void Store::add_move(const std::string& id, const StoredMove& m) {
  waiting_.push_back({id, m});
  if (schedule_flush_) return request_flush();
  // Without group commit the move commits now, alone; if that fails it is not kept for a later commit.
  try {
    settle();
  } catch (...) {
    waiting_.clear();
    throw;
  }
}

void Store::enable_group_commit(std::function<void()> schedule_flush) { schedule_flush_ = std::move(schedule_flush); }

void Store::request_flush() {
  if (flush_scheduled_ || !schedule_flush_) return;
  flush_scheduled_ = true;
  schedule_flush_();
}

void Store::after_commit(const void* key, std::function<void()> deliver) {
  if (waiting_.empty() && deliveries_.empty()) return deliver();
  deliveries_.emplace_back(key, std::move(deliver));
  request_flush();
}

void Store::forget(const void* key) {
  std::erase_if(deliveries_, [&](const auto& d) { return d.first == key; });
}

void Store::settle() {
  if (waiting_.empty()) return;
  // All or nothing: on failure the moves stay waiting (and their messages queued) for the next attempt. BEGIN
  // and COMMIT are prepared once (sqlite3_exec would compile them again for every group).
  cache_->get(db_, "BEGIN IMMEDIATE").run();
  try {
    for (const auto& w : waiting_) insert_move(w.game_id, w.move);
    cache_->get(db_, "COMMIT").run();
  } catch (...) {
    exec("ROLLBACK");
    throw;
  }
  waiting_.clear();
}

void Store::flush() {
  flush_scheduled_ = false;
  settle();
  auto due = std::move(deliveries_);
  deliveries_.clear();
  for (auto& d : due) d.second();
}

void Store::finish(const std::string& id, const std::string& result_json, const std::string& summary) {
  settle();
  Stmt s(db_, "UPDATE games SET result=?, summary=?, listed=0, updated=? WHERE id=?");
  s.bind(result_json).bind(summary).bind(now_ms()).bind(id).run();
}

void Store::set_draw_offer(const std::string& id, int seat, int ply) {
  settle();
  Stmt s(db_, "UPDATE games SET draw_offer=?, draw_offer_ply=?, updated=? WHERE id=?");
  s.bind(std::int64_t{seat}).bind(std::int64_t{ply}).bind(now_ms()).bind(id).run();
}

void Store::set_summary(const std::string& id, const std::string& summary) {
  settle();
  Stmt s(db_, "UPDATE games SET summary=?, listed=CASE WHEN ?='' THEN listed ELSE 0 END, updated=? WHERE id=?");
  s.bind(summary).bind(summary).bind(now_ms()).bind(id).run();
}

bool Store::claim_invite(const std::string& invite, const std::vector<StoredToken>& fresh) {
  settle();
  exec("BEGIN IMMEDIATE");
  try {
    Stmt s(db_, "UPDATE tokens SET claimed=1, acts=0, sees=? WHERE token=? AND claimed=0");
    s.bind(std::int64_t{kUsedInvite}).bind(invite).run();
    if (sqlite3_changes(db_) != 1) {
      exec("ROLLBACK");
      return false;
    }
    for (const auto& t : fresh) {
      Stmt ts(db_, "INSERT INTO tokens VALUES (?,?,?,?,1)");
      ts.bind(t.token).bind(t.game_id).bind(std::int64_t{t.acts}).bind(std::int64_t{t.sees}).run();
    }
    Stmt u(db_, "UPDATE games SET listed=0 WHERE id=(SELECT game_id FROM tokens WHERE token=?)");
    u.bind(invite).run();
    exec("COMMIT");
    return true;
  } catch (...) {
    exec("ROLLBACK");
    throw;
  }
}

void Store::touch(const std::string& id) {
  settle();
  Stmt s(db_, "UPDATE games SET updated=? WHERE id=?");
  s.bind(now_ms()).bind(id).run();
}

void Store::truncate_moves(const std::string& id, int ply, std::int64_t now) {
  settle();
  exec("BEGIN IMMEDIATE");
  try {
    Stmt s(db_, "DELETE FROM moves WHERE game_id=? AND ply>=?");
    s.bind(id).bind(std::int64_t{ply}).run();
    Stmt u(db_, "UPDATE games SET updated=? WHERE id=?");
    u.bind(now).bind(id).run();
    exec("COMMIT");
  } catch (...) {
    exec("ROLLBACK");
    throw;
  }
}

void Store::set_rematch(const std::string& id, const std::string& rematch_id) {
  settle();
  Stmt s(db_, "UPDATE games SET rematch=? WHERE id=?");
  s.bind(rematch_id).bind(id).run();
}

void Store::add_player(const std::string& player, std::int64_t now) {
  settle();
  Stmt s(db_, "INSERT INTO players VALUES (?,?)");
  s.bind(player).bind(now).run();
}

bool Store::player_exists(const std::string& player) {
  settle();
  Stmt s(db_, "SELECT 1 FROM players WHERE player=?");
  s.bind(player);
  return s.step();
}

void Store::add_player_game(const std::string& player, const std::string& game_id, const std::string& token, int seat,
                            std::int64_t now) {
  settle();
  // A game is listed once per player, with the first seat link registered for it.
  Stmt s(db_, "INSERT OR IGNORE INTO player_games VALUES (?,?,?,?,?)");
  s.bind(player).bind(game_id).bind(token).bind(std::int64_t{seat}).bind(now).run();
}

std::vector<Store::PlayerGame> Store::player_games(const std::string& player) {
  settle();
  Stmt s(db_, "SELECT game_id, token, seat FROM player_games WHERE player=? ORDER BY added DESC");
  s.bind(player);
  std::vector<PlayerGame> out;
  while (s.step()) out.push_back({s.text(0), s.text(1), static_cast<int>(s.integer(2))});
  return out;
}

std::vector<StoredGame> Store::games() {
  settle();
  Stmt s(db_, (std::string("SELECT ") + kGameColumns + " FROM games ORDER BY created, id").c_str());
  std::vector<StoredGame> out;
  while (s.step()) out.push_back(read_game(s));
  return out;
}

std::optional<StoredGame> Store::game(const std::string& id) {
  settle();
  Stmt s(db_, (std::string("SELECT ") + kGameColumns + " FROM games WHERE id=?").c_str());
  s.bind(id);
  if (!s.step()) return std::nullopt;
  return read_game(s);
}

std::vector<StoredMove> Store::moves(const std::string& id) {
  settle();
  Stmt s(db_, "SELECT ply, seat, move, clock0, clock1, at FROM moves WHERE game_id=? ORDER BY ply");
  s.bind(id);
  std::vector<StoredMove> out;
  while (s.step()) {
    StoredMove m;
    m.ply = static_cast<int>(s.integer(0));
    m.seat = static_cast<int>(s.integer(1));
    m.move = s.text(2);
    m.clock_ms[0] = s.integer(3);
    m.clock_ms[1] = s.integer(4);
    m.at_ms = s.integer(5);
    out.push_back(std::move(m));
  }
  return out;
}

namespace {
StoredToken read_token(Stmt& s) {
  return {s.text(0), s.text(1), static_cast<int>(s.integer(2)), static_cast<int>(s.integer(3)), s.integer(4) != 0};
}
}  // namespace

std::vector<StoredToken> Store::tokens(const std::string& id) {
  settle();
  Stmt s(db_, "SELECT token, game_id, acts, sees, claimed FROM tokens WHERE game_id=?");
  s.bind(id);
  std::vector<StoredToken> out;
  while (s.step()) out.push_back(read_token(s));
  return out;
}

std::optional<StoredToken> Store::token(const std::string& token) {
  settle();
  Stmt s(db_, "SELECT token, game_id, acts, sees, claimed FROM tokens WHERE token=?");
  s.bind(token);
  if (!s.step()) return std::nullopt;
  return read_token(s);
}

}  // namespace strat::server
