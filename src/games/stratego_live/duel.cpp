#include "games/stratego_live/duel.hpp"

#include "core/error.hpp"
#include "games/stratego_live/cards.hpp"

namespace strat::live {

namespace {
std::string label(int r) { return r == kBomb ? "Bomb" : rank_name(r) + " (" + rank_code(r) + ")"; }
}  // namespace

DuelVerdict resolve_duel(int tagger, int tagged) {
  if (!valid_rank(tagger) || !valid_rank(tagged)) bad_input("a duel needs two cards");
  if (tagger == kBomb) bad_input("a Bomb may walk but never tags");  // L-06
  if (tagged == kBomb) {
    if (tagger == kMiner) return {DuelWinner::kTagger, "Miner defuses the Bomb"};
    return {DuelWinner::kTagged, "Bomb beats " + label(tagger) + ", who tagged it"};
  }
  if (tagger == tagged) return {DuelWinner::kBoth, "equal ranks: exchange cards"};
  if (tagger == kSpy && tagged == kMarshal) return {DuelWinner::kTagger, "Spy beats Marshal"};
  if (tagger == kMarshal && tagged == kSpy) return {DuelWinner::kTagged, "Spy beats Marshal, even when tagged"};
  if (tagger > tagged) return {DuelWinner::kTagger, label(tagger) + " beats " + label(tagged)};
  return {DuelWinner::kTagged, label(tagged) + " beats " + label(tagger)};
}

}  // namespace strat::live
