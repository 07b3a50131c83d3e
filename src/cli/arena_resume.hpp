#pragma once
// `strat arena --save DIR --resume`: an arena stopped part way (a killed run, a machine gone) goes on where it
// stopped. A game whose record is already in DIR is read back instead of played again, after checking that it is this
// arena's game (the game, its seed, who played which side) and that its moves replay to its result (docs/cli.md).
#include <cstdint>
#include <filesystem>
#include <optional>
#include <string>

#include "cli/match.hpp"

namespace strat::cli {

// The saved game in `file`, or nothing when there is no such file. `players` are the names the record must give each
// side (player 0 first), `first_agent_player` the side the pair's first agent played. Throws BadInput, one line naming
// the file, for a record that is another game's or does not replay.
std::optional<GameResult> saved_game(const std::filesystem::path& file, const GameSpec& spec, std::uint64_t seed,
                                     const std::string players[2], int first_agent_player);

}  // namespace strat::cli
