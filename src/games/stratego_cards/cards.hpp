#pragma once
// The 23 cards of one side (K-01) and their codes. A card is one byte: 1..10 are the ranks (1 = Spy,
// 2 = Scout, 3 = Miner, ... 10 = Marshal), 11 the Bomb, 12 the Flag, 0 an empty place.
#include <array>
#include <cstdint>
#include <string>
#include <string_view>

namespace strat::stratego_cards {

using Card = std::uint8_t;
constexpr Card kEmpty = 0;
constexpr Card kSpy = 1;
constexpr Card kScout = 2;
constexpr Card kMiner = 3;
constexpr Card kMarshal = 10;
constexpr Card kBomb = 11;
constexpr Card kFlag = 12;
constexpr int kCardCodes = 13;

constexpr int kDeckSize = 23;
constexpr int kSlots = 5;       // front-line slots 1..5
constexpr int kHandSize = 3;    // K-03: the hand is drawn up to 3
constexpr int kPrepDraw = 8;    // K-02: 8 cards drawn to prepare
constexpr int kHandMax = 8;     // the hand holds up to 8 cards while preparing

using Counts = std::array<std::uint8_t, kCardCodes>;

// K-01: copies of each card in one side's deck, by code.
constexpr Counts kDeck = {0, 1, 4, 3, 3, 2, 2, 1, 1, 1, 1, 3, 1};

constexpr bool can_attack(Card c) { return c >= 1 && c <= 10; }

// "10", "9", ..., "1", "B", "F" (the spec's notation); "-" for an empty place.
inline std::string card_text(Card c) {
  if (c == kBomb) return "B";
  if (c == kFlag) return "F";
  if (c == kEmpty) return "-";
  return std::to_string(static_cast<int>(c));
}

// The card named by `text` ("1".."10", "B", "F", either case for the letters), or -1.
inline int parse_card(std::string_view text) {
  if (text == "B" || text == "b") return kBomb;
  if (text == "F" || text == "f") return kFlag;
  if (text.empty() || text.size() > 2 || text[0] < '1' || text[0] > '9') return -1;
  if (text.size() == 1) return text[0] - '0';
  return text == "10" ? 10 : -1;
}

}  // namespace strat::stratego_cards
