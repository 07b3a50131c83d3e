// One test per rule id of ../shared/rules/dhamet.md (suite name = rule id).
#include <gtest/gtest.h>

#include "core/error.hpp"
#include "core/options.hpp"
#include "games/dhamet/state.hpp"
#include "helpers.hpp"

using namespace strat;
using namespace strat::dhamet;
using namespace dhamet_test;

using V = std::vector<std::string>;

TEST(D01, EightyOnePointsNamedA1ToI9WhiteOnRowOne) {
  EXPECT_EQ(parse_point("a1"), 0);
  EXPECT_EQ(parse_point("i9"), 80);
  EXPECT_EQ(parse_point("e5"), 40);
  for (auto bad : {"j1", "a0", "a10", "", "5e", "A1", "e"}) EXPECT_EQ(parse_point(bad), -1) << bad;
  int named = 0;
  for (int p = 0; p < kPoints; ++p) named += parse_point(point_name(p)) == p;
  EXPECT_EQ(named, 81);
  // White's men start on row 1, Black's on row 9.
  State s;
  EXPECT_EQ(s.board().at(parse_point("a1")), 'w');
  EXPECT_EQ(s.board().at(parse_point("i9")), 'b');
}

TEST(D02, DiagonalsOnlyThroughOpenPointsFourteenOfThem) {
  for (auto p : {"a1", "e3", "h4", "e5", "i9"}) EXPECT_TRUE(is_open(parse_point(p))) << p;
  for (auto p : {"b1", "c4", "h5", "e4"}) EXPECT_FALSE(is_open(parse_point(p))) << p;
  // Closed points have no diagonal neighbour; open points' diagonal neighbours are open.
  for (int p = 0; p < kPoints; ++p)
    for (int d = 4; d < 8; ++d) {
      const int q = kGeo.next[p][d];
      if (!is_open(p)) {
        EXPECT_EQ(q, -1);
      } else if (q >= 0) {
        EXPECT_TRUE(is_open(q));
      }
    }
  // Count the diagonal lines: maximal runs of at least two points, starting where there is no predecessor.
  int lines = 0;
  for (int d : {4, 5})
    for (int p = 0; p < kPoints; ++p) {
      if (!is_open(p) || kGeo.next[p][d] < 0) continue;
      const int back = d == 4 ? 7 : 6;  // the opposite direction
      if (kGeo.next[p][back] < 0) ++lines;
    }
  EXPECT_EQ(lines, 14);
}

TEST(D03, PiecesMoveOnlyAlongLines) {
  // The seed's Sultan on b7 (closed) has only row 7 and column b.
  auto s = State::parse(position({{"b7", 'W'}, {"i2", 'b'}}, 'w'));
  V moves = legal(s);
  EXPECT_EQ(moves.size(), 16u);
  for (const auto& m : moves) EXPECT_TRUE(m[3] == 'b' || m[4] == '7') << m;
  // A man on a closed point has no diagonal step.
  auto t = State::parse(position({{"b3", 'w'}, {"i9", 'b'}}, 'w'));
  EXPECT_EQ(legal(t), (V{"b3-b4"}));
}

TEST(D04, StartPositionHasFortyMenEach) {
  State s;
  EXPECT_EQ(s.to_string(),
            "bbbbbbbbb/bbbbbbbbb/bbbbbbbbb/bbbbbbbbb/bbbb.wwww/wwwwwwwww/wwwwwwwww/wwwwwwwww/wwwwwwwww w");
  EXPECT_EQ(s.board().count(kWhite), 40);
  EXPECT_EQ(s.board().count(kBlack), 40);
  EXPECT_EQ(s.board().at(parse_point("e5")), '.');
  for (auto p : {"f5", "g5", "h5", "i5"}) EXPECT_EQ(s.board().at(parse_point(p)), 'w');
  for (auto p : {"a5", "b5", "c5", "d5"}) EXPECT_EQ(s.board().at(parse_point(p)), 'b');
  EXPECT_EQ(State::parse("startpos").to_string(), s.to_string());
}

TEST(D05, WhiteMovesFirstThenTurnsAlternate) {
  State s;
  EXPECT_EQ(s.to_move(), kWhite);
  s = after(s, {"d4-e5"});
  EXPECT_EQ(s.to_move(), kBlack);
  EXPECT_EQ(s.ply(), 1);
  s = after(s, {"f6xd4"});
  EXPECT_EQ(s.to_move(), kWhite);
  EXPECT_EQ(s.ply(), 2);
  EXPECT_NE(error_of(s, "e6-e5").find("black piece"), std::string::npos);
}

TEST(D06, MenStepForwardAlongColumnOrDiagonalOnly) {
  // The seed's diagram 2: a1 goes to a2 or b2; b3 only to b4; e3 to d4, e4 or f4.
  EXPECT_EQ(legal(State::parse(position({{"a1", 'w'}, {"i9", 'b'}}, 'w'))), (V{"a1-a2", "a1-b2"}));
  EXPECT_EQ(legal(State::parse(position({{"b3", 'w'}, {"i9", 'b'}}, 'w'))), (V{"b3-b4"}));
  EXPECT_EQ(legal(State::parse(position({{"e3", 'w'}, {"i9", 'b'}}, 'w'))), (V{"e3-d4", "e3-e4", "e3-f4"}));
  // Black moves down the board.
  EXPECT_EQ(legal(State::parse(position({{"e7", 'b'}, {"a1", 'w'}}, 'b'))), (V{"e7-d6", "e7-e6", "e7-f6"}));
  // Never along a row, never backward: a man boxed in front has no move even with free points beside.
  auto s = State::parse(position({{"e3", 'w'}, {"d4", 'w'}, {"e4", 'w'}, {"f4", 'w'}, {"i9", 'b'}}, 'w'));
  for (const auto& m : legal(s)) EXPECT_NE(m.substr(0, 2), "e3") << m;
  EXPECT_NE(error_of(s, "e3-d3").find("no legal move"), std::string::npos);
}

TEST(D07, MenCaptureForwardSidewaysAndBackwardAlongLines) {
  // One enemy next to the man on e5 (open) in each of the eight directions: one capture each.
  const char* around[] = {"e6", "e4", "f5", "d5", "f6", "d6", "f4", "d4"};
  const char* beyond[] = {"e7", "e3", "g5", "c5", "g7", "c7", "g3", "c3"};
  for (int i = 0; i < 8; ++i) {
    auto s = State::parse(position({{"e5", 'w'}, {around[i], 'b'}, {"a9", 'b'}}, 'w'));
    EXPECT_EQ(legal(s), (V{std::string("e5x") + beyond[i]})) << around[i];
  }
  // The seed's g6 (closed) captures only along its row and column: g4, e6, g8, i6, never diagonally.
  for (const char* diag : {"f5", "h5", "f7", "h7"}) {
    auto s = State::parse(position({{"g6", 'w'}, {diag, 'b'}, {"a9", 'b'}}, 'w'));
    for (const auto& m : legal(s)) EXPECT_EQ(m.find('x'), std::string::npos) << m;
  }
  // The landing point must be empty.
  auto blocked = State::parse(position({{"e5", 'w'}, {"e6", 'b'}, {"e7", 'b'}}, 'w'));
  for (const auto& m : legal(blocked)) EXPECT_EQ(m.find('x'), std::string::npos) << m;
}

TEST(D08, CapturingIsCompulsory) {
  auto s = after(State(), {"d4-e5"});
  EXPECT_EQ(legal(s), (V{"f6xd4"}));
  const auto why = error_of(s, "a6-a5");
  EXPECT_NE(why.find("compulsory"), std::string::npos) << why;
}

TEST(D09, GreatestCaptureIsCompulsoryMenAndSultansCountTheSame) {
  // A 3-piece sequence beats a 1-piece one.
  auto s = State::parse(position({{"b1", 'w'}, {"b2", 'b'}, {"b4", 'b'}, {"b6", 'b'}, {"c1", 'B'}, {"i9", 'b'}}, 'w'));
  EXPECT_EQ(legal(s), (V{"b1xb3xb5xb7"}));
  EXPECT_NE(error_of(s, "b1xd1").find("3 pieces"), std::string::npos) << error_of(s, "b1xd1");
  // A Sultan counts as one piece: two men outweigh one Sultan.
  auto t = State::parse(position({{"e1", 'w'}, {"d1", 'B'}, {"e2", 'b'}, {"e4", 'b'}, {"i9", 'b'}}, 'w'));
  EXPECT_EQ(legal(t), (V{"e1xe3xe5"}));
  // Among sequences of the same length the player chooses freely.
  auto u = State::parse(position({{"e1", 'w'}, {"d1", 'B'}, {"f1", 'B'}, {"i9", 'b'}}, 'w'));
  EXPECT_EQ(legal(u), (V{"e1xc1", "e1xg1"}));
}

TEST(D10, FreedPointMayBeCrossedAgain) {
  // The Sultan on c1 takes d1, e2, c3, b2, then slides back over c1 and d1 (freed) to take g1. If captured
  // pieces stayed until the end (international draughts), d1 would block and the most would be 4.
  auto s = State::parse(position({{"c1", 'W'}, {"d1", 'B'}, {"e2", 'b'}, {"c3", 'b'}, {"b2", 'b'}, {"g1", 'B'}, {"a9", 'b'}}, 'w'));
  EXPECT_EQ(legal(s), (V{"c1xe1xe3xb3xb1xh1"}));
  Events ev;
  s.apply(s.parse_move("c1xh1"), &ev);
  EXPECT_EQ(s.to_string(), position({{"h1", 'W'}, {"a9", 'b'}}, 'b'));
  EXPECT_EQ(ev, (Events{"capture d1", "capture e2", "capture c3", "capture b2", "capture g1"}));
}

TEST(D11, HuffingVariantAllowsIncompleteCaptureAndTheHuff) {
  Rules huffing;
  huffing.huffing = true;
  // Without the variant an incomplete capture is illegal, and there are no huffs.
  auto strict = State::parse(position({{"b1", 'w'}, {"b2", 'b'}, {"b4", 'b'}, {"c1", 'B'}, {"i9", 'b'}}, 'w'));
  EXPECT_THROW(strict.parse_move("b1xb3"), BadInput);
  EXPECT_NE(error_of(after(State(), {"d4-e5"}), "h:e5,f6xd4").find("huffing variant"), std::string::npos);
  // With it: a step, a short capture, a non-maximal one are all legal.
  auto s = State::parse(position({{"b1", 'w'}, {"b2", 'b'}, {"b4", 'b'}, {"c1", 'B'}, {"i9", 'b'}, {"h2", 'w'}}, 'w'),
                              huffing);
  const V moves = legal(s);
  for (auto m : {"b1xb3", "b1xb3xb5", "b1xd1", "h2-h3", "h2-g3"})
    EXPECT_NE(std::find(moves.begin(), moves.end(), m), moves.end()) << m;
  // Stopping early lets Black huff the man that should have captured more, before moving.
  auto t = after(s, {"b1xb3"});
  EXPECT_EQ(t.to_string(), position({{"b3", 'w'}, {"b4", 'b'}, {"c1", 'B'}, {"i9", 'b'}, {"h2", 'w'}}, 'b') + " h:b3");
  const V replies = legal(t);
  EXPECT_NE(std::find(replies.begin(), replies.end(), "h:b3,i9-i8"), replies.end());
  EXPECT_NE(std::find(replies.begin(), replies.end(), "i9-i8"), replies.end());  // huffing is optional
  Events ev;
  t.apply(t.parse_move("h:b3,i9-i8"), &ev);
  EXPECT_EQ(ev.front(), "huff b3");
  EXPECT_EQ(t.board().at(parse_point("b3")), '.');
  EXPECT_EQ(t.board().huffable, Bits{0});
  // A complete maximal capture leaves nothing to huff; so does a step when no capture existed.
  auto u = after(s, {"b1xb3xb5"});
  EXPECT_EQ(u.board().huffable, Bits{0});
  // A step while a capture existed: the piece that could have captured may be huffed.
  auto v = after(s, {"h2-h3"});
  EXPECT_EQ(v.board().huffable, bit(parse_point("b1")));
  // The huff field round-trips through the position string, and is refused outside the variant.
  EXPECT_EQ(State::parse(v.to_string(), huffing).to_string(), v.to_string());
  EXPECT_THROW(State::parse(v.to_string()), BadInput);
  EXPECT_NE(error_of(after(s, {"b1xb3xb5"}), "h:b5,i9-i8").find("may not be huffed"), std::string::npos);
  // Huffing the last piece wins at once.
  auto w = State::parse(position({{"b1", 'w'}, {"b2", 'b'}, {"b4", 'b'}, {"a9", 'B'}}, 'w'), huffing);
  w = after(w, {"b1xb3"});
  EXPECT_NE(w.board().huffable, Bits{0});
  w = after(w, {"h:b3"});
  EXPECT_EQ(w.outcome().winner, kBlack);
  // The game options select the variant.
  Options o;
  o.set("variant", "huffing");
  EXPECT_TRUE(Rules::from(o).huffing);
}

TEST(D12, PromotionOnlyWhereTheMoveEnds) {
  // Ending on the back row promotes (a step, and a capture).
  auto s = after(State::parse(position({{"e8", 'w'}, {"a3", 'b'}}, 'w')), {"e8-e9"});
  EXPECT_EQ(s.board().at(parse_point("e9")), 'W');
  auto t = State::parse(position({{"c7", 'w'}, {"c8", 'b'}, {"a1", 'B'}}, 'w'));
  Events ev;
  t.apply(t.parse_move("c7xc9"), &ev);
  EXPECT_EQ(t.board().at(parse_point("c9")), 'W');
  EXPECT_EQ(ev.back(), "promote c9");
  // Black promotes on row 1.
  auto b = after(State::parse(position({{"d2", 'b'}, {"i7", 'w'}}, 'b')), {"d2-d1"});
  EXPECT_EQ(b.board().at(parse_point("d1")), 'B');
  // Passing through row 9 during a sequence and ending elsewhere does not promote (c7xc9xe7 takes 2;
  // c7xe9 would take only 1).
  auto u = State::parse(position({{"c7", 'w'}, {"c8", 'b'}, {"d8", 'b'}, {"a1", 'B'}}, 'w'));
  EXPECT_EQ(legal(u), (V{"c7xc9xe7"}));
  u = after(u, {"c7xc9xe7"});
  EXPECT_EQ(u.board().at(parse_point("e7")), 'w');
}

TEST(D13, SultanMovesAnyDistanceAlongItsLines) {
  // On e5 (open): column e, row 5 and both diagonals, stopped by pieces.
  auto s = State::parse(position({{"e5", 'W'}, {"e8", 'w'}, {"a1", 'B'}}, 'w'));
  V moves = legal(s);
  std::size_t sultan = 0;
  for (const auto& m : moves) sultan += m.substr(0, 2) == "e5";
  // column: e6 e7 (e8 own) + e4..e1 = 6; row: 8; diagonals: a9..i1: 4+4 minus a1 (black, not capturable:
  // nothing beyond) -> b2 c3 d4 + f6 g7 h8 i9 + d6 c7 b8 a9 + f4 g3 h2 i1 = 15.
  EXPECT_EQ(sultan, 6u + 8u + 15u);
  EXPECT_NE(std::find(moves.begin(), moves.end(), "e5-a9"), moves.end());
  EXPECT_NE(std::find(moves.begin(), moves.end(), "e5-e1"), moves.end());
  EXPECT_EQ(std::find(moves.begin(), moves.end(), "e5-e9"), moves.end());  // blocked by its own man
}

TEST(D14, SultanCapturesAtADistanceLandingDirectlyBeyond) {
  // The seed's example: the Sultan on e5 must take c3 and land on b2 (not a1).
  auto s = State::parse(position({{"e5", 'W'}, {"c3", 'b'}, {"a9", 'b'}}, 'w'));
  EXPECT_EQ(legal(s), (V{"e5xb2"}));
  // Two pieces in a row cannot be jumped at once, nor an own piece.
  auto t = State::parse(position({{"a5", 'W'}, {"c5", 'b'}, {"d5", 'b'}, {"a6", 'w'}, {"a7", 'b'}, {"a8", 'b'}, {"i9", 'b'}}, 'w'));
  for (const auto& m : legal(t)) EXPECT_EQ(m.find('x'), std::string::npos) << m;
  // Captures at a distance continue (D-09): g4 takes e4 landing d4, then d2 landing d1, then f1 landing g1.
  auto u = State::parse(position({{"g4", 'W'}, {"e4", 'b'}, {"d2", 'b'}, {"f1", 'B'}, {"a9", 'b'}}, 'w'));
  EXPECT_EQ(legal(u), (V{"g4xd4xd1xg1"}));
}

TEST(D15, NoPieceOrNoMoveLoses) {
  auto s = State::parse(position({{"e5", 'w'}, {"e6", 'b'}}, 'w'));
  s = after(s, {"e5xe7"});
  EXPECT_EQ(s.outcome().status, Status::Win);
  EXPECT_EQ(s.outcome().winner, kWhite);
  EXPECT_STREQ(s.outcome().reason, "no-pieces");
  // A white man blocked on i8 (closed: no diagonal) by a black piece on i9, with no capture.
  auto blocked = State::parse(position({{"i8", 'w'}, {"i9", 'b'}, {"h9", 'b'}}, 'w'));
  EXPECT_EQ(blocked.outcome().status, Status::Win);
  EXPECT_EQ(blocked.outcome().winner, kBlack);
  EXPECT_STREQ(blocked.outcome().reason, "no-moves");
}

namespace {
// Two Sultans shuttling: White a1-a2-a1, Black i9-i8-i9.
State shuttle(Rules rules, int plies) {
  auto s = State::parse(position({{"a1", 'W'}, {"i9", 'B'}}, 'w'), rules);
  const char* cycle[] = {"a1-a2", "i9-i8", "a2-a1", "i8-i9"};
  for (int i = 0; i < plies && !s.outcome().over(); ++i) s.apply(s.parse_move(cycle[i % 4]), nullptr);
  return s;
}
}  // namespace

TEST(D16, ThreefoldRepetitionDraws) {
  auto s = shuttle(Rules{}, 7);
  EXPECT_FALSE(s.outcome().over());
  s = shuttle(Rules{}, 8);  // the start position occurs for the third time
  EXPECT_EQ(s.outcome().status, Status::Draw);
  EXPECT_STREQ(s.outcome().reason, "repetition");
  Rules twice;
  twice.repetitions = 2;
  EXPECT_EQ(shuttle(twice, 4).outcome().status, Status::Draw);
  Rules off;
  off.repetitions = 0;
  EXPECT_FALSE(shuttle(off, 40).outcome().over());
}

TEST(D17, HundredPliesWithoutCaptureOrManMoveDraw) {
  Rules r;
  r.repetitions = 0;
  EXPECT_FALSE(shuttle(r, 99).outcome().over());
  auto s = shuttle(r, 100);
  EXPECT_EQ(s.outcome().status, Status::Draw);
  EXPECT_STREQ(s.outcome().reason, "no-progress");
  r.draw_plies = 10;
  EXPECT_EQ(shuttle(r, 10).outcome().status, Status::Draw);
  // A man move resets the count.
  Rules q;
  q.repetitions = 0;
  q.draw_plies = 4;
  auto m = State::parse(position({{"a1", 'W'}, {"e2", 'w'}, {"i9", 'B'}}, 'w'), q);
  m = after(m, {"a1-a2", "i9-i8", "e2-e3", "i8-i9", "a2-a1", "i9-i8"});
  EXPECT_FALSE(m.outcome().over());
  EXPECT_EQ(m.quiet_plies(), 3);
  // The limits come from the game options.
  Options o;
  o.set("draw_plies", "40");
  o.set("repetitions", "0");
  EXPECT_EQ(Rules::from(o).draw_plies, 40);
  EXPECT_EQ(Rules::from(o).repetitions, 0);
  Options bad;
  bad.set("draw_plies", "x");
  EXPECT_THROW(Rules::from(bad), BadInput);
  Options unknown;
  unknown.set("speed", "3");
  EXPECT_THROW(Rules::from(unknown), BadInput);
}

TEST(D18, ResignationAndAgreedDraw) {
  State s;
  s.resign(kWhite);
  EXPECT_EQ(s.outcome().winner, kBlack);
  EXPECT_STREQ(s.outcome().reason, "resign");
  std::vector<State::Move> moves;
  s.legal_moves(moves);
  EXPECT_TRUE(moves.empty());
  State t;
  t.agree_draw();
  EXPECT_EQ(t.outcome().status, Status::Draw);
  EXPECT_STREQ(t.outcome().reason, "agreement");
}
