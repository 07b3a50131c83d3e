// `strat arena`: a round robin of any game's agents, reproducible from its
// seed, with one-line errors.
#include <gtest/gtest.h>

#include <filesystem>
#include <fstream>
#include <nlohmann/json.hpp>
#include <sstream>

#include "run_cli.hpp"

using nlohmann::json;

TEST(Arena, ARoundRobinPlaysEveryPairWithColoursAlternating) {
  const auto r = run_strat(
      "arena strata7 --agents random,mcts:iterations=20,strata7:depth=1 "
      "--games 2 --seed 4 --json");
  ASSERT_EQ(r.status, 0) << r.err;
  const auto j = json::parse(r.out);
  ASSERT_EQ(j["agents"].size(), 3u);
  ASSERT_EQ(j["pairs"].size(), 3u);
  ASSERT_EQ(j["games"].size(), 6u);
  for (const auto& a : j["agents"]) EXPECT_EQ(a["games"], 4);
  // Game i of the k-th pair has seed SEED + k*GAMES + i; the pair's first agent
  // moves first in its even games.
  for (int g = 0; g < 6; ++g) EXPECT_EQ(j["games"][g]["seed"], 4 + g);
  EXPECT_EQ(j["games"][0]["players"][0], "random");
  EXPECT_EQ(j["games"][1]["players"][1], "random");
  EXPECT_EQ(j["games"][4]["players"][0], "mcts:iterations=20");
  EXPECT_EQ(j["games"][4]["players"][1], "strata7:depth=1");
  EXPECT_EQ(j["pairs"][2]["a"], "mcts:iterations=20");
  int points2 = 0;
  for (const auto& a : j["agents"]) points2 += 2 * a["wins"].get<int>() + a["draws"].get<int>();
  EXPECT_EQ(points2, 12);  // every game gives out one point
  EXPECT_EQ(j["agents"][0]["elo"], 0.0);
}

TEST(Arena, TheSameSeedGivesTheSameGamesWhateverTheJobs) {
  const std::string args =
      "arena stratego:ply_limit=300 --agents random,mcts:iterations=30 --games "
      "4 --seed 9 --json";
  const auto one = run_strat(args + " --jobs 1"), two = run_strat(args + " --jobs 2");
  ASSERT_EQ(one.status, 0) << one.err;
  ASSERT_EQ(two.status, 0) << two.err;
  EXPECT_EQ(json::parse(one.out)["games"], json::parse(two.out)["games"]);
  const auto other = run_strat(
      "arena stratego:ply_limit=300 --agents "
      "random,mcts:iterations=30 --games 4 --seed 10 --json");
  EXPECT_NE(json::parse(one.out)["games"], json::parse(other.out)["games"]);
}

TEST(Arena, TheTableNamesEveryAgentAndPair) {
  const auto r = run_strat(
      "arena dhamet --agents random,dhamet:depth=1 "
      "--games 2 --time-per-move 5");
  ASSERT_EQ(r.status, 0) << r.err;
  EXPECT_NE(r.out.find("Elo"), std::string::npos) << r.out;
  EXPECT_NE(r.out.find("(reference)"), std::string::npos) << r.out;
  EXPECT_NE(r.out.find("random vs dhamet:depth=1,time=5"), std::string::npos) << r.out;
}

TEST(Arena, BadInputGivesOneLine) {
  struct Case {
    std::string args, message;
  };
  const Case cases[] = {
      {"stratego --agents random,nobody --games 2", "unknown agent"},
      {"stratego --agents random --games 2", "--agents needs two or more agents"},
      {"stratego --agents random,random --games 2", "names 'random' twice"},
      {"stratego --agents random,mcts --games 0", "--games"},
      {"stratego --agents random,ucc: --games 1", "needs a command after the colon"},
      {"dhamet --agents random,ucc:./bot --games 1", "unknown agent"},  // outside programs are Stratego's
      {"nogame --agents random,mcts", "unknown game"},
      {"stratego --agents random,mcts --jobs 0", "--jobs"},
      {"stratego --agents random,mcts --resume", "--resume needs --save"},
  };
  for (const auto& c : cases) {
    const auto r = run_strat("arena " + c.args);
    EXPECT_EQ(r.status, 2) << c.args << "\n" << r.err;
    EXPECT_NE(r.err.find(c.message), std::string::npos) << c.args << "\n" << r.err;
    EXPECT_EQ(std::count(r.err.begin(), r.err.end(), '\n'), 1) << c.args << "\n" << r.err;
    EXPECT_TRUE(r.out.empty()) << c.args;
  }
}

TEST(Arena, ResumeReadsTheSavedGamesBackAndPlaysOnlyTheOthers) {
  namespace fs = std::filesystem;
  const fs::path dir = fs::temp_directory_path() / ("strat_arena_resume_" + std::to_string(getpid()));
  fs::remove_all(dir);
  const std::string args = "arena stratego:ply_limit=300 --agents random,mcts:iterations=30 --games 4 --seed 9 --json "
                           "--save " + dir.string();
  const auto first = run_strat(args);
  ASSERT_EQ(first.status, 0) << first.err;
  const auto full = json::parse(first.out);
  const auto file = [&](int g) { return dir / ("game-000" + std::to_string(g) + ".txt"); };
  // Games 2 and 4 were never played (a stopped arena); game 1's record is rewritten as Red's resignation after three
  // moves, a game that playing it again could not give: so the arena must read it, not play it.
  fs::remove(file(2));
  fs::remove(file(4));
  std::istringstream lines(slurp(file(1).string()));
  std::string line, rewritten;
  int moves = 0;
  while (std::getline(lines, line)) {
    if (line.rfind("[Result ", 0) == 0) line = "[Result \"blue wins (resign)\"]";
    if (!line.empty() && line[0] != '[' && ++moves > 3) break;
    rewritten += line + "\n";
  }
  std::ofstream(file(1)) << rewritten;

  const auto again = run_strat(args + " --resume");
  ASSERT_EQ(again.status, 0) << again.err;
  const auto j = json::parse(again.out);
  EXPECT_EQ(j["resumed"], 2);
  EXPECT_EQ(j["games"][0]["result"], "blue wins (resign)");
  EXPECT_EQ(j["games"][0]["plies"], 3);
  EXPECT_EQ(j["agents"][0]["forfeits"], 1);  // random played Red in game 1: its resignation is a forfeit
  for (int g = 1; g < 4; ++g) EXPECT_EQ(j["games"][g], full["games"][g]) << g;  // the same games, played or read
  EXPECT_TRUE(fs::exists(file(2)) && fs::exists(file(4)));

  // Another arena's folder is refused before any game, in one line naming the file.
  const auto other = run_strat("arena stratego:ply_limit=300 --agents random,mcts:iterations=30 --games 4 --seed 10 "
                               "--save " + dir.string() + " --resume");
  EXPECT_EQ(other.status, 2);
  EXPECT_NE(other.err.find("game-0001.txt is not this arena's game: its Seed is '9'"), std::string::npos) << other.err;
  EXPECT_EQ(std::count(other.err.begin(), other.err.end(), '\n'), 1) << other.err;
  fs::remove_all(dir);
}
