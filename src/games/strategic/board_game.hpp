#pragma once
// The game's State, as the build finds it: a folder with this header is a board game of the registry, and
// the conformance suite (tests/core/) runs over strat::strategic::State with no list to edit.
#include "games/strategic/state.hpp"
