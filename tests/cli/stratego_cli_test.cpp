// The contract's verbs on Stratego, through the real binary.
#include <gtest/gtest.h>

#include <algorithm>
#include <filesystem>
#include <vector>

#include "core/rng.hpp"
#include "core/text.hpp"
#include "run_cli.hpp"

namespace {
std::vector<std::string> lines(const std::string& text) {
  std::vector<std::string> out;
  for (auto l : strat::split(text, '\n'))
    if (!l.empty()) out.emplace_back(l);
  return out;
}
std::string start_position() { return lines(run_strat("apply stratego random:5").out).at(0); }
}  // namespace

TEST(CliStratego, GamesListsVariants) {
  auto r = run_strat("games");
  EXPECT_EQ(r.status, 0);
  EXPECT_NE(r.out.find("stratego classic\n"), std::string::npos);
  EXPECT_NE(r.out.find("stratego barrage\n"), std::string::npos);
}

TEST(CliStratego, LegalIsSortedByteOrderAndApplyPrintsEvents) {
  const std::string pos = start_position();
  auto r = run_strat("legal stratego " + shell_quote(pos));
  ASSERT_EQ(r.status, 0) << r.err;
  auto moves = lines(r.out);
  ASSERT_FALSE(moves.empty());
  EXPECT_TRUE(std::is_sorted(moves.begin(), moves.end()));
  auto a = run_strat("apply stratego " + shell_quote(pos) + " " + moves[0]);
  ASSERT_EQ(a.status, 0) << a.err;
  auto out = lines(a.out);
  EXPECT_EQ(out[0].substr(out[0].size() - 6, 6).find(','), std::string::npos);
  EXPECT_NE(out[0].find(" b 1 "), std::string::npos);
  // --json
  auto j = run_strat("legal stratego " + shell_quote(pos) + " --json");
  EXPECT_EQ(j.status, 0);
  EXPECT_NE(j.out.find("\"moves\":["), std::string::npos);
}

TEST(CliStratego, BadInputExitsTwoWithOneLine) {
  const std::string pos = start_position();
  struct Case { std::string args, needle; };
  std::vector<Case> cases = {
      {"legal chess startpos", "unknown game 'chess'"},
      {"legal stratego 'xyz r'", "field has 3 characters"},
      {"apply stratego " + shell_quote(pos) + " e4-e9", "move 1 'e4-e9'"},
      {"apply stratego " + shell_quote(pos) + " nonsense", "bad move syntax"},
      {"legal stratego:nosuch " + shell_quote(pos), "unknown game option 'nosuch'"},
      {"selfplay stratego --agents mcts,alien --games 1", "unknown agent 'alien'"},
      {"replay /nonexistent/file", "cannot read"},
      {"perft stratego " + shell_quote(pos) + " 2", "perft does not apply"},
  };
  for (const auto& c : cases) {
    auto r = run_strat(c.args);
    EXPECT_EQ(r.status, 2) << c.args;
    EXPECT_NE(r.err.find(c.needle), std::string::npos) << c.args << " -> " << r.err;
    EXPECT_EQ(std::count(r.err.begin(), r.err.end(), '\n'), 1) << r.err;
  }
}

TEST(CliStratego, RandomArgumentsNeverCrash) {
  strat::Rng rng(9);
  const std::string alphabet = "abcdefghij0123456789-x: _ABMNY?";
  const char* verbs[] = {"legal stratego", "apply stratego", "view stratego", "legal stratego:barrage"};
  for (int i = 0; i < 40; ++i) {
    std::string junk;
    const int n = 1 + static_cast<int>(rng.below(110));
    for (int k = 0; k < n; ++k) junk += alphabet[rng.below(static_cast<std::uint32_t>(alphabet.size()))];
    auto r = run_strat(std::string(verbs[i % 4]) + " " + shell_quote(junk) + (i % 4 == 2 ? " red" : ""));
    EXPECT_TRUE(r.status == 0 || r.status == 2) << junk << " -> " << r.status << " " << r.err;
  }
}

TEST(CliStratego, SelfplaySavesRecordsThatReplay) {
  const std::string dir = "/tmp/strat_selfplay_" + std::to_string(getpid());
  auto r = run_strat("selfplay stratego --agents mcts:iterations=30,random --games 3 --seed 4 --save " + dir);
  ASSERT_EQ(r.status, 0) << r.err;
  EXPECT_NE(r.out.find("games 3"), std::string::npos);
  int count = 0;
  for (const auto& f : std::filesystem::directory_iterator(dir)) {
    ++count;
    auto rep = run_strat("replay " + f.path().string());
    EXPECT_EQ(rep.status, 0) << rep.err;
  }
  EXPECT_EQ(count, 3);
  std::filesystem::remove_all(dir);
}

TEST(CliStratego, ReplayCatchesAFalseRecord) {
  const std::string dir = "/tmp/strat_replay_" + std::to_string(getpid());
  ASSERT_EQ(run_strat("selfplay stratego --agents random,random --games 1 --seed 8 --save " + dir).status, 0);
  std::string text = slurp(dir + "/game-0001.txt");
  // Change the first annotated attack's ranks.
  auto pos = text.find("x", text.find("\n\n"));
  auto line_end = text.find('\n', pos);
  auto space = text.rfind(' ', line_end);
  text.replace(space + 1, line_end - space - 1, "10x10");
  { std::ofstream(dir + "/bad.txt") << text; }
  auto r = run_strat("replay " + dir + "/bad.txt");
  EXPECT_EQ(r.status, 2);
  EXPECT_NE(r.err.find("the record says '10x10'"), std::string::npos) << r.err;
  std::filesystem::remove_all(dir);
}

TEST(S24, ResignationEndsTheGameAtOnce) {
  auto r = run_strat("play stratego --vs random --seed 3 --no-color", "resign\n");
  EXPECT_EQ(r.status, 0) << r.err;
  EXPECT_NE(r.out.find("red resigns: blue wins"), std::string::npos) << r.out;
}

TEST(CliStratego, PlayShowsOwnPiecesAndHidesTheEnemy) {
  auto r = run_strat("play stratego --vs random --seed 3 --no-color", "e4-e5\nboard\nquit\n");
  EXPECT_EQ(r.status, 0);
  // Row 10 shows only unknown enemy pieces; row 1 shows Red's own ranks.
  auto row10 = r.out.find(" 10 ");
  ASSERT_NE(row10, std::string::npos);
  std::string line = r.out.substr(row10, r.out.find('\n', row10) - row10);
  EXPECT_EQ(std::count(line.begin(), line.end(), '?'), 10) << line;
  EXPECT_NE(r.out.find("F"), std::string::npos);
}

TEST(CliStratego, ViewHidesEnemyRanks) {
  const std::string pos = start_position();
  auto r = run_strat("view stratego " + shell_quote(pos) + " blue");
  ASSERT_EQ(r.status, 0);
  EXPECT_EQ(std::count(r.out.begin(), r.out.begin() + 100, '?'), 40);
  EXPECT_EQ(r.out.substr(60, 40), pos.substr(60, 40));
}

// The audit's case: a mid-game field without history is a position (the spec's notation section), not a setup.
TEST(S03, LegalAcceptsAMidGameFieldWithoutHistory) {
  const std::string pos =
      "GBMGIEHDJHHGCHDABBDGAEDIJFALKFDBDEAAAABBAE__AI__TPAA__AA__PANNNNAANSQAPTASAPYQAURRTVANRPQUSVTAAAWUAX r";
  auto r = run_strat("legal stratego " + shell_quote(pos));
  EXPECT_EQ(r.status, 0) << r.err;
  EXPECT_NE(r.out.find("b5-b6\n"), std::string::npos) << r.out;
  auto a = run_strat("apply stratego " + shell_quote(pos) + " b5-b6");
  EXPECT_EQ(a.status, 0) << a.err;
}

// stratego:setup=actions in the terminal: the computer's placements are shown as "place", never the square or the
// rank (S-05, S-26), and its pieces are not on the human's board until both armies stand; the human places with
// b1=F.
TEST(CliStratego, SetupByMovesHidesTheComputersPlacements) {
  auto r = run_strat("play stratego:barrage,setup=actions --as blue --vs random --seed 3 --no-color", "a7=F\nquit\n");
  ASSERT_EQ(r.status, 0) << r.err;
  int placed = 0;
  for (const auto& l : lines(r.out)) {
    if (l.rfind("red plays ", 0) == 0) {
      EXPECT_EQ(l, "red plays place");
      ++placed;
    }
    if (l.find('=') != std::string::npos) EXPECT_NE(l.find("a placement reads b1=F"), std::string::npos) << l;
    // Blue's boards: Red's rows 1-4 stay empty while the setup runs.
    for (const char* row : {"  1 ", "  2 ", "  3 ", "  4 "})
      if (l.rfind(row, 0) == 0) EXPECT_EQ(l.substr(4).find_first_not_of(" .1234"), std::string::npos) << l;
  }
  EXPECT_EQ(placed, 8);
  EXPECT_NE(r.out.find("setup: Blue places its army, 0 of 8 pieces placed"), std::string::npos) << r.out;
  EXPECT_NE(r.out.find("setup: Blue places its army, 1 of 8 pieces placed"), std::string::npos) << r.out;
  auto json = run_strat("play stratego:barrage,setup=actions --as blue --vs random --seed 3 --json", "quit\n");
  ASSERT_EQ(json.status, 0) << json.err;
  EXPECT_NE(json.out.find("{\"events\":[],\"move\":\"place\",\"player\":\"red\"}"), std::string::npos) << json.out;
  EXPECT_EQ(json.out.find("\"move\":\"a"), std::string::npos) << json.out;
}

// The card duel's computer placements in the terminal: the public part ("place 2"), not the card ("place 2=9").
TEST(CliStratego, CardDuelPlayHidesTheComputersCards) {
  auto r = run_strat("play stratego-cards --as blue --vs random --seed 3 --no-color", "quit\n");
  ASSERT_EQ(r.status, 0) << r.err;
  int placed = 0;
  for (const auto& l : lines(r.out))
    if (l.rfind("red plays place", 0) == 0) {
      EXPECT_EQ(l.find('='), std::string::npos) << l;
      ++placed;
    }
  EXPECT_GT(placed, 0) << r.out;
}
