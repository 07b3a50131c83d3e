#pragma once
// Duel resolution (L-04..L-07): pure function of the two cards and of who tagged whom. Who tagged matters
// only for the Bomb, which never tags (L-06); the Spy beats the Marshal both ways (L-07), unlike the board
// game where the Spy must strike first.
#include <string>

namespace strat::live {

enum class DuelWinner { kTagger, kTagged, kBoth /* equal ranks: exchange (L-05) */ };

struct DuelVerdict {
  DuelWinner winner;
  std::string reason;  // one short phrase for the big verdict screen: "Spy beats Marshal", "8 beats 5"
};

// Throws BadInput when the duel cannot happen: a card is missing or invalid, or the tagger holds a Bomb.
DuelVerdict resolve_duel(int tagger_rank, int tagged_rank);

}  // namespace strat::live
