// The setup generator never walls a movable piece in behind its own Bombs and Flag (src/games/stratego/setup.hpp).
#include <gtest/gtest.h>

#include <queue>
#include <set>

#include "helpers.hpp"

using namespace strat;
using namespace strat::stratego;

namespace {

// Checked on the board itself, independently of walled_in(): from every movable piece of Red's setup, walk
// (lakes and the border are walls, so are Red's own Bombs and Flag) until a square beyond Red's rows 1-4.
std::string first_trapped(const Config& config, const stratego::Setup& setup) {
  State s(config);
  for (int i = 0; i < 40; ++i)
    if (setup[i]) s.put(sq(i % 10, i / 10), 0, setup[i]);
  for (int i = 0; i < 40; ++i) {
    if (!movable(setup[i])) continue;
    std::vector<bool> seen(kCells, false);
    std::queue<int> todo;
    todo.push(sq(i % 10, i / 10));
    seen[todo.front()] = true;
    bool out = false;
    while (!todo.empty() && !out) {
      const int q = todo.front();
      todo.pop();
      for (int d : kDirs) {
        const int n = q + d;
        if (seen[n] || (s.cell(n) & kWall)) continue;
        if (s.is_piece(n) && (s.rank_at(n) == kBomb || s.rank_at(n) == kFlag)) continue;
        if (row_of(n) >= 4) out = true;
        seen[n] = true;
        todo.push(n);
      }
    }
    if (!out) return square_str(sq(i % 10, i / 10));
  }
  return "";
}

stratego::Setup from_rows(const std::vector<std::vector<int>>& rows_back_first) {
  stratego::Setup s{};
  for (int r = 0; r < 4; ++r)
    for (int c = 0; c < 10; ++c) s[r * 10 + c] = static_cast<std::uint8_t>(rows_back_first[r][c]);
  return s;
}

}  // namespace

TEST(StrategoSetup, NoGeneratedSetupWallsInAMovablePieceOver2000SeedsClassicAndBarrage) {
  Config barrage;
  barrage.barrage = true;
  for (const Config& config : {Config{}, barrage}) {
    for (std::uint64_t seed = 1; seed <= 2000; ++seed) {
      Rng rng(seed);
      // Both setups of random:SEED, as `strat apply stratego random:SEED` draws them.
      for (int side = 0; side < 2; ++side) {
        const stratego::Setup s = generate_setup(config, rng);
        ASSERT_EQ(first_trapped(config, s), "") << (config.barrage ? "barrage" : "classic") << " seed " << seed << " side " << side;
        ASSERT_EQ(walled_in(s), -1) << "seed " << seed;
      }
    }
  }
}

TEST(StrategoSetup, WalledInFindsATrappedBackCorner) {
  // A setup an earlier generator made (games were lost with no legal move): Captain, Lieutenant and Sergeant in the
  // right back corner behind Bombs on h1, i2 and j3.
  const stratego::Setup old = from_rows({{3, 3, 2, 6, 5, 11, 12, 11, 6, 5},
                               {7, 1, 2, 4, 2, 5, 4, 7, 11, 4},
                               {6, 7, 6, 10, 5, 9, 3, 11, 4, 11},
                               {3, 8, 2, 2, 2, 2, 11, 3, 2, 8}});
  EXPECT_EQ(walled_in(old), 8);  // i1
  EXPECT_EQ(first_trapped(Config{}, old), "i1");
  // Open the wall (the Bomb on j3 swapped with the Miner on g3): nothing is trapped any more.
  stratego::Setup open = old;
  std::swap(open[29], open[26]);
  EXPECT_EQ(walled_in(open), -1);
  EXPECT_EQ(first_trapped(Config{}, open), "");
}

TEST(StrategoSetup, APocketOnTheFrontRowBeforeALakeIsWalledIn) {
  // c4 and d4 face the lake: with Bombs on b4, e4, c3 and d3 the two pieces there can never leave, although
  // they stand on the front row.
  const stratego::Setup pocket = from_rows({{2, 2, 2, 2, 2, 2, 2, 2, 3, 3},
                                  {3, 3, 3, 4, 4, 4, 4, 5, 5, 5},
                                  {5, 6, 11, 11, 6, 6, 6, 7, 7, 7},
                                  {8, 11, 9, 10, 11, 11, 1, 12, 8, 11}});
  ASSERT_EQ(Army{}, [&] {
    Army diff = kClassicArmy;
    for (auto r : pocket) --diff[r];
    return diff;
  }());
  EXPECT_EQ(walled_in(pocket), 32);  // c4
  EXPECT_EQ(first_trapped(Config{}, pocket), "c4");
}

TEST(StrategoSetup, GeneratedSetupsFollowTheHumanSetups) {
  // Learned from the Gravon setups (priors.hpp), and rejecting walled-in draws keeps that: the Flag on the back row,
  // bombed in on every side (people: 47%; an open Flag was taken four times as often in the arena), the
  // Marshal and General almost never on the back row, Scouts mostly forward, Miners mostly behind.
  int bombed_in = 0, marshal_back = 0, scouts_front = 0, scouts_back = 0, miners_back = 0, miners_front = 0;
  const int n = 500;
  for (std::uint64_t seed = 1; seed <= n; ++seed) {
    Rng rng(seed);
    const stratego::Setup s = generate_setup(Config{}, rng);
    int flag = -1;
    for (int i = 0; i < 40; ++i) {
      if (s[i] == kFlag) flag = i;
      if (s[i] == kMarshal || s[i] == kGeneral) marshal_back += i < 10;
      if (s[i] == kScout) scouts_front += i >= 30, scouts_back += i < 10;
      if (s[i] == kMiner) miners_front += i >= 30, miners_back += i < 10;
    }
    ASSERT_LT(flag, 10);
    bool all = s[flag + 10] == kBomb;
    if (flag % 10 > 0) all = all && s[flag - 1] == kBomb;
    if (flag % 10 < 9) all = all && s[flag + 1] == kBomb;
    bombed_in += all;
  }
  EXPECT_EQ(bombed_in, n);
  EXPECT_LT(marshal_back, n * 2 * 5 / 100);
  EXPECT_GT(scouts_front, scouts_back);
  EXPECT_GT(miners_back, miners_front);
}

TEST(StrategoSetup, DeterministicPerSeedAndNeverTheSameTwiceInARow) {
  Config barrage;
  barrage.barrage = true;
  for (const Config& config : {Config{}, barrage}) {
    std::set<std::string> starts;
    for (std::uint64_t seed = 1; seed <= 300; ++seed) {
      Rng a(seed), b(seed);
      const std::string start = random_start(config, a).to_string();
      EXPECT_EQ(start, random_start(config, b).to_string()) << "random:" << seed << " is not deterministic";
      starts.insert(start);
    }
    EXPECT_EQ(starts.size(), 300u);
    // A stream of setups, each drawn knowing the last one: never the same twice in a row.
    Rng rng(9);
    stratego::Setup last = generate_setup(config, rng);
    for (int i = 0; i < 2000; ++i) {
      const stratego::Setup next = generate_setup(config, rng, &last);
      ASSERT_NE(next, last);
      last = next;
    }
  }
}
