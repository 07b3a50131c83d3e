// STRAT_ASSERT: evaluated exactly in checked builds (Debug, or the sanitizer build's STRAT_SANITIZED), and a
// failing check stops the program with its message.
#include <gtest/gtest.h>

#include "core/any_state.hpp"
#include "core/assert.hpp"

namespace {

// A minimal game whose invariant can be broken from outside, to see the adapter's check fire.
struct Counter {
  using Move = int;
  int n = 0;
  bool broken = false;
  int to_move() const { return n % 2; }
  strat::Outcome outcome() const { return n >= 3 ? strat::Outcome::draw("done") : strat::Outcome{}; }
  void legal_moves(std::vector<int>& out) const { out.assign({broken ? -1 : 1}); }
  void apply(const int& m, strat::Events*) { n += m; }
  std::string move_to_string(const int& m) const { return std::to_string(m); }
  int parse_move(std::string_view) const { return broken ? -1 : 1; }
  std::string to_string() const { return std::to_string(n); }
  int ply() const { return n; }
  std::string inconsistency() const { return n < 0 ? "negative count" : ""; }
};
static_assert(strat::GameState<Counter> && strat::SelfChecking<Counter>);

}  // namespace

TEST(StratAssert, EvaluatedExactlyInCheckedBuilds) {
  int evaluated = 0;
  STRAT_ASSERT(++evaluated > 0, "never fails");
#if defined(STRAT_SANITIZED) || !defined(NDEBUG)
  EXPECT_TRUE(strat::kChecked);
#else
  EXPECT_FALSE(strat::kChecked);
#endif
  EXPECT_EQ(evaluated, strat::kChecked ? 1 : 0);
}

TEST(StratAssertDeathTest, AFailingCheckStopsWithItsMessage) {
  if (!strat::kChecked) GTEST_SKIP() << "compiled out in Release";
  EXPECT_DEATH(STRAT_ASSERT(1 + 1 == 3, "arithmetic is " + std::string("broken")), "1 \\+ 1 == 3: arithmetic is broken");
}

TEST(StratAssertDeathTest, TheAdapterChecksTheGamesInvariantsAfterEveryMove) {
  strat::StateAdapter<Counter> fine("counter", Counter{});
  fine.apply("1");
  EXPECT_EQ(fine.position(), "1");
  if (!strat::kChecked) GTEST_SKIP() << "compiled out in Release";
  Counter c;
  c.broken = true;
  strat::StateAdapter<Counter> bad("counter", c);
  EXPECT_DEATH(bad.apply("-1"), "counter: negative count");
}
