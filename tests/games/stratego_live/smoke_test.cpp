#include <gtest/gtest.h>
#include "games/stratego_live/game.hpp"
using namespace strat::live;
TEST(L01, Smoke) { GameSetup s; s.players_per_team = 5; auto g = LiveGame::create(s, 0); EXPECT_EQ(g.state().setup.cards, 20); }
