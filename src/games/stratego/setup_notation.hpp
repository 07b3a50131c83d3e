#pragma once
// The setup notation of the web platform (docs/games/stratego.md, "Setups"): one player's four rows as 40
// Gravon letters in board order (Red: a1..j1, a2..j4; Blue: a7..j7 .. a10..j10), 'A' for an empty square.
// It lets the server run the setup phase through GameInfo::random_setup / from_setups without knowing the game.
// Also declares Stratego's moves and events public whole (GameInfo::public_part).
#include "core/registry.hpp"

#include "games/stratego/setup.hpp"

namespace strat::stratego {
void add_setup_hooks(GameInfo& info);
// `player`'s setup `s` in the setup notation.
std::string setup_letters(const Config& config, const Setup& s, int player);
}  // namespace strat::stratego
