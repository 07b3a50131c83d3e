// Notation, position strings and bad input: one clear BadInput, never a crash.
#include <gtest/gtest.h>

#include "core/registry.hpp"
#include "helpers.hpp"

using namespace strategic_test;

TEST(StrategicNotation, PositionStringRoundTripsAndRejectsBadInput) {
  const std::string text = State::deal({}, 3).to_string();
  EXPECT_EQ(State::parse({}, text).to_string(), text);
  const char* bad[] = {"", "ooooooo", "ooooooo/ooooooo/ooooooo/ooo.ooo/yyyyyyy/yyyyyyy/yyyyyyy o",
                       "ooooooo/ooooooo/ooooooo/ooo.ooo/yyyyyyy/yyyyyyy/yyyyyy o 0",
                       "ooooooo/ooooooo/ooooooo/ooo.ooo/yyyyyyy/yyyyyyy/yyyyyyz o 0",
                       "ooooooo/ooooooo/ooooooo/ooo.ooo/yyyyyyy/yyyyyyy/yyyyyyy x 0",
                       "ooooooo/ooooooo/ooooooo/ooo.ooo/yyyyyyy/yyyyyyy/yyyyyyy o 3",
                       "ooooooo/ooooooo/ooooooo/oooOooo/yyyyyyy/yyyyyyy/yyyyyyy o 0",  // 26 Guards' worth
                       "ooooooo/ooooooo/ooooooo/ooo.ooo/yyyyyyy/yyyyyyy o 0"};
  for (const char* b : bad) EXPECT_THROW(State::parse({}, b), BadInput) << b;
}

TEST(StrategicNotation, MoveErrorsSayWhatIsWrong) {
  State s = build({"Oa1", "Yc3", "Yg7", "yf7", "og1", "ye1"});
  auto message = [&](const char* text) {
    try {
      s.parse_move(text);
    } catch (const BadInput& e) {
      return std::string(e.what());
    }
    return std::string("(accepted)");
  };
  EXPECT_NE(message("b2-b3").find("b2 is empty"), std::string::npos);
  EXPECT_NE(message("g7-g6").find("yellow"), std::string::npos);
  EXPECT_NE(message("a1-b2-c3").find("straight"), std::string::npos);
  EXPECT_NE(message("h1-a1").find("not a cell"), std::string::npos);
  EXPECT_NE(message("a1").find("two cells"), std::string::npos);
  EXPECT_NE(message("a1xa5").find("jumps no Officer"), std::string::npos);
  EXPECT_NE(message("a1-a3-e3").find("(write x"), std::string::npos);
  EXPECT_NE(message("g1-e1").find("one cell"), std::string::npos);
  EXPECT_EQ(message("a1-a3xd3"), "(accepted)");
}

TEST(StrategicNotation, FuzzedPositionsAndMovesNeverCrash) {
  Rng rng(123);
  const std::string alphabet = "oOyY.-/ 012abcdefgh1234567890x+:random";
  const State base = State::deal({}, 9);
  State mid = base;
  std::vector<Move> moves;
  for (int i = 0; i < 20; ++i) {
    mid.legal_moves(moves);
    mid.apply(moves[rng.below(static_cast<std::uint32_t>(moves.size()))], nullptr);
  }
  const std::string good = mid.to_string();
  for (int i = 0; i < 20000; ++i) {
    std::string text;
    if (i % 2) {
      // Mutations of a valid position string.
      text = good;
      for (int k = 0, n = 1 + static_cast<int>(rng.below(3)); k < n; ++k)
        text[rng.below(static_cast<std::uint32_t>(text.size()))] = alphabet[rng.below(static_cast<std::uint32_t>(alphabet.size()))];
    } else {
      for (int k = 0, n = static_cast<int>(rng.below(30)); k < n; ++k)
        text += alphabet[rng.below(static_cast<std::uint32_t>(alphabet.size()))];
    }
    try {
      State s = State::load({}, text);
      EXPECT_EQ(State::parse({}, s.to_string()).to_string(), s.to_string());
    } catch (const BadInput&) {
    }
    std::string move;
    for (int k = 0, n = static_cast<int>(rng.below(14)); k < n; ++k)
      move += "abcdefgh1234567890-x+ "[rng.below(22)];
    for (const State* s : std::vector<const State*>{&base, &mid}) {
      try {
        const Move m = s->parse_move(move);
        s->legal_moves(moves);
        EXPECT_NE(std::find(moves.begin(), moves.end(), m), moves.end()) << move;
      } catch (const BadInput&) {
      }
    }
  }
}

TEST(StrategicNotation, ThroughTheRegistry) {
  auto spec = GameSpec::parse("strategic:jump_own");
  EXPECT_EQ(spec.variant, "jump_own");
  auto state = spec.load("random:1");
  EXPECT_EQ(state->legal_moves().size(), 32u);
  auto events = state->apply("a1+b1");
  EXPECT_EQ(events, Events{"form b1"});
  EXPECT_EQ(state->player_name(state->to_move()), "yellow");
  EXPECT_TRUE(state->perft(2).has_value());
  EXPECT_THROW(GameSpec::parse("strategic:bogus").load("random:1"), BadInput);
  EXPECT_THROW(GameSpec::parse("strategic:board=/nonexistent").load("random:1"), BadInput);
  const std::string json = state->view_json(0);
  EXPECT_NE(json.find("\"to_move\":\"yellow\""), std::string::npos);
  EXPECT_NE(json.find("\"kind\":\"officer\""), std::string::npos);
  const std::string board = state->render(-1, false);
  EXPECT_NE(board.find("[O]"), std::string::npos);
  EXPECT_NE(board.find(" a  b  c  d  e  f  g"), std::string::npos);
  for (const char* agent : {"random", "mcts:iterations=50", "strategic:depth=1", "strategic:nodes=500", "strategic:time=50"}) {
    auto a = spec.agent(agent, 1);
    const std::string m = a->choose(*state);
    EXPECT_NO_THROW(state->clone()->apply(m)) << agent;
  }
  EXPECT_THROW(spec.agent("strategic:speed=5", 1), BadInput);
  EXPECT_THROW(spec.agent("nobody", 1), BadInput);
}

TEST(StrategicNotation, BoardFileOption) {
  const std::string path = std::string(STRAT_SOURCE_DIR) + "/tests/games/strategic/cross.board";
  auto state = GameSpec::parse("strategic:board=" + path).load("random:4");
  EXPECT_EQ(state->position()[0], '-');
  EXPECT_FALSE(state->legal_moves().empty());
}
