#pragma once
// Failed logins counted per key (an account's case-folded name, or a client address) in a sliding window: past
// the limit, the key is refused until its oldest failure in the window ages out. In memory, per server process:
// a restart forgets the counts, and several servers on one PostgreSQL database each count their own.
#include <chrono>
#include <cstddef>
#include <cstdint>
#include <deque>
#include <string>
#include <unordered_map>

namespace strat::server {

class LoginThrottle {
 public:
  LoginThrottle(std::size_t limit, std::chrono::milliseconds window) : limit_(limit), window_(window.count()) {}

  // How long `key` must still wait (milliseconds, 0: it may try now).
  std::int64_t wait_ms(const std::string& key, std::int64_t now_ms);
  void fail(const std::string& key, std::int64_t now_ms);
  void clear(const std::string& key) { failures_.erase(key); }

 private:
  void drop_expired(std::int64_t now_ms);

  std::size_t limit_;
  std::int64_t window_;
  // The last `limit_` failures of each key, oldest first.
  std::unordered_map<std::string, std::deque<std::int64_t>> failures_;
  std::size_t fails_since_sweep_ = 0;
};

}  // namespace strat::server
