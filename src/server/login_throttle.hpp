#pragma once
// Failed logins counted per key (an account's case-folded name, or a client address) in a sliding window: past
// the limit, the key is refused until its oldest failure in the window ages out. The failures are rows of the
// database (table `login_failures`, migration component "accounts"), so every server sharing one database counts
// the same failures: guesses spread over several servers meet one limit, and a restart forgets nothing.
#include <chrono>
#include <cstddef>
#include <cstdint>
#include <string>

#include "server/db.hpp"

namespace strat::server {

class LoginThrottle {
 public:
  // `kind` keeps apart the keys of two throttles in one table ("name", "address").
  LoginThrottle(std::string kind, std::size_t limit, std::chrono::milliseconds window)
      : kind_(std::move(kind)), limit_(limit), window_(window.count()) {}

  // How long `key` must still wait (milliseconds, 0: it may try now).
  std::int64_t wait_ms(Db& db, const std::string& key, std::int64_t now_ms) const;
  void fail(Db& db, const std::string& key, std::int64_t now_ms);
  void clear(Db& db, const std::string& key) const;

 private:
  std::string kind_;
  std::size_t limit_;
  std::int64_t window_;
  std::size_t fails_since_sweep_ = 0;
};

}  // namespace strat::server
