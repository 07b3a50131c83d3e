#include "game.hpp"

#include <algorithm>
#include <sstream>

#include "core/error.hpp"

namespace strat::pyapi {

Game::Game(std::string_view spec_text) : spec(GameSpec::parse(spec_text)), text(spec.to_string()), seeds(0) {
  if (!spec.info->encode) bad_input("game " + spec.info->name + " has no action encoding");
  prototype = new_state(0);
}

std::unique_ptr<EncodedState> Game::new_state(std::uint64_t seed) const {
  return spec.info->encode(*spec.new_game(seed));
}

std::unique_ptr<EncodedState> Game::deserialize(std::string_view text) const {
  std::istringstream in{std::string(text)};
  std::string line;
  std::getline(in, line);
  auto state = spec.info->encode(*spec.load(line));
  while (std::getline(in, line)) {
    if (line.rfind("move ", 0) == 0) {
      // The move's actions up to the one that completes it (as the state decided when it was played).
      if (!state->pending().empty()) bad_input("a move line after an incomplete move");
      const std::vector<int> tokens = state->move_tokens(line.substr(5));
      std::size_t i = 0;
      do {
        state->apply_action(i < tokens.size() ? tokens[i] : state->stop_action());
        ++i;
      } while (!state->pending().empty());
    } else if (line.rfind("pending", 0) == 0) {
      std::istringstream ids(line.substr(7));
      int token = 0;
      while (ids >> token) state->apply_action(token);
    } else if (!line.empty()) {
      bad_input("expected 'move M' or 'pending A B...' after the start position, got '" + line + "'");
    }
  }
  return state;
}

// The start position, one line per move played since, and the actions of a move not yet complete: replaying
// them rebuilds the state exactly (draw counters and repetition history included).
std::string serialize(const EncodedState& s) {
  std::string out = s.start_position();
  for (const auto& m : s.move_history()) out += "\nmove " + m;
  if (!s.pending().empty()) {
    out += "\npending";
    for (int t : s.pending()) out += " " + std::to_string(t);
  }
  return out;
}

int Agent::step(const EncodedState& s) {
  if (s.terminal()) bad_input("the game is over");
  const auto& pending = s.pending();
  const bool follows = !pending.empty() && plan.size() >= pending.size() &&
                       std::equal(pending.begin(), pending.end(), plan.begin());
  if (!follows) {
    if (!pending.empty()) bad_input("the state is in the middle of a move this agent did not choose");
    plan = s.move_tokens(agent->choose(s.any()));
  }
  if (pending.size() < plan.size()) return plan[pending.size()];
  return s.stop_action();  // the move ends here while another legal move goes on
}

}  // namespace strat::pyapi
