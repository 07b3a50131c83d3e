#include "game.hpp"

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
  const auto nl = text.find('\n');
  auto state = spec.info->encode(*spec.load(text.substr(0, nl)));
  if (nl != std::string_view::npos) {
    std::istringstream in{std::string(text.substr(nl + 1))};
    std::string word;
    in >> word;
    if (word != "pending") bad_input("expected 'pending' after the position, got '" + word + "'");
    int token = 0;
    while (in >> token) state->apply_action(token);
  }
  return state;
}

std::string serialize(const EncodedState& s) {
  std::string out = s.any().position();
  if (!s.pending().empty()) {
    out += "\npending";
    for (int t : s.pending()) out += " " + std::to_string(t);
  }
  return out;
}

}  // namespace strat::pyapi
