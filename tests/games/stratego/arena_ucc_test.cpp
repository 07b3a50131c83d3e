// `strat arena stratego --agents ...,ucc:COMMAND`: strat referees a real
// outside program (a tiny scripted bot, ucc_bots/scripted_bot.py) through the
// manager's side of the UCC protocol, and a bot that breaks the protocol loses
// with the reason in its record.
#include <gtest/gtest.h>

#include <chrono>
#include <filesystem>
#include <nlohmann/json.hpp>

#include "cli/run_cli.hpp"

namespace fs = std::filesystem;
using nlohmann::json;

namespace {

// The interpreter itself, not a shim that may take longer to start than the
// protocol allows.
std::string python() { return fs::exists("/usr/bin/python3") ? "/usr/bin/python3" : "python3"; }

std::string bot(const std::string& args) {
  return "ucc:" + python() + " " + STRAT_SOURCE_DIR + "/tests/games/stratego/ucc_bots/scripted_bot.py " + args;
}

fs::path fresh_dir(const std::string& name) {
  const fs::path dir = fs::temp_directory_path() / ("strat_arena_" + name + "_" + std::to_string(getpid()));
  fs::remove_all(dir);
  return dir;
}

// Runs the arena of `agents` (one shell word), in JSON.
json arena(const std::string& game, const std::string& agents, const std::string& more, CliResult* raw = nullptr) {
  const auto r = run_strat("arena " + game + " --agents " + shell_quote(agents) + " --json " + more);
  if (raw) *raw = r;
  EXPECT_EQ(r.status, 0) << r.err;
  return r.status == 0 ? json::parse(r.out) : json{};
}

}  // namespace

TEST(ArenaUcc, AnOutsideProgramPlaysWholeGamesAndTheRecordsReplay) {
  const auto dir = fresh_dir("play");
  const auto j =
      arena("stratego:ply_limit=400", "random," + bot("play 7"), "--games 2 --seed 3 --save " + dir.string());
  ASSERT_EQ(j["games"].size(), 2u);
  // Colours alternate: the program is Blue in game 1, Red in game 2.
  EXPECT_EQ(j["games"][0]["players"][1], bot("play 7"));
  EXPECT_EQ(j["games"][1]["players"][0], bot("play 7"));
  for (const auto& g : j["games"]) {
    const std::string result = g["result"];
    EXPECT_EQ(result.find("protocol"), std::string::npos) << result;  // a well-behaved program
    EXPECT_GT(g["plies"].get<int>(), 20) << result;
  }
  EXPECT_EQ(j["agents"][1]["games"], 2);
  EXPECT_EQ(j["agents"][1]["forfeits"], 0);
  for (int i = 1; i <= 2; ++i) {
    const auto file = dir / ("game-000" + std::to_string(i) + ".txt");
    ASSERT_TRUE(fs::exists(file));
    const auto text = slurp(file.string());
    EXPECT_NE(text.find("[Blue \"" + (i == 1 ? bot("play 7") : std::string("random")) + "\"]"), std::string::npos)
        << text;
    const auto r = run_strat("replay " + file.string());
    EXPECT_EQ(r.status, 0) << r.err;
    EXPECT_NE(r.out.find(j["games"][i - 1]["result"].get<std::string>()), std::string::npos) << r.out;
  }
  fs::remove_all(dir);
}

TEST(ArenaUcc, TheProgramGetsOnlyWhatTheProtocolGivesAPlayer) {
  // Everything the program read: its colour, START, reports, boards, QUIT. A
  // board line shows its own pieces and '#', so no rank character beyond its
  // own army ever appears in one board.
  const auto dir = fresh_dir("log");
  fs::create_directories(dir);
  const auto log = dir / "received.txt";
  arena("stratego:ply_limit=200", "random," + bot("play 9 " + log.string()), "--games 1 --seed 11");
  const auto text = slurp(log.string());
  std::vector<std::string> lines;
  for (std::size_t at = 0, next; at < text.size(); at = next + 1) {
    next = text.find('\n', at);
    if (next == std::string::npos) next = text.size();
    lines.push_back(text.substr(at, next - at));
  }
  ASSERT_GT(lines.size(), 100u);
  EXPECT_EQ(lines[0], "BLUE strat 10 10");
  EXPECT_EQ(lines.back().rfind("QUIT", 0), 0u) << lines.back();
  const std::string army = "12334445555666677778888899999999sBBBBBBF";  // classic, 40 pieces
  int boards = 0;
  for (std::size_t i = 1; i + 10 < lines.size(); ++i) {
    if (lines[i].size() != 10 || lines[i].find_first_not_of("0123456789sBF.#+") != std::string::npos) continue;
    // Ten board lines in a row: count the characters that name a rank.
    std::map<char, int> seen;
    for (int k = 0; k < 10; ++k) {
      ASSERT_EQ(lines[i + k].size(), 10u) << "line " << i + k << ": " << lines[i + k];
      for (char c : lines[i + k])
        if (c != '.' && c != '#' && c != '+') ++seen[c];
    }
    for (const auto& [c, n] : seen) EXPECT_LE(n, std::count(army.begin(), army.end(), c)) << "rank " << c;
    ++boards;
    i += 9;
  }
  EXPECT_GT(boards, 50);
  fs::remove_all(dir);
}

TEST(ArenaUcc, AProgramThatBreaksTheProtocolLosesAndTheRecordSaysWhy) {
  struct Case {
    const char* mode;
    const char* reason;  // in the result, after "wins (protocol: "
  };
  const Case cases[] = {{"garbage", "cannot read move 'hello there'"},
                        {"illegal", "illegal move '0 0 DOWN'"},
                        {"crash", "the program ended (exit status 3)"},
                        {"sleep", "no answer within 300 ms"},
                        {"badsetup", "illegal setup: not a whole classic army"}};
  for (const auto& c : cases) {
    SCOPED_TRACE(c.mode);
    const auto dir = fresh_dir(c.mode);
    const auto start = std::chrono::steady_clock::now();
    // Game 1: the program plays Red (listed first), so in "illegal" it moves
    // its Flag from 0 0.
    const auto j = arena("stratego", bot(c.mode) + ",random", "--games 1 --reply-limit 300 --save " + dir.string());
    EXPECT_LT(std::chrono::steady_clock::now() - start, std::chrono::seconds(8)) << "a broken program held strat up";
    ASSERT_EQ(j["games"].size(), 1u);
    EXPECT_EQ(j["games"][0]["result"], std::string("blue wins (protocol: ") + c.reason + ")");
    EXPECT_EQ(j["agents"][0]["losses"], 1);
    EXPECT_EQ(j["agents"][0]["forfeits"], 1);
    EXPECT_EQ(j["agents"][1]["wins"], 1);
    const auto file = (dir / "game-0001.txt").string();
    EXPECT_NE(slurp(file).find(std::string("[Result \"blue wins (protocol: ") + c.reason + ")\"]"), std::string::npos);
    const auto r = run_strat("replay " + file);
    EXPECT_EQ(r.status, 0) << r.err;
    EXPECT_NE(r.out.find("blue wins (protocol)"), std::string::npos) << r.out;
    fs::remove_all(dir);
  }
}

TEST(ArenaUcc, ARecordClaimingAProtocolLossItsMovesContradictIsRefused) {
  // A protocol loss is a result outside the rules: accepted only while the
  // moves leave the game open.
  const auto dir = fresh_dir("claim");
  arena("stratego", bot("garbage") + ",random", "--games 1 --save " + dir.string());
  auto text = slurp((dir / "game-0001.txt").string());
  const auto at = text.find("blue wins (protocol");
  ASSERT_NE(at, std::string::npos);
  text.replace(at, 9,
               "draw");  // "draw (protocol: ...)": a protocol loss has a winner
  const auto r = run_strat("replay -", text);
  EXPECT_EQ(r.status, 2);
  EXPECT_NE(r.err.find("is not possible"), std::string::npos) << r.err;
  EXPECT_NE(r.err.find("wins (protocol: WHAT)"), std::string::npos) << r.err;
  fs::remove_all(dir);
}

TEST(ArenaUcc, SeedInTheCommandBecomesEachSeatsSeed) {
  // Game g (from 0) of the pair plays with seed SEED + g; its second agent gets 2 * (SEED + g) + 2. The bot writes
  // its log to the file its command names, so the files say which seeds it was given.
  const auto dir = fresh_dir("seed");
  fs::create_directories(dir);
  const auto j = arena("stratego:ply_limit=100", "random," + bot("play {seed} " + (dir / "log-{seed}.txt").string()),
                       "--games 2 --seed 3");
  ASSERT_EQ(j["games"].size(), 2u);
  for (const auto& g : j["games"]) EXPECT_EQ(g["result"].get<std::string>().find("protocol"), std::string::npos);
  EXPECT_TRUE(fs::exists(dir / "log-8.txt"));
  EXPECT_TRUE(fs::exists(dir / "log-10.txt"));
  EXPECT_FALSE(fs::exists(dir / "log-{seed}.txt"));
  fs::remove_all(dir);
}

TEST(ArenaUcc, UnderOutsideRulesAProgramMayShuffleAndOnlyGamesOnTheBoardCount) {
  // The bot moves one piece back and forth between two squares: its sixth move in a row there breaks strat's
  // two-square rule (S-18), which the UCC 2012 manager does not have.
  const std::string agents = "random," + bot("shuffle 5");
  const auto strict = arena("stratego:ply_limit=60", agents, "--games 2 --seed 21");
  ASSERT_EQ(strict["games"].size(), 2u);
  for (const auto& g : strict["games"])
    EXPECT_NE(g["result"].get<std::string>().find("(two-square rule)"), std::string::npos) << g["result"];
  EXPECT_EQ(strict["agents"][1]["forfeits"], 2);
  EXPECT_EQ(strict["agents"][0]["forfeit_wins"], 2);
  EXPECT_EQ(strict["pairs"][0]["board_wins_a"], 0);  // no game was decided on the board
  EXPECT_EQ(strict["pairs"][0]["board_score_a"], nullptr);

  const auto dir = fresh_dir("shuffle");
  const std::string more = "--games 2 --seed 21 --outside-rules --save " + dir.string();
  const auto j = arena("stratego:ply_limit=60", agents, more);
  EXPECT_EQ(j["outside_rules"], true);
  EXPECT_EQ(j["agents"][1]["forfeits"], 0);
  // The program is Blue in game 1 and Red in game 2; the record's game says so.
  const char* rules[] = {"stratego:classic,ply_limit=60,two_square_exempt=blue",
                         "stratego:classic,ply_limit=60,two_square_exempt=red"};
  for (int i = 0; i < 2; ++i) {
    const auto& g = j["games"][i];
    EXPECT_EQ(g["rules"], rules[i]);
    EXPECT_EQ(g["result"].get<std::string>().find("protocol"), std::string::npos) << g["result"];
    EXPECT_GT(g["plies"].get<int>(), 14) << g["result"];  // past the program's sixth move of the series
    const auto file = dir / ("game-000" + std::to_string(i + 1) + ".txt");
    EXPECT_NE(slurp(file.string()).find(std::string("[Game \"") + rules[i] + "\"]"), std::string::npos);
    const auto r = run_strat("replay " + file.string());
    EXPECT_EQ(r.status, 0) << r.err;
  }
  const auto& pair = j["pairs"][0];
  EXPECT_EQ(pair["board_wins_a"].get<int>() + pair["draws"].get<int>() + pair["board_wins_b"].get<int>(), 2);
  // The records read back under the rules they were played by (--resume replays them).
  const auto again = arena("stratego:ply_limit=60", agents, more + " --resume");
  EXPECT_EQ(again["resumed"], 2);
  EXPECT_EQ(again["pairs"], j["pairs"]);
  const auto table = run_strat("arena stratego:ply_limit=60 --agents " + shell_quote(agents) + " " + more + " --resume");
  EXPECT_NE(table.out.find("outside programs judged by their own referee's rules"), std::string::npos) << table.out;
  EXPECT_NE(table.out.find("on the board"), std::string::npos) << table.out;
  fs::remove_all(dir);
}
