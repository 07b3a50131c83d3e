#pragma once
// Ranks, armies and the Gravon letter code of S-03.
#include <array>
#include <cstdint>
#include <string>

namespace strat::stratego {

// Values 1..10 are the fighting ranks (S-14); Bomb and Flag sort above them but never fight by value.
enum Rank : std::uint8_t {
  kNone = 0, kSpy = 1, kScout = 2, kMiner = 3, kSergeant = 4, kLieutenant = 5, kCaptain = 6, kMajor = 7,
  kColonel = 8, kGeneral = 9, kMarshal = 10, kBomb = 11, kFlag = 12
};
constexpr int kRanks = 13;

using Army = std::array<std::uint8_t, kRanks>;  // count per rank

constexpr Army kClassicArmy = {0, 1, 8, 5, 4, 4, 4, 3, 2, 1, 1, 6, 1};
constexpr Army kBarrageArmy = {0, 1, 2, 1, 0, 0, 0, 0, 0, 1, 1, 1, 1};

constexpr bool movable(int rank) { return rank >= kSpy && rank <= kMarshal; }

const char* rank_name(int rank);         // "Scout"
const char* rank_name_plural(int rank);  // "Scouts"
// Value in a record annotation (S notation): 2..10, S spy, B bomb, F flag.
std::string rank_code(int rank);
// Parses a rank code ("6", "S", "B", "F", also "1" for the spy); kNone if not one.
int parse_rank_code(const std::string& text);

// Gravon letters: Red B..M, Blue N..Y (S-03).
constexpr char kRedLetters[kRanks] = {'A', 'C', 'D', 'E', 'F', 'G', 'H', 'I', 'J', 'K', 'L', 'B', 'M'};
constexpr char kBlueLetters[kRanks] = {'A', 'O', 'P', 'Q', 'R', 'S', 'T', 'U', 'V', 'W', 'X', 'N', 'Y'};
inline char piece_letter(int owner, int rank) { return owner == 0 ? kRedLetters[rank] : kBlueLetters[rank]; }
// Decodes a letter into owner and rank; false if it is not a piece letter.
bool decode_letter(char c, int& owner, int& rank);

}  // namespace strat::stratego
