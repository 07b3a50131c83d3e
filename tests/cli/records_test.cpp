// Game records (docs/records.md) through the real binary: every game's records round-trip, old records still
// read, and the recorded result is what replay reports.
#include <gtest/gtest.h>

#include <algorithm>
#include <filesystem>
#include <fstream>
#include <string>
#include <vector>

#include "core/registry.hpp"
#include "core/text.hpp"
#include "run_cli.hpp"

namespace {

// "stratego:barrage", "strata7", "stratego:setup=actions", ...: every game, variant and mode of the registry.
std::vector<std::string> all_games() {
  std::vector<std::string> out;
  for (const auto& g : strat::Registry::global().games())
    for (const auto& spec : g.specs()) out.push_back(spec);
  return out;
}

struct TempDir {
  std::string path = "/tmp/strat_records_" + std::to_string(getpid()) + "_" + std::to_string(counter()++);
  ~TempDir() { std::filesystem::remove_all(path); }
  static int& counter() { static int n = 0; return n; }
};

std::string write(const TempDir& dir, const std::string& name, const std::string& text) {
  std::filesystem::create_directories(dir.path);
  const std::string file = dir.path + "/" + name;
  std::ofstream(file) << text;
  return file;
}

// The last line of replay's output: the result.
std::string result_line(const std::string& out) {
  auto lines = strat::split(strat::trim(out), '\n');
  return lines.empty() ? "" : std::string(lines.back());
}

}  // namespace

TEST(Records, EveryGamesSelfplayRecordsReplay) {
  const auto games = all_games();
  ASSERT_GE(games.size(), 10u);
  for (const auto& game : games) {
    TempDir dir;
    auto play = run_strat("selfplay " + game + " --agents random,random --games 2 --seed 11 --save " + dir.path);
    ASSERT_EQ(play.status, 0) << game << ": " << play.err;
    for (const char* name : {"/game-0001.txt", "/game-0002.txt"}) {
      const std::string record = slurp(dir.path + name);
      auto replay = run_strat("replay " + dir.path + name);
      EXPECT_EQ(replay.status, 0) << game << name << ": " << replay.err;
      // The replayed result is the one written in the record.
      const auto at = record.find("[Result \"");
      ASSERT_NE(at, std::string::npos) << record;
      const auto result = record.substr(at + 9, record.find('"', at + 9) - at - 9);
      EXPECT_EQ(result_line(replay.out), result) << game << name;
    }
  }
}

// The audit's case: the card duel's moves contain a space ("place 1=4").
TEST(Records, CardDuelMovesWithSpacesRoundTrip) {
  TempDir dir;
  ASSERT_EQ(run_strat("selfplay stratego-cards --agents random,random --games 1 --seed 11 --save " + dir.path).status, 0);
  const std::string record = slurp(dir.path + "/game-0001.txt");
  EXPECT_NE(record.find("\n1. place "), std::string::npos) << record;
  auto replay = run_strat("replay " + dir.path + "/game-0001.txt");
  EXPECT_EQ(replay.status, 0) << replay.err;
  EXPECT_EQ(replay.err, "");
}

// Records written before annotations were braced ("3. e5xe6 6x4") still read, and a false annotation in that
// form is still caught.
TEST(Records, OldUnbracedAnnotationsStillRead) {
  TempDir dir;
  ASSERT_EQ(run_strat("selfplay stratego --agents random,random --games 1 --seed 8 --save " + dir.path).status, 0);
  std::string text = slurp(dir.path + "/game-0001.txt");
  std::string old_text, lying;
  bool lied = false;
  for (auto line : strat::split(text, '\n')) {
    std::string l(line);
    const auto open = l.find(" {");
    if (open != std::string::npos) {
      const std::string annotation = l.substr(open + 2, l.size() - open - 3);
      l = l.substr(0, open) + " " + annotation;
      lying += l.substr(0, open) + " " + (lied ? annotation : "10x10") + "\n";
      lied = true;
    } else {
      lying += l + "\n";
    }
    old_text += l + "\n";
  }
  ASSERT_TRUE(lied) << "no attack in the game";
  auto good = run_strat("replay " + write(dir, "old.txt", old_text));
  EXPECT_EQ(good.status, 0) << good.err;
  auto bad = run_strat("replay " + write(dir, "lying.txt", lying));
  EXPECT_EQ(bad.status, 2);
  EXPECT_NE(bad.err.find("the record says '10x10'"), std::string::npos) << bad.err;
}

TEST(Records, MalformedAnnotationIsOneLineError) {
  TempDir dir;
  const std::string text = "[Game \"stratego\"]\n[Start \"random:5\"]\n\n1. e4-e5 {6x4\n";
  auto r = run_strat("replay " + write(dir, "bad.txt", text));
  EXPECT_EQ(r.status, 2);
  EXPECT_NE(r.err.find("record line 4: the annotation must be one {...} at the end of the line"), std::string::npos)
      << r.err;
  EXPECT_EQ(std::count(r.err.begin(), r.err.end(), '\n'), 1) << r.err;
}

namespace {

// A dhamet record from selfplay, with its moves cut to the first `keep` and its result replaced.
std::string dhamet_record(const TempDir& dir, std::size_t keep, const std::string& result) {
  EXPECT_EQ(run_strat("selfplay dhamet --agents random,random --games 1 --seed 3 --save " + dir.path).status, 0);
  std::string out;
  std::size_t moves = 0;
  const std::string text = slurp(dir.path + "/game-0001.txt");
  for (auto line : strat::split(text, '\n')) {
    std::string l(line);
    if (l.rfind("[Result ", 0) == 0) l = "[Result \"" + result + "\"]";
    if (!l.empty() && l[0] >= '1' && l[0] <= '9' && ++moves > keep) break;
    out += l + "\n";
  }
  return out;
}

}  // namespace

// The audit's case: the moves leave the game open and the record says Black resigned. Replay reports the
// recorded result, not "ongoing".
TEST(D18, ReplayReportsAResignationTheMovesLeaveOpen) {
  TempDir dir;
  const std::string file = write(dir, "resign.txt", dhamet_record(dir, 10, "white wins (resign)"));
  auto r = run_strat("replay " + file);
  EXPECT_EQ(r.status, 0) << r.err;
  EXPECT_EQ(result_line(r.out), "white wins (resign)") << r.out;
  auto j = run_strat("replay " + file + " --json");
  EXPECT_NE(j.out.find("\"result\":\"white wins (resign)\""), std::string::npos) << j.out;
  EXPECT_NE(j.out.find("\"valid\":true"), std::string::npos) << j.out;
  // An agreed draw and a loss on time read the same way.
  EXPECT_EQ(result_line(run_strat("replay " + write(dir, "agreed.txt", dhamet_record(dir, 10, "draw (agreement)"))).out),
            "draw (agreement)");
  EXPECT_EQ(result_line(run_strat("replay " + write(dir, "time.txt", dhamet_record(dir, 10, "black wins (time)"))).out),
            "black wins (time)");
}

TEST(D18, ReplayRefusesAResultOutsideTheRulesAfterTheGameEnded) {
  TempDir dir;
  auto r = run_strat("replay " + write(dir, "late.txt", dhamet_record(dir, 100000, "black wins (resign)")));
  EXPECT_EQ(r.status, 2);
  EXPECT_NE(r.err.find("the record's result 'black wins (resign)' ends the game outside the rules, but its moves "
                       "already end it: 'white wins (no-pieces)'"),
            std::string::npos)
      << r.err;
  EXPECT_EQ(std::count(r.err.begin(), r.err.end(), '\n'), 1) << r.err;
}

TEST(D18, ReplayRefusesAnImpossibleResultOutsideTheRules) {
  TempDir dir;
  for (const char* result : {"draw (resign)", "white wins (agreement)", "purple wins (resign)"}) {
    auto r = run_strat("replay " + write(dir, "odd.txt", dhamet_record(dir, 10, result)));
    EXPECT_EQ(r.status, 2) << result;
    EXPECT_NE(r.err.find("is not possible"), std::string::npos) << r.err;
    EXPECT_EQ(std::count(r.err.begin(), r.err.end(), '\n'), 1) << r.err;
  }
  // A result the rules give must be the one the moves reach.
  auto r = run_strat("replay " + write(dir, "flag.txt", dhamet_record(dir, 10, "white wins (no-pieces)")));
  EXPECT_EQ(r.status, 2);
  EXPECT_NE(r.err.find("but the moves give 'ongoing'"), std::string::npos) << r.err;
}

// Outcome reasons are one hyphenated word in every game ("no-pieces"); records written when some games spelled
// them with spaces ("no pieces") still replay, and replay reports today's spelling.
TEST(D18, ReplayReadsResultsWrittenWithTheOldSpacedReasons) {
  TempDir dir;
  const auto r = run_strat("replay " + write(dir, "old.txt", dhamet_record(dir, 100000, "white wins (no pieces)")));
  EXPECT_EQ(r.status, 0) << r.err;
  EXPECT_EQ(result_line(r.out), "white wins (no-pieces)");
}
