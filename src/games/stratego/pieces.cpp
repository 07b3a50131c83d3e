#include "games/stratego/pieces.hpp"

namespace strat::stratego {

const char* rank_name(int rank) {
  static const char* names[kRanks] = {"none", "Spy", "Scout", "Miner", "Sergeant", "Lieutenant", "Captain",
                                      "Major", "Colonel", "General", "Marshal", "Bomb", "Flag"};
  return rank >= 0 && rank < kRanks ? names[rank] : "?";
}

const char* rank_name_plural(int rank) {
  static const char* names[kRanks] = {"none", "Spies", "Scouts", "Miners", "Sergeants", "Lieutenants", "Captains",
                                      "Majors", "Colonels", "Generals", "Marshals", "Bombs", "Flags"};
  return rank >= 0 && rank < kRanks ? names[rank] : "?";
}

std::string rank_code(int rank) {
  if (rank == kSpy) return "S";
  if (rank == kBomb) return "B";
  if (rank == kFlag) return "F";
  return std::to_string(rank);
}

int parse_rank_code(const std::string& text) {
  if (text == "S" || text == "1") return kSpy;
  if (text == "B") return kBomb;
  if (text == "F") return kFlag;
  for (int r = kScout; r <= kMarshal; ++r)
    if (text == std::to_string(r)) return r;
  return kNone;
}

bool decode_letter(char c, int& owner, int& rank) {
  for (int r = 1; r < kRanks; ++r) {
    if (kRedLetters[r] == c) { owner = 0; rank = r; return true; }
    if (kBlueLetters[r] == c) { owner = 1; rank = r; return true; }
  }
  return false;
}

}  // namespace strat::stratego
