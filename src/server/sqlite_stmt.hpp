#pragma once
// A prepared SQLite statement for the stores (games and live games): finalized on scope exit, binds by
// position starting at 1, throws std::runtime_error with SQLite's message on failure.
#include <sqlite3.h>

#include <cstdint>
#include <stdexcept>
#include <string>

namespace strat::server {

class Stmt {
 public:
  Stmt(sqlite3* db, const char* sql) : db_(db) {
    if (sqlite3_prepare_v2(db, sql, -1, &st_, nullptr) != SQLITE_OK)
      throw std::runtime_error(std::string("sqlite prepare: ") + sqlite3_errmsg(db));
  }
  ~Stmt() { sqlite3_finalize(st_); }
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
  int n_ = 0;
};

}  // namespace strat::server
