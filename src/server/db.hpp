#pragma once
// One SQL connection for the stores, over either engine (docs/server.md, "Storage"): SQLite, embedded, the
// default (a file path, or ":memory:"), or PostgreSQL, shared by several servers (a "postgresql://" or
// "postgres://" URL, libpq's syntax). The stores write one SQL text for both: `?` placeholders, bound in order,
// and only what both engines accept (ON CONFLICT, no INSERT OR ...). Every value crosses as an integer or a text.
//
// Each connection prepares a statement once (keyed by its text) and keeps it. Errors throw std::runtime_error
// with the engine's message (DbUnavailable when the database cannot be reached). A lost PostgreSQL connection is
// reopened before the next statement outside a transaction. A statement that failed on it is sent again on the new
// connection only when it cannot have changed anything: a transaction's BEGIN, a statement's preparation, or a
// SELECT outside a transaction; any other is never retried (its outcome is unknown, so whatever it was for is
// refused, never acknowledged). So after a database restart each connection's next request works.
#include <cstdint>
#include <initializer_list>
#include <span>
#include <stdexcept>
#include <memory>
#include <string>
#include <string_view>
#include <variant>
#include <vector>

namespace strat::server {

using DbValue = std::variant<std::int64_t, std::string>;

// The database could not be reached (PostgreSQL restarted, the network failed): the request may be tried again.
struct DbUnavailable : std::runtime_error {
  using std::runtime_error::runtime_error;
};
// What a client is told then (HTTP 503): the engine's message, which may name the server, stays in the log.
inline constexpr const char* kDbUnavailableAnswer = "the database is unavailable: try again";

struct DbRow {
  std::vector<std::string> values;  // every column as text (no column the stores read is NULL)
  const std::string& text(std::size_t col) const { return values.at(col); }
  std::int64_t integer(std::size_t col) const;
};

struct DbResult {
  std::vector<DbRow> rows;
  std::int64_t changed = 0;  // rows inserted, updated or deleted
};

class Db {
 public:
  virtual ~Db() = default;
  virtual std::string_view engine() const = 0;  // "sqlite" or "postgresql"
  DbResult run(const std::string& sql, std::initializer_list<DbValue> params = {}) {
    return execute(sql, std::span<const DbValue>(params.begin(), params.size()));
  }
  DbResult run(const std::string& sql, const std::vector<DbValue>& params) { return execute(sql, params); }
  // Statements without parameters or results, several separated by ';' (schema migrations).
  virtual void script(const std::string& sql) = 0;
  // A write transaction. begin_exclusive also keeps every other connection's begin_exclusive waiting until
  // this one ends (schema migrations of servers starting together).
  virtual void begin() = 0;
  virtual void begin_exclusive() = 0;
  virtual void commit() = 0;
  virtual void rollback() = 0;
  // The column names of a table, empty when it does not exist.
  virtual std::vector<std::string> columns(const std::string& table) = 0;

 protected:
  virtual DbResult execute(const std::string& sql, std::span<const DbValue> params) = 0;
};

// Opens `where`: a PostgreSQL URL or an SQLite path. Throws std::runtime_error (one line) when it cannot.
std::unique_ptr<Db> open_db(const std::string& where);
bool is_postgresql_url(std::string_view where);
// `where` for messages and logs: a URL's password as ***.
std::string redacted_db(const std::string& where);

// A transaction that rolls back unless committed.
class DbTransaction {
 public:
  explicit DbTransaction(Db& db, bool exclusive = false) : db_(db) {
    exclusive ? db.begin_exclusive() : db.begin();
  }
  ~DbTransaction() {
    if (open_) try {
        db_.rollback();
      } catch (...) {
        // the connection is gone: the engine dropped the transaction with it
      }
  }
  DbTransaction(const DbTransaction&) = delete;
  DbTransaction& operator=(const DbTransaction&) = delete;
  void commit() {
    open_ = false;
    db_.commit();
  }

 private:
  Db& db_;
  bool open_ = true;
};

// Versioned schema migrations: each store names its component ("games", "live") and lists its migrations in
// order; those not yet applied run at start, each in an exclusive transaction with the version it reaches.
struct Migration {
  int version;
  std::string sql;  // for both engines
  // Run after sql, in the same transaction (e.g. columns an older SQLite file lacks); may be empty.
  void (*after)(Db&) = nullptr;
};
void migrate(Db& db, const std::string& component, const std::vector<Migration>& migrations);

}  // namespace strat::server
