// Every registered game is in the conformance suite's type list (generated from src/games/*/board_game.hpp): a game whose
// folder lacks board_game.hpp fails here.
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
        << "game " << g.name << " is registered but its folder has no board_game.hpp naming its State (src/games/<folder>/board_game.hpp)";
}
