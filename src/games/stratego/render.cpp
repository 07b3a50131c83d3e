// The terminal board of `strat play stratego`: the viewer's own ranks, enemy pieces hidden unless revealed.
#include "games/stratego/info.hpp"
#include "games/stratego/state.hpp"

namespace strat::stratego {

std::string State::render(int perspective, bool color) const {
  const Info view(*this, perspective);
  const bool flip = perspective == 1;  // each player sees their own army at the bottom
  const char* red = color ? "\x1b[1;31m" : "";
  const char* blue = color ? "\x1b[1;34m" : "";
  const char* lake = color ? "\x1b[36m" : "";
  const char* dim = color ? "\x1b[2m" : "";
  const char* reset = color ? "\x1b[0m" : "";
  std::string out;
  auto header = [&] {
    out += "    ";
    for (int i = 0; i < 10; ++i) {
      const int col = flip ? 9 - i : i;
      out += ' ';
      out += static_cast<char>('a' + col);
      out += ' ';
    }
    out += "\n";
  };
  header();
  for (int i = 0; i < 10; ++i) {
    const int row = flip ? i : 9 - i;
    char label[8];
    std::snprintf(label, sizeof label, "%3d ", row + 1);
    out += label;
    for (int j = 0; j < 10; ++j) {
      const int col = flip ? 9 - j : j;
      const int q = sq(col, row);
      const std::uint8_t c = view.cell(q);
      if (is_lake_square(col, row)) {
        out += std::string(lake) + " ~ " + reset;
      } else if ((c & kRankMask) == 0) {
        out += std::string(dim) + " . " + reset;
      } else {
        const int rank = c & kRankMask;
        std::string code = rank == kUnknownRank ? "?" : rank_code(rank);
        if (code.size() == 1) code = " " + code;
        code += (c & kKnown) && perspective >= 0 && ((c & kBlue) ? 1 : 0) == perspective ? "'" : " ";
        out += std::string((c & kBlue) ? blue : red) + code + reset;
      }
    }
    out += label;
    out += "\n";
  }
  header();
  if (to_place_) {  // setup=actions: who is placing, and how far (public: one placement per ply)
    const int n = config_.army_size(), placer = to_place_ > n ? 0 : 1, left = to_place_ > n ? to_place_ - n : to_place_;
    out += std::string("setup: ") + (placer == 0 ? "Red" : "Blue") + " places its army, " + std::to_string(n - left) +
           " of " + std::to_string(n) + " pieces placed (a placement reads b1=F)\n";
  }
  return out;
}

}  // namespace strat::stratego
