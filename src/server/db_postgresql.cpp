// The PostgreSQL engine of Db (db.hpp), through libpq: for several servers sharing one database.
#include <libpq-fe.h>

#include <cstdlib>
#include <map>
#include <stdexcept>

#include "server/db.hpp"
#include "server/db_engines.hpp"

namespace strat::server {
namespace {

// The first line of a libpq message (they end with a newline, some carry a DETAIL line).
std::string first_line(const char* msg) {
  std::string s = msg ? msg : "";
  const auto nl = s.find('\n');
  return nl == std::string::npos ? s : s.substr(0, nl);
}

// `?` placeholders as PostgreSQL's $1, $2, ...: outside quoted literals only.
std::string numbered(const std::string& sql) {
  std::string out;
  int n = 0;
  bool quoted = false;
  for (char c : sql) {
    if (c == '\'') quoted = !quoted;
    if (c == '?' && !quoted) out += "$" + std::to_string(++n);
    else out += c;
  }
  return out;
}

class PostgresDb final : public Db {
 public:
  explicit PostgresDb(const std::string& url) : url_(url) {
    conn_ = PQconnectdb(url.c_str());
    if (PQstatus(conn_) != CONNECTION_OK) {
      const std::string msg = first_line(PQerrorMessage(conn_));
      PQfinish(conn_);
      throw std::runtime_error("cannot open database " + redacted_db(url) + ": " + msg);
    }
    quiet();
  }
  ~PostgresDb() override { PQfinish(conn_); }

  std::string_view engine() const override { return "postgresql"; }

  DbResult execute(const std::string& sql, std::span<const DbValue> params) override {
    try {
      return execute_once(sql, params);
    } catch (const DbUnavailable&) {
      if (in_transaction_ || !reads_only(sql)) throw;
      return execute_once(sql, params);  // a read found the connection dead: once more on a new one
    }
  }

  void script(const std::string& sql) override {
    reconnect_if_lost();
    Result r(PQexec(conn_, sql.c_str()));
    check(r.get(), sql);
  }

  void begin() override {
    try {
      script("BEGIN");
    } catch (const DbUnavailable&) {
      script("BEGIN");  // nothing of the transaction was sent yet: once more on a new connection
    }
    in_transaction_ = true;
  }
  void begin_exclusive() override {
    begin();
    script("SELECT pg_advisory_xact_lock(7357)");  // any fixed key: taken by migrations and rating updates only
  }
  void commit() override {
    in_transaction_ = false;
    script("COMMIT");
  }
  void rollback() override {
    in_transaction_ = false;
    if (PQstatus(conn_) == CONNECTION_OK) script("ROLLBACK");
  }

  std::vector<std::string> columns(const std::string& table) override {
    std::vector<std::string> out;
    for (const auto& row : run("SELECT column_name FROM information_schema.columns WHERE table_name=? AND "
                               "table_schema=current_schema() ORDER BY ordinal_position",
                               {table})
                               .rows)
      out.push_back(row.text(0));
    return out;
  }

 private:
  DbResult execute_once(const std::string& sql, std::span<const DbValue> params) {
    reconnect_if_lost();
    const std::string& name = prepare(sql);
    std::vector<std::string> texts;
    texts.reserve(params.size());
    for (const auto& p : params)
      texts.push_back(std::holds_alternative<std::int64_t>(p) ? std::to_string(std::get<std::int64_t>(p))
                                                              : std::get<std::string>(p));
    std::vector<const char*> values;
    for (const auto& t : texts) values.push_back(t.c_str());
    Result r(PQexecPrepared(conn_, name.c_str(), static_cast<int>(values.size()), values.data(), nullptr, nullptr, 0));
    check(r.get(), sql);
    DbResult out;
    const int rows = PQntuples(r.get()), cols = PQnfields(r.get());
    out.rows.reserve(static_cast<std::size_t>(rows));
    for (int i = 0; i < rows; ++i) {
      DbRow row;
      for (int c = 0; c < cols; ++c)
        row.values.emplace_back(PQgetvalue(r.get(), i, c), static_cast<std::size_t>(PQgetlength(r.get(), i, c)));
      out.rows.push_back(std::move(row));
    }
    const char* changed = PQcmdTuples(r.get());
    out.changed = changed && *changed ? std::atoll(changed) : 0;
    return out;
  }

  static bool reads_only(const std::string& sql) { return sql.rfind("SELECT ", 0) == 0; }

  struct Result {
    explicit Result(PGresult* r) : r_(r) {}
    ~Result() { PQclear(r_); }
    Result(const Result&) = delete;
    Result& operator=(const Result&) = delete;
    PGresult* get() const { return r_; }
    void reset(PGresult* r) {
      PQclear(r_);
      r_ = r;
    }
    PGresult* r_;
  };

  // NOTICEs ("relation already exists, skipping") are not errors: not written to stderr.
  void quiet() {
    PQsetNoticeProcessor(conn_, [](void*, const char*) {}, nullptr);
  }

  void check(PGresult* r, const std::string& sql) {
    const auto status = PQresultStatus(r);
    if (status == PGRES_COMMAND_OK || status == PGRES_TUPLES_OK) return;
    std::string msg = first_line(r ? PQresultErrorMessage(r) : PQerrorMessage(conn_));
    if (msg.empty()) msg = first_line(PQerrorMessage(conn_));
    if (PQstatus(conn_) != CONNECTION_OK)
      throw DbUnavailable("postgresql: connection lost: " + msg + " in " + sql.substr(0, 60));
    throw std::runtime_error("postgresql: " + msg + " in " + sql.substr(0, 60));
  }

  // After the server restarted or the network failed: a new connection (its prepared statements are gone),
  // but never in the middle of a transaction, whose statements died with the old one.
  void reconnect_if_lost() {
    if (PQstatus(conn_) == CONNECTION_OK) return;
    if (in_transaction_) throw DbUnavailable("postgresql: connection lost in a transaction");
    PQreset(conn_);
    prepared_.clear();
    if (PQstatus(conn_) != CONNECTION_OK)
      throw DbUnavailable("postgresql: cannot reconnect to " + redacted_db(url_) + ": " +
                               first_line(PQerrorMessage(conn_)));
    quiet();
  }

  const std::string& prepare(const std::string& sql) {
    auto it = prepared_.find(sql);
    if (it != prepared_.end()) return it->second;
    std::string name = "s" + std::to_string(++statements_);
    const std::string text = numbered(sql);
    auto send = [&] { return PQprepare(conn_, name.c_str(), text.c_str(), 0, nullptr); };
    Result r(send());
    if (PQresultStatus(r.get()) != PGRES_COMMAND_OK && PQstatus(conn_) != CONNECTION_OK && !in_transaction_) {
      reconnect_if_lost();  // only the preparation was sent: once more on a new connection
      r.reset(send());
    }
    check(r.get(), sql);
    return prepared_.emplace(sql, std::move(name)).first->second;
  }

  std::string url_;
  PGconn* conn_ = nullptr;
  bool in_transaction_ = false;
  int statements_ = 0;
  std::map<std::string, std::string, std::less<>> prepared_;
};

}  // namespace

std::unique_ptr<Db> open_postgresql(const std::string& url) { return std::make_unique<PostgresDb>(url); }

}  // namespace strat::server
