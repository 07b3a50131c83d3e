// Every registered game is in the conformance suite's type list: a new game that is not added fails here.
#include <gtest/gtest.h>

#include "conformance.hpp"
#include "conformance_games.hpp"

namespace {

template <class... S>
bool listed(const strat::GameInfo& g, ::testing::Types<S...>) {
  return (conformance::builds<S>(g) || ...);
}

}  // namespace

TEST(RegistryCoverage, EveryRegisteredGameIsInTheConformanceList) {
  const auto& games = strat::Registry::global().games();
  ASSERT_FALSE(games.empty());
  for (const auto& g : games)
    EXPECT_TRUE(listed(g, conformance::AllGameStates{}))
        << "game " << g.name << " is registered but its State is not in tests/core/conformance_games.hpp";
}
