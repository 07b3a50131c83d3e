#include <gtest/gtest.h>

#include "core/error.hpp"
#include "core/options.hpp"
#include "core/rng.hpp"

using namespace strat;

TEST(Options, ParsesFlagsAndValues) {
  auto [name, o] = Options::parse_spec("mcts:iterations=2000,fast", "agent option");
  EXPECT_EQ(name, "mcts");
  EXPECT_EQ(o.get_int("iterations", 0, 0, 10000), 2000);
  EXPECT_TRUE(o.flag("fast"));
  EXPECT_FALSE(o.flag("slow"));
  EXPECT_EQ(o.to_string(), "fast,iterations=2000");
}

TEST(Options, RejectsBadInput) {
  EXPECT_THROW(Options::parse("a,,b", "x"), BadInput);
  EXPECT_THROW(Options::parse("a,a", "x"), BadInput);
  auto o = Options::parse("n=abc", "x");
  EXPECT_THROW(o.get_int("n", 0, 0, 10), BadInput);
  auto big = Options::parse("n=99", "x");
  EXPECT_THROW(big.get_int("n", 0, 0, 10), BadInput);
  EXPECT_THROW(big.check_known({"m"}), BadInput);
}

TEST(Rng, SameSeedSameStreamAndBelowInRange) {
  Rng a(42), b(42), c(43);
  bool differs = false;
  for (int i = 0; i < 1000; ++i) {
    auto x = a.next();
    EXPECT_EQ(x, b.next());
    differs = differs || x != c.next();
    EXPECT_EQ(a.below(7), b.below(7));
    EXPECT_LT(c.below(7), 7u);
  }
  EXPECT_TRUE(differs);
}
