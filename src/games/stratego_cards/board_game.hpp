#pragma once
// The game's State, as the build finds it: a folder with this header is a board game of the registry, and
// the conformance suite (tests/core/) runs over strat::stratego_cards::State with no list to edit.
#include "games/stratego_cards/state.hpp"
