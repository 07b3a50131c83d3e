// Static evaluation: material plus how exposed each Flag is.
#include <algorithm>
#include <cmath>

#include "games/stratego_cards/state.hpp"

namespace strat::stratego_cards {

namespace {

// Worth of a card by code. The Spy and the Miner are worth more than their rank because each has a target
// (the Marshal, the Bombs); the Flag is worth nothing as material, it is scored by exposure below.
constexpr std::array<double, kCardCodes> kWorth = {0, 3.0, 1.5, 3.0, 2.5, 3.0, 4.0, 5.0, 6.0, 8.0, 10.0, 2.0, 0};

double material(const Side& s) {
  Counts n = s.in_play();
  double m = 0;
  for (int c = 1; c < kCardCodes; ++c) m += kWorth[c] * n[c];
  return m;
}

// 0 when the Flag is out of reach (pile), rising as it gets closer to being attacked.
double flag_exposure(const Side& s) {
  int hidden = 0;  // face-down cards the opponent has not seen: the Flag hides among them
  for (int i = 0; i < kSlots; ++i) hidden += s.line[i] != kEmpty && !(s.line_flags[i] & (kPublic | kSeen));
  for (int i = 0; i < kSlots; ++i)
    if (s.line[i] == kFlag) return (s.line_flags[i] & (kPublic | kSeen)) ? 1.0 : 0.2 + 0.6 / hidden;
  for (int i = 0; i < s.hand_n; ++i)
    if (s.hand[i] == kFlag) return s.pile_n == 0 ? 0.3 : 0.1;
  return 0;
}

// K-12 danger: a side whose line holds one attacker loses at its next act step if that card falls.
double line_danger(const Side& s) {
  int attackers = 0;
  for (Card c : s.line) attackers += can_attack(c);
  return attackers == 0 ? 1.0 : attackers == 1 ? 0.5 : attackers == 2 ? 0.15 : 0.0;
}

}  // namespace

double State::evaluate(int player) const {
  if (outcome_.over()) return outcome_.score_for(player);
  const Side& me = sides_[player];
  const Side& them = sides_[player ^ 1];
  const double mine = material(me), theirs = material(them);
  double score = 3.0 * (mine - theirs) / (mine + theirs + 1.0);
  score += 0.5 * (flag_exposure(them) - flag_exposure(me));
  score += 0.5 * (line_danger(them) - line_danger(me));
  return std::tanh(score);
}

}  // namespace strat::stratego_cards
