// `strat play` through the real binary, for every game.
#include <gtest/gtest.h>

#include <string>
#include <vector>

#include "core/text.hpp"
#include "run_cli.hpp"

// S-24, D-18, K-13: resignation ends the game at once, and the final board shows the result, not whose turn it
// would have been.
TEST(S24, EveryGamesFinalBoardShowsTheResultAfterResign) {
  const std::string listing = run_strat("games").out;
  std::vector<std::string> games;
  for (auto line : strat::split(listing, '\n'))
    if (!strat::trim(line).empty()) games.emplace_back(strat::split_ws(line)[0]);
  ASSERT_GE(games.size(), 5u);
  for (const auto& game : games) {
    auto r = run_strat("play " + game + " --vs human --seed 5 --no-color", "resign\n");
    ASSERT_EQ(r.status, 0) << game << ": " << r.err;
    const auto resigned = r.out.find(" resigns: ");
    ASSERT_NE(resigned, std::string::npos) << game << ": " << r.out;
    const std::string after = r.out.substr(resigned);
    EXPECT_EQ(after.find(" to move"), std::string::npos) << game << ": " << after;
    EXPECT_EQ(after.find(" to place"), std::string::npos) << game << ": " << after;
    // The board's own result line (where the game draws one) and the closing result line.
    EXPECT_NE(after.find(" wins (resign)\n"), std::string::npos) << game << ": " << after;
  }
}

TEST(D18, DhametBoardAfterResignSaysWhoWon) {
  auto r = run_strat("play dhamet --vs human --no-color", "resign\n");
  ASSERT_EQ(r.status, 0) << r.err;
  const std::string after = r.out.substr(r.out.find("white resigns: black wins"));
  EXPECT_EQ(after.find("White to move"), std::string::npos) << after;
  // The board ends with the result, then the result line follows.
  EXPECT_NE(after.find("  a   b   c   d   e   f   g   h   i\nblack wins (resign)\nblack wins (resign)\n"),
            std::string::npos)
      << after;
}
