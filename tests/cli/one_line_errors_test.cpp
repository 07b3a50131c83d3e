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

// What strat did not understand is named: a word that is no verb, an option before the verb (CLI11 alone
// answered all of these "A subcommand is required"). `strat help` is the help, `strat help VERB` the verb's.
TEST(OneLineErrors, UnknownVerbsAndOptionsAreNamed) {
  const CliResult verb = run_strat("frobnicate");
  expect_one_short_line(verb, "unknown verb");
  EXPECT_NE(verb.err.find("unknown verb 'frobnicate'"), std::string::npos) << verb.err;
  EXPECT_NE(verb.err.find("selfplay"), std::string::npos) << "the verbs are listed: " << verb.err;
  const CliResult option = run_strat("--frob games");
  expect_one_short_line(option, "unknown option");
  EXPECT_NE(option.err.find("unknown option '--frob'"), std::string::npos) << option.err;
  expect_one_short_line(run_strat(shell_quote("evil\nverb" + std::string(5000, 'v'))), "a long verb");
  const CliResult help = run_strat("help");
  EXPECT_EQ(help.status, 0) << help.err;
  EXPECT_EQ(help.out, run_strat("--help").out);
  const CliResult verb_help = run_strat("help legal");
  EXPECT_EQ(verb_help.status, 0) << verb_help.err;
  EXPECT_EQ(verb_help.out, run_strat("legal --help").out);
  expect_one_short_line(run_strat("help frobnicate"), "help for an unknown verb");
  const CliResult none = run_strat("");
  expect_one_short_line(none, "no verb");
  EXPECT_EQ(run_strat("games").status, 0);
}

}  // namespace
