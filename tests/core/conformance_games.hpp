#pragma once
// The State of every board game, for the conformance suite (conformance_test.cpp). The build writes the list
// (generated/game_states.hpp) from the folders of src/games/ that have a board_game.hpp, so a new game is tested
// without editing anything outside its folder; RegistryCoverage (conformance_coverage_test.cpp) fails, naming
// the game, if a registered game's folder lacks board_game.hpp.
#include <gtest/gtest.h>

#include "game_states.hpp"

namespace conformance {

using AllGameStates = ::testing::Types<STRAT_GAME_STATES>;

}  // namespace conformance
