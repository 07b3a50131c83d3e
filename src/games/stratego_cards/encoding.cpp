#include "games/stratego_cards/encoding.hpp"

namespace strat::stratego_cards {

// A game is at most draw_turns turns (K-13) after both preparations (5 placements each); a turn is one act
// and at most 5 placements (a refill, or a re-preparation after a Flag reveal, K-04 d).
int Encoding::max_game_length(const State& s) {
  const int turns = s.config().draw_turns;
  return turns > 0 ? 10 + turns * 6 : -1;
}

std::string Encoding::action_name(const State&, int action) {
  auto slot = [](int i) { return std::to_string(i + 1); };
  if (action >= kActAttack && action < kActSpy) return "a" + slot(action / 5) + "x" + slot(action % 5);
  if (action >= kActSpy && action < kActScout) return "spy" + slot(action - kActSpy);
  if (action >= kActScout && action < kActFlag) {
    const int i = action - kActScout, second = i % 6;
    return "scout" + slot(i / 30) + ":" + slot(i / 6 % 5) + (second == 5 ? "" : "," + slot(second));
  }
  if (action >= kActFlag && action < kActPlace) return "flag" + slot(action - kActFlag);
  if (action >= kActPlace && action < kActions) {
    const int i = action - kActPlace;
    return "place " + slot(i / 12) + "=" + card_text(static_cast<Card>(i % 12 + 1));
  }
  return "action " + std::to_string(action);
}

// Layout (docs/python.md); counts are fractions of the deck's copies of that card (K-01).
//   0   own line: 5 slots x [13 card codes (0 = empty), face up, seen by the opponent]      75
//   75  own hand: count per card 1..12; 87 of them seen by the opponent (Spy)               24
//   99  own pile: count per card 1..12 (its order is hidden from its owner too)             12
//   111 opponent line: 5 slots x [empty, unknown, 12 cards, face up, seen by the observer]  80
//   191 opponent hand cards the observer has seen (Spy), per card                           12
//   203 opponent hand size / 8, 204 opponent pile size / 23                                 2
//   205 cards out of the game per card: own 205, opponent 217                               24
//   229 phase one-hot (setup, act, refill), 232 observer to move, 233 observer is Red,
//   234 turns / draw limit                                                                  6
void Encoding::observe(const State& s, int player, std::span<const int>, float* out) {
  const Info in = s.info(player);
  auto frac = [](int n, Card c) { return kDeck[c] ? float(n) / kDeck[c] : 0.0f; };
  for (int i = 0; i < kSlots; ++i) {
    float* slot = out + i * 15;
    slot[in.own_line[i]] = 1;
    if (in.own_line[i] != kEmpty) {
      if (in.own_line_flags[i] & kPublic) slot[13] = 1;
      if (in.own_line_flags[i] & kSeen) slot[14] = 1;
    }
  }
  for (int i = 0; i < in.own_hand_n; ++i) {
    const Card c = in.own_hand[i];
    out[75 + c - 1] += frac(1, c);
    if (in.own_hand_flags[i] & kSeen) out[87 + c - 1] += frac(1, c);
  }
  for (Card c = 1; c < kCardCodes; ++c) out[99 + c - 1] = frac(in.own_pile[c], c);
  for (int i = 0; i < kSlots; ++i) {
    float* slot = out + 111 + i * 16;
    const Card c = in.opp_line[i];
    if (c == kEmpty) slot[0] = 1;
    else if (c == Info::kUnknown) slot[1] = 1;
    else {
      slot[1 + c] = 1;
      if (in.opp_line_flags[i] & kPublic) slot[14] = 1;
      if (in.opp_line_flags[i] & kSeen) slot[15] = 1;
    }
  }
  for (int i = 0; i < in.opp_hand_known_n; ++i) out[191 + in.opp_hand_known[i] - 1] += frac(1, in.opp_hand_known[i]);
  out[203] = in.opp_hand_n / float(kHandMax);
  out[204] = in.opp_pile_n / float(kDeckSize);
  for (Card c = 1; c < kCardCodes; ++c) {
    out[205 + c - 1] = frac(in.removed[player][c], c);
    out[217 + c - 1] = frac(in.removed[player ^ 1][c], c);
  }
  out[229 + static_cast<int>(in.phase)] = 1;
  if (in.mover == player && !in.outcome.over()) out[232] = 1;
  if (player == 0) out[233] = 1;
  if (in.config.draw_turns > 0) out[234] = float(in.turns) / in.config.draw_turns;
}

}  // namespace strat::stratego_cards
