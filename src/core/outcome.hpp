#pragma once
// The result of a game. Kept trivially copyable so that terminal checks in playouts cost nothing.
#include <cstdint>
#include <string>

namespace strat {

enum class Status : std::uint8_t { Ongoing, Win, Draw };

struct Outcome {
  Status status = Status::Ongoing;
  std::int8_t winner = -1;        // 0 or 1 when status == Win
  const char* reason = "";        // static text: "flag", "no-moves", "ply-limit", "resign", ...

  static Outcome ongoing() { return {}; }
  static Outcome win(int player, const char* why) { return {Status::Win, static_cast<std::int8_t>(player), why}; }
  static Outcome draw(const char* why) { return {Status::Draw, -1, why}; }

  bool over() const { return status != Status::Ongoing; }
  // +1 if `player` won, -1 if lost, 0 for a draw (or an unfinished game).
  int score_for(int player) const {
    if (status != Status::Win) return 0;
    return winner == player ? 1 : -1;
  }
};

}  // namespace strat
