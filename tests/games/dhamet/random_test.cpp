// Random games with Dhamet's own invariants checked after every ply, and fuzzing of the parsers. What every
// game must do (round trips, the hash and board checks of inconsistency(), games ending) is checked by the
// conformance suite, tests/core/conformance_test.cpp.
#include <gtest/gtest.h>

#include "core/error.hpp"
#include "games/dhamet/state.hpp"
#include "helpers.hpp"

using namespace strat;
using namespace strat::dhamet;
using namespace dhamet_test;

namespace {
void play_random_games(Rules rules, int games, std::uint64_t seed) {
  Rng rng(seed);
  std::vector<Move> moves;
  int decisive = 0, drawn = 0;
  for (int g = 0; g < games; ++g) {
    State s(rules);
    int white = 40, black = 40;
    while (!s.outcome().over()) {
      s.legal_moves(moves);
      ASSERT_FALSE(moves.empty()) << s.to_string();
      const Move m = moves[rng.below(static_cast<std::uint32_t>(moves.size()))];
      const Board before = s.board();
      const int me = before.side;
      s.apply(m, nullptr);
      const Board& after = s.board();
      // Piece counts only fall; only the opponent's (huffs remove the opponent's piece before the move).
      ASSERT_EQ(after.count(me), before.count(me));
      ASSERT_EQ(after.count(1 - me), before.count(1 - me) - m.caps - (m.huff != kNone));
      ASSERT_LE(after.count(kWhite), white);
      ASSERT_LE(after.count(kBlack), black);
      white = after.count(kWhite);
      black = after.count(kBlack);
      // No man moves backward (or along a row) without capturing.
      if (m.n && !m.caps && has(before.men[me], m.from)) {
        const int dr = row_of(m.to()) - row_of(m.from);
        ASSERT_EQ(dr, me == kWhite ? 1 : -1) << s.move_to_string(m);
      }
      // Sultans never turn back into men; men of the side that moved only appear where it moved.
      if (m.n) {
        ASSERT_EQ(before.sultans[me] & ~after.sultans[me] & ~bit(m.from), Bits{0});
      }
    }
    (s.outcome().status == Status::Draw ? drawn : decisive)++;
  }
  EXPECT_GT(decisive, 0);
}
}  // namespace

TEST(DhametRandomGames, TenThousandGamesKeepInvariantsAndEnd) {
  play_random_games(Rules{}, 10000, 7);
}

TEST(DhametRandomGames, HuffingVariantGamesKeepInvariantsAndEnd) {
  Rules r;
  r.huffing = true;
  play_random_games(r, 300, 8);
}

TEST(DhametFuzz, RandomTextNeverCrashesTheParsers) {
  Rng rng(99);
  const std::string alphabet = "abcdefghijwWbB.x-/:h,0123456789 ";
  std::vector<Move> moves;
  State s;
  Rules huffing;
  huffing.huffing = true;
  const State start = State();
  const std::string good = start.to_string();
  int accepted_positions = 0;
  for (int i = 0; i < 20000; ++i) {
    std::string text;
    if (i % 3 == 0) {
      // Mutations of a valid position.
      text = good;
      for (int k = 0, n = 1 + static_cast<int>(rng.below(3)); k < n; ++k)
        text[rng.below(static_cast<std::uint32_t>(text.size()))] = alphabet[rng.below(static_cast<std::uint32_t>(alphabet.size()))];
    } else {
      const int len = static_cast<int>(rng.below(24));
      for (int k = 0; k < len; ++k) text += alphabet[rng.below(static_cast<std::uint32_t>(alphabet.size()))];
    }
    try {
      auto p = State::parse(text, i % 2 ? huffing : Rules{});
      ++accepted_positions;
      EXPECT_EQ(State::parse(p.to_string(), i % 2 ? huffing : Rules{}).to_string(), p.to_string());
    } catch (const BadInput& e) {
      EXPECT_EQ(std::string(e.what()).find('\n'), std::string::npos);
    }
    try {
      const Move m = s.parse_move(text);
      s.legal_moves(moves);
      EXPECT_NE(std::find(moves.begin(), moves.end(), m), moves.end());
    } catch (const BadInput& e) {
      EXPECT_FALSE(std::string(e.what()).empty());
    }
    if (i % 500 == 0) {  // vary the position the moves are parsed in
      s.legal_moves(moves);
      if (!moves.empty()) s.apply(moves[rng.below(static_cast<std::uint32_t>(moves.size()))], nullptr);
      if (s.outcome().over()) s = State();
    }
  }
  EXPECT_GT(accepted_positions, 0);
}
