#pragma once
// A game's two clocks (docs/server.md, "Clocks across a restart"): the time each side has left and when the
// running side's turn began. Without a clock (initial 0) it keeps nothing and says nothing.
#include <array>
#include <cstdint>
#include <optional>

#include <nlohmann/json.hpp>

namespace strat::server {

class GameClock {
 public:
  GameClock(std::int64_t initial_ms, std::int64_t increment_ms)
      : initial_(initial_ms), increment_(increment_ms), remaining_{initial_ms, initial_ms} {}

  bool on() const { return initial_ > 0; }
  void start_turn(std::int64_t now) { turn_started_ = now; }
  // Both clocks after `seat` moves at `now`: its thinking time charged (never below 1 ms: a move that arrives in
  // time counts) and the increment added. The clocks themselves change only with commit, once the move is stored.
  std::array<std::int64_t, 2> after_move(int seat, std::int64_t now) const;
  void commit(const std::array<std::int64_t, 2>& remaining, std::int64_t now);
  // A stored move's clocks, replayed on restore.
  void set_remaining(std::int64_t red, std::int64_t blue) { remaining_ = {red, blue}; }
  // After a restart: `seat`, to move, is charged what it thought from `turn_start` until the server's last
  // heartbeat `alive` (the time the server was down is charged to nobody).
  void charge_until_stop(int seat, std::int64_t turn_start, std::optional<std::int64_t> alive);
  // Time `running` has left at `now` (nullopt without a clock or with nobody running).
  std::optional<std::int64_t> left(int running, std::int64_t now) const;
  void flag(int seat) { remaining_[static_cast<std::size_t>(seat)] = 0; }
  // {"remaining_ms", "running", "increment_ms", "initial_ms"}, or null without a clock.
  nlohmann::json to_json(int running, std::int64_t now) const;

 private:
  std::int64_t initial_, increment_;
  std::array<std::int64_t, 2> remaining_;
  std::int64_t turn_started_ = 0;
};

}  // namespace strat::server
