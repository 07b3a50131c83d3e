#include "server/login_throttle.hpp"

namespace strat::server {

namespace {
// Failures that have aged out are deleted every this many failures counted by this process, so that guessing
// from many addresses or at many names cannot grow the table without end.
constexpr std::size_t kSweepEvery = 256;
}  // namespace

std::int64_t LoginThrottle::wait_ms(Db& db, const std::string& key, std::int64_t now) const {
  // The last `limit_` failures in the window, newest first: with that many, the oldest of them sets the wait.
  const auto rows = db.run("SELECT at FROM login_failures WHERE kind=? AND subject=? AND at>? ORDER BY at DESC LIMIT " +
                               std::to_string(limit_),
                           {kind_, key, now - window_})
                        .rows;
  if (rows.size() < limit_) return 0;
  return rows.back().integer(0) + window_ - now;
}

void LoginThrottle::fail(Db& db, const std::string& key, std::int64_t now) {
  db.run("INSERT INTO login_failures (kind, subject, at) VALUES (?,?,?)", {kind_, key, now});
  if (++fails_since_sweep_ < kSweepEvery) return;
  fails_since_sweep_ = 0;
  db.run("DELETE FROM login_failures WHERE at<=?", {now - window_});
}

void LoginThrottle::clear(Db& db, const std::string& key) const {
  db.run("DELETE FROM login_failures WHERE kind=? AND subject=?", {kind_, key});
}

}  // namespace strat::server
