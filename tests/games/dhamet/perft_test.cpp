// Perft pinned from the start position, and cross-checked against the independent reference generator
// (reference.hpp) on the start position and on positions reached by random play.
#include <gtest/gtest.h>

#include "core/game.hpp"
#include "games/dhamet/state.hpp"
#include "helpers.hpp"
#include "reference.hpp"

using namespace strat;
using namespace strat::dhamet;
using namespace dhamet_test;

TEST(DhametPerft, StartPositionDepthsOneToSixPinned) {
  const std::uint64_t expected[] = {1, 3, 5, 7, 14, 56, 130};
  State s;
  for (int d = 0; d <= 6; ++d) EXPECT_EQ(s.perft(d), expected[d]) << "depth " << d;
  // Deeper figures published in docs/games/dhamet.md.
  EXPECT_EQ(s.perft(7), 381u);
  EXPECT_EQ(s.perft(10), 28082u);
}

TEST(DhametPerft, OwnPerftMatchesGenericPerft) {
  State s;
  for (int d = 0; d <= 9; ++d) EXPECT_EQ(s.perft(d), strat::perft(s, d)) << "depth " << d;
}

TEST(DhametPerft, OwnPerftFollowsTheDrawRulesLikeTheGenericOne) {
  // Two Sultans and a man each, after five Sultan moves: within four plies both the no-progress limit (8 here)
  // and threefold repetitions end lines of the tree.
  Rules r;
  r.draw_plies = 8;
  auto s = State::parse(position({{"a1", 'W'}, {"e2", 'w'}, {"i9", 'B'}, {"e8", 'b'}}, 'w'), r);
  s = after(s, {"a1-a2", "i9-i8", "a2-a1", "i8-i9", "a1-a2"});
  ASSERT_EQ(s.quiet_plies(), 5);
  for (int d = 1; d <= 4; ++d) EXPECT_EQ(s.perft(d), strat::perft(s, d)) << "depth " << d;
  EXPECT_LT(s.perft(4), dhamet_ref::perft(dhamet_ref::parse(s.to_string()), 4));  // the draws did cut
}

TEST(DhametPerft, ReferenceAgreesOnStartPosition) {
  const auto start = dhamet_ref::parse(State().to_string());
  State s;
  for (int d = 1; d <= 8; ++d) EXPECT_EQ(dhamet_ref::perft(start, d), s.perft(d)) << "depth " << d;
}

TEST(DhametPerft, ReferenceAgreesOnThousandRandomPositions) {
  Rng rng(20261122);
  std::vector<Move> moves;
  int checked = 0, with_sultans = 0, with_captures = 0;
  while (checked < 1000) {
    State s;
    // Stop at a random ply of a random game.
    const int stop = static_cast<int>(rng.below(220));
    for (int i = 0; i < stop && !s.outcome().over(); ++i) {
      s.legal_moves(moves);
      s.apply(moves[rng.below(static_cast<std::uint32_t>(moves.size()))], nullptr);
    }
    if (s.outcome().over()) continue;
    const auto ref = dhamet_ref::parse(s.to_string());
    ASSERT_EQ(dhamet_ref::to_text(ref), s.to_string());
    const auto expected = dhamet_ref::legal(ref);
    ASSERT_EQ(legal(s), expected) << s.to_string();
    // Playing every move gives the reference's position.
    s.legal_moves(moves);
    for (const auto& m : moves) {
      State child = s;
      child.apply(m, nullptr);
      ASSERT_EQ(child.to_string(), dhamet_ref::to_text(dhamet_ref::play(ref, s.move_to_string(m))))
          << s.to_string() << " " << s.move_to_string(m);
    }
    // Perft 3 on every tenth position (the draw rules cannot act within three plies of a fresh
    // position, so the reference's rule-free perft is comparable).
    if (checked % 10 == 0) {
      const State fresh = State::parse(s.to_string());
      ASSERT_EQ(fresh.perft(3), dhamet_ref::perft(ref, 3)) << s.to_string();
    }
    with_sultans += (s.board().sultans[0] | s.board().sultans[1]) != 0;
    with_captures += max_capture(s.board()) > 0;
    ++checked;
  }
  // The sample must exercise Sultans and captures, not only openings.
  EXPECT_GT(with_sultans, 100);
  EXPECT_GT(with_captures, 100);
}
