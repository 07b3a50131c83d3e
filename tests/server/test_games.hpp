#pragma once
// Two tiny games registered only in the server tests, so the server is tested through the registry exactly
// as it serves the real games, without depending on any of them:
//  - "secrets": hidden information with setups. Each player places three secret words (setup "w1,w2,w3",
//    words from its own list); a move "hit N" (N = 1..3) reveals both players' N-th words, which is public from
//    then on; after six plies the player whose revealed words are longer in total wins. Each player's view
//    shows its own words and only the revealed enemy words.
//  - "nim": perfect information, a pile of 7, take 1 or 2 ("take1"/"take2"), taking the last one wins.
#include <cstdint>
#include <map>
#include <string>
#include <vector>

#include "server/store.hpp"

namespace strat::server_test {

// Words player 0 and player 1 may place; no word of one list is part of any word of the other list or of any
// protocol text, so finding one in a message means it leaked.
const std::vector<std::string>& secret_words(int player);
void register_test_games();

// A game written straight into the store, as the server would have stored it, to be restored by a Hub or a
// Room: `spec` from `position` (a position string of the game), then `moves` in order; `result` (the stored
// JSON of an ending outside the rules, or "") ends it. Mode "computer": seat 0 human, seat 1 plays `agent`.
// Returns the game's id and its tokens by role: "seat0"/"seat1" for human seats, "watch0", "watch1" (each
// seat's view) and "watch" (everything).
struct StoredTestGame {
  std::string id;
  std::map<std::string, std::string> tokens;
};
// A Stratego field (S-03: index 0 = a1, ..., j10; 'A' empty, '_' lake) holding `pieces` (square -> letter:
// Red C..L Spy..Marshal, B Bomb, M Flag; Blue O..X, N Bomb, Y Flag).
std::string stratego_field(const std::map<std::string, char>& pieces);

StoredTestGame store_game(server::Store& store, const std::string& spec, const std::string& mode,
                          const std::string& position, const std::vector<std::string>& moves,
                          const std::string& result, std::uint64_t seed, const std::string& agent = "random");

}  // namespace strat::server_test
