// Ten thousand random games with Strategic's own invariants checked after every ply. Round trips, overlapping
// pieces and the hash against a recomputed one (inconsistency()) are the conformance suite's
// (tests/core/conformance_test.cpp).
#include <gtest/gtest.h>

#include "helpers.hpp"

using namespace strategic_test;

#ifdef STRAT_SANITIZED
constexpr int kGames = 1000;  // sanitized Debug builds run ~30x slower; the Release run plays all 10,000
#else
constexpr int kGames = 10000;
#endif

TEST(StrategicRandomGames, TenThousandGamesKeepTheInvariants) {
  Rng rng(99);
  std::vector<Move> moves;
  long plies = 0;
  int results[3] = {0, 0, 0};
  for (int game = 0; game < kGames; ++game) {
    Rules rules;
    rules.jump_own = game % 10 == 9;
    State s = State::deal(rules, rng.next());
    int weight[2] = {24, 24};
    while (!s.outcome().over()) {
      s.legal_moves(moves);
      ASSERT_FALSE(moves.empty()) << s.to_string();  // T-13 settles a side with no action before its turn
      const int p = s.to_move();
      if (s.first_turns() < 2 && (Board::standard().neighbours(s.guards(p)) & s.guards(p))) {
        for (const auto& m : moves) ASSERT_EQ(m.kind, Kind::Form);  // T-11
      }
      for (std::size_t i = 0; i + 1 < moves.size() && game % 50 == 0; ++i)
        for (std::size_t j = i + 1; j < moves.size(); ++j) ASSERT_FALSE(moves[i] == moves[j]);  // T-10
      const Move m = moves[rng.below(static_cast<std::uint32_t>(moves.size()))];
      const Mask enemy_officers = s.officers(1 - p), own_officers = s.officers(p);
      s.apply(m, nullptr);
      ++plies;
      // Pieces only ever disappear.
      for (int q = 0; q < 2; ++q) {
        const int w = count(s.guards(q)) + 2 * count(s.officers(q));
        ASSERT_LE(w, weight[q]);
        weight[q] = w;
      }
      // Captures take exactly the Officers passed over; the mover lands on an empty cell.
      if (m.kind == Kind::Officer) {
        ASSERT_EQ(m.captured & ~(enemy_officers | (rules.jump_own ? own_officers : 0)), 0u);
        ASSERT_EQ(s.officers(1 - p) & m.captured, 0u);
        ASSERT_TRUE(s.officers(p) >> m.to & 1);
      }
      // The hash is a function of the position (sampled: it costs a parse).
      if (game % 8 != 0) continue;
      ASSERT_EQ(State::parse(rules, s.to_string()).position_hash(), s.position_hash()) << s.to_string();
    }
    {
      const bool win = s.outcome().status == Status::Win;
      if (win && std::string(s.outcome().reason) == "officers") {
        ASSERT_EQ(s.officers(1 - s.outcome().winner), 0u);
      }
      if (win && std::string(s.outcome().reason) == "blocked") {
        ASSERT_FALSE(s.has_action(s.to_move()));
      }
    }
    ++results[s.outcome().status == Status::Draw ? 2 : s.outcome().winner];
  }
  EXPECT_GT(plies, 50L * kGames);
  EXPECT_GT(results[0], kGames / 10);  // both sides win random games, and games end
  EXPECT_GT(results[1], kGames / 10);
}
