// 10,000 random games with Stratego's own invariants checked after every ply. Round trips of positions and
// moves, the board's counts and walls (inconsistency()), the ply limit and Info::sample hiding what a player
// cannot see are the conformance suite's (tests/core/conformance_test.cpp).
#include <gtest/gtest.h>

#include "ai/random_agent.hpp"
#include "helpers.hpp"

using namespace strat;
using namespace strat::stratego;

namespace {

void check_views(const State& s) {
  for (int p = 0; p < 2; ++p) {
    Info info = s.info(p);
    for (int row = 0; row < 10; ++row)
      for (int col = 0; col < 10; ++col) {
        const int q = sq(col, row);
        if (!s.is_piece(q)) continue;
        const std::uint8_t seen = info.cell(q);
        const bool own = s.owner_at(q) == p;
        if (own || (s.cell(q) & kKnown)) ASSERT_EQ(seen & kRankMask, s.rank_at(q));
        else ASSERT_EQ(seen & kRankMask, kUnknownRank) << "an unrevealed enemy rank leaked at " << square_str(q);
      }
  }
}

void run_games(int games, Config config, std::uint64_t seed) {
  Rng rng(seed);
  std::vector<Move> moves;
  for (int g = 0; g < games; ++g) {
    State s = random_start(config, rng);
    std::vector<int> immovable_start;
    for (int q = 0; q < kCells; ++q)
      if (s.is_piece(q) && !movable(s.rank_at(q))) immovable_start.push_back(q);
    int before[2] = {s.alive_total(0), s.alive_total(1)};
    while (!s.outcome().over()) {
      s.legal_moves(moves);
      ASSERT_FALSE(moves.empty());
      s.apply(moves[rng.below(static_cast<std::uint32_t>(moves.size()))], nullptr);
      for (int p = 0; p < 2; ++p) {
        const int now = s.alive_total(p);
        ASSERT_LE(now, before[p]);  // piece counts only fall
        before[p] = now;
      }
      // Bombs and Flags never move: every one stands on a square where one stood at the start.
      for (int q = 0; q < kCells; ++q) {
        if (!s.is_piece(q)) continue;
        if (!movable(s.rank_at(q))) {
          ASSERT_TRUE(std::find(immovable_start.begin(), immovable_start.end(), q) != immovable_start.end());
        }
      }
      check_views(s);
    }
    // The game always ends, by one of the rules' reasons.
    const std::string reason = s.outcome().reason;
    ASSERT_TRUE(reason == "flag" || reason == "no-moves" || reason == "ply-limit") << reason;
  }
}

}  // namespace

// The sanitizer run replays a fifth of them: the same code paths, within CI's time.
#ifdef STRAT_SANITIZED
constexpr int kRandomGames = 2000;
#else
constexpr int kRandomGames = 10000;
#endif

TEST(StrategoRandomGames, TenThousandGamesKeepInvariants) { run_games(kRandomGames, Config{}, 2026); }

TEST(StrategoRandomGames, BarrageAndIsfGamesKeepInvariants) {
  Config c;
  c.barrage = true;
  c.run_limit = 3;
  run_games(1000, c, 7);
}
