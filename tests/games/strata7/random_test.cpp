// Randomized property tests: random games with Strata 7's own invariants after every ply (points and
// prisoners against the events), the fast move generator against the reference one, pinned perft counts.
// Round trips, counts against the board (inconsistency()) and games ending are the conformance suite's
// (tests/core/conformance_test.cpp).
#include <gtest/gtest.h>

#include <map>

#include "core/rng.hpp"
#include "helpers.hpp"

using namespace strata7_test;

namespace {

struct Ledger {  // points and prisoners, rebuilt from the events alone
  int score[2] = {0, 0};
  int taken[2] = {0, 0};       // enemy pieces taken by each side
  int objectives[2] = {0, 0};  // points from reinforcements
  int returned[2] = {0, 0};    // pieces a side got back by A-16
};

void account(const State& before, int mover, const Events& ev, Ledger& l) {
  for (const auto& e : ev) {
    if (e.rfind("capture ", 0) == 0) {
      const int c = cell(e.substr(8, e.find(' ', 8) - 8));
      // The landing cell was empty before the move: the captured unit is the mover's.
      const int victim = before.at(c) == kEmpty ? mover : before.owner(c);
      l.taken[1 - victim] += e.find("stack") != std::string::npos ? 2 : 1;
    } else if (e.rfind("score ", 0) == 0) {
      l.score[e[6] == 'w' ? 0 : 1] = std::stoi(e.substr(8));
    } else if (e.rfind("return ", 0) == 0) {
      ++l.returned[e[7] == 'w' ? 0 : 1];
    } else if (e.rfind("reinforce ", 0) == 0) {
      l.objectives[mover] += board().value[cell(e.substr(10))];
    }
  }
}

void check_invariants(const State& s, const Ledger& l, const char* where) {
  const Board& b = board();
  SCOPED_TRACE(where);
  SCOPED_TRACE(s.to_string());
  // No unit meets A-08 once a move is resolved (unless the game stopped in the middle of resolving it).
  if (!s.outcome().over()) {
    ASSERT_TRUE(s.units_meeting_a08().empty());
  }
  for (int c = 0; c < kCells; ++c) {
    const std::uint8_t v = s.at(c);
    if (v == kEmpty) continue;
    if (is_stack(v) && !b.objective(c)) {
      const int o = s.stack_origin(c);
      ASSERT_TRUE(o != kNone && b.objective(o) && b.camp[o] != owner_of(v));
    }
  }
  for (int side = 0; side < 2; ++side) {
    ASSERT_EQ(l.score[side], s.score(side));
    ASSERT_GE(s.prisoners_of(side), 0);
    // Prisoners held never exceed the points scored (each prisoner was a point when taken).
    ASSERT_LE(s.prisoners_of(side), s.score(1 - side));
    ASSERT_EQ(s.prisoners_of(side), l.taken[1 - side] - l.returned[side]);
    // Score = prisoners taken + objectives + at most the one A-16 bonus point.
    const int base = l.taken[side] + l.objectives[side];
    ASSERT_TRUE(s.score(side) == base || (s.score(side) == base + 1 && s.score(side) >= 7));
    ASSERT_EQ(s.a16_used(side), s.score(side) >= 6);
  }
  if (s.outcome().status == strat::Status::Win) {
    const int w = s.outcome().winner;
    ASSERT_TRUE(s.score(w) >= 7 || s.score(w) > s.score(1 - w));
  }
}

}  // namespace

#ifdef STRAT_SANITIZED
constexpr int kRandomGames = 3000;  // keeps the sanitizer run within its time budget
#else
constexpr int kRandomGames = 10000;
#endif

TEST(Strata7Random, TenThousandGamesKeepTheInvariants) {
  strat::Rng rng(20261122);
  std::vector<Move> moves;
  long plies = 0, captures = 0, reinforcements = 0, placements = 0, wins_by_seven = 0;
  for (int game = 0; game < kRandomGames; ++game) {
    State s = State::start();
    Ledger ledger;
    const bool deep = game % 100 == 0;  // every hundredth game: full cross-checks at every ply
    while (!s.outcome().over()) {
      s.legal_moves(moves);
      ASSERT_FALSE(moves.empty());
      if (deep) {
        std::vector<std::string> fast;
        for (const Move& m : moves) fast.push_back(s.move_to_string(m));
        std::sort(fast.begin(), fast.end());
        ASSERT_EQ(fast, reference_moves(s)) << s.to_string();
        ASSERT_EQ(State::parse(s.to_string()).hash(), s.hash());  // the hash is a function of the position
        const double e = s.evaluate(s.to_move());
        ASSERT_TRUE(e >= -1 && e <= 1);
      }
      const Move m = moves[rng.below(static_cast<std::uint32_t>(moves.size()))];
      const int mover = s.to_move();
      const State before = s;
      Events ev;
      s.apply(m, &ev);
      ++plies;
      for (const auto& e : ev) {
        captures += e.rfind("capture", 0) == 0;
        reinforcements += e.rfind("reinforce", 0) == 0;
      }
      placements += m.kind == Move::Place;
      account(before, mover, ev, ledger);
      // A missed capture would leave no event: the whole board is checked after every ply.
      if (!s.outcome().over()) {
        ASSERT_TRUE(s.units_meeting_a08().empty()) << s.to_string();
      }
      if (deep || !ev.empty()) check_invariants(s, ledger, "after a move");
      if (::testing::Test::HasFatalFailure()) return;
    }
    wins_by_seven += s.outcome().status == strat::Status::Win && s.score(s.outcome().winner) >= 7;
    check_invariants(s, ledger, "at the end");
    if (::testing::Test::HasFatalFailure()) return;
  }
  // The random games do exercise the rules under test.
  EXPECT_GT(captures, kRandomGames);
  EXPECT_GT(reinforcements, kRandomGames);
  EXPECT_GT(placements, kRandomGames / 10);
  EXPECT_GT(wins_by_seven, kRandomGames / 2);
  std::printf("plies %ld captures %ld reinforcements %ld placements %ld wins by seven %ld\n", plies, captures,
              reinforcements, placements, wins_by_seven);
}

TEST(Strata7Perft, PinnedStartCounts) {
  const State s = State::start();
  const std::uint64_t expected[] = {1, 19, 361, 9405, 245254};
  for (int d = 0; d <= 4; ++d) EXPECT_EQ(strat::perft(s, d), expected[d]) << d;
}

TEST(Strata7Perft, MatchesTheReferenceGenerator) {
  const State s = State::start();
  EXPECT_EQ(reference_perft(s, 4), strat::perft(s, 4));
  // Mid-game positions from random play, where chains, objectives and stacks occur.
  strat::Rng rng(7);
  std::vector<Move> moves;
  int checked = 0;
  for (int game = 0; game < 200 && checked < 30; ++game) {
    State g = State::start();
    for (int ply = 0; ply < 10 + (game % 12) * 10 && !g.outcome().over(); ++ply) {
      g.legal_moves(moves);
      g.apply(moves[rng.below(static_cast<std::uint32_t>(moves.size()))], nullptr);
    }
    if (g.outcome().over()) continue;
    ASSERT_EQ(reference_perft(g, 2), strat::perft(g, 2)) << g.to_string();
    ++checked;
  }
  EXPECT_EQ(checked, 30);
}
