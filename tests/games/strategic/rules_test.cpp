// One test (at least) per rule id of ../shared/rules/strategic.md, plus the hand-built positions of issue 4.
#include <gtest/gtest.h>

#include "helpers.hpp"

using namespace strategic_test;

TEST(T01, StandardBoardIsSevenBySevenWithEmptyCentre) {
  const Board& b = Board::standard();
  EXPECT_EQ(b.cols, 7);
  EXPECT_EQ(b.rows, 7);
  EXPECT_EQ(count(b.on), 49);
  EXPECT_EQ(count(b.round), 48);
  EXPECT_FALSE(b.round >> cell("d4") & 1);
  EXPECT_EQ(b.pieces_per_side(), 24);
}

TEST(T01, AnotherLayoutLoadsAsData) {
  // A 5x5 cross-shaped board with its corners cut off and the centre empty.
  const Board b = Board::parse("# cross\n-ooo-\nooooo\noo.oo\nooooo\n-ooo-\n", "test board");
  EXPECT_EQ(b.cols, 5);
  EXPECT_EQ(count(b.on), 21);
  EXPECT_EQ(b.pieces_per_side(), 10);
  EXPECT_EQ(b.next[0][kEast], -1);  // a1 is a hole: no neighbours recorded
  Rules rules;
  rules.board = &b;
  State s = State::deal(rules, 7);
  EXPECT_EQ(count(s.guards(0)), 10);
  EXPECT_EQ(count(s.guards(1)), 10);
  EXPECT_EQ(s.to_string()[0], '-');
  // The position string round-trips on the custom board, and play goes on.
  State t = State::parse(rules, s.to_string());
  EXPECT_EQ(t.hash(), s.hash());
  std::vector<Move> moves;
  Rng rng(3);
  for (int i = 0; i < 200 && !s.outcome().over(); ++i) {
    s.legal_moves(moves);
    ASSERT_FALSE(moves.empty());
    s.apply(moves[rng.below(static_cast<std::uint32_t>(moves.size()))], nullptr);
    EXPECT_EQ((s.occupied() & ~b.on), 0u);
  }
  EXPECT_THROW(Board::parse("oo\nooo\n", "bad"), BadInput);
  EXPECT_THROW(Board::parse("oo\noo\n", "no empty cell"), BadInput);
  EXPECT_THROW(Board::parse("ooz\no.o\n", "bad char"), BadInput);
}

TEST(T02, FortyEightGuardsAndTwoGuardsMakeAnOfficer) {
  State s = State::deal({}, 1);
  EXPECT_EQ(count(s.guards(0)), 24);
  EXPECT_EQ(count(s.guards(1)), 24);
  EXPECT_EQ(s.officers(0) | s.officers(1), 0u);
  const Move m = moves_of(s).front();
  ASSERT_EQ(m.kind, Kind::Form);
  s.apply(m, nullptr);
  EXPECT_EQ(count(s.guards(0)), 22);
  EXPECT_EQ(count(s.officers(0)), 1);
  EXPECT_TRUE(s.officers(0) >> m.to & 1);
}

TEST(T03, DealIsSeededReproducibleAndFillsTheRoundCells) {
  EXPECT_EQ(State::deal({}, 42).to_string(), State::deal({}, 42).to_string());
  EXPECT_NE(State::deal({}, 42).to_string(), State::deal({}, 43).to_string());
  for (std::uint64_t seed = 0; seed < 200; ++seed) {
    State s = State::deal({}, seed);
    EXPECT_EQ(s.occupied(), Board::standard().round);
    EXPECT_EQ(s.empty(), bit(cell("d4")));
  }
  EXPECT_EQ(State::load({}, "random:42").to_string(), State::deal({}, 42).to_string());
  EXPECT_THROW(State::load({}, "random:x"), BadInput);
  EXPECT_THROW(State::load({}, "startpos"), BadInput);
}

TEST(T04, OrangeMovesFirst) {
  State s = State::deal({}, 5);
  EXPECT_EQ(s.to_move(), 0);
  EXPECT_STREQ(State::player_name(0), "orange");
  EXPECT_THROW(State::parse({}, "ooooooo/ooooooo/ooooooo/ooo.ooo/yyyyyyy/yyyyyyy/yyyyyyy y 0"), BadInput);
}

TEST(T05, FormingAnOfficerStacksAGuardOnAnAdjacentOwnGuard) {
  State s = build({"oa1", "ob1", "yc1", "oa3", "yg7", "yf7"});
  auto moves = moves_of(s);
  auto has = [&](Kind k, const char* f, const char* t) {
    return std::find(moves.begin(), moves.end(), Move{0, static_cast<std::uint8_t>(cell(f)), static_cast<std::uint8_t>(cell(t)), k}) != moves.end();
  };
  EXPECT_TRUE(has(Kind::Form, "a1", "b1"));
  EXPECT_TRUE(has(Kind::Form, "b1", "a1"));
  EXPECT_FALSE(has(Kind::Form, "b1", "c1"));  // an enemy Guard
  EXPECT_FALSE(has(Kind::Form, "a1", "a3"));  // not adjacent
  Events ev;
  s.apply(parse(s, "a1+b1"), &ev);
  EXPECT_EQ(s.officers(0), bit(cell("b1")));
  EXPECT_EQ(s.guards(0), bit(cell("a3")));
  EXPECT_EQ(ev, Events{"form b1"});
  EXPECT_EQ(s.to_move(), 1);  // one Officer per turn: the turn is over
  EXPECT_THROW(parse(s, "f7+g7x"), BadInput);
}

TEST(T06, GuardStepsOneCellOrthogonallyToAnEmptyCell) {
  State s = build({"oc3", "yc4", "yf7", "ya7"});
  auto moves = moves_of(s);
  std::set<std::string> names;
  for (const auto& m : moves) names.insert(s.move_to_string(m));
  EXPECT_EQ(names, (std::set<std::string>{"c3-b3", "c3-c2", "c3-d3"}));
  EXPECT_THROW(parse(s, "c3-d4"), BadInput);  // diagonal
  EXPECT_THROW(parse(s, "c3-c5"), BadInput);  // Guards never jump
  EXPECT_THROW(parse(s, "c3-c4"), BadInput);  // occupied
  EXPECT_THROW(parse(s, "c3xc5"), BadInput);
}

TEST(T07, OfficerPathWithTwoTurns) {
  // A corridor a1 -> a3 -> c3 -> c5: every other cell holds a Guard.
  State s = build({"Oa1"}, 'o', 2, true, {"a2", "a3", "b3", "c3", "c4", "c5", "g7"});
  auto moves = officer_moves_at(s, "a1");
  std::set<std::string> names;
  for (const auto& m : moves) names.insert(s.move_to_string(m));
  EXPECT_EQ(names, (std::set<std::string>{"a1-a2", "a1-a3", "a1-a3-b3", "a1-a3-c3", "a1-a3-c3-c4", "a1-a3-c3-c5"}));
  const Move m = parse(s, "a1-a3-c3-c5");
  EXPECT_EQ(m.to, cell("c5"));
  EXPECT_EQ(parse(s, "a1-c5"), m);           // start and end identify the move
  EXPECT_EQ(parse(s, "a1-a2-a3-c3-c5"), m);  // extra points on a straight leg are read as written
  s.apply(m, nullptr);
  EXPECT_EQ(s.officers(0), bit(cell("c5")));
}

TEST(T07, OfficerTurnsAnyNumberOfTimes) {
  // A snake a1 a2 b2 c2 c3 c4 b4 a4: three turns to its end.
  State s = build({"Oa1"}, 'o', 2, true, {"a2", "b2", "c2", "c3", "c4", "b4", "a4", "g7"});
  auto moves = officer_moves_at(s, "a1");
  EXPECT_EQ(moves.size(), 7u);  // each empty cell once
  const Move far = parse(s, "a1-a4");
  EXPECT_EQ(s.move_to_string(far), "a1-a2-c2-c4-a4");
  // Canonical path on an open board: fewest legs, then smallest cells.
  State open = build({"Oa1", "Yg7", "og1", "yf7"});
  EXPECT_EQ(open.move_to_string(parse(open, "a1-c5")), "a1-a5-c5");
  EXPECT_EQ(open.move_to_string(parse(open, "a1-c1-c5")), "a1-a5-c5");
  EXPECT_NO_THROW(parse(open, "a1-b2"));              // not a straight line, but start and end name one move
  EXPECT_THROW(parse(open, "a1-a3-a2"), BadInput);  // back over a cell already visited
}

TEST(T07, OfficerNeverVisitsACellTwice) {
  // a1 opens only onto a2; a loop a3 b3 [c3 Yellow Officer] d3 d4 c4 b4 a4 back to a3. After the capture the
  // Officer can never come back to a2 or a3: both would be a second visit.
  State s = build({"Oa1", "Yc3"}, 'o', 2, true, {"a2", "a3", "b3", "d3", "d4", "c4", "b4", "a4", "g7"});
  auto moves = officer_moves_at(s, "a1");
  auto legal = [&](const char* to, Mask captured) {
    return std::find(moves.begin(), moves.end(),
                     Move{captured, static_cast<std::uint8_t>(cell("a1")), static_cast<std::uint8_t>(cell(to)), Kind::Officer}) != moves.end();
  };
  const Mask c3 = bit(cell("c3"));
  EXPECT_TRUE(legal("b3", c3));
  EXPECT_TRUE(legal("a4", c3));
  EXPECT_TRUE(legal("d3", c3));
  EXPECT_FALSE(legal("a2", c3));
  EXPECT_FALSE(legal("a3", c3));
  EXPECT_TRUE(legal("a3", 0));
  EXPECT_EQ(sorted(moves_of(s)), sorted(reference_moves(s)));
}

TEST(T08, DoubleCaptureInOneMove) {
  State s = build({"Oa1", "Ya2", "Yc3", "Yg7", "yf7", "og1"});
  const Move m = parse(s, "a1xa3xd3");
  EXPECT_EQ(m.captured, cells({"a2", "c3"}));
  EXPECT_EQ(s.move_to_string(m), "a1xa3xd3");
  // The same capture written with a stop on the way, and a longer path that goes on after the jumps.
  EXPECT_EQ(parse(s, "a1xa3-b3xd3"), m);
  const Move longer = parse(s, "a1xa3xd3-d6");
  EXPECT_EQ(longer.captured, m.captured);
  Events ev;
  s.apply(m, &ev);
  EXPECT_EQ(ev, (Events{"capture a2", "capture c3"}));
  EXPECT_EQ(s.officers(1), bit(cell("g7")));
  EXPECT_EQ(s.officers(0), bit(cell("d3")));
  EXPECT_FALSE(s.outcome().over());
}

TEST(T08, JumpOnlyOverAnAdjacentOfficerOntoTheEmptyCellBeyond) {
  State s = build({"Oa1", "Ya3", "Ya4", "Yg7", "yf7", "og1"});
  // a3 and a4 stand in line: there is no empty landing cell beyond a3, so no jump north.
  for (const auto& m : officer_moves_at(s, "a1")) EXPECT_FALSE(m.captured & bit(cell("a3")) && m.to == cell("a5"));
  EXPECT_THROW(parse(s, "a1xa4"), BadInput);
  EXPECT_THROW(parse(s, "a1xa5"), BadInput);
  // Going round, the Officer can jump a3 from the east (b3 -> a3 is the edge: no landing), or a4 from b4? No:
  // jumping west from b4 would land off the board. Captures of a3/a4 from north land on a2 / a3.
  bool jumps_a4_southwards = false;
  for (const auto& m : officer_moves_at(s, "a1")) jumps_a4_southwards |= m.captured == bit(cell("a4"));
  EXPECT_FALSE(jumps_a4_southwards);  // landing a3 is occupied
}

TEST(T08, PathBlockedByAGuard) {
  // The corridor a1 a2 [a3 Guard] a4 a5: the Guard cannot be passed over, by walking or jumping.
  State s = build({"Oa1"}, 'o', 2, true, {"a2", "a4", "a5", "g7"});
  EXPECT_TRUE(s.guards(1) >> cell("a3") & 1);
  auto moves = officer_moves_at(s, "a1");
  ASSERT_EQ(moves.size(), 1u);
  EXPECT_EQ(s.move_to_string(moves[0]), "a1-a2");
  try {
    parse(s, "a1xa4");
    FAIL();
  } catch (const BadInput& e) {
    EXPECT_NE(std::string(e.what()).find("Guard on a3"), std::string::npos) << e.what();
  }
  EXPECT_THROW(parse(s, "a1-a5"), BadInput);
}

TEST(T09, OfficerMayNotJumpItsOwnOfficer) {
  const std::vector<std::string> pieces{"Oa1", "Oa2", "Yg7"};
  State s = build(pieces, 'o', 2, true, {"a3", "a4", "f7", "g6", "e6", "c6"});
  auto moves = officer_moves_at(s, "a1");
  EXPECT_TRUE(moves.empty());
  EXPECT_THROW(parse(s, "a1xa3"), BadInput);
  EXPECT_EQ(sorted(moves_of(s)), sorted(reference_moves(s)));
}

TEST(T09, JumpOwnVariantAllowsItAndRemovesTheOwnOfficer) {
  Rules rules = Rules::from(Options::parse("variant=jump_own", "game option"));
  ASSERT_TRUE(rules.jump_own);
  State s = build({"Oa1", "Oa2", "Yg7"}, 'o', 2, true, {"a3", "a4", "f7", "g6", "e6", "c6"}, rules);
  auto moves = officer_moves_at(s, "a1");
  ASSERT_EQ(moves.size(), 2u);  // a1xa3 and a1xa3-a4
  const Move m = parse(s, "a1xa3");
  EXPECT_EQ(m.captured, bit(cell("a2")));
  Events ev;
  s.apply(m, &ev);
  EXPECT_EQ(s.officers(0), bit(cell("a3")));
  EXPECT_EQ(ev, Events{"capture a2"});
  EXPECT_EQ(sorted(moves_of(s)), sorted(reference_moves(s)));
}

TEST(T10, CapturingIsOptionalAndOneMovePerStartEndAndCapturedSet) {
  State s = build({"Oa1", "Yc3", "Yg7", "yf7", "og1"});
  auto moves = officer_moves_at(s, "a1");
  int with = 0, without = 0;
  for (const auto& m : moves) {
    if (m.to != cell("d3")) continue;
    (m.captured ? with : without) += 1;
  }
  EXPECT_EQ(with, 1);     // many paths jump c3 and stop on d3: one move
  EXPECT_EQ(without, 1);  // and d3 can be reached without capturing
  for (std::size_t i = 0; i < moves.size(); ++i)
    for (std::size_t j = i + 1; j < moves.size(); ++j) EXPECT_FALSE(moves[i] == moves[j]);
  for (const auto& m : moves) EXPECT_TRUE(s.empty() >> m.to & 1);  // every move ends on an empty cell
}

TEST(T10, StartAndEndAloneMustNameOneMove) {
  State s = build({"Oa1", "Yc3", "Yg7", "yf7", "og1"});
  try {
    parse(s, "a1-e3");
    FAIL();
  } catch (const BadInput& e) {
    const std::string w = e.what();
    EXPECT_NE(w.find("ambiguous"), std::string::npos) << w;
    EXPECT_NE(w.find("a1-a3xd3-e3, a1-e1-e3"), std::string::npos) << w;
  }
}

TEST(T11, FirstTurnMustFormAnOfficerWhenPossible) {
  for (std::uint64_t seed = 0; seed < 50; ++seed) {
    State s = State::deal({}, seed);
    for (int turn = 0; turn < 2; ++turn) {
      auto moves = moves_of(s);
      ASSERT_FALSE(moves.empty());
      for (const auto& m : moves) EXPECT_EQ(m.kind, Kind::Form);
      s.apply(moves.back(), nullptr);
    }
    EXPECT_EQ(s.first_turns(), 2);
    EXPECT_EQ(count(s.officers(0)), 1);
    EXPECT_EQ(count(s.officers(1)), 1);
  }
  State s = State::deal({}, 1);
  EXPECT_THROW(parse(s, "d3-d4"), BadInput);
}

TEST(T11, FirstTurnWithoutAdjacentOwnGuardsAllowsAnyAction) {
  // Alternating colours: no two orange Guards touch, so orange may simply step.
  State s = build({}, 'o', 0, true, {"d4", "a1"});
  auto moves = moves_of(s);
  ASSERT_FALSE(moves.empty());
  for (const auto& m : moves) EXPECT_EQ(m.kind, Kind::Step);
  s.apply(moves[0], nullptr);
  EXPECT_EQ(s.first_turns(), 1);
  EXPECT_EQ(s.to_move(), 1);
}

TEST(T12, LossWhenTheLastOfficerIsRemoved) {
  State s = build({"Oa1", "Ya2", "yf7", "yg6", "og1"});
  Events ev;
  s.apply(parse(s, "a1xa3"), &ev);
  ASSERT_TRUE(s.outcome().over());
  EXPECT_EQ(s.outcome().winner, 0);
  EXPECT_STREQ(s.outcome().reason, "officers");
  EXPECT_EQ(ev.back(), "winner o officers");
  // With another Officer left the game goes on.
  State t = build({"Oa1", "Ya2", "Yg7", "yf7", "og1"});
  t.apply(parse(t, "a1xa3"), nullptr);
  EXPECT_FALSE(t.outcome().over());
}

TEST(T12, JumpOwnNeverRemovesTheLastOwnOfficer) {
  // The jumping Officer survives its move, so passing over one's own Officers can never leave the mover without
  // an Officer; the game goes on.
  Rules rules = Rules::from(Options::parse("jump_own", "game option"));
  State s = build({"Oa1", "Oa2", "Yg7", "yf7"}, 'o', 2, false, {}, rules);
  s.apply(parse(s, "a1xa3"), nullptr);
  EXPECT_EQ(s.officers(0), bit(cell("a3")));
  EXPECT_FALSE(s.outcome().over());
  // Passing over an own and an enemy Officer in one move removes both; the enemy's last one decides the game.
  State t = build({"Ob2", "Ob3", "Yb5", "yg7"}, 'o', 2, false, {}, rules);
  Events ev;
  t.apply(parse(t, "b2xb4xb6"), &ev);
  EXPECT_EQ(ev, (Events{"capture b3", "capture b5", "winner o officers"}));
  EXPECT_EQ(t.outcome().winner, 0);
}

TEST(T13, LossByNoAction) {
  // Yellow's only piece, a Guard in the corner, is walled in when orange steps a3-a2.
  State s = build({"ya1", "ob1", "oa3", "Og7"});
  Events ev;
  s.apply(parse(s, "a3-a2"), &ev);
  ASSERT_TRUE(s.outcome().over());
  EXPECT_EQ(s.outcome().winner, 0);
  EXPECT_STREQ(s.outcome().reason, "blocked");
  EXPECT_EQ(ev.back(), "winner o blocked");
  // A loaded position whose side to move has no action is already decided.
  State t = build({"ya1", "ob1", "oa2", "Og7"}, 'y');
  EXPECT_TRUE(t.outcome().over());
  EXPECT_EQ(t.outcome().winner, 0);
}

TEST(T14, DrawByRepetition) {
  State s = build({"Oa1", "Yg7", "oc1", "yc7"});
  const char* cycle[] = {"a1-a2", "g7-g6", "a2-a1", "g6-g7"};
  for (int round = 0; round < 2; ++round)
    for (const char* m : cycle) {
      ASSERT_FALSE(s.outcome().over()) << m;
      s.apply(parse(s, m), nullptr);
    }
  EXPECT_TRUE(s.outcome().over());
  EXPECT_EQ(s.outcome().status, Status::Draw);
  EXPECT_STREQ(s.outcome().reason, "repetition");
  Rules off = Rules::from(Options::parse("repetitions=0", "game option"));
  State t = build({"Oa1", "Yg7", "oc1", "yc7"}, 'o', 2, false, {}, off);
  for (int round = 0; round < 5; ++round)
    for (const char* m : cycle) t.apply(parse(t, m), nullptr);
  EXPECT_FALSE(t.outcome().over());
}

TEST(T14, DrawAfterPliesWithoutCaptureOrFormation) {
  Rules rules = Rules::from(Options::parse("draw_plies=6,repetitions=0", "game option"));
  State s = build({"Oa1", "Yg7", "oc1", "yc7"}, 'o', 2, false, {}, rules);
  const char* moves[] = {"a1-a2", "g7-g6", "a2-a3", "g6-g5", "a3-a4"};
  for (const char* m : moves) s.apply(parse(s, m), nullptr);
  EXPECT_FALSE(s.outcome().over());
  Events ev;
  s.apply(parse(s, "g5-g4"), &ev);
  EXPECT_EQ(s.outcome().status, Status::Draw);
  EXPECT_STREQ(s.outcome().reason, "ply-limit");
  EXPECT_EQ(ev.back(), "draw ply-limit");
  // A formation resets the count.
  State t = build({"Oa1", "Yg7", "oc1", "od1", "yc7"}, 'o', 2, false, {}, rules);
  for (const char* m : {"a1-a2", "g7-g6", "c1+d1", "g6-g5", "a2-a3", "g5-g4"}) t.apply(parse(t, m), nullptr);
  EXPECT_FALSE(t.outcome().over());
  EXPECT_THROW(Rules::from(Options::parse("draw_plies=x", "game option")), BadInput);
  EXPECT_THROW(Rules::from(Options::parse("frobnicate", "game option")), BadInput);
}
