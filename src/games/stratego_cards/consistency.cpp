// State::inconsistency(): every card of each deck is somewhere (line, hand, pile, or removed for good) at
// most once, and the counters stay in range. Called by the conformance suite after every move and by
// STRAT_ASSERT in checked builds.
#include "games/stratego_cards/state.hpp"

namespace strat::stratego_cards {

std::string State::inconsistency() const {
  for (int p = 0; p < 2; ++p) {
    const Side& s = sides_[p];
    if (s.hand_n > kHandMax) return "a hand beyond its size";
    if (s.pile_n > kDeckSize) return "a pile beyond the deck";
    const Counts n = s.in_play();
    for (int c = 1; c < kCardCodes; ++c)
      if (n[c] > kDeck[c]) return "more copies of card " + card_text(static_cast<Card>(c)) + " than the deck has";
    for (int i = 0; i < s.hand_n; ++i)
      if (s.hand[i] == kEmpty || s.hand[i] >= kCardCodes) return "an empty or bad card in hand";
    for (int i = 1; i < s.hand_n; ++i)
      if (s.hand[i - 1] > s.hand[i] || (s.hand[i - 1] == s.hand[i] && s.hand_flags[i - 1] > s.hand_flags[i]))
        return "a hand out of order";
    for (int i = 0; i < s.pile_n; ++i)
      if (s.pile[i] == kEmpty || s.pile[i] >= kCardCodes) return "an empty or bad card in the pile";
    for (int i = 0; i < kSlots; ++i) {
      if (s.line[i] >= kCardCodes) return "a bad card on the line";
      if (s.line[i] == kEmpty && s.line_flags[i] != 0) return "flags on an empty slot";
    }
  }
  if (mover_ > 1) return "no side to move";
  // The turn count may come from a position string (any count); plies are at least the turns.
  if (turns_ < 0 || ply_ < turns_) return "the turn count is out of range";
  return "";
}

}  // namespace strat::stratego_cards
