#include "server/game_clock.hpp"

#include <algorithm>

namespace strat::server {

std::array<std::int64_t, 2> GameClock::after_move(int seat, std::int64_t now) const {
  auto r = remaining_;
  if (on()) {
    auto& mine = r[static_cast<std::size_t>(seat)];
    mine = std::max<std::int64_t>(1, mine - (now - turn_started_)) + increment_;
  }
  return r;
}

void GameClock::commit(const std::array<std::int64_t, 2>& remaining, std::int64_t now) {
  remaining_ = remaining;
  turn_started_ = now;
}

void GameClock::charge_until_stop(int seat, std::int64_t turn_start, std::optional<std::int64_t> alive) {
  if (!on() || turn_start <= 0 || !alive || *alive <= turn_start) return;
  auto& left = remaining_[static_cast<std::size_t>(seat)];
  left = std::max<std::int64_t>(0, left - (*alive - turn_start));
}

std::optional<std::int64_t> GameClock::left(int running, std::int64_t now) const {
  if (!on() || running < 0) return std::nullopt;
  return remaining_[static_cast<std::size_t>(running)] - (now - turn_started_);
}

nlohmann::json GameClock::to_json(int running, std::int64_t now) const {
  if (!on()) return nullptr;
  auto r = remaining_;
  if (running >= 0) r[static_cast<std::size_t>(running)] = std::max<std::int64_t>(0, *left(running, now));
  return {{"remaining_ms", {r[0], r[1]}}, {"running", running}, {"increment_ms", increment_}, {"initial_ms", initial_}};
}

}  // namespace strat::server
