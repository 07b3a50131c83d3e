#pragma once
// A prepared SQLite statement for the stores (games and live games): finalized on scope exit, binds by
// position starting at 1, throws std::runtime_error with SQLite's message on failure.
#include <sqlite3.h>

#include <cstdint>
#include <map>
#include <stdexcept>
#include <string>

namespace strat::server {

class Stmt {
 public:
  Stmt(sqlite3* db, const char* sql) : db_(db) {
    if (sqlite3_prepare_v2(db, sql, -1, &st_, nullptr) != SQLITE_OK)
      throw std::runtime_error(std::string("sqlite prepare: ") + sqlite3_errmsg(db));
  }
  // A statement of a StmtCache, prepared once: on scope exit it is reset for the next use, not finalized.
  Stmt(sqlite3* db, sqlite3_stmt* cached) : db_(db), st_(cached), owned_(false) {}
  ~Stmt() {
    if (owned_) {
      sqlite3_finalize(st_);
    } else {
      sqlite3_reset(st_);
      sqlite3_clear_bindings(st_);
    }
  }
  Stmt(const Stmt&) = delete;
  Stmt& operator=(const Stmt&) = delete;
  Stmt& bind(const std::string& v) {
    sqlite3_bind_text(st_, ++n_, v.data(), static_cast<int>(v.size()), SQLITE_TRANSIENT);
    return *this;
  }
  Stmt& bind(std::int64_t v) {
    sqlite3_bind_int64(st_, ++n_, v);
    return *this;
  }
  // Returns true while there is a row.
  bool step() {
    int rc = sqlite3_step(st_);
    if (rc == SQLITE_ROW) return true;
    if (rc == SQLITE_DONE) return false;
    throw std::runtime_error(std::string("sqlite: ") + sqlite3_errmsg(db_));
  }
  void run() { step(); }
  std::string text(int col) {
    auto* p = reinterpret_cast<const char*>(sqlite3_column_text(st_, col));
    return p ? std::string(p, sqlite3_column_bytes(st_, col)) : std::string();
  }
  std::int64_t integer(int col) { return sqlite3_column_int64(st_, col); }

 private:
  sqlite3* db_;
  sqlite3_stmt* st_ = nullptr;
  bool owned_ = true;
  int n_ = 0;
};

// The statements of the hot path (a move is stored on every move), each prepared once per connection.
class StmtCache {
 public:
  StmtCache() = default;
  StmtCache(const StmtCache&) = delete;
  StmtCache& operator=(const StmtCache&) = delete;
  ~StmtCache() { clear(); }
  // Call before closing the connection.
  void clear() {
    for (auto& [sql, st] : prepared_) sqlite3_finalize(st);
    prepared_.clear();
  }
  Stmt get(sqlite3* db, const char* sql) {
    auto it = prepared_.find(sql);
    if (it == prepared_.end()) {
      sqlite3_stmt* st = nullptr;
      if (sqlite3_prepare_v3(db, sql, -1, SQLITE_PREPARE_PERSISTENT, &st, nullptr) != SQLITE_OK)
        throw std::runtime_error(std::string("sqlite prepare: ") + sqlite3_errmsg(db));
      it = prepared_.emplace(sql, st).first;
    }
    return Stmt(db, it->second);
  }

 private:
  std::map<std::string, sqlite3_stmt*> prepared_;
};

}  // namespace strat::server
