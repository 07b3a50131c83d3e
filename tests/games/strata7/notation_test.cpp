// Position and move notation: round trips, the documented extensions, clear errors, and fuzzing of both
// parsers with random and mutated strings (they must throw BadInput or succeed, never crash).
#include <gtest/gtest.h>

#include "core/error.hpp"
#include "core/registry.hpp"
#include "core/rng.hpp"
#include "helpers.hpp"

using namespace strata7_test;

TEST(Strata7Notation, StartposAndFullPositionString) {
  const State s = State::parse("startpos");
  EXPECT_EQ(s.to_string(),
            "##BBB3BB##/#BBBBBBB.#/BB2BBBB2BB/XX..XX..XX/X.1....1.X/X.1....1.X/XX..XX..XX/WW2WWWW2WW/#.WWWWWWW#/"
            "##WW3WWW## w 0 0 - - 0 0");
  // The short form (4 fields) is accepted.
  EXPECT_EQ(State::parse(s.to_string().substr(0, 109) + " w 0 0").to_string(), s.to_string());
}

TEST(Strata7Notation, ExtensionsRoundTrip) {
  const std::string text = board_field({{"d7", 'S'}, {"c8", 'S'}, {"a3", 'W'}, {"j8", 'B'}}) +
                           " b 6 3 separate:d7:c6,step-off:c8,place:w w 12 0";
  const State s = State::parse(text);
  EXPECT_EQ(s.to_string(), text);
  EXPECT_EQ(s.to_move(), kWhite);  // White's placement comes before Bordeaux's turn
  EXPECT_EQ(s.turn(), kBordeaux);
  EXPECT_EQ(s.quiet_plies(), 12);
}

TEST(Strata7Notation, BadPositionsSayWhatIsWrong) {
  auto error = [](const std::string& text) {
    try {
      State::parse(text);
    } catch (const strat::BadInput& e) {
      return std::string(e.what());
    }
    return std::string("accepted");
  };
  const std::string empty = board_field({{"a3", 'W'}, {"j8", 'B'}});
  EXPECT_NE(error(empty + " x 0 0").find("side to move"), std::string::npos);
  EXPECT_NE(error(empty + " w 0").find("fields"), std::string::npos);
  EXPECT_NE(error(empty + " w 9 0").find("score"), std::string::npos);
  EXPECT_EQ(error(empty + " w 6 0"), "accepted");  // the short form derives the A-16 field
  EXPECT_NE(error(empty + " w 6 0 - -").find("A-16"), std::string::npos);
  EXPECT_NE(error(board_field({{"d7", 'S'}, {"j8", 'B'}}) + " w 0 0").find("separate:d7"), std::string::npos);
  EXPECT_NE(error(board_field({{"d7", 'S'}, {"j8", 'B'}}) + " w 0 0 separate:d7:f10 -").find("adjacent"),
            std::string::npos);
  EXPECT_NE(error(board_field({{"c5", 'W'}}) + " w 0 0").find("own objective"), std::string::npos);
  EXPECT_NE(error("##BBB3BB##/#BBBBBBB.#/BB2BBBB2BB/XX..XX..XX/X.1....1.X/X.1....1.X/XX..XX..XX/WW2WWWW2WW/"
                  "#.WWWWWWW#/##WW3WWWW# w 0 0")
                .find("i1"),
            std::string::npos);
  EXPECT_NE(error(empty + " w 0 0 place:w -").find("not reached 6"), std::string::npos);
}

TEST(Strata7Notation, MovesRoundTripAndErrorsNameTheProblem) {
  const State s = State::start();
  std::vector<Move> moves;
  s.legal_moves(moves);
  for (const Move& m : moves) EXPECT_EQ(s.parse_move(s.move_to_string(m)), m);
  auto error = [&](std::string_view text) {
    try {
      s.parse_move(text);
    } catch (const strat::BadInput& e) {
      return std::string(e.what());
    }
    return std::string("accepted");
  };
  EXPECT_EQ(error("e4-e5"), "illegal move 'e4-e5': e4 is an obstacle");
  EXPECT_EQ(error("d4-d5"), "illegal move 'd4-d5': d4 is empty");
  EXPECT_EQ(error("e3-e5"), "illegal move 'e3-e5': e5 cannot be reached from e3");
  EXPECT_EQ(error("e9-e8"), "illegal move 'e9-e8': e9 holds a bordeaux piece");
  EXPECT_EQ(error("a1-b2"), "illegal move 'a1-b2': 'a1' is not a cell of the board");
  EXPECT_EQ(error("b3-c3"), "illegal move 'b3-c3': c3 may not be entered (A-03/A-04)");
  EXPECT_EQ(error("e3"), "illegal move 'e3': expected FROM-TO, FROM-...-TO, FROM-TO+CELL, @CELL or pass");
}

TEST(Strata7Notation, FuzzedPositionsAndMovesNeverCrash) {
  strat::Rng rng(99);
  const std::string alphabet = "#X123WBwbST./ -:,0123456789abcdefghijstepofraclw+@";
  const std::string start = State::start().to_string();
  std::vector<std::string> seeds = {start, "startpos",
                                    board_field({{"d7", 'S'}, {"c8", 'S'}, {"a3", 'W'}, {"j8", 'B'}}) +
                                        " b 6 3 step-off:c8,separate:d7:c6,place:w w 12 0"};
  int accepted = 0;
  for (int i = 0; i < 20000; ++i) {
    std::string text;
    if (i % 2 == 0) {
      const int len = static_cast<int>(rng.below(140));
      for (int k = 0; k < len; ++k) text.push_back(alphabet[rng.below(static_cast<std::uint32_t>(alphabet.size()))]);
    } else {  // mutate a valid position
      text = seeds[rng.below(static_cast<std::uint32_t>(seeds.size()))];
      for (int k = 0, n = 1 + static_cast<int>(rng.below(3)); k < n && !text.empty(); ++k) {
        const auto at = rng.below(static_cast<std::uint32_t>(text.size()));
        text[at] = alphabet[rng.below(static_cast<std::uint32_t>(alphabet.size()))];
      }
    }
    try {
      const State s = State::parse(text);
      ++accepted;
      EXPECT_EQ(State::parse(s.to_string()).to_string(), s.to_string());
      std::vector<Move> moves;
      s.legal_moves(moves);
    } catch (const strat::BadInput& e) {
      EXPECT_EQ(std::string(e.what()).find('\n'), std::string::npos);
    }
  }
  EXPECT_GT(accepted, 100);
  const State s = State::start();
  const std::string moves_alphabet = "abcdefghijk0123456789-+@ pas";
  for (int i = 0; i < 20000; ++i) {
    std::string text;
    const int len = static_cast<int>(rng.below(12));
    for (int k = 0; k < len; ++k)
      text.push_back(moves_alphabet[rng.below(static_cast<std::uint32_t>(moves_alphabet.size()))]);
    try {
      const Move m = s.parse_move(text);
      EXPECT_TRUE(is_legal(s, s.move_to_string(m)));
    } catch (const strat::BadInput& e) {
      EXPECT_EQ(std::string(e.what()).find('\n'), std::string::npos);
    }
  }
}

TEST(Strata7Registry, CliVerbsGoThroughTheRegistry) {
  auto spec = strat::GameSpec::parse("strata7");
  auto state = spec.load("startpos");
  EXPECT_EQ(state->legal_moves().size(), 19u);
  EXPECT_EQ(state->perft(3).value(), 9405u);
  auto events = state->apply("e2-c4");
  EXPECT_TRUE(events.empty());
  EXPECT_NE(state->render(-1, false).find("[3]"), std::string::npos);
  EXPECT_NE(state->view_json(0).find("\"score\""), std::string::npos);
  EXPECT_THROW(strat::GameSpec::parse("strata7:bogus").load("startpos"), strat::BadInput);
  auto short_game = strat::GameSpec::parse("strata7:quiet_plies=2").load("startpos");
  short_game->apply("e3-d4");
  short_game->apply("f8-g7");
  EXPECT_TRUE(short_game->outcome().over());
  auto agent = spec.agent("strata7:depth=2,time=0", 1);
  EXPECT_FALSE(agent->choose(*state).empty());
  EXPECT_THROW(spec.agent("strata7:speed=3", 1), strat::BadInput);
  EXPECT_THROW(spec.agent("nobody", 1), strat::BadInput);
  auto figures = spec.info->bench(spec.options, 0.2, {});
  ASSERT_FALSE(figures.empty());
  EXPECT_EQ(figures[0].rfind("playout_plies_per_second ", 0), 0u);
}
