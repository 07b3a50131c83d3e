#include "server/strengths.hpp"

#include <iterator>

#include "server/room_text.hpp"

namespace strat::server {

namespace {

// Thinking time per move in milliseconds, in kStrengths' order; 0: random legal moves.
constexpr int kThinkingMs[] = {0, 300, 1500, 5000};

}  // namespace

int strength_rank(const std::string& strength) {
  int k = 0;
  while (k < static_cast<int>(std::size(kStrengths)) && strength != kStrengths[k]) ++k;
  return k;
}

std::string strength_agent(const GameInfo& game, const std::string& strength) {
  const std::string own = room_text::default_agent(game);
  const int k = strength_rank(strength);
  if (k >= static_cast<int>(std::size(kStrengths))) return "";
  if (kThinkingMs[k] == 0 || own == "random") return "random";
  return own + ":time=" + std::to_string(kThinkingMs[k]);
}

std::optional<std::string> strength_of(const GameInfo& game, const std::string& agent) {
  for (const char* s : kStrengths)
    if (strength_agent(game, s) == agent) return s;
  return std::nullopt;
}

}  // namespace strat::server
