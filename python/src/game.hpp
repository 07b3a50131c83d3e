#pragma once
// The objects behind the Python classes Game and State: a parsed game spec and an encoded state of it.
#include <cstdint>
#include <memory>
#include <string>
#include <vector>

#include "core/encoding.hpp"
#include "core/registry.hpp"
#include "core/rng.hpp"

namespace strat::pyapi {

struct Game {
  GameSpec spec;
  std::string text;                        // canonical spec, e.g. "stratego:barrage"
  std::unique_ptr<EncodedState> prototype;  // a start position: sizes and shapes
  Rng seeds;                               // seeds of new_initial_state() when none is given

  explicit Game(std::string_view spec_text);
  // A new game from `seed` (dealt starts, Stratego setups; ignored by games with a fixed start).
  std::unique_ptr<EncodedState> new_state(std::uint64_t seed) const;
  // A state from a serialize() text: the start position string, a line "move M" per move played, then an
  // optional line "pending A B ..." (actions of a move not yet complete).
  std::unique_ptr<EncodedState> deserialize(std::string_view text) const;
};

std::string serialize(const EncodedState& s);

// An agent of the CLI behind action ids: it chooses whole moves and hands out their actions one by one, so that a
// move of several actions is played out in full (the stop action where a longer move shares the prefix).
struct Agent {
  std::shared_ptr<Game> game;
  std::unique_ptr<AnyAgent> agent;
  std::vector<int> plan;
  // The next action for the player to move in `s`; call without the GIL (the agent may search for a while).
  int step(const EncodedState& s);
};

}  // namespace strat::pyapi
