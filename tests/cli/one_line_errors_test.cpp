// Errors stay one short line whatever a user or a script passes: names, options and agents are quoted and cut,
// control characters never reach the terminal.
#include <gtest/gtest.h>

#include <string>

#include "run_cli.hpp"

namespace {

void expect_one_short_line(const CliResult& r, const std::string& what) {
  EXPECT_EQ(r.status, 2) << what;
  ASSERT_FALSE(r.err.empty()) << what;
  EXPECT_EQ(r.err.find('\n'), r.err.size() - 1) << what << ": " << r.err.substr(0, 200);
  EXPECT_LT(r.err.size(), 600u) << what;
  EXPECT_EQ(r.err.find('\x1b'), std::string::npos) << what;
}

TEST(OneLineErrors, GameNamesOptionsAndAgentsAreQuotedAndCut) {
  const std::string newline = "evil\nsecond line";
  const std::string huge(100000, 'x');
  const std::string escape = "red\x1b[2Jgone";
  for (const std::string& name : std::vector<std::string>{newline, huge, escape}) {
    expect_one_short_line(run_strat("legal " + shell_quote(name) + " startpos"), "game name");
    expect_one_short_line(run_strat("legal " + shell_quote("dhamet:" + name) + " startpos"), "game option");
    expect_one_short_line(run_strat("legal " + shell_quote("dhamet:" + name + "=1") + " startpos"), "game option value");
    expect_one_short_line(run_strat("selfplay dhamet --games 1 --agents " + shell_quote(name + ",random")), "agent");
    expect_one_short_line(run_strat("selfplay dhamet --games 1 --agents " + shell_quote("dhamet:" + name + ",random")),
                          "agent option");
  }
}

}  // namespace
