// A failing STRAT_ASSERT stops the program with its message, and StateAdapter checks a game's inconsistency()
// after every move. This file turns the checks on for itself alone (before any include), so that the Release
// run sees them fire too; kChecked has internal linkage, so this file's value does not clash with others'.
#undef NDEBUG
#include "core/assert.hpp"

#include <gtest/gtest.h>

#include "core/any_state.hpp"

static_assert(strat::kChecked);

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

TEST(StratAssertDeathTest, AFailingCheckStopsWithItsMessage) {
  EXPECT_DEATH(STRAT_ASSERT(1 + 1 == 3, "arithmetic is " + std::string("broken")), "1 \\+ 1 == 3: arithmetic is broken");
}

TEST(StratAssertDeathTest, TheAdapterChecksTheGamesInvariantsAfterEveryMove) {
  strat::StateAdapter<Counter> fine("counter", Counter{});
  fine.apply("1");
  EXPECT_EQ(fine.position(), "1");
  Counter c;
  c.broken = true;
  strat::StateAdapter<Counter> bad("counter", c);
  EXPECT_DEATH(bad.apply("-1"), "counter: negative count");
}
