// The manager's side of the UCC protocol (`strat arena stratego --agents
// ...,ucc:COMMAND`): the text an outside program gets, and how its answers are
// judged. Its play through a real process: arena_ucc_test.cpp.
#include "games/stratego/ucc_manager.hpp"

#include <gtest/gtest.h>

#include "core/agent.hpp"
#include "core/registry.hpp"
#include "helpers.hpp"

using namespace strat;
using namespace strat::stratego;
using namespace strat::stratego::test;

namespace {

// The report of `move` played on `s` (which it changes), as both sides get it.
std::string report(State& s, const std::string& move) {
  const std::string text = s.move_to_string(s.parse_move(move));
  const Events events = play(s, move);
  return ucc_report(s, text, events);
}

// The Forfeit `f` throws, as "kind: detail"; "" when it throws none.
std::string forfeit_of(const std::function<void()>& f) {
  try {
    f();
  } catch (const Forfeit& e) {
    return std::string(e.kind) + ": " + e.what();
  }
  return "";
}

const std::vector<std::string> kRedSetup = {"FB888B7777", "BB886666BB", "555544433s", "9999999912"};

}  // namespace

TEST(UccManager, ReportsEveryOutcomeAsTheProtocolWritesIt) {
  // UCC x is the column, y the row counted from Red's back row: e4 is "4 3";
  // Red moves DOWN towards Blue.
  const std::vector<P> pieces = {{"a1", 0, kFlag},  {"j10", 1, kFlag},   {"e4", 0, kColonel}, {"e5", 1, kMajor},
                                 {"a4", 0, kScout}, {"h4", 0, kCaptain}, {"h5", 1, kColonel}, {"j4", 0, kMiner},
                                 {"j5", 1, kMiner}, {"b9", 1, kScout},   {"b7", 0, kSpy}};
  State s = make(pieces);
  EXPECT_EQ(report(s, "e4xe5"),
            "4 3 DOWN KILLS 3 4");  // Colonel (3) takes Major (4)
  s = make(pieces);
  EXPECT_EQ(report(s, "h4xh5"),
            "7 3 DOWN DIES 5 3");  // Captain (5) dies on a Colonel (3)
  s = make(pieces);
  EXPECT_EQ(report(s, "j4xj5"), "9 3 DOWN BOTHDIE 8 8");
  s = make(pieces);
  EXPECT_EQ(report(s, "a4-a7"),
            "0 3 DOWN 3 OK");  // a Scout's longer move gives its squares
  s = make(pieces);
  EXPECT_EQ(report(s, "a4-a5"), "0 3 DOWN OK");
  s = make(pieces, 1);
  EXPECT_EQ(report(s, "b9xb7"),
            "1 8 UP 2 KILLS 9 s");  // Blue moves UP; the Spy is 's'
  s = make({{"a1", 0, kFlag}, {"j10", 1, kFlag}, {"j9", 0, kMiner}, {"a2", 1, kScout}});
  EXPECT_EQ(report(s, "j9xj10"), "9 8 DOWN VICTORY_FLAG");
}

TEST(UccManager, TheBoardShowsOwnPiecesAndEveryEnemyAsHash) {
  State s = make({{"a1", 0, kFlag}, {"j10", 1, kFlag}, {"e4", 0, kColonel}, {"e5", 1, kMajor}, {"c1", 0, kSpy}});
  play(s, "e4xe5");  // the Colonel is now known to Blue, the Major gone
  const auto red = ucc_board(s, 0), blue = ucc_board(s, 1);
  ASSERT_EQ(red.size(), 10u);
  EXPECT_EQ(red[0], "F.s.......");
  EXPECT_EQ(red[4], "..++3.++..");
  EXPECT_EQ(red[9], ".........#");
  EXPECT_EQ(blue[0], "#.#.......");
  EXPECT_EQ(blue[4], "..++#.++..");  // a known enemy rank is still '#'
  EXPECT_EQ(blue[9], ".........F");
}

TEST(UccManager, TheProgramLearnsNothingOfStratsHiddenRanks) {
  // Two worlds alike but for the ranks of Red's pieces (strat's side): as long
  // as no fight reveals them, the program playing Blue must get the same boards
  // and the same reports in both, move after move.
  Rng rng(41);
  const Config config;
  const stratego::Setup blue = generate_setup(config, rng);
  State worlds[2] = {start_position(config, generate_setup(config, rng), blue),
                     start_position(config, generate_setup(config, rng), blue)};
  ASSERT_NE(worlds[0].to_string(), worlds[1].to_string());
  int quiet = 0;
  for (int ply = 0; ply < 400 && !worlds[0].outcome().over(); ++ply) {
    ASSERT_EQ(ucc_board(worlds[0], 1), ucc_board(worlds[1], 1)) << "ply " << ply;
    std::vector<Move> moves, common;
    worlds[0].legal_moves(moves);
    for (const auto& m : moves)
      if (!worlds[0].is_piece(m.to) && worlds[1].is_legal(m)) common.push_back(m);
    if (common.empty()) break;
    const Move m = common[rng.below(static_cast<std::uint32_t>(common.size()))];
    std::string reports[2];
    for (int w = 0; w < 2; ++w) {
      const std::string text = worlds[w].move_to_string(m);
      Events events;
      worlds[w].apply(m, &events);
      reports[w] = ucc_report(worlds[w], text, events);
    }
    ASSERT_EQ(reports[0], reports[1]);
    ++quiet;
  }
  EXPECT_GT(quiet, 50);
}

TEST(UccManager, AnswersAreJudgedByStratsRules) {
  State s = make({{"a1", 0, kFlag}, {"j10", 1, kFlag}, {"e4", 0, kColonel}, {"a4", 0, kScout}, {"b1", 0, kBomb}});
  EXPECT_EQ(s.move_to_string(ucc_parse_answer(s, "4 3 DOWN")), "e4-e5");
  EXPECT_EQ(s.move_to_string(ucc_parse_answer(s, " 0 3 DOWN 5\r")), "a4-a9");
  EXPECT_EQ(forfeit_of([&] { ucc_parse_answer(s, "SURRENDER"); }), "resign: ");
  EXPECT_EQ(forfeit_of([&] { ucc_parse_answer(s, "hello there"); }), "protocol: cannot read move 'hello there'");
  EXPECT_EQ(forfeit_of([&] { ucc_parse_answer(s, "NO_MOVE"); }), "protocol: cannot read move 'NO_MOVE'");
  EXPECT_EQ(forfeit_of([&] { ucc_parse_answer(s, "4 3 SIDEWAYS"); }), "protocol: cannot read move '4 3 SIDEWAYS'");
  EXPECT_EQ(forfeit_of([&] { ucc_parse_answer(s, "0 0 UP"); }), "protocol: illegal move '0 0 UP' (off the board)");
  EXPECT_EQ(forfeit_of([&] { ucc_parse_answer(s, "1 0 DOWN"); }),
            "protocol: illegal move '1 0 DOWN'");  // a Bomb
  EXPECT_EQ(forfeit_of([&] { ucc_parse_answer(s, "4 3 DOWN 2"); }), "protocol: illegal move '4 3 DOWN 2'");
  // S-18: the sixth move in a row between the same two squares.
  State r = make({{"a1", 0, kFlag}, {"j10", 1, kFlag}, {"e4", 0, kColonel}, {"j7", 1, kMajor}});
  for (const char* m : {"e4-e5", "j7-j6", "e5-e4", "j6-j7", "e4-e5", "j7-j6", "e5-e4", "j6-j7", "e4-e5", "j7-j6"})
    play(r, m);
  EXPECT_EQ(forfeit_of([&] { ucc_parse_answer(r, "4 4 UP"); }), "protocol: illegal move '4 4 UP' (two-square rule)");
}

TEST(UccManager, TheManagersRulesLiftTheTwoSquareRuleForTheProgramAlone) {
  // The program plays Blue: the options say so, and take the manager's game length unless the game sets one.
  const Options blue = ucc_manager_rules(Options{}, 1);
  EXPECT_EQ(blue.to_string(), "ply_limit=9998,two_square_exempt=blue");
  EXPECT_EQ(ucc_manager_rules(blue, 0).get("two_square_exempt", ""), "both");
  EXPECT_EQ(ucc_manager_rules(Options::parse("ply_limit=60", "game option"), 0).to_string(),
            "ply_limit=60,two_square_exempt=red");
  const Config rules = Config::from(blue);
  EXPECT_EQ(rules.ply_limit, kUccManagerPlyLimit);
  EXPECT_EQ(rules.options_string(), "classic,ply_limit=9998,two_square_exempt=blue");

  // Both shuffle between two squares: Red (strat's side) is stopped at its sixth move, Blue is not.
  State s = make({{"a1", 0, kFlag}, {"j10", 1, kFlag}, {"e4", 0, kColonel}, {"j7", 1, kMajor}}, 0, rules);
  for (const char* m : {"e4-e5", "j7-j6", "e5-e4", "j6-j7", "e4-e5", "j7-j6", "e5-e4", "j6-j7", "e4-e5", "j7-j6"})
    play(s, m);
  EXPECT_FALSE(has(legal(s), "e5-e4"));
  EXPECT_EQ(forfeit_of([&] { ucc_parse_answer(s, "4 4 UP"); }), "protocol: illegal move '4 4 UP' (two-square rule)");
  play(s, "e5-e6");
  const Move sixth = ucc_parse_answer(s, "9 5 DOWN");
  EXPECT_EQ(s.move_to_string(sixth), "j6-j7");
  State bound = make({{"a1", 0, kFlag}, {"j10", 1, kFlag}, {"e6", 0, kColonel}, {"j6", 1, kMajor}}, 1);
  bound.set_run(1, s.run(1));
  EXPECT_EQ(forfeit_of([&] { ucc_parse_answer(bound, "9 5 DOWN"); }),
            "protocol: illegal move '9 5 DOWN' (two-square rule)");
  s.apply(sixth, nullptr);

  // Blue shuffles on past any series a position string can hold (Red walks round a square): the count stops at
  // its bound, the position reads back, and the state stays consistent.
  const char* round[] = {"e6-f6", "f6-f7", "f7-e7", "e7-e6"};
  for (int i = 0; i < 300; ++i) {
    play(s, round[i % 4]);
    s.apply(ucc_parse_answer(s, s.is_piece(at("j7")) ? "9 6 UP" : "9 5 DOWN"), nullptr);
  }
  EXPECT_FALSE(s.outcome().over());
  EXPECT_EQ(s.run(1).count, kMaxRunCount);
  EXPECT_EQ(s.inconsistency(), "");
  EXPECT_EQ(State::parse(s.to_string(), rules).to_string(), s.to_string());
}

TEST(UccManager, SetupsAreReadForEitherColourAndMustBeWholeArmies) {
  const Config config;
  const std::string red = ucc_parse_setup(kRedSetup, 0, config);
  ASSERT_EQ(red.size(), 40u);
  EXPECT_EQ(red[0], piece_letter(0, kFlag));      // a1: "0 0", the first character of the first line
  EXPECT_EQ(red[39], piece_letter(0, kGeneral));  // j4: "9 3"
  // Blue lists its front row (y = 6, row 7) first, as the board shows it: the
  // notation's order too.
  const std::vector<std::string> blue_lines(kRedSetup.rbegin(), kRedSetup.rend());
  const std::string blue = ucc_parse_setup(blue_lines, 1, config);
  EXPECT_EQ(blue[0], piece_letter(1, kScout));  // a7
  EXPECT_EQ(blue[30], piece_letter(1, kFlag));  // a10
  auto& g = Registry::global().get("stratego");
  const auto start = g.from_setups(Options{}, red, blue);
  EXPECT_EQ(start->position().substr(0, 40), red);

  auto bad = kRedSetup;
  bad[2][9] = '9';  // a ninth Scout instead of the Spy
  EXPECT_EQ(forfeit_of([&] { ucc_parse_setup(bad, 0, config); }), "protocol: illegal setup: not a whole classic army");
  bad = kRedSetup;
  bad[1] = "BB886666B";
  EXPECT_EQ(forfeit_of([&] { ucc_parse_setup(bad, 0, config); }),
            "protocol: illegal setup: the line 'BB886666B' is not 10 characters");
  bad = kRedSetup;
  bad[0][0] = 'X';
  EXPECT_EQ(forfeit_of([&] { ucc_parse_setup(bad, 0, config); }), "protocol: illegal setup: unknown piece 'X'");
}
