// The SQLite engine of Db (db.hpp): the default, embedded, one file per server.
#include <sqlite3.h>

#include <cstdlib>
#include <map>
#include <stdexcept>

#include "server/db.hpp"
#include "server/db_engines.hpp"

namespace strat::server {
namespace {

class SqliteDb final : public Db {
 public:
  explicit SqliteDb(const std::string& path) {
    if (sqlite3_open(path.c_str(), &db_) != SQLITE_OK) {
      std::string msg = db_ ? sqlite3_errmsg(db_) : "out of memory";
      sqlite3_close(db_);
      throw std::runtime_error("cannot open database " + path + ": " + msg);
    }
    sqlite3_busy_timeout(db_, 5000);
    // WAL: a commit is a single append to the log, so committing every move before acknowledging it is cheap;
    // synchronous=NORMAL keeps committed transactions across a killed process (the log is in the OS), and only a
    // power cut could lose the last ones. STRAT_DB_SYNC=FULL makes every commit fsync as well.
    script("PRAGMA journal_mode=WAL");
    const char* sync = std::getenv("STRAT_DB_SYNC");
    script(sync && std::string(sync) == "FULL" ? "PRAGMA synchronous=FULL" : "PRAGMA synchronous=NORMAL");
    script("PRAGMA foreign_keys=ON");
  }
  ~SqliteDb() override {
    for (auto& [sql, st] : prepared_) sqlite3_finalize(st);
    sqlite3_close(db_);
  }

  std::string_view engine() const override { return "sqlite"; }

  DbResult execute(const std::string& sql, std::span<const DbValue> params) override {
    sqlite3_stmt* st = prepare(sql);
    struct Reset {  // the statement stays prepared for its next use
      sqlite3_stmt* st;
      ~Reset() {
        sqlite3_reset(st);
        sqlite3_clear_bindings(st);
      }
    } reset{st};
    int n = 0;
    for (const auto& p : params) {
      ++n;
      if (const auto* i = std::get_if<std::int64_t>(&p)) sqlite3_bind_int64(st, n, *i);
      else {
        const auto& s = std::get<std::string>(p);
        sqlite3_bind_text(st, n, s.data(), static_cast<int>(s.size()), SQLITE_TRANSIENT);
      }
    }
    DbResult out;
    for (;;) {
      const int rc = sqlite3_step(st);
      if (rc == SQLITE_DONE) break;
      if (rc != SQLITE_ROW) throw std::runtime_error(std::string("sqlite: ") + sqlite3_errmsg(db_));
      DbRow row;
      const int cols = sqlite3_column_count(st);
      for (int c = 0; c < cols; ++c) {
        const auto* p = reinterpret_cast<const char*>(sqlite3_column_text(st, c));
        row.values.emplace_back(p ? std::string(p, static_cast<std::size_t>(sqlite3_column_bytes(st, c))) : "");
      }
      out.rows.push_back(std::move(row));
    }
    out.changed = sqlite3_changes(db_);
    return out;
  }

  void script(const std::string& sql) override {
    char* err = nullptr;
    if (sqlite3_exec(db_, sql.c_str(), nullptr, nullptr, &err) != SQLITE_OK) {
      std::string msg = err ? err : "?";
      sqlite3_free(err);
      throw std::runtime_error("sqlite: " + msg);
    }
  }

  // IMMEDIATE: the write lock at once, so two writers wait on the busy timeout rather than fail mid-way.
  void begin() override { run("BEGIN IMMEDIATE"); }
  void begin_exclusive() override { run("BEGIN IMMEDIATE"); }
  void commit() override { run("COMMIT"); }
  void rollback() override { run("ROLLBACK"); }

  std::vector<std::string> columns(const std::string& table) override {
    std::vector<std::string> out;
    for (const auto& row : run("SELECT name FROM pragma_table_info(?)", {table}).rows) out.push_back(row.text(0));
    return out;
  }

 private:
  sqlite3_stmt* prepare(const std::string& sql) {
    auto it = prepared_.find(sql);
    if (it != prepared_.end()) return it->second;
    sqlite3_stmt* st = nullptr;
    if (sqlite3_prepare_v3(db_, sql.c_str(), -1, SQLITE_PREPARE_PERSISTENT, &st, nullptr) != SQLITE_OK)
      throw std::runtime_error(std::string("sqlite prepare: ") + sqlite3_errmsg(db_));
    return prepared_.emplace(sql, st).first->second;
  }

  sqlite3* db_ = nullptr;
  std::map<std::string, sqlite3_stmt*, std::less<>> prepared_;
};

}  // namespace

std::unique_ptr<Db> open_sqlite(const std::string& path) { return std::make_unique<SqliteDb>(path); }

}  // namespace strat::server
