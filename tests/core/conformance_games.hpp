#pragma once
// The state type of every registered game, for the conformance suite (conformance_test.cpp). A new game adds
// its State here and nowhere else in tests/core; RegistryCoverage (conformance_coverage_test.cpp) fails until
// it does, naming the game.
#include <gtest/gtest.h>

#include "games/dhamet/state.hpp"
#include "games/strata7/state.hpp"
#include "games/strategic/state.hpp"
#include "games/stratego/info.hpp"
#include "games/stratego/state.hpp"
#include "games/stratego_cards/state.hpp"

namespace conformance {

using AllGameStates = ::testing::Types<strat::dhamet::DhametState, strat::strata7::State, strat::strategic::State,
                                       strat::stratego::State, strat::cards::State>;

}  // namespace conformance
