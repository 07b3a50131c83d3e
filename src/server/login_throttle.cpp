#include "server/login_throttle.hpp"

namespace strat::server {

namespace {
// Keys whose failures have all aged out are dropped every this many failures, so that guessing from many
// addresses or at many names cannot grow the table without end.
constexpr std::size_t kSweepEvery = 4096;
}  // namespace

std::int64_t LoginThrottle::wait_ms(const std::string& key, std::int64_t now) {
  auto it = failures_.find(key);
  if (it == failures_.end()) return 0;
  auto& times = it->second;
  while (!times.empty() && times.front() + window_ <= now) times.pop_front();
  if (times.size() < limit_) return 0;
  return times.front() + window_ - now;
}

void LoginThrottle::fail(const std::string& key, std::int64_t now) {
  auto& times = failures_[key];
  times.push_back(now);
  while (times.size() > limit_) times.pop_front();
  if (++fails_since_sweep_ >= kSweepEvery) drop_expired(now);
}

void LoginThrottle::drop_expired(std::int64_t now) {
  fails_since_sweep_ = 0;
  for (auto it = failures_.begin(); it != failures_.end();) {
    if (it->second.empty() || it->second.back() + window_ <= now)
      it = failures_.erase(it);
    else
      ++it;
  }
}

}  // namespace strat::server
