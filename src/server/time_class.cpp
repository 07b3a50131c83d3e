#include "server/time_class.hpp"

namespace strat::server {

std::string time_class(std::int64_t initial_ms, std::int64_t increment_ms) {
  if (initial_ms <= 0) return "";
  constexpr std::int64_t kMinute = 60'000;
  const std::int64_t estimate = initial_ms + 40 * increment_ms;
  if (estimate < 3 * kMinute) return "bullet";
  if (estimate < 8 * kMinute) return "blitz";
  if (estimate < 25 * kMinute) return "rapid";
  return "classical";
}

bool valid_time_class(const std::string& name) {
  return name == "bullet" || name == "blitz" || name == "rapid" || name == "classical";
}

}  // namespace strat::server
