#pragma once
// Ranks and card sets of the live team game (L-02). A card is only its rank: the cards of one colour are
// interchangeable, so a set, a stock or a pile of captured cards is a count per rank.
#include <array>
#include <string>
#include <string_view>

namespace strat::live {

// Ranks 1 (Spy) .. 10 (Marshal) keep their printed numbers; the Bomb sorts above them. 0 means "no card".
enum Rank : int { kNoCard = 0, kSpy = 1, kScout = 2, kMiner = 3, kMarshal = 10, kBomb = 11 };
inline constexpr int kRanks = 12;  // index 0 unused, 1..11

bool valid_rank(int r);
// "1".."10", "B"; parse accepts those and the English names ("spy", "bomb", case-insensitive). Throws BadInput.
std::string rank_code(int r);
int parse_rank(std::string_view text);
std::string rank_name(int r);  // "Spy", "Scout", "Miner", ..., "Marshal", "Bomb"

// Counts per rank. Also used for stocks and captured piles.
struct CardCounts {
  std::array<int, kRanks> n{};
  int total() const;
  int operator[](int r) const { return n[r]; }
  int& operator[](int r) { return n[r]; }
  bool operator==(const CardCounts&) const = default;
};

// The four set sizes of L-02.
inline constexpr std::array<int, 4> kSetSizes = {20, 30, 40, 60};
// The set for `total_players` players in the whole game (both teams; L-02's first column). Throws BadInput
// below 4 players.
CardCounts card_set_for_players(int total_players);
// The set with `cards` cards (20, 30, 40 or 60). Throws BadInput otherwise.
CardCounts card_set_of_size(int cards);
// The players range of L-02 for a set size, e.g. "11-16", "25+".
std::string players_range_of_set(int cards);

}  // namespace strat::live
