#pragma once
// The game's State and its Info, as the build finds them: a folder with this header is a board game of the
// registry, and the conformance suite (tests/core/) runs over strat::stratego::State with no list to edit.
#include "games/stratego/info.hpp"
#include "games/stratego/state.hpp"
