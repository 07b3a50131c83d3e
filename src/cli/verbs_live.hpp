#pragma once
// `strat live`: the live team game's helpers (printable card sheets, the card-set table, checking a stored
// game log). The live game is not a turn-based board game, so it has its own verb instead of the registry's.
namespace strat::cli {

// Adds `strat live` through add_verb_installer (called from main before run).
void install_live_verb();

}  // namespace strat::cli
