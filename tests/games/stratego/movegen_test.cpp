// The branch-light legal_moves (state.hpp) against a straightforward reference generator: the same moves in the
// same order (records, perft and pinned tests depend on the order), on many random positions, classic and
// barrage, with and without a run-limit restriction (S-18/S-19).
#include <gtest/gtest.h>

#include "games/stratego/encoding.hpp"
#include "helpers.hpp"

using namespace strat;
using namespace strat::stratego;

namespace {

// Plain loops, one push_back per legal move: pieces by square, directions in kDirs order, a Scout's ray from
// near to far, then the banned move of a run swapped with the last.
std::vector<Move> reference_moves(const State& s) {
  std::vector<Move> out;
  const int me = s.to_move();
  auto target_ok = [&](int q) {
    const std::uint8_t c = s.cell(q);
    if (c == 0) return true;
    if (c & kWall) return false;
    return s.owner_at(q) != me;
  };
  for (int from = 0; from < kCells; ++from) {
    if (!s.is_piece(from) || s.owner_at(from) != me || !movable(s.rank_at(from))) continue;
    for (int d : kDirs) {
      int to = from + d;
      if (s.rank_at(from) == kScout) {
        while (s.cell(to) == 0) {
          out.push_back({static_cast<std::uint8_t>(from), static_cast<std::uint8_t>(to)});
          to += d;
        }
      }
      if (s.cell(to) != 0 && target_ok(to)) out.push_back({static_cast<std::uint8_t>(from), static_cast<std::uint8_t>(to)});
      else if (s.cell(to) == 0 && s.rank_at(from) != kScout)
        out.push_back({static_cast<std::uint8_t>(from), static_cast<std::uint8_t>(to)});
    }
  }
  const Run& r = s.run(me);
  if (r.count >= s.config().run_limit) {
    const Move banned{r.to, r.from};
    for (auto& m : out)
      if (m == banned) {
        m = out.back();
        out.pop_back();
        break;
      }
  }
  return out;
}

struct Counts {
  long positions = 0, restricted = 0, banned_present = 0, scout_moves = 0, is_legal_checked = 0;
};

void compare(const State& s, Counts& counts) {
  std::vector<Move> fast;
  fast.push_back({1, 2});  // legal_moves must replace what was there
  s.legal_moves(fast);
  const auto ref = reference_moves(s);
  ASSERT_EQ(fast, ref) << s.to_string();
  ++counts.positions;
  for (const auto& m : ref)
    if (s.rank_at(m.from) == kScout) ++counts.scout_moves;
  // has_legal_move agrees with the list.
  ASSERT_EQ(s.has_legal_move(s.to_move()), !ref.empty()) << s.to_string();
  // The encoding's actions generated from the board (Encoding::legal_actions) are the list's, in its order.
  std::vector<int> ids{7}, listed_ids;
  Encoding::legal_actions(s, ids);
  for (const auto& m : ref) listed_ids.push_back(Encoding::action(m));
  ASSERT_EQ(ids, listed_ids) << s.to_string();
  // is_legal (parse_move's fast path) agrees with the list on every pair of squares, and Encoding::legal_move on
  // every int around the action space, in one position of 8.
  if (counts.positions % 8 == 1) {
    for (int a = -2; a < Encoding::num_actions(s) + 2; ++a) {
      Move m;
      const bool legal = Encoding::legal_move(s, a, m);
      const bool listed = std::find(listed_ids.begin(), listed_ids.end(), a) != listed_ids.end();
      ASSERT_EQ(legal, listed && !s.outcome().over()) << s.to_string() << " action " << a;
      if (legal) ASSERT_EQ(Encoding::action(m), a) << s.to_string();
    }
    for (int from = 0; from < kCells; ++from)
      for (int to = 0; to < kCells; ++to) {
        const Move m{static_cast<std::uint8_t>(from), static_cast<std::uint8_t>(to)};
        const bool listed = std::find(ref.begin(), ref.end(), m) != ref.end();
        ASSERT_EQ(s.is_legal(m), listed && !s.outcome().over()) << s.to_string() << " " << from << "-" << to;
        ++counts.is_legal_checked;
      }
  }
}

void run(Config config, std::uint64_t seed, int games, Counts& counts) {
  Rng rng(seed);
  std::vector<Move> moves;
  for (int g = 0; g < games; ++g) {
    State s = random_start(config, rng);
    while (!s.outcome().over()) {
      compare(s, counts);
      if (::testing::Test::HasFatalFailure()) return;
      s.legal_moves(moves);
      // A copy with a run restriction on a random non-attack move of the side to move, so that the move is banned.
      if (rng.below(4) == 0) {
        std::vector<Move> quiet;
        for (const auto& m : moves)
          if (s.cell(m.to) == 0) quiet.push_back(m);
        if (!quiet.empty()) {
          const Move m = quiet[rng.below(static_cast<std::uint32_t>(quiet.size()))];
          State t = s;
          const auto count = static_cast<std::uint8_t>(config.run_limit - 1 + rng.below(3));  // below, at, over
          t.set_run(s.to_move(), Run{m.to, m.from, count});
          if (count >= config.run_limit) {
            ++counts.restricted;
            auto ref = reference_moves(t);
            if (std::find(ref.begin(), ref.end(), m) == ref.end()) ++counts.banned_present;
          }
          compare(t, counts);
          if (::testing::Test::HasFatalFailure()) return;
        }
      }
      s.apply(moves[rng.below(static_cast<std::uint32_t>(moves.size()))], nullptr);
    }
  }
}

TEST(StrategoMoveGen, MatchesReferenceClassic) {
  Counts c;
  run(Config{}, 11, 60, c);
  EXPECT_GT(c.positions, 20000);
  EXPECT_GT(c.restricted, 1000);
  EXPECT_EQ(c.banned_present, c.restricted);  // every restricted copy really lost its banned move
  EXPECT_GT(c.scout_moves, 20000);
  EXPECT_GT(c.is_legal_checked, 1000000);
}

TEST(StrategoMoveGen, MatchesReferenceClassicTwoSquareIsf) {
  Counts c;
  Config config;
  config.run_limit = 3;
  run(config, 12, 30, c);
  EXPECT_GT(c.positions, 10000);
  EXPECT_GT(c.restricted, 500);
  EXPECT_EQ(c.banned_present, c.restricted);
}

TEST(StrategoMoveGen, MatchesReferenceBarrage) {
  Counts c;
  Config config;
  config.barrage = true;
  run(config, 13, 200, c);
  config.run_limit = 3;
  run(config, 14, 200, c);
  EXPECT_GT(c.positions, 20000);
  EXPECT_GT(c.restricted, 1000);
  EXPECT_EQ(c.banned_present, c.restricted);
  EXPECT_GT(c.scout_moves, 5000);
}

// Positions no game reaches: pieces anywhere (many Scouts, pieces on every edge, long open rays).
TEST(StrategoMoveGen, MatchesReferenceScatteredPieces) {
  Rng rng(15);
  Counts c;
  for (int i = 0; i < 3000; ++i) {
    State s{Config{}};
    const int pieces = 1 + static_cast<int>(rng.below(60));
    for (int k = 0; k < pieces; ++k) {
      const int col = static_cast<int>(rng.below(10)), row = static_cast<int>(rng.below(10));
      if (is_lake_square(col, row) || s.is_piece(sq(col, row))) continue;
      const int rank = rng.below(2) ? kScout : 1 + static_cast<int>(rng.below(12));
      s.put(sq(col, row), static_cast<int>(rng.below(2)), rank);
    }
    s.set_side(static_cast<int>(rng.below(2)));
    compare(s, c);
    if (HasFatalFailure()) return;
  }
  EXPECT_GT(c.scout_moves, 10000);
}

}  // namespace
