#include "games/stratego/setup.hpp"

#include <algorithm>

namespace strat::stratego {

namespace {

// Picks a random free square among those with the highest-preference row band that has room.
int pick(const Setup& s, Rng& rng, const std::vector<int>& rows) {
  std::vector<int> free;
  for (int row : rows)
    for (int col = 0; col < 10; ++col)
      if (s[row * 10 + col] == 0) free.push_back(row * 10 + col);
  if (free.empty())
    for (int i = 0; i < 40; ++i)
      if (s[i] == 0) free.push_back(i);
  return free[rng.below(static_cast<std::uint32_t>(free.size()))];
}

Setup classic_setup(Rng& rng) {
  Setup s{};
  Army left = kClassicArmy;
  auto place = [&](int idx, int rank) { s[idx] = static_cast<std::uint8_t>(rank); --left[rank]; };
  // Flag on the back row, corners and near-corners a little more often.
  static const double col_weight[10] = {3, 2, 1.5, 1, 1, 1, 1, 1.5, 2, 3};
  double total = 0;
  for (double w : col_weight) total += w;
  double x = rng.uniform() * total;
  int flag_col = 0;
  while (flag_col < 9 && (x -= col_weight[flag_col]) >= 0) ++flag_col;
  place(flag_col, kFlag);
  // Bomb it in (most of the time): its side neighbours and the square in front.
  std::vector<int> guard = {10 + flag_col};
  if (flag_col > 0) guard.push_back(flag_col - 1);
  if (flag_col < 9) guard.push_back(flag_col + 1);
  for (int g : guard)
    if (left[kBomb] && rng.uniform() < 0.85) place(g, kBomb);
  // Remaining Bombs: rows 0-2, now and then in front of a lake lane's side (row 3).
  while (left[kBomb]) place(pick(s, rng, rng.uniform() < 0.15 ? std::vector<int>{3} : std::vector<int>{0, 1, 2}), kBomb);
  place(pick(s, rng, {1, 2}), kMarshal);
  place(pick(s, rng, {1, 2, 3}), kGeneral);
  // The Spy stays near the General's region, away from the very front.
  place(pick(s, rng, {1, 2}), kSpy);
  while (left[kColonel]) place(pick(s, rng, {1, 2, 3}), kColonel);
  while (left[kMiner]) place(pick(s, rng, rng.uniform() < 0.7 ? std::vector<int>{0, 1} : std::vector<int>{2, 3}), kMiner);
  while (left[kScout]) place(pick(s, rng, rng.uniform() < 0.6 ? std::vector<int>{3} : std::vector<int>{0, 1, 2, 3}), kScout);
  std::vector<int> rest;
  for (int r = kSpy; r <= kFlag; ++r)
    for (int i = 0; i < left[r]; ++i) rest.push_back(r);
  rng.shuffle(rest.begin(), rest.end());
  std::size_t k = 0;
  for (int i = 0; i < 40; ++i)
    if (s[i] == 0) s[i] = static_cast<std::uint8_t>(rest[k++]);
  return s;
}

Setup barrage_setup(Rng& rng) {
  Setup s{};
  const int flag = static_cast<int>(rng.below(10));
  s[flag] = kFlag;
  if (rng.uniform() < 0.5) {
    const int g = flag > 0 && (flag == 9 || rng.uniform() < 0.5) ? flag - 1 : flag + 1;
    s[g] = kBomb;
  } else {
    s[pick(s, rng, {0, 1, 2})] = kBomb;
  }
  for (int r : {kMarshal, kGeneral, kMiner, kSpy, kScout, kScout}) s[pick(s, rng, {1, 2, 3})] = static_cast<std::uint8_t>(r);
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

Setup generate_setup(const Config& config, Rng& rng) {
  // Rejection keeps the generator's priors exactly (conditioned on "not walled in"); about one classic draw in
  // ten is rejected, so the loop ends after a handful of draws at most.
  while (true) {
    const Setup s = config.barrage ? barrage_setup(rng) : classic_setup(rng);
    if (walled_in(s) < 0) return s;
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
  Setup red = generate_setup(config, rng);
  Setup blue = generate_setup(config, rng);
  return start_position(config, red, blue);
}

}  // namespace strat::stratego
