#pragma once
// Setups: a generator of varied, sensible armies (not uniform shuffles), and the start position from two
// setups. A setup is listed from the owner's point of view: index 0 = the owner's back-left square.
#include <array>
#include <string>
#include <vector>

#include "core/rng.hpp"
#include "games/stratego/state.hpp"

namespace strat::stratego {

// ranks[row*10 + col], row 0 = the owner's back row, col 0 = column a; 0 = empty (barrage).
using Setup = std::array<std::uint8_t, 40>;

// Learned from human setups (the Gravon database; priors.hpp, tools/stratego_priors.py): every piece is drawn onto a
// square with the frequency people put its rank there, the Flag on the back row and bombed in as often as theirs.
// Never walled in (below): a draw that is, is thrown away and drawn again, so the frequencies stay as they are. Never
// `previous` (the last setup handed out) again: not the same twice in a row.
Setup generate_setup(const Config& config, Rng& rng, const Setup* previous = nullptr);

// A movable piece is walled in when its own Bombs and Flag cut it off from the rest of the board: no path of
// squares free of them (empty squares and other own pieces count as free: those move away) leads from it to a
// lane exit, a front-row square with no lake ahead (columns a, b, e, f, i, j). Such a piece can never move
// unless an enemy Miner opens the wall. Returns the setup index of the first one, or -1 if there is none.
int walled_in(const Setup& s);
// The start position from a Red and a Blue setup (Blue's mirrored onto rows 10..7).
State start_position(const Config& config, const Setup& red, const Setup& blue);
// The same placement without the new-game check: for a world whose other army is placed later (the UCC
// adapter's barrage world, filled from the manager's first board).
State placed_setups(const Config& config, const Setup& red, const Setup& blue);
State random_start(const Config& config, Rng& rng);

}  // namespace strat::stratego
