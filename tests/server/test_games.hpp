#pragma once
// Two tiny games registered only in the server tests, so the server is tested through the registry exactly
// as it serves the real games, without depending on any of them:
//  - "secrets": hidden information with setups. Each player places three secret words (setup "w1,w2,w3",
//    words from its own list); a move "hit N" (N = 1..3) reveals both players' N-th words, which is public from
//    then on; after six plies the player whose revealed words are longer in total wins. Each player's view
//    shows its own words and only the revealed enemy words.
//  - "nim": perfect information, a pile of 7, take 1 or 2 ("take1"/"take2"), taking the last one wins.
#include <string>
#include <vector>

namespace strat::server_test {

// Words player 0 and player 1 may place; no word of one list is part of any word of the other list or of any
// protocol text, so finding one in a message means it leaked.
const std::vector<std::string>& secret_words(int player);
void register_test_games();

}  // namespace strat::server_test
