#include "server/live_store.hpp"

#include "server/sqlite_stmt.hpp"

#include <sqlite3.h>

#include <stdexcept>

namespace strat::server {

LiveStore::LiveStore(const std::string& path) {
  if (sqlite3_open(path.c_str(), &db_) != SQLITE_OK) {
    std::string msg = db_ ? sqlite3_errmsg(db_) : "out of memory";
    sqlite3_close(db_);
    throw std::runtime_error("cannot open database " + path + ": " + msg);
  }
  sqlite3_busy_timeout(db_, 5000);
  exec("PRAGMA journal_mode=WAL");
  exec("PRAGMA synchronous=NORMAL");
  exec("CREATE TABLE IF NOT EXISTS live_games (id TEXT PRIMARY KEY, created INTEGER NOT NULL, updated INTEGER NOT NULL)");
  exec("CREATE TABLE IF NOT EXISTS live_events (game_id TEXT NOT NULL REFERENCES live_games(id), seq INTEGER NOT NULL,"
       " event TEXT NOT NULL, PRIMARY KEY (game_id, seq))");
  exec("CREATE TABLE IF NOT EXISTS live_tokens (token TEXT PRIMARY KEY, game_id TEXT NOT NULL REFERENCES live_games(id),"
       " role INTEGER NOT NULL)");
}

LiveStore::~LiveStore() { sqlite3_close(db_); }

void LiveStore::exec(const char* sql) {
  char* err = nullptr;
  if (sqlite3_exec(db_, sql, nullptr, nullptr, &err) != SQLITE_OK) {
    std::string msg = err ? err : "?";
    sqlite3_free(err);
    throw std::runtime_error("sqlite: " + msg);
  }
}

void LiveStore::create(const std::string& id, const std::string& create_event, const std::vector<LiveTokenRow>& tokens,
                       std::int64_t now) {
  exec("BEGIN IMMEDIATE");
  try {
    Stmt(db_, "INSERT INTO live_games VALUES (?,?,?)").bind(id).bind(now).bind(now).step();
    Stmt(db_, "INSERT INTO live_events VALUES (?,0,?)").bind(id).bind(create_event).step();
    for (const auto& t : tokens)
      Stmt(db_, "INSERT INTO live_tokens VALUES (?,?,?)").bind(t.token).bind(id).bind(std::int64_t{t.role}).step();
    exec("COMMIT");
  } catch (...) {
    exec("ROLLBACK");
    throw;
  }
}

void LiveStore::add_event(const std::string& id, int seq, const std::string& event_json, std::int64_t now) {
  exec("BEGIN IMMEDIATE");
  try {
    Stmt(db_, "INSERT INTO live_events VALUES (?,?,?)").bind(id).bind(std::int64_t{seq}).bind(event_json).step();
    Stmt(db_, "UPDATE live_games SET updated = ? WHERE id = ?").bind(now).bind(id).step();
    exec("COMMIT");
  } catch (...) {
    exec("ROLLBACK");
    throw;
  }
}

std::vector<std::string> LiveStore::game_ids() {
  std::vector<std::string> out;
  Stmt s(db_, "SELECT id FROM live_games ORDER BY created, id");
  while (s.step()) out.push_back(s.text(0));
  return out;
}

std::vector<std::string> LiveStore::events(const std::string& id) {
  std::vector<std::string> out;
  Stmt s(db_, "SELECT event FROM live_events WHERE game_id = ? ORDER BY seq");
  s.bind(id);
  while (s.step()) out.push_back(s.text(0));
  return out;
}

std::vector<LiveTokenRow> LiveStore::tokens(const std::string& id) {
  std::vector<LiveTokenRow> out;
  Stmt s(db_, "SELECT token, role FROM live_tokens WHERE game_id = ? ORDER BY role");
  s.bind(id);
  while (s.step()) out.push_back({s.text(0), id, static_cast<int>(s.integer(1))});
  return out;
}

std::optional<LiveTokenRow> LiveStore::token(const std::string& token) {
  Stmt s(db_, "SELECT game_id, role FROM live_tokens WHERE token = ?");
  s.bind(token);
  if (!s.step()) return std::nullopt;
  return LiveTokenRow{token, s.text(0), static_cast<int>(s.integer(1))};
}

}  // namespace strat::server
