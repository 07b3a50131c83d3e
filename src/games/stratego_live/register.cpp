// The live team game is not registered as a board game: it has no turns, no moves for an agent to search and
// no position string, so `legal`, `apply`, `selfplay` and `perft` have nothing to work on, and listing it in
// `strat games` would promise them. It is used through its own API (game.hpp, for the server's live games)
// and the `strat live` verb (printable card sheets, L-20). CMake still calls this function for the folder.
#include "core/registry.hpp"

namespace strat {

void register_stratego_live(Registry&) {}

}  // namespace strat
