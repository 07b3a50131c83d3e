// The contract's verbs for dhamet, through the registry and the CLI.
#include <gtest/gtest.h>

#include <sstream>

#include "cli/app.hpp"
#include "core/registry.hpp"

namespace {
struct Run {
  int status;
  std::string out, err;
};
Run strat_cli(std::vector<std::string> args) {
  args.insert(args.begin(), "strat");
  std::vector<char*> argv;
  for (auto& a : args) argv.push_back(a.data());
  std::ostringstream out, err;
  const int status = strat::cli::run(static_cast<int>(argv.size()), argv.data(), out, err);
  return {status, out.str(), err.str()};
}
}  // namespace

TEST(DhametCli, GamesLegalApplyPerftView) {
  auto games = strat_cli({"games"});
  EXPECT_NE(games.out.find("dhamet standard\n"), std::string::npos);
  EXPECT_NE(games.out.find("dhamet huffing\n"), std::string::npos);
  EXPECT_EQ(strat_cli({"legal", "dhamet", "startpos"}).out, "d4-e5\ne4-e5\nf4-e5\n");
  auto applied = strat_cli({"apply", "dhamet", "startpos", "d4-e5", "f6xd4"});
  EXPECT_EQ(applied.status, 0);
  EXPECT_EQ(applied.out,
            "bbbbbbbbb/bbbbbbbbb/bbbbbbbbb/bbbbb.bbb/bbbb.wwww/wwwbwwwww/wwwwwwwww/wwwwwwwww/wwwwwwwww w\n"
            "capture e5\n");
  EXPECT_EQ(strat_cli({"perft", "dhamet", "startpos", "6"}).out, "130\n");
  auto view = strat_cli({"view", "dhamet", "startpos", "white", "--json"});
  EXPECT_NE(view.out.find("\"legal\":[\"d4-e5\",\"e4-e5\",\"f4-e5\"]"), std::string::npos) << view.out;
  auto variant = strat_cli({"perft", "dhamet:huffing", "startpos", "2"});
  EXPECT_EQ(variant.status, 0);
}

TEST(DhametCli, BadInputExitsTwoWithOneLine) {
  auto illegal = strat_cli({"apply", "dhamet", "startpos", "d4-e5", "a6-a5"});
  EXPECT_EQ(illegal.status, 2);
  EXPECT_NE(illegal.err.find("move 2 'a6-a5'"), std::string::npos) << illegal.err;
  EXPECT_NE(illegal.err.find("compulsory"), std::string::npos) << illegal.err;
  EXPECT_EQ(std::count(illegal.err.begin(), illegal.err.end(), '\n'), 1);
  EXPECT_EQ(strat_cli({"legal", "dhamet", "nonsense"}).status, 2);
  EXPECT_EQ(strat_cli({"legal", "dhamet:speed=2", "startpos"}).status, 2);
  EXPECT_EQ(strat_cli({"legal", "dhamet:draw_plies=x", "startpos"}).status, 2);
}

TEST(DhametCli, BenchFiguresAreReported) {
  const auto& info = strat::Registry::global().get("dhamet");
  auto lines = info.bench(strat::Options(), 0.3, {});
  ASSERT_EQ(lines.size(), 7u);
  EXPECT_EQ(lines[0].rfind("playout_plies_per_second ", 0), 0u) << lines[0];
  EXPECT_EQ(lines[6].rfind("perft_leaves_per_second ", 0), 0u) << lines[6];
}
