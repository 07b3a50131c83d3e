// PostgreSQL's Notices (notices.hpp). Sending: `SELECT pg_notify(channel, payload)` on a Db connection of its own,
// after the write it tells of was committed. Hearing: a libpq connection opened with PQconnectStart/PQconnectPoll and
// driven by the I/O thread's reactor (a posix::stream_descriptor on PQsocket), so that neither a slow database nor a
// lost one ever blocks the I/O thread. When the connection is lost it is opened again after kRetry, and every
// listener is called once listening is back (the notices sent meanwhile are lost).
#include <libpq-fe.h>

#include <boost/asio/post.hpp>
#include <boost/asio/posix/stream_descriptor.hpp>
#include <boost/asio/steady_timer.hpp>
#include <chrono>
#include <iostream>
#include <map>
#include <optional>

#include "core/text.hpp"
#include "server/db.hpp"
#include "server/db_engines.hpp"
#include "server/notices_postgresql.hpp"

namespace strat::server {
namespace {

namespace asio = boost::asio;
using Wait = asio::posix::descriptor_base::wait_type;

class PostgresNotices final : public Notices {
 public:
  static constexpr std::chrono::milliseconds kRetry{1000};

  PostgresNotices(asio::io_context& io, const std::string& url) : io_(io), url_(url), sender_(open_postgresql(url)) {
    asio::post(io_, [this, alive = alive_] {
      if (*alive) connect();
    });
  }
  ~PostgresNotices() override {
    *alive_ = false;
    close();
  }

  void notify(std::string_view channel, std::string_view payload) override {
    try {
      // The sender's process id, to know its own notices when they come back: it changes when Db reconnects.
      const auto r =
          sender_->run("SELECT pg_backend_pid(), pg_notify(?, ?)", {std::string(channel), std::string(payload)});
      sender_pid_ = static_cast<int>(r.rows.at(0).integer(0));
    } catch (const std::exception& e) {
      std::cerr << "strat serve: notice " << channel << " not sent: " << strat::one_line(e.what()) << "\n";
    }
  }

  void listen(std::string_view channel, std::function<void(std::string_view)> heard) override {
    handlers_.emplace(std::string(channel), std::move(heard));
  }

  bool listening() const override { return listening_; }

 private:
  void connect() {
    const char* keys[] = {"dbname", "application_name", nullptr};
    const char* values[] = {url_.c_str(), "strat-notices", nullptr};
    conn_ = PQconnectStartParams(keys, values, 1);
    if (!conn_ || PQstatus(conn_) == CONNECTION_BAD) return lost();
    step(PGRES_POLLING_WRITING);  // as libpq's documentation says to begin
  }

  // One step of the connection's handshake: wait until its socket is ready as PQconnectPoll asked, then poll again.
  void step(PostgresPollingStatusType want) {
    if (want == PGRES_POLLING_OK) return subscribe();
    if (want == PGRES_POLLING_FAILED) return lost();
    // The socket may change between steps (libpq tries the next address), even to a new one under the same number:
    // watched anew each time.
    release();
    watch(want == PGRES_POLLING_READING ? Wait::wait_read : Wait::wait_write, [this] { step(PQconnectPoll(conn_)); });
  }

  void subscribe() {
    std::string sql;
    for (const auto& [channel, heard] : handlers_) sql += "LISTEN \"" + channel + "\";";
    if (sql.empty()) sql = "SELECT 1";
    if (PQsetnonblocking(conn_, 1) != 0 || !PQsendQuery(conn_, sql.c_str())) return lost();
    subscribing_ = true;
    flush();
  }

  void flush() {
    const int left = PQflush(conn_);
    if (left < 0) return lost();
    if (left > 0) return watch(Wait::wait_write, [this] { flush(); });
    read();
  }

  void read() {
    watch(Wait::wait_read, [this] {
      if (!PQconsumeInput(conn_)) return lost();
      while (!PQisBusy(conn_)) {
        PGresult* r = PQgetResult(conn_);
        if (!r) {
          if (subscribing_) heard_again();
          break;
        }
        const bool ok = PQresultStatus(r) == PGRES_COMMAND_OK || PQresultStatus(r) == PGRES_TUPLES_OK;
        PQclear(r);
        if (!ok) return lost();
      }
      while (PGnotify* n = PQnotifies(conn_)) {
        const std::string channel = n->relname, payload = n->extra;
        const bool own = n->be_pid == sender_pid_;
        PQfreemem(n);
        if (!own) deliver(channel, payload);
      }
      if (*alive_ && conn_) read();
    });
  }

  void heard_again() {
    subscribing_ = false;
    listening_ = true;
    if (failures_ > 0) std::cerr << "strat serve: notices: listening again\n";
    failures_ = 0;
    for (const auto& [channel, heard] : handlers_) call(channel, heard, "");
  }

  void deliver(const std::string& channel, const std::string& payload) {
    const auto [from, to] = handlers_.equal_range(channel);
    for (auto it = from; it != to; ++it) call(channel, it->second, payload);
  }

  static void call(const std::string& channel, const std::function<void(std::string_view)>& heard,
                   const std::string& payload) {
    try {
      heard(payload);
    } catch (const std::exception& e) {
      std::cerr << "strat serve: notice " << channel << ": " << strat::one_line(e.what()) << "\n";
    }
  }

  // Calls `then` once the connection's socket is ready; a handler of an earlier socket or connection is dropped.
  template <class F>
  void watch(Wait type, F then) {
    const int fd = PQsocket(conn_);
    if (fd < 0) return lost();
    if (socket_ && socket_->native_handle() != fd) release();
    if (!socket_) socket_.emplace(io_, fd);
    socket_->async_wait(type, [this, alive = alive_, generation = generation_,
                               then](const boost::system::error_code& ec) {
      if (!*alive || generation != generation_) return;
      if (ec) return lost();
      then();
    });
  }

  // The descriptor belongs to libpq: asio stops watching it without closing it.
  void release() {
    if (!socket_) return;
    ++generation_;
    socket_->release();
    socket_.reset();
  }

  void close() {
    release();
    if (conn_) PQfinish(conn_);
    conn_ = nullptr;
  }

  void lost() {
    std::string why = conn_ ? PQerrorMessage(conn_) : "out of memory";
    why = strat::one_line(why.substr(0, why.find('\n')));
    close();
    listening_ = subscribing_ = false;
    // Said once per outage, not at every try.
    if (failures_++ == 0)
      std::cerr << "strat serve: notices: " << (why.empty() ? "connection lost" : why) << "; trying again every "
                << kRetry.count() << " ms\n";
    retry_.expires_after(kRetry);
    retry_.async_wait([this, alive = alive_](const boost::system::error_code& ec) {
      if (!ec && *alive) connect();
    });
  }

  asio::io_context& io_;
  std::string url_;
  std::unique_ptr<Db> sender_;
  int sender_pid_ = 0;
  std::multimap<std::string, std::function<void(std::string_view)>, std::less<>> handlers_;
  PGconn* conn_ = nullptr;
  std::optional<asio::posix::stream_descriptor> socket_;
  unsigned generation_ = 0;
  bool subscribing_ = false, listening_ = false;
  int failures_ = 0;
  asio::steady_timer retry_{io_};
  std::shared_ptr<bool> alive_ = std::make_shared<bool>(true);
};

}  // namespace

std::unique_ptr<Notices> open_postgresql_notices(asio::io_context& io, const std::string& url) {
  return std::make_unique<PostgresNotices>(io, url);
}

}  // namespace strat::server
