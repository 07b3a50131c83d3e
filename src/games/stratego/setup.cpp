#include "games/stratego/setup.hpp"

#include <algorithm>
#include <array>
#include <cmath>

#include "games/stratego/priors.hpp"

namespace strat::stratego {

namespace {

// How much the human frequencies are sharpened: 1 would copy the crowd's habits, odd squares included; a little
// above keeps the variety and drops most of the rare placements.
constexpr double kSharpen = 1.3;

using Weights = std::array<std::array<double, 13>, 40>;

// (human frequency of each rank on each square)^kSharpen, computed once: pow() per square and draw made setup
// generation cost as much as a tenth of a random playout.
Weights sharpened(const SquarePriors& priors) {
  Weights w{};
  for (int i = 0; i < 40; ++i)
    for (int r = 0; r < 13; ++r) w[i][r] = std::pow(std::max(1e-4, static_cast<double>(priors[i][r])), kSharpen);
  return w;
}

// Draws a free square for `rank` with weight (human frequency of the rank there)^kSharpen; `allowed` limits the
// squares (nullptr: all free ones).
int draw_square(const Setup& s, const Weights& weights, int rank, Rng& rng, const bool* allowed = nullptr) {
  double w[40] = {};
  double total = 0;
  for (int i = 0; i < 40; ++i) {
    if (s[i] != 0 || (allowed && !allowed[i])) continue;
    w[i] = weights[i][rank];
    total += w[i];
  }
  double x = rng.uniform() * total;
  int last = -1;
  for (int i = 0; i < 40; ++i) {
    if (w[i] <= 0) continue;
    last = i;
    if ((x -= w[i]) < 0) return i;
  }
  return last;
}

// Classic, learned from the Gravon human setups (priors.hpp): the Flag on the back row where people put it, bombed
// in, the other Bombs, then the pieces from the strongest down, each on a square drawn from the human frequencies of
// its rank; the many Scouts and Miners last.
Setup classic_setup(Rng& rng) {
  static const Weights weights = sharpened(kClassicSquarePriors);
  Setup s{};
  Army left = kClassicArmy;
  auto place = [&](int idx, int rank) {
    s[idx] = static_cast<std::uint8_t>(rank);
    --left[rank];
  };
  bool back_row[40] = {};
  for (int i = 0; i < 10; ++i) back_row[i] = true;
  const int flag = draw_square(s, weights, kFlag, rng, back_row);
  place(flag, kFlag);
  std::vector<int> sides;
  if (flag > 0) sides.push_back(flag - 1);
  if (flag < 9) sides.push_back(flag + 1);
  // Always bombed in (people: 47%). An open Flag needs a defence a program plays worse than a person: in arena games,
  // strat's Flag was taken about four times as often when it was left open (13%) as when bombed in (3%), opponents'
  // top pieces testing unmoved pieces and finding it.
  // One random draw stays where the coin was, so that every other draw of a seed is what it was.
  rng.uniform();
  for (int g : sides) place(g, kBomb);
  place(flag + 10, kBomb);
  while (left[kBomb]) place(draw_square(s, weights, kBomb, rng), kBomb);
  static constexpr int kOrder[] = {kMarshal, kGeneral, kSpy,       kColonel,  kMajor,
                                   kCaptain, kLieutenant, kSergeant, kMiner, kScout};
  for (int r : kOrder)
    while (left[r]) place(draw_square(s, weights, r, rng), r);
  return s;
}

// Barrage, learned the same way: Flag, Bomb, then the six others, each where people put theirs (the empty squares
// are what is left).
Setup barrage_setup(Rng& rng) {
  static const Weights weights = sharpened(kBarrageSquarePriors);
  Setup s{};
  for (int r : {kFlag, kBomb, kMarshal, kGeneral, kSpy, kMiner, kScout, kScout})
    s[draw_square(s, weights, r, rng)] = static_cast<std::uint8_t>(r);
  return s;
}

}  // namespace

int walled_in(const Setup& s) {
  // A flood fill on a 40-bit mask (bit = setup index): cheap enough to run on every draw.
  constexpr std::uint64_t kAll = (std::uint64_t{1} << 40) - 1;
  std::uint64_t col0 = 0, col9 = 0;
  for (int row = 0; row < 4; ++row) col0 |= std::uint64_t{1} << (row * 10), col9 |= std::uint64_t{1} << (row * 10 + 9);
  std::uint64_t open = 0, movers = 0, exits = 0;
  for (int i = 0; i < 40; ++i) {
    if (s[i] != kBomb && s[i] != kFlag) open |= std::uint64_t{1} << i;
    if (movable(s[i])) movers |= std::uint64_t{1} << i;
  }
  for (int col = 0; col < 10; ++col)
    if (!is_lake_square(col, 4)) exits |= std::uint64_t{1} << (30 + col);
  std::uint64_t reached = exits & open, before = 0;
  while (reached != before) {
    before = reached;
    reached |= ((reached << 10) & kAll) | (reached >> 10) | ((reached << 1) & ~col0) | ((reached >> 1) & ~col9);
    reached &= open;
  }
  const std::uint64_t trapped = movers & ~reached;
  return trapped ? __builtin_ctzll(trapped) : -1;
}

Setup generate_setup(const Config& config, Rng& rng, const Setup* previous) {
  // Rejection keeps the learned frequencies exactly (conditioned on "not walled in"); a small share of draws is
  // rejected, so the loop ends after a handful of draws at most.
  while (true) {
    const Setup s = config.barrage ? barrage_setup(rng) : classic_setup(rng);
    if (walled_in(s) < 0 && !(previous && s == *previous)) return s;
  }
}

State placed_setups(const Config& config, const Setup& red, const Setup& blue) {
  State s(config);
  for (int i = 0; i < 40; ++i) {
    const int row = i / 10, col = i % 10;
    if (red[i]) s.put(sq(col, row), 0, red[i]);
    // Blue faces Red: its back row is row 10, and its left (column a from its own seat) is column j.
    if (blue[i]) s.put(sq(9 - col, 9 - row), 1, blue[i]);
  }
  s.refresh_outcome();
  return s;
}

State start_position(const Config& config, const Setup& red, const Setup& blue) {
  State s = placed_setups(config, red, blue);
  s.check_start();  // a new game (strat play, selfplay, the server's random setups) is two complete setups
  return s;
}

State random_start(const Config& config, Rng& rng) {
  const Setup red = generate_setup(config, rng);
  const Setup blue = generate_setup(config, rng, &red);
  return start_position(config, red, blue);
}

}  // namespace strat::stratego
