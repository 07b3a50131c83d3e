#include "games/stratego_live/cards.hpp"

#include <algorithm>
#include <cctype>

#include "core/error.hpp"
#include "core/text.hpp"

namespace strat::live {

namespace {
const char* const kNames[kRanks] = {"none",  "Spy",   "Scout",   "Miner",   "Sergeant", "Lieutenant",
                                    "Captain", "Major", "Colonel", "General", "Marshal",  "Bomb"};

// L-02, columns 10, 9, ..., 2, 1 (Spy), Bomb, one row per set size.
struct SetRow {
  int cards, min_players;
  std::array<int, 11> by_rank_desc;  // 10, 9, 8, 7, 6, 5, 4, 3, 2, 1, Bomb
};
constexpr std::array<SetRow, 4> kTable = {{
    {20, 4, {1, 1, 2, 2, 2, 2, 2, 3, 2, 1, 2}},
    {30, 11, {1, 2, 2, 3, 3, 3, 3, 4, 4, 2, 3}},
    {40, 17, {1, 2, 3, 4, 5, 5, 5, 5, 4, 2, 4}},
    {60, 25, {1, 4, 5, 6, 7, 7, 7, 6, 8, 2, 7}},
}};

CardCounts from_row(const SetRow& row) {
  CardCounts c;
  for (int i = 0; i < 10; ++i) c[10 - i] = row.by_rank_desc[i];
  c[kBomb] = row.by_rank_desc[10];
  return c;
}
}  // namespace

bool valid_rank(int r) { return r >= kSpy && r <= kBomb; }

std::string rank_code(int r) {
  if (r == kBomb) return "B";
  return std::to_string(r);
}

std::string rank_name(int r) { return valid_rank(r) ? kNames[r] : "none"; }

int parse_rank(std::string_view text) {
  std::string t(trim(text));
  std::transform(t.begin(), t.end(), t.begin(), [](unsigned char ch) { return std::tolower(ch); });
  if (t == "b") return kBomb;
  unsigned long long v = 0;
  if (parse_uint(t, v) && v >= 1 && v <= 10) return static_cast<int>(v);
  for (int r = kSpy; r <= kBomb; ++r) {
    std::string name = kNames[r];
    std::transform(name.begin(), name.end(), name.begin(), [](unsigned char ch) { return std::tolower(ch); });
    if (t == name) return r;
  }
  bad_input("bad rank " + strat::quoted(text) + " (expected 1..10, B, or a rank name such as spy, miner, bomb)");
}

int CardCounts::total() const {
  int t = 0;
  for (int r = kSpy; r <= kBomb; ++r) t += n[r];
  return t;
}

CardCounts card_set_for_players(int total_players) {
  if (total_players < 4)
    bad_input("the live game needs at least 4 players (two teams of two), got " + std::to_string(total_players));
  const SetRow* chosen = &kTable[0];
  for (const auto& row : kTable)
    if (total_players >= row.min_players) chosen = &row;
  return from_row(*chosen);
}

CardCounts card_set_of_size(int cards) {
  for (const auto& row : kTable)
    if (row.cards == cards) return from_row(row);
  bad_input("no card set of " + std::to_string(cards) + " cards (sets have 20, 30, 40 or 60 cards)");
}

std::string players_range_of_set(int cards) {
  for (std::size_t i = 0; i < kTable.size(); ++i)
    if (kTable[i].cards == cards)
      return i + 1 < kTable.size() ? std::to_string(kTable[i].min_players) + "-" +
                                         std::to_string(kTable[i + 1].min_players - 1)
                                   : std::to_string(kTable[i].min_players) + "+";
  bad_input("no card set of " + std::to_string(cards) + " cards (sets have 20, 30, 40 or 60 cards)");
}

}  // namespace strat::live
