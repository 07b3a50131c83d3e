#pragma once
// The game's State, as the build finds it: a folder with this header is a board game of the registry, and
// the conformance suite (tests/core/) runs over strat::strata7::State with no list to edit.
#include "games/strata7/state.hpp"
