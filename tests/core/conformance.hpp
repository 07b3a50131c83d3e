#pragma once
// Helpers of the conformance suite: finding a concrete state type's game in the registry, and the specs
// (game plus each variant) its checks run over.
#include <memory>
#include <string>
#include <vector>

#include "core/any_state.hpp"
#include "core/registry.hpp"

namespace conformance {

// Whether `g` builds states of type S: the registry knows games by name only, so the type is read back from a
// state it makes.
template <class S>
bool builds(const strat::GameInfo& g) {
  const auto any = g.new_game(strat::Options{}, 1);
  return dynamic_cast<const strat::StateAdapter<S>*>(any.get()) != nullptr;
}

template <class S>
const strat::GameInfo* game_of() {
  for (const auto& g : strat::Registry::global().games())
    if (builds<S>(g)) return &g;
  return nullptr;
}

// "dhamet", "dhamet:huffing", "strata7", "stratego:barrage,setup=actions", ...: every variant and mode.
inline std::vector<std::string> specs_of(const strat::GameInfo& g) { return g.specs(); }

}  // namespace conformance
