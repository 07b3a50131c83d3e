#include "server/store.hpp"


#include <algorithm>
#include <chrono>
#include <stdexcept>
#include <unordered_set>

namespace strat::server {

std::int64_t now_ms() {
  using namespace std::chrono;
  return duration_cast<milliseconds>(system_clock::now().time_since_epoch()).count();
}

namespace {

constexpr const char* kGameColumns =
    "id, spec, mode, start, seed, listed, created, updated, clock_initial, clock_increment, seat0_kind, "
    "seat0_agent, seat1_kind, seat1_agent, result, title, summary, draw_offer, draw_offer_ply, started, rematch";

// A stored text that is none of its type's names: the row is refused (Hub::restore_all logs it and goes on).
template <class T>
T known(std::optional<T> value, const std::string& text, const char* what) {
  if (!value) throw std::runtime_error(std::string("unknown ") + what + " '" + text + "' in the database");
  return *value;
}

StoredGame read_game(const DbRow& s) {
  StoredGame g;
  g.id = s.text(0);
  g.spec = s.text(1);
  g.mode = known(parse_mode(s.text(2)), s.text(2), "mode");
  g.start = s.text(3);
  g.seed = static_cast<std::uint64_t>(s.integer(4));
  g.listed = s.integer(5) != 0;
  g.created_ms = s.integer(6);
  g.updated_ms = s.integer(7);
  g.clock_initial_ms = s.integer(8);
  g.clock_increment_ms = s.integer(9);
  g.seats[0] = {known(parse_seat_kind(s.text(10)), s.text(10), "seat kind"), s.text(11)};
  g.seats[1] = {known(parse_seat_kind(s.text(12)), s.text(12), "seat kind"), s.text(13)};
  g.result = s.text(14);
  g.title = s.text(15);
  g.summary = s.text(16);
  g.draw_offer = static_cast<int>(s.integer(17));
  g.draw_offer_ply = static_cast<int>(s.integer(18));
  g.started_ms = s.integer(19);
  g.rematch = s.text(20);
  return g;
}

StoredToken read_token(const DbRow& s) {
  return {s.text(0), s.text(1), static_cast<int>(s.integer(2)), static_cast<int>(s.integer(3)), s.integer(4) != 0};
}

// SQLite files written before the migrations existed hold the first tables, some without the later columns:
// they gain them (existing games: no offer pending, start time unknown, no rematch).
void add_missing_columns(Db& db) {
  const auto columns = db.columns("games");
  auto add = [&](const std::string& name, const std::string& decl) {
    if (std::find(columns.begin(), columns.end(), name) == columns.end())
      db.script("ALTER TABLE games ADD COLUMN " + name + " " + decl);
  };
  add("draw_offer", "INTEGER NOT NULL DEFAULT -1");
  add("draw_offer_ply", "INTEGER NOT NULL DEFAULT 0");
  add("started", "BIGINT NOT NULL DEFAULT 0");
  add("rematch", "TEXT NOT NULL DEFAULT ''");
}

// The schema's versions, oldest first (db.hpp's migrate). Times are milliseconds and seeds 64-bit: BIGINT.
const std::vector<Migration>& migrations() {
  static const std::vector<Migration> list = {
      {1,
       "CREATE TABLE IF NOT EXISTS games ("
       " id TEXT PRIMARY KEY, spec TEXT NOT NULL, mode TEXT NOT NULL, start TEXT NOT NULL, seed BIGINT NOT NULL,"
       " listed INTEGER NOT NULL, created BIGINT NOT NULL, updated BIGINT NOT NULL,"
       " clock_initial BIGINT NOT NULL, clock_increment BIGINT NOT NULL,"
       " seat0_kind TEXT NOT NULL, seat0_agent TEXT NOT NULL, seat1_kind TEXT NOT NULL, seat1_agent TEXT NOT NULL,"
       " result TEXT NOT NULL, title TEXT NOT NULL, summary TEXT NOT NULL,"
       " draw_offer INTEGER NOT NULL DEFAULT -1, draw_offer_ply INTEGER NOT NULL DEFAULT 0,"
       " started BIGINT NOT NULL DEFAULT 0, rematch TEXT NOT NULL DEFAULT '');"
       "CREATE TABLE IF NOT EXISTS players (player TEXT PRIMARY KEY, created BIGINT NOT NULL);"
       "CREATE TABLE IF NOT EXISTS player_games (player TEXT NOT NULL REFERENCES players(player),"
       " game_id TEXT NOT NULL REFERENCES games(id), token TEXT NOT NULL, seat INTEGER NOT NULL,"
       " added BIGINT NOT NULL, PRIMARY KEY (player, game_id));"
       // The last moment the server was known to run with a clock going (Hub's heartbeat): after a crash, the
       // side to move is charged its thinking time up to then (docs/server.md, "Clocks across a restart").
       "CREATE TABLE IF NOT EXISTS heartbeat (id INTEGER PRIMARY KEY CHECK (id = 0), alive BIGINT NOT NULL);"
       "CREATE TABLE IF NOT EXISTS moves (game_id TEXT NOT NULL REFERENCES games(id), ply INTEGER NOT NULL,"
       " seat INTEGER NOT NULL, move TEXT NOT NULL, clock0 BIGINT NOT NULL, clock1 BIGINT NOT NULL,"
       " at BIGINT NOT NULL, PRIMARY KEY (game_id, ply));"
       "CREATE TABLE IF NOT EXISTS tokens (token TEXT PRIMARY KEY, game_id TEXT NOT NULL REFERENCES games(id),"
       " acts INTEGER NOT NULL, sees INTEGER NOT NULL, claimed INTEGER NOT NULL);"
       "CREATE TABLE IF NOT EXISTS setups (game_id TEXT NOT NULL REFERENCES games(id), seat INTEGER NOT NULL,"
       " setup TEXT NOT NULL, PRIMARY KEY (game_id, seat));"
       "CREATE INDEX IF NOT EXISTS tokens_game ON tokens(game_id)",
       add_missing_columns},
      // The lobby read from the database (lobby_games): open games, and the last changed.
      {2,
       "CREATE INDEX IF NOT EXISTS games_listed ON games(listed, updated);"
       "CREATE INDEX IF NOT EXISTS games_updated ON games(updated)"},
  };
  return list;
}

}  // namespace

Store::Store(const std::string& where) : db_(open_db(where)) { migrate(*db_, "games", migrations()); }

Store::~Store() {
  // Moves accepted in the last turn of the event loop (a server stopping on a signal): kept, though their
  // announcements will never go out; clients get them in their snapshot on reconnecting.
  try {
    settle();
  } catch (const std::exception&) {
  }
}

template <class Write>
void Store::game_write(const std::string& id, Write&& write) {
  settle();
  DbTransaction tx(*db_);
  if (fence_ && fence_->held(*db_, {id}).empty()) throw NotOwner("this server no longer plays game " + id);
  write();
  tx.commit();
}

void Store::create_game(const StoredGame& g, const std::vector<StoredToken>& tokens) {
  settle();
  DbTransaction tx(*db_);
  db_->run("INSERT INTO games (" + std::string(kGameColumns) + ") VALUES (?,?,?,?,?,?,?,?,?,?,?,?,?,?,?,?,?,?,?,?,?)",
           {g.id, g.spec, std::string(to_string(g.mode)), g.start, static_cast<std::int64_t>(g.seed), std::int64_t{g.listed}, g.created_ms,
            g.updated_ms, g.clock_initial_ms, g.clock_increment_ms, std::string(to_string(g.seats[0].kind)),
            g.seats[0].agent, std::string(to_string(g.seats[1].kind)), g.seats[1].agent, g.result, g.title, g.summary, std::int64_t{g.draw_offer},
            std::int64_t{g.draw_offer_ply}, g.started_ms, g.rematch});
  for (const auto& t : tokens)
    db_->run("INSERT INTO tokens (token, game_id, acts, sees, claimed) VALUES (?,?,?,?,?)",
             {t.token, g.id, std::int64_t{t.acts}, std::int64_t{t.sees}, std::int64_t{t.claimed}});
  if (fence_) fence_->take_new(*db_, g.id);
  tx.commit();
}

void Store::set_start(const std::string& id, const std::string& start, std::int64_t now) {
  game_write(id, [&] { db_->run("UPDATE games SET start=?, updated=?, started=? WHERE id=?", {start, now, now, id}); });
}

void Store::heartbeat(std::int64_t now) {
  settle();
  db_->run("INSERT INTO heartbeat (id, alive) VALUES (0, ?) ON CONFLICT (id) DO UPDATE SET alive=excluded.alive",
           {now});
}

std::optional<std::int64_t> Store::last_alive() {
  settle();
  const auto rows = db_->run("SELECT alive FROM heartbeat WHERE id=0").rows;
  if (rows.empty()) return std::nullopt;
  return rows[0].integer(0);
}

void Store::set_setup(const std::string& id, int seat, const std::string& setup) {
  game_write(id, [&] {
    db_->run("INSERT INTO setups (game_id, seat, setup) VALUES (?,?,?) ON CONFLICT (game_id, seat) DO UPDATE SET "
             "setup=excluded.setup",
             {id, std::int64_t{seat}, setup});
  });
}

std::optional<std::string> Store::setup(const std::string& id, int seat) {
  settle();
  const auto rows = db_->run("SELECT setup FROM setups WHERE game_id=? AND seat=?", {id, std::int64_t{seat}}).rows;
  if (rows.empty()) return std::nullopt;
  return rows[0].text(0);
}

// Moves [from, from + n) of the waiting list in one INSERT. The game row is not touched: its time of last change
// is the later of `updated` and its last move's time (Room::restore), which spares every commit a page of the
// games table.
void Store::insert_moves(std::size_t from, std::size_t n) {
  std::string& text = insert_sql_[n];
  if (text.empty()) {
    text = "INSERT INTO moves (game_id, ply, seat, move, clock0, clock1, at) VALUES ";
    for (std::size_t i = 0; i < n; ++i) text += i ? ",(?,?,?,?,?,?,?)" : "(?,?,?,?,?,?,?)";
  }
  std::vector<DbValue> values;
  values.reserve(7 * n);
  for (std::size_t i = from; i < from + n; ++i) {
    const auto& [id, m] = waiting_[i];
    values.insert(values.end(), {id, std::int64_t{m.ply}, std::int64_t{m.seat}, m.move, m.clock_ms[0],
                                 m.clock_ms[1], m.at_ms});
  }
  db_->run(text, values);
}

void Store::add_move(const std::string& id, const StoredMove& m) {
  waiting_.push_back({id, m});
  if (schedule_flush_) return request_flush();
  // Without group commit the move commits now, alone; if that fails it is not kept for a later commit.
  try {
    settle();
  } catch (...) {
    waiting_.clear();
    fenced_.clear();
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
  if (fence_) return settle_fenced();
  // All or nothing: on failure the moves stay waiting (and their messages queued) for the next attempt. A group
  // of up to kMovesPerInsert moves is one statement, atomic on its own: one round trip to the database, without
  // BEGIN and COMMIT around it.
  const std::size_t total = waiting_.size();
  if (total <= kMovesPerInsert) {
    insert_moves(0, total);
  } else {
    DbTransaction tx(*db_);
    for (std::size_t from = 0; from < total; from += kMovesPerInsert)
      insert_moves(from, std::min(kMovesPerInsert, total - from));
    tx.commit();
  }
  waiting_.clear();
}

namespace {

// The games of `moves`, each once, in their order.
std::vector<std::string> games_of(const std::vector<Store::WaitingMove>& moves) {
  std::vector<std::string> games;
  std::unordered_set<std::string> seen;
  for (const auto& w : moves)
    if (seen.insert(w.game_id).second) games.push_back(w.game_id);
  return games;
}

}  // namespace

// The waiting moves of the games the fence holds, in one transaction with the fence's check; those of the other
// games are dropped, uncommitted, and their games kept for the next flush to tell (or, without group commit,
// refused at once).
void Store::settle_fenced() {
  DbTransaction tx(*db_);
  const auto list = fence_->held(*db_, games_of(waiting_));
  const std::unordered_set<std::string> held(list.begin(), list.end());
  std::vector<WaitingMove> kept;
  for (auto& w : waiting_) {
    if (held.count(w.game_id)) kept.push_back(std::move(w));
    else if (std::find(fenced_.begin(), fenced_.end(), w.game_id) == fenced_.end()) fenced_.push_back(w.game_id);
  }
  waiting_ = std::move(kept);
  for (std::size_t from = 0; from < waiting_.size(); from += kMovesPerInsert)
    insert_moves(from, std::min(kMovesPerInsert, waiting_.size() - from));
  tx.commit();
  waiting_.clear();
  if (fenced_.empty()) return;
  if (!schedule_flush_) throw NotOwner("this server no longer plays game " + fenced_.front());
  request_flush();
}

void Store::flush() {
  flush_scheduled_ = false;
  try {
    settle();
  } catch (const std::exception& e) {
    if (!lost_commit_) throw;
    const auto games = games_of(waiting_);
    waiting_.clear();
    lost_commit_(games, e.what());
  }
  if (!fenced_.empty() && lost_commit_) {
    const auto games = std::move(fenced_);
    fenced_.clear();
    lost_commit_(games, "this server no longer plays the game");
  }
  auto due = std::move(deliveries_);
  deliveries_.clear();
  for (auto& d : due) d.second();
}

void Store::finish(const std::string& id, const std::string& result_json, const std::string& summary) {
  game_write(id, [&] {
    db_->run("UPDATE games SET result=?, summary=?, listed=0, updated=? WHERE id=?",
             {result_json, summary, now_ms(), id});
  });
}

void Store::set_draw_offer(const std::string& id, int seat, int ply) {
  game_write(id, [&] {
    db_->run("UPDATE games SET draw_offer=?, draw_offer_ply=?, updated=? WHERE id=?",
             {std::int64_t{seat}, std::int64_t{ply}, now_ms(), id});
  });
}

void Store::set_summary(const std::string& id, const std::string& summary) {
  game_write(id, [&] {
    db_->run("UPDATE games SET summary=?, listed=CASE WHEN ?='' THEN listed ELSE 0 END, updated=? WHERE id=?",
             {summary, summary, now_ms(), id});
  });
}

bool Store::claim_invite(const std::string& invite, const std::vector<StoredToken>& fresh) {
  bool claimed = false;
  game_write(fresh.at(0).game_id, [&] {
    // The condition on claimed makes two servers' claims of one invite exclusive: the second changes no row.
    if (db_->run("UPDATE tokens SET claimed=1, acts=0, sees=? WHERE token=? AND claimed=0",
                 {std::int64_t{kUsedInvite}, invite})
            .changed != 1)
      return;
    for (const auto& t : fresh)
      db_->run("INSERT INTO tokens (token, game_id, acts, sees, claimed) VALUES (?,?,?,?,1)",
               {t.token, t.game_id, std::int64_t{t.acts}, std::int64_t{t.sees}});
    db_->run("UPDATE games SET listed=0 WHERE id=(SELECT game_id FROM tokens WHERE token=?)", {invite});
    claimed = true;
  });
  return claimed;
}

void Store::touch(const std::string& id) {
  game_write(id, [&] { db_->run("UPDATE games SET updated=? WHERE id=?", {now_ms(), id}); });
}

void Store::truncate_moves(const std::string& id, int ply, std::int64_t now) {
  game_write(id, [&] {
    db_->run("DELETE FROM moves WHERE game_id=? AND ply>=?", {id, std::int64_t{ply}});
    db_->run("UPDATE games SET updated=? WHERE id=?", {now, id});
  });
}

void Store::set_rematch(const std::string& id, const std::string& rematch_id) {
  game_write(id, [&] { db_->run("UPDATE games SET rematch=? WHERE id=?", {rematch_id, id}); });
}

void Store::add_player(const std::string& player, std::int64_t now) {
  settle();
  db_->run("INSERT INTO players (player, created) VALUES (?,?)", {player, now});
}

bool Store::player_exists(const std::string& player) {
  settle();
  return !db_->run("SELECT 1 FROM players WHERE player=?", {player}).rows.empty();
}

void Store::add_player_game(const std::string& player, const std::string& game_id, const std::string& token, int seat,
                            std::int64_t now) {
  settle();
  // A game is listed once per player, with the first seat link registered for it.
  db_->run("INSERT INTO player_games (player, game_id, token, seat, added) VALUES (?,?,?,?,?) ON CONFLICT DO NOTHING",
           {player, game_id, token, std::int64_t{seat}, now});
}

std::vector<Store::PlayerGame> Store::player_games(const std::string& player) {
  settle();
  std::vector<PlayerGame> out;
  for (const auto& r :
       db_->run("SELECT game_id, token, seat FROM player_games WHERE player=? ORDER BY added DESC, game_id", {player})
           .rows)
    out.push_back({r.text(0), r.text(1), static_cast<int>(r.integer(2))});
  return out;
}

std::vector<StoredGame> Store::games() {
  settle();
  std::vector<StoredGame> out;
  for (const auto& r : db_->run(std::string("SELECT ") + kGameColumns + " FROM games ORDER BY created, id").rows)
    out.push_back(read_game(r));
  return out;
}

std::vector<Store::LobbyGame> Store::lobby_games(std::int64_t open, std::int64_t recent) {
  settle();
  // A game is open while listed and not over: claiming its invite or finishing it clears `listed`, finishing it
  // sets its summary. Moves leave the game row alone, so its plies and last move come from `moves` (its key).
  static const std::string sql =
      std::string("SELECT ") + kGameColumns +
      ", (SELECT COUNT(*) FROM moves WHERE moves.game_id=games.id),"
      " (SELECT COALESCE(MAX(at), 0) FROM moves WHERE moves.game_id=games.id) FROM games"
      " WHERE id IN (SELECT id FROM games WHERE listed=1 AND summary='' ORDER BY updated DESC LIMIT ?)"
      " OR id IN (SELECT id FROM games WHERE NOT (listed=1 AND summary='') ORDER BY updated DESC LIMIT ?)";
  std::vector<LobbyGame> out;
  for (const auto& r : db_->run(sql, {open, recent}).rows)
    out.push_back({read_game(r), static_cast<int>(r.integer(21)), r.integer(22)});
  return out;
}

std::optional<StoredGame> Store::game(const std::string& id) {
  settle();
  const auto rows = db_->run(std::string("SELECT ") + kGameColumns + " FROM games WHERE id=?", {id}).rows;
  if (rows.empty()) return std::nullopt;
  return read_game(rows[0]);
}

std::vector<StoredMove> Store::moves(const std::string& id) {
  settle();
  std::vector<StoredMove> out;
  for (const auto& r :
       db_->run("SELECT ply, seat, move, clock0, clock1, at FROM moves WHERE game_id=? ORDER BY ply", {id}).rows) {
    StoredMove m;
    m.ply = static_cast<int>(r.integer(0));
    m.seat = static_cast<int>(r.integer(1));
    m.move = r.text(2);
    m.clock_ms[0] = r.integer(3);
    m.clock_ms[1] = r.integer(4);
    m.at_ms = r.integer(5);
    out.push_back(std::move(m));
  }
  return out;
}

std::vector<StoredToken> Store::tokens(const std::string& id) {
  settle();
  std::vector<StoredToken> out;
  // Links that act before those that only watch (Room::restore_rematch lists them in this order), then a fixed
  // order whatever the engine.
  for (const auto& r : db_->run("SELECT token, game_id, acts, sees, claimed FROM tokens WHERE game_id=? "
                                "ORDER BY acts=0, acts, sees, token",
                                {id})
                           .rows)
    out.push_back(read_token(r));
  return out;
}

std::optional<StoredToken> Store::token(const std::string& token) {
  settle();
  const auto rows = db_->run("SELECT token, game_id, acts, sees, claimed FROM tokens WHERE token=?", {token}).rows;
  if (rows.empty()) return std::nullopt;
  return read_token(rows[0]);
}

}  // namespace strat::server
