// STRAT_ASSERT is evaluated exactly in checked builds (Debug, or the sanitizer build's STRAT_SANITIZED).
// assert_checked_test.cpp sees a failing check stop the program.
#include <gtest/gtest.h>

#include "core/assert.hpp"

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
