// The seed's opening, the hand-built capture positions of the issue, and notation input.
#include <gtest/gtest.h>

#include "core/error.hpp"
#include "games/dhamet/state.hpp"
#include "helpers.hpp"

using namespace strat;
using namespace strat::dhamet;
using namespace dhamet_test;

using V = std::vector<std::string>;

TEST(DhametOpening, SeedTestVectorReplaysAndEachMoveIsTheOnlyClassAllowed) {
  const char* opening[] = {"d4-e5", "f6xd4", "c3xe5", "a5xc3", "b2xd4", "c5xc3", "e5xa5", "c3xe5", "f5xd5", "d6xd4"};
  State s;
  for (const char* text : opening) {
    SCOPED_TRACE(text);
    std::vector<Move> moves;
    s.legal_moves(moves);
    ASSERT_FALSE(moves.empty());
    const Move m = s.parse_move(text);
    EXPECT_NE(std::find(moves.begin(), moves.end(), m), moves.end());
    const int most = max_capture(s.board());
    // Where a capture exists no step is legal (D-08), and every legal move captures the most (D-09).
    for (const Move& x : moves) EXPECT_EQ(x.caps, most) << s.move_to_string(x);
    EXPECT_EQ(m.caps, most);
    s.apply(m, nullptr);
  }
  // e5xa5 was the two-piece sequence e5xc5xa5 along row 5.
  EXPECT_EQ(s.to_string(), after(State(), {"d4-e5", "f6xd4", "c3xe5", "a5xc3", "b2xd4", "c5xc3", "e5xc5xa5",
                                                 "c3xe5", "f5xd5", "d6xd4"}).to_string());
  EXPECT_EQ(s.board().count(kWhite), 35);
  EXPECT_EQ(s.board().count(kBlack), 35);
}

TEST(DhametPositions, MaximumCaptureChoosesThreeOverOne) {
  // b1 can take c1 alone (landing d1) or b2, b4, b6 up the column: only the 3-piece sequence is legal.
  auto s = State::parse(position({{"b1", 'w'}, {"b2", 'b'}, {"b4", 'b'}, {"b6", 'b'}, {"c1", 'B'}, {"i9", 'b'}}, 'w'));
  EXPECT_EQ(legal(s), (V{"b1xb3xb5xb7"}));
  s = after(s, {"b1xb7"});  // start and end only
  EXPECT_EQ(s.to_string(), position({{"b7", 'w'}, {"c1", 'B'}, {"i9", 'b'}}, 'b'));
}

TEST(DhametPositions, SequenceRecrossesAPointFreedEarlier) {
  // D-10 with a Sultan: the last slide crosses c1 (its origin) and d1 (captured first).
  auto s = State::parse(
      position({{"c1", 'W'}, {"d1", 'B'}, {"e2", 'b'}, {"c3", 'b'}, {"b2", 'b'}, {"g1", 'B'}, {"a9", 'b'}}, 'w'));
  EXPECT_EQ(legal(s), (V{"c1xe1xe3xb3xb1xh1"}));
}

TEST(DhametPositions, SultanCapturesAtDistanceAndContinues) {
  auto s = State::parse(position({{"g4", 'W'}, {"e4", 'b'}, {"d2", 'b'}, {"f1", 'B'}, {"a9", 'b'}}, 'w'));
  EXPECT_EQ(legal(s), (V{"g4xd4xd1xg1"}));
  Events ev;
  s.apply(s.parse_move("g4xd4xd1xg1"), &ev);
  EXPECT_EQ(ev, (Events{"capture e4", "capture d2", "capture f1"}));
  EXPECT_EQ(s.board().at(parse_point("g1")), 'W');
}

TEST(DhametPositions, ManCrossesBackRowMidSequenceAndIsNotPromoted) {
  auto s = State::parse(position({{"c7", 'w'}, {"c8", 'b'}, {"d8", 'b'}, {"a1", 'B'}}, 'w'));
  EXPECT_EQ(legal(s), (V{"c7xc9xe7"}));
  Events ev;
  s.apply(s.parse_move("c7xc9xe7"), &ev);
  EXPECT_EQ(s.board().at(parse_point("e7")), 'w');
  for (const auto& e : ev) EXPECT_EQ(e.find("promote"), std::string::npos) << e;
}

TEST(DhametPositions, PromotionAtTheEndOfTheMove) {
  auto s = State::parse(position({{"d7", 'w'}, {"d8", 'b'}, {"a1", 'B'}}, 'w'));
  Events ev;
  s.apply(s.parse_move("d7xd9"), &ev);
  EXPECT_EQ(s.board().at(parse_point("d9")), 'W');
  EXPECT_EQ(ev, (Events{"capture d8", "promote d9"}));
  // The new Sultan moves as one on the next turn.
  s = after(s, {"a1-a2"});
  const V moves = legal(s);
  EXPECT_NE(std::find(moves.begin(), moves.end(), "d9-d2"), moves.end());
}

TEST(DhametNotation, StartAndEndInputAndAmbiguityListsCandidates) {
  // The seed's diagram-2 man on c7 among eight black men: many 7-piece sequences.
  auto s = State::parse(position({{"c7", 'w'}, {"b7", 'b'}, {"b8", 'b'}, {"c8", 'b'}, {"d8", 'b'}, {"d7", 'b'},
                                         {"b6", 'b'}, {"c6", 'b'}, {"d6", 'b'}, {"i2", 'b'}}, 'w'));
  const auto why = error_of(s, "c7xe9");
  EXPECT_NE(why.find("ambiguous"), std::string::npos) << why;
  EXPECT_NE(why.find("c7xa7xc9xc7xc5xe7xc7xe9"), std::string::npos) << why;
  EXPECT_NE(why.find("c7xe7xc5xc7xa7xc9xc7xe9"), std::string::npos) << why;
  // The full path is accepted; so is start-and-end when only one sequence fits.
  EXPECT_NO_THROW(s.parse_move("c7xa7xc9xc7xc5xe7xc7xe9"));
  auto t = after(State(), {"d4-e5", "f6xd4", "c3xe5", "a5xc3", "b2xd4", "c5xc3"});
  EXPECT_EQ(t.move_to_string(t.parse_move("e5xa5")), "e5xc5xa5");
  EXPECT_EQ(t.move_to_string(t.parse_move(" e5xc5xa5 ")), "e5xc5xa5");
}

TEST(DhametNotation, IllegalMovesSayWhy) {
  State s;
  EXPECT_NE(error_of(s, "e5-e6").find("e5 is empty"), std::string::npos);
  EXPECT_NE(error_of(s, "e6-e5").find("black piece"), std::string::npos);
  EXPECT_NE(error_of(s, "e4-e6").find("legal: e4-e5"), std::string::npos);
  EXPECT_NE(error_of(s, "e4-e5-e6").find("one adjacent point"), std::string::npos);
  EXPECT_NE(error_of(s, "e4-e5xe6").find("mixes"), std::string::npos);
  EXPECT_NE(error_of(s, "z4-e5").find("bad point"), std::string::npos);
  EXPECT_NE(error_of(s, "e4").find("FROM-TO"), std::string::npos);
  EXPECT_NE(error_of(s, "").find("empty move"), std::string::npos);
  EXPECT_NE(error_of(s, "e4xe6").find("no"), std::string::npos);
}

TEST(DhametNotation, PositionErrorsNameTheProblem) {
  auto err = [](const std::string& text) {
    try {
      State::parse(text);
    } catch (const BadInput& e) {
      return std::string(e.what());
    }
    return std::string();
  };
  EXPECT_NE(err("bbbbbbbbb/bbbbbbbbb w").find("9 rows"), std::string::npos);
  EXPECT_NE(err("bbbbbbbbb/bbbbbbbbb/bbbbbbbbb/bbbbbbbbb/bbbb.wwww/wwwwwwwww/wwwwwwwww/wwwwwwwww/wwwwwwwwww w")
                .find("row 1"),
            std::string::npos);
  EXPECT_NE(err("bbbbbbbbb/bbbbbbbbb/bbbbbbbbb/bbbbbbbbb/bbbb.wwww/wwwwwwwww/wwwwwwwww/wwwwwwwww/wwwwwwwwx w")
                .find("i1"),
            std::string::npos);
  EXPECT_NE(err("bbbbbbbbb/bbbbbbbbb/bbbbbbbbb/bbbbbbbbb/bbbb.wwww/wwwwwwwww/wwwwwwwww/wwwwwwwww/wwwwwwwww x")
                .find("side to move"),
            std::string::npos);
  EXPECT_NE(err("w......../......... /......... w").find("position"), std::string::npos);
  EXPECT_NE(err(position({{"c9", 'w'}}, 'w')).find("Sultan"), std::string::npos);
  EXPECT_NE(err("bbbbbbbbb/bbbbbbbbb/bbbbbbbbb/bbbbbbbbb/bbbbbwwww/wwwwwwwww/wwwwwwwww/wwwwwwwww/wwwwwwwww w")
                .find("at most 40"),
            std::string::npos);
  EXPECT_EQ(err("startpos"), "");
  EXPECT_EQ(err(State().to_string()), "");
}
