// Notation, position strings, the CLI verbs, and fuzzing of both parsers.
#include <sstream>

#include "cli/app.hpp"
#include "core/registry.hpp"
#include "helpers.hpp"

using namespace strat;
using namespace strat::stratego_cards;
using namespace strat::stratego_cards::test;

namespace {

int run_cli(std::vector<std::string> args, std::string& out, std::string& err) {
  args.insert(args.begin(), "strat");
  std::vector<char*> argv;
  for (auto& a : args) argv.push_back(a.data());
  std::ostringstream o, e;
  int rc = cli::run(static_cast<int>(argv.size()), argv.data(), o, e);
  out = o.str();
  err = e.str();
  return rc;
}

}  // namespace

TEST(CardsNotation, MovesPrintAsTheSpecWritesThem) {
  State s = pos("r act 3 0 10,9,B,1,2/4,4,5/6,7,F 9,10,B,F,3/6,6,7/8,2,2");
  EXPECT_EQ(s.move_to_string(s.parse_move("a2x4")), "a2x4");
  EXPECT_EQ(s.move_to_string(s.parse_move("spy4")), "spy4");
  EXPECT_EQ(s.move_to_string(s.parse_move("scout5:5,2")), "scout5:2,5");
  State b = pos("b act 3 0 10,9,B,1,2/4,4,5/6,7,F 9,10,B,F,3/6,6,7/8,2,2");
  EXPECT_EQ(b.move_to_string(b.parse_move("flag4")), "flag4");
  State d = State::deal(1);
  auto first = legal(d).front();
  EXPECT_EQ(d.move_to_string(d.parse_move(first)), first);
}

// The web client draws and sends moves from these (docs/server.md, "Structured legal moves"): the slots as the
// events name them, a placement from the card in hand to its slot.
TEST(CardsNotation, MoveCellsNameTheSlotsAndTheCardPlaced) {
  State s = pos("r act 3 0 10,9,B,1,2/4,4,5/6,7,F 9,10,B,F,3/6,6,7/8,2,2");
  using V = std::vector<std::string>;
  EXPECT_EQ(s.move_cells(s.parse_move("a2x4")), (V{"r2", "b4"}));
  EXPECT_EQ(s.move_cells(s.parse_move("spy4")), (V{"r4"}));
  EXPECT_EQ(s.move_cells(s.parse_move("scout5:5,2")), (V{"r5"}));
  State b = pos("b act 3 0 10,9,B,1,2/4,4,5/6,7,F 9,10,B,F,3/6,6,7/8,2,2");
  EXPECT_EQ(b.move_cells(b.parse_move("flag4")), (V{"b4"}));
  EXPECT_EQ(b.move_cells(b.parse_move("a5x1")), (V{"b5", "r1"}));
  // Every legal move of a dealt game has cells, and placements name a card of the mover's hand.
  State d = State::deal(1);
  std::vector<Move> moves;
  d.legal_moves(moves);
  ASSERT_FALSE(moves.empty());
  for (const auto& m : moves) {
    const auto cells = d.move_cells(m);
    const std::string text = d.move_to_string(m);
    ASSERT_FALSE(cells.empty()) << text;
    if (text.rfind("place ", 0) == 0) {
      ASSERT_EQ(cells.size(), 2u) << text;
      EXPECT_EQ(cells[0], "hand:" + text.substr(text.find('=') + 1)) << text;
      EXPECT_EQ(cells[1], std::string(1, State::player_letter(d.to_move())) + text.substr(6, 1)) << text;
    }
  }
}

TEST(CardsNotation, IllegalMovesSayWhy) {
  State s = pos("r act 3 0 10,9,B,-,2/4,4,5/6,7,F 9,10,B,F,-/6,6,7/8,2,2");
  auto why = [&](const char* m) {
    try {
      s.parse_move(m);
    } catch (const BadInput& e) {
      return std::string(e.what());
    }
    return std::string("accepted");
  };
  EXPECT_NE(why("a4x1").find("own slot 4 is empty"), std::string::npos);
  EXPECT_NE(why("a3x1").find("Bomb cannot attack"), std::string::npos);
  EXPECT_NE(why("a1x5").find("enemy slot 5 is empty"), std::string::npos);
  EXPECT_NE(why("spy1").find("no Spy"), std::string::npos);
  EXPECT_NE(why("place 4=4").find("after the act step"), std::string::npos);
  EXPECT_NE(why("a9x1").find("malformed"), std::string::npos);
  EXPECT_NE(why("hello").find("malformed"), std::string::npos);
}

TEST(CardsNotation, BadPositionsAreRejectedWithOneLine) {
  const char* bad[] = {
      "",
      "r act 3 0",
      "x act 3 0 10,9,B,1,2/4,4,5/6,7,F 9,10,B,F,3/6,6,7/8,2,2",
      "r play 3 0 10,9,B,1,2/4,4,5/6,7,F 9,10,B,F,3/6,6,7/8,2,2",
      "r act -3 0 10,9,B,1,2/4,4,5/6,7,F 9,10,B,F,3/6,6,7/8,2,2",
      "r act 3 zz 10,9,B,1,2/4,4,5/6,7,F 9,10,B,F,3/6,6,7/8,2,2",
      "r act 3 0 10,9,B,1/4,4,5/6,7,F 9,10,B,F,3/6,6,7/8,2,2",
      "r act 3 0 10,10,B,1,2/4,4,5/6,7,F 9,10,B,F,3/6,6,7/8,2,2",  // two Marshals
      "r act 3 0 10,9,B,1,2/4,4,5,5/6,7,F 9,10,B,F,3/6,6,7/8,2,2",  // four in hand at the act step
      "r act 3 0 10,9,B,1,2/4*,4,5/6,7,F 9,10,B,F,3/6,6,7/8,2,2",   // a face-up hand card
      "r act 3 0 10,9,B,1,2/4,4,5/6,7 9,10,B,3,-/6,6,7/8,2,2",       // no Flags at all
      "r refill 3 0 10,9,B,1,2/4,4,5/6,7,F 9,10,B,F,3/6,6,7/8,2,2",  // nothing to lay
      "r setup 3 0 -,-,-,-,-/4,4,5/6,7,F 9,10,B,F,3/6,6,7/8,2,2",    // setup after turn 0
      "r act 3 0 10,9,B,1,Q/4,4,5/6,7,F 9,10,B,F,3/6,6,7/8,2,2",
      "b setup 0 0 10,-,-,-,-/9,B,1,2,4,4,5/6,7,F -,-,-,-,-/9,10,B,F,3,6,6,7/8,2,2",  // Red not done
      "r setup 0 0 -,-,-,-,-/10,9,B,1,2,4,4,5/6,7,F 9,-,-,-,-/10,B,F,3,6,6,7/8,2,2",  // Blue laid first
  };
  for (const char* p : bad) {
    try {
      State::parse(p);
      ADD_FAILURE() << "accepted " << p;
    } catch (const BadInput& e) {
      std::string what = e.what();
      EXPECT_EQ(what.find('\n'), std::string::npos);
      EXPECT_FALSE(what.empty());
    }
  }
}

TEST(CardsNotation, FuzzPositionAndMoveParsers) {
  Rng rng(99);
  const std::string alphabet = "0123456789BFrbx-,/*+ :=aceflopstuy?\t";
  const std::string valid = State::deal(3).to_string();
  const State act = pos("r act 3 0 10,9,B,1,2/4,4,5/6,7,F 9,10,B,F,3/6,6,7/8,2,2");
  int accepted = 0;
  for (int i = 0; i < 20000; ++i) {
    std::string text;
    if (i % 2 == 0) {
      const int len = static_cast<int>(rng.below(60));
      for (int k = 0; k < len; ++k) text += alphabet[rng.below(static_cast<std::uint32_t>(alphabet.size()))];
    } else {
      text = valid;  // a valid position with a few random edits
      const int edits = 1 + static_cast<int>(rng.below(4));
      for (int k = 0; k < edits; ++k)
        text[rng.below(static_cast<std::uint32_t>(text.size()))] = alphabet[rng.below(static_cast<std::uint32_t>(alphabet.size()))];
    }
    try {
      State s = State::parse(text);
      ++accepted;
      State again = State::parse(s.to_string());  // whatever parses prints back to an equivalent position
      EXPECT_EQ(again.to_string(), s.to_string());
      std::vector<Move> moves;
      s.legal_moves(moves);
      for (const auto& m : moves) EXPECT_EQ(s.parse_move(s.move_to_string(m)), m);
    } catch (const BadInput&) {
    }
    try {
      Move m = act.parse_move(text.substr(0, rng.below(12)));
      EXPECT_EQ(act.parse_move(act.move_to_string(m)), m);
    } catch (const BadInput&) {
    }
  }
  EXPECT_GT(accepted, 10);
}

TEST(CardsCli, LegalApplyAndViewRoundTrip) {
  std::string out, err;
  ASSERT_EQ(run_cli({"legal", "stratego-cards", "random:8"}, out, err), 0) << err;
  const std::string first = out.substr(0, out.find('\n'));
  ASSERT_EQ(first.substr(0, 8), "place 1=");
  ASSERT_EQ(run_cli({"apply", "stratego-cards", "random:8", first}, out, err), 0) << err;
  const std::string position = out.substr(0, out.find('\n'));
  EXPECT_NE(out.find("place r1 " + first.substr(8)), std::string::npos);
  ASSERT_EQ(run_cli({"apply", "stratego-cards", position}, out, err), 0) << err;
  EXPECT_EQ(out.substr(0, out.find('\n')), position);
  ASSERT_EQ(run_cli({"view", "stratego-cards", position, "blue"}, out, err), 0) << err;
  EXPECT_NE(out.find(" ?,-,-,-,-/?,?,?,?,?,?,?/#15 "), std::string::npos) << out;  // Red's laid card is hidden
  ASSERT_EQ(run_cli({"view", "stratego-cards", position, "blue", "--json"}, out, err), 0) << err;
  EXPECT_NE(out.find("\"viewer\":\"blue\""), std::string::npos);
  EXPECT_EQ(run_cli({"apply", "stratego-cards", "random:8", "a1x1"}, out, err), 2);
  EXPECT_NE(err.find("a1x1"), std::string::npos);
  EXPECT_EQ(run_cli({"legal", "stratego-cards:draw_turns=50", "random:8"}, out, err), 0) << err;
  EXPECT_EQ(run_cli({"legal", "stratego-cards:bogus=1", "random:8"}, out, err), 2);
  EXPECT_EQ(run_cli({"legal", "stratego-cards", "startpos"}, out, err), 2);
  EXPECT_EQ(run_cli({"perft", "stratego-cards", "random:8", "2"}, out, err), 2);  // chance + hidden cards
}

TEST(CardsCli, RenderShowsOnlyWhatThePlayerKnows) {
  State s = pos("r act 3 0 10,9,B,1,2/4,4,5/6,7,F 9*,10,B,F,3/6,6,7/8,2,2");
  std::string red = s.render(0, false);
  EXPECT_NE(red.find("[1] 9"), std::string::npos);    // Blue's face-up 9
  EXPECT_NE(red.find("[2] ?"), std::string::npos);    // Blue's hidden Marshal
  EXPECT_EQ(red.find("[4] F"), std::string::npos);    // Blue's hidden Flag
  EXPECT_NE(red.find("hand: 4 4 5"), std::string::npos);
  EXPECT_NE(red.find("pile: 3"), std::string::npos);
  std::string all = s.render(-1, true);
  EXPECT_NE(all.find("F"), std::string::npos);
}

TEST(CardsCli, AgentsByNameChooseLegalMoves) {
  auto spec = GameSpec::parse("stratego-cards");
  auto state = spec.new_game(21);
  for (const char* name : {"random", "mcts:iterations=30", "stratego-cards:iterations=30,playout=8", "cards:iterations=30,playout=8"}) {
    auto agent = spec.agent(name, 5);
    for (int i = 0; i < 14 && !state->outcome().over(); ++i) {
      const std::string move = agent->choose(*state);
      auto legal = state->legal_moves();
      ASSERT_NE(std::find(legal.begin(), legal.end(), move), legal.end()) << name << " " << move;
      state->apply(move);
    }
  }
  EXPECT_THROW(spec.agent("stratego-cards:depth=3", 1), BadInput);
  EXPECT_THROW(spec.agent("alphabeta", 1), BadInput);
}
