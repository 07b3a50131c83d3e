// One test per rule id of ../shared/rules/strata7.md (suite name = id), with the hand-built positions the
// issue asks for.
#include <gtest/gtest.h>

#include "core/error.hpp"
#include "helpers.hpp"

using namespace strata7_test;

namespace {
int count_terrain(Terrain t) {
  int n = 0;
  for (int c = 0; c < kCells; ++c) n += board().terrain[c] == t;
  return n;
}
// Far-away pieces so that each side has something to play.
const std::pair<std::string, char> kFarB{"j8", 'B'}, kFarW{"a3", 'W'};
}  // namespace

TEST(A01, OctagonOfEightyEightCells) {
  EXPECT_EQ(board().cell_count, 88);
  for (const char* corner : {"a1", "b1", "a2", "i1", "j1", "j2", "a9", "a10", "b10", "j9", "i10", "j10"})
    EXPECT_EQ(board().terrain[cell(corner)], Terrain::Off) << corner;
  for (int c = 0; c < kCells; ++c) EXPECT_EQ(board().camp[c], row_of(c) < 5 ? kWhite : kBordeaux);
}

TEST(A02, LayoutMatchesTheSeed) {
  const Board& b = board();
  EXPECT_EQ(count_terrain(Terrain::Plain), 62);
  EXPECT_EQ(count_terrain(Terrain::Objective), 10);
  EXPECT_EQ(count_terrain(Terrain::Obstacle), 16);
  EXPECT_EQ(b.pieces_per_side, 20);
  std::multiset<int> values[2];
  for (int c = 0; c < kCells; ++c)
    if (b.objective(c)) values[b.camp[c]].insert(b.value[c]);
  for (int s = 0; s < 2; ++s) EXPECT_EQ(values[s], (std::multiset<int>{1, 1, 2, 2, 3}));
  EXPECT_EQ(b.value[cell("e1")], 3);
  EXPECT_EQ(b.value[cell("f10")], 3);
  // Symmetric under a half turn.
  for (int c = 0; c < kCells; ++c) {
    const int o = cell_of(kCols - 1 - col_of(c), kRows - 1 - row_of(c));
    EXPECT_EQ(b.terrain[c], b.terrain[o]);
    EXPECT_EQ(b.value[c], b.value[o]);
    EXPECT_EQ(b.start[c], b.start[o] < 0 ? -1 : 1 - b.start[o]);
  }
  const State s = State::start();
  EXPECT_EQ(s.to_string().substr(0, 109),
            "##BBB3BB##/#BBBBBBB.#/BB2BBBB2BB/XX..XX..XX/X.1....1.X/X.1....1.X/XX..XX..XX/WW2WWWW2WW/#.WWWWWWW#/"
            "##WW3WWW##");
  EXPECT_EQ(State::parse("startpos").to_string(), s.to_string());
}

TEST(A02, StartHasElevenEnclosedPiecesPerSide) {
  const State s = State::start();
  int enclosed[2] = {0, 0}, pieces[2] = {0, 0};
  for (int c = 0; c < kCells; ++c) {
    if (s.owner(c) < 0) continue;
    ++pieces[s.owner(c)];
    if (s.liberties(c) == 0) ++enclosed[s.owner(c)];
    EXPECT_FALSE(s.touches_enemy(c));
  }
  EXPECT_EQ(pieces[0], 20);
  EXPECT_EQ(pieces[1], 20);
  EXPECT_EQ(enclosed[0], 11);
  EXPECT_EQ(enclosed[1], 11);
}

TEST(A03, ObstaclesAreNeverEnteredNorJumped) {
  // d4 next to the obstacle e4; the pieces around could only be jumped into an obstacle.
  State s = position({{"d4", 'W'}, {"e5", 'B'}, kFarB});
  for (const auto& m : legal(s)) {
    const int to = cell(m.substr(3, m.find('+') == std::string::npos ? std::string::npos : m.find('+') - 3));
    EXPECT_NE(board().terrain[to], Terrain::Obstacle) << m;
  }
  EXPECT_FALSE(is_legal(s, "d4-e4"));
  EXPECT_TRUE(is_legal(s, "d4-f6"));  // over e5, diagonal, lands on a free cell
  EXPECT_THROW(position({{"e4", 'W'}, kFarB}), strat::BadInput);
  // A piece next to an obstacle cannot "jump" it: e5 over e4 (X) to e3 is not a move.
  State t = position({{"e5", 'W'}, kFarB});
  EXPECT_FALSE(is_legal(t, "e5-e3"));
}

TEST(A04, OwnObjectivesAreNeverEntered) {
  State s = position({{"b5", 'W'}, {"c4", 'B'}, kFarB});
  EXPECT_FALSE(is_legal(s, "b5-c5"));  // c5 is an objective of White's camp
  EXPECT_TRUE(is_legal(s, "b5-c6"));   // c6 is Bordeaux's: a target for White
  State j = position({{"e5", 'W'}, {"d5", 'B'}, kFarB});
  EXPECT_FALSE(is_legal(j, "e5-c5"));  // nor lands there by a jump
  State jb = position({{"e5", 'B'}, {"d5", 'W'}, kFarW}, "b 0 0");
  EXPECT_TRUE(is_legal(jb, "e5-c5"));
  EXPECT_THROW(position({{"c5", 'W'}, kFarB}), strat::BadInput);
  // Own objectives are no liberty: the start's enclosed pieces next to c3 count it as closed.
  State start = State::start();
  EXPECT_EQ(start.liberties(cell("b3")), 2);  // b2 and c4, not c3
  // Bordeaux may enter c5.
  State b = position({{"b6", 'B'}, kFarW}, "b 0 0");
  EXPECT_TRUE(is_legal(b, "b6-c5"));
  EXPECT_FALSE(is_legal(b, "b6-c6"));
}

TEST(A05, StepsLikeAKingToEmptyCells) {
  State s = position({{"e5", 'W'}, {"e6", 'B'}, kFarB});
  // e5: d4 d5 d6 f5 f6 (e4 f4 are obstacles, e6 holds a piece) plus the jump over e6 to e7? obstacle: no.
  EXPECT_EQ(legal(s), (std::vector<std::string>{"e5-d4", "e5-d5", "e5-d6", "e5-f5", "e5-f6"}));
}

TEST(A06, JumpChainsWithoutDuplicateDestinations) {
  // d5 jumps over e5 to f5, or over d6 to d7 and on over e6 to f5: f5 once. Then over g6 to h7.
  State s = position({{"d5", 'W'}, {"e5", 'B'}, {"d6", 'W'}, {"e6", 'B'}, {"g6", 'B'}, kFarB});
  auto moves = legal(s);
  EXPECT_EQ(std::count(moves.begin(), moves.end(), "d5-f5"), 1);
  EXPECT_TRUE(is_legal(s, "d5-d7"));
  EXPECT_TRUE(is_legal(s, "d5-h7"));
  std::vector<Move> raw;
  s.legal_moves(raw);
  for (std::size_t i = 0; i < raw.size(); ++i)
    for (std::size_t j = i + 1; j < raw.size(); ++j) EXPECT_FALSE(raw[i] == raw[j]);
  // The path may be listed; it names the same move.
  EXPECT_EQ(s.parse_move("d5-d7-f5"), s.parse_move("d5-f5"));
  EXPECT_EQ(s.parse_move("d5-f5-h7"), s.parse_move("d5-h7"));
  EXPECT_THROW(s.parse_move("d5-f5-d5"), strat::BadInput);   // lands twice (on its start)
  EXPECT_THROW(s.parse_move("d5-d7-d5-f5"), strat::BadInput);
  EXPECT_THROW(s.parse_move("d5-f7-h7"), strat::BadInput);  // f7 is an obstacle
  Events ev = play(s, "d5-d7-f5");
  EXPECT_EQ(s.at(cell("f5")), single_of(kWhite));
  EXPECT_EQ(s.at(cell("d5")), kEmpty);
  EXPECT_EQ(s.score(0), 0);  // jumping takes nothing
}

TEST(A07, ChainEndsOnAnObjective) {
  // e6 over d6 lands on the objective c6; the chain may not go on over c7 to c8.
  State s = position({{"e6", 'W'}, {"d6", 'B'}, {"c7", 'B'}, kFarB});
  EXPECT_TRUE(is_legal(s, "e6-c6"));
  EXPECT_FALSE(is_legal(s, "e6-c8"));
  EXPECT_THROW(s.parse_move("e6-c6-c8"), strat::BadInput);
}

TEST(A08, LastLibertyTakenCapturesEvenIfItCouldJump) {
  // Bordeaux e6: its only liberty is f6 (e7 f7 are obstacles); it could still jump over d5 to c4.
  State s = position({{"d5", 'W'}, {"e5", 'W'}, {"f5", 'W'}, {"d6", 'W'}, {"d7", 'W'}, {"g7", 'W'}, {"e6", 'B'},
                      kFarB});
  EXPECT_EQ(s.liberties(cell("e6")), 1);
  Events ev = play(s, "g7-f6");
  EXPECT_TRUE(has_event(ev, "capture e6"));
  EXPECT_EQ(s.at(cell("e6")), kEmpty);
  EXPECT_EQ(s.score(0), 1);
  // Enclosed pieces without an enemy in contact are safe (start position).
  EXPECT_TRUE(State::start().units_meeting_a08().empty());
  // A position where a piece already meets A-08 cannot be loaded.
  EXPECT_THROW(position({{"d5", 'W'}, {"e5", 'W'}, {"f5", 'W'}, {"d6", 'W'}, {"d7", 'W'}, {"f6", 'W'}, {"e6", 'B'}}),
               strat::BadInput);
}

TEST(A08, CaptureOfTwoEnemyPiecesByOneMove) {
  // c7 and d7 share their last liberty d6.
  State s = position({{"c7", 'B'}, {"d7", 'B'}, {"b6", 'W'}, {"b8", 'W'}, {"d8", 'W'}, {"e8", 'W'}, {"e6", 'W'},
                      {"d5", 'W'}, kFarB});
  Events ev = play(s, "d5-d6");
  EXPECT_TRUE(has_event(ev, "capture c7"));
  EXPECT_TRUE(has_event(ev, "capture d7"));
  EXPECT_EQ(s.score(0), 2);
  EXPECT_EQ(s.prisoners_of(kBordeaux), 19);  // every Bordeaux piece but j8 is off the board
}

namespace {
// Bordeaux e6 with last liberty f6; White g6 with last liberty f6 and Bordeaux g5 touching it.
std::vector<std::pair<std::string, char>> capture_and_loss() {
  return {{"d5", 'W'}, {"e5", 'W'}, {"f5", 'W'}, {"d6", 'W'}, {"d7", 'W'}, {"e6", 'B'}, {"g5", 'B'},
          {"g6", 'W'}, {"h6", 'W'}, {"g7", 'W'}, {"h7", 'W'}, {"h4", 'W'}, kFarB};
}
}  // namespace

TEST(A09, MoversCapturesResolveFirst) {
  // h4 jumps over g5 to f6, where it has no liberty until e6 is removed: e6 goes first, f6 survives.
  State s = position({{"d5", 'W'}, {"e5", 'W'}, {"f5", 'W'}, {"d6", 'W'}, {"d7", 'W'}, {"e6", 'B'}, {"g5", 'W'},
                      {"g6", 'W'}, {"g7", 'W'}, {"h4", 'W'}, {"j8", 'B'}});
  Events ev = play(s, "h4-f6");
  EXPECT_TRUE(has_event(ev, "capture e6"));
  EXPECT_EQ(s.at(cell("f6")), single_of(kWhite));
  EXPECT_EQ(s.score(0), 1);
  EXPECT_EQ(s.score(1), 0);
}

TEST(A09, CaptureThenOwnLoss) {
  State s = position(capture_and_loss());
  EXPECT_EQ(s.liberties(cell("g6")), 1);
  Events ev = play(s, "h4-f6");
  ASSERT_GE(ev.size(), 4u);
  EXPECT_EQ(ev[0], "capture e6");  // the mover's captures first,
  EXPECT_EQ(ev[1], "score w 1");
  EXPECT_EQ(ev[2], "capture g6");  // then its own piece that lost its last liberty
  EXPECT_EQ(ev[3], "score b 1");
  EXPECT_EQ(s.at(cell("f6")), single_of(kWhite));
  EXPECT_EQ(s.at(cell("g6")), kEmpty);
}

TEST(A09, SuicideMove) {
  // d8 jumps over c7 to b6: no liberty there (b5 own piece, c5 own objective, c6 own occupant) and c7 touches it.
  State s = position({{"d8", 'W'}, {"c7", 'B'}, {"c6", 'W'}, {"b5", 'W'}, kFarB});
  Events ev = play(s, "d8-b6");
  EXPECT_EQ(ev, (Events{"capture b6", "score b 1"}));
  EXPECT_EQ(s.at(cell("b6")), kEmpty);
  EXPECT_EQ(s.at(cell("c7")), single_of(kBordeaux));
  EXPECT_EQ(s.score(1), 1);
}

TEST(A10, EachPrisonerIsOnePoint) {
  State s = position({{"d5", 'W'}, {"e5", 'W'}, {"f5", 'W'}, {"d6", 'W'}, {"d7", 'W'}, {"g7", 'W'}, {"e6", 'B'},
                      kFarB}, "w 2 3");
  const int before = s.prisoners_of(kBordeaux);
  play(s, "g7-f6");
  EXPECT_EQ(s.score(0), 3);
  EXPECT_EQ(s.score(1), 3);
  EXPECT_EQ(s.prisoners_of(kBordeaux), before + 1);
}

TEST(A11, OccupantCannotLeaveAlone) {
  State s = position({{"d5", 'W'}, {"e3", 'W'}, kFarB});
  Events ev = play(s, "d5-c6");
  EXPECT_TRUE(has_event(ev, "occupy c6"));
  EXPECT_EQ(s.score(0), 0);
  EXPECT_EQ(s.to_string().substr(0, 54).find('w') != std::string::npos, true);
  play(s, "j8-i8");
  for (const auto& m : legal(s)) EXPECT_NE(m.substr(0, 2), "c6") << m;
  EXPECT_THROW(s.parse_move("c6-d6"), strat::BadInput);
}

TEST(A12, ReinforcementScoresAndStepsOff) {
  State s = position({{"c6", 'W'}, {"d5", 'W'}, kFarB});
  EXPECT_TRUE(is_legal(s, "d5-c6+d5"));  // the cell just left counts as free
  EXPECT_THROW(s.parse_move("d5-c6"), strat::BadInput);  // the step-off is part of the move
  EXPECT_THROW(s.parse_move("d5-c6+c5"), strat::BadInput);  // not onto an objective
  Events ev = play(s, "d5-c6+d7");
  EXPECT_TRUE(has_event(ev, "reinforce c6"));
  EXPECT_TRUE(has_event(ev, "score w 1"));
  EXPECT_EQ(s.score(0), 1);
  EXPECT_EQ(s.at(cell("c6")), kEmpty);
  EXPECT_EQ(s.at(cell("d7")), stack_of(kWhite));
  EXPECT_EQ(s.stack_origin(cell("d7")), cell("c6"));
  EXPECT_NE(s.to_string().find("separate:d7:c6"), std::string::npos);
  EXPECT_EQ(s.to_move(), kBordeaux);
}

TEST(A12, BlockedStepOffIsPostponed) {
  State s = position({{"c6", 'W'}, {"b5", 'W'}, {"d5", 'W'}, {"b6", 'W'}, {"d6", 'W'}, {"c7", 'W'}, {"d7", 'W'},
                      {"e6", 'W'}, kFarB});
  Events ev = play(s, "e6-c6");  // jump over d6; no free cell around c6
  EXPECT_EQ(s.score(0), 1);
  EXPECT_EQ(s.at(cell("c6")), stack_of(kWhite));
  EXPECT_NE(s.to_string().find("step-off:c6"), std::string::npos);
  play(s, "j8-i8");
  EXPECT_FALSE(is_legal(s, "c6-d7"));
  play(s, "d7-d8");  // still blocked: any other move
  play(s, "i8-j8");
  EXPECT_EQ(legal(s), (std::vector<std::string>{"c6-d7"}));  // now compulsory
  ev = play(s, "c6-d7");
  EXPECT_EQ(s.score(0), 1);  // not scored twice
  EXPECT_EQ(s.at(cell("d7")), stack_of(kWhite));
  EXPECT_EQ(s.stack_origin(cell("d7")), cell("c6"));
}

TEST(A13, SeparationIsCompulsoryAndNotBackToTheObjective) {
  State s = position({{"d7", 'S'}, {"a3", 'W'}, kFarB}, "w 1 0 separate:d7:c6 -");
  auto moves = legal(s);
  ASSERT_FALSE(moves.empty());
  for (const auto& m : moves) {
    EXPECT_EQ(m.substr(0, 3), "d7-") << m;
    EXPECT_NE(m, "d7-c6");
  }
  EXPECT_TRUE(is_legal(s, "d7-c8"));  // another objective may be approached
  play(s, "d7-e8");
  EXPECT_EQ(s.at(cell("d7")), single_of(kWhite));
  EXPECT_EQ(s.at(cell("e8")), single_of(kWhite));
  EXPECT_EQ(s.to_string().find("separate"), std::string::npos);
}

TEST(A13, SeparationByAJump) {
  State s = position({{"i5", 'S'}, {"h4", 'W'}, {"i6", 'W'}, kFarB}, "w 1 0 separate:i5:h6 -");
  EXPECT_EQ(legal(s), (std::vector<std::string>{"i5-g3"}));
  play(s, "i5-g3");
  EXPECT_EQ(s.at(cell("i5")), single_of(kWhite));
  EXPECT_EQ(s.at(cell("g3")), single_of(kWhite));
}

TEST(A13, PostponedSeparation) {
  State s = position({{"i5", 'S'}, {"h4", 'W'}, {"i6", 'W'}, {"g3", 'W'}, kFarB}, "w 1 0 separate:i5:h6 -");
  auto moves = legal(s);
  for (const auto& m : moves) EXPECT_NE(m.substr(0, 2), "i5") << m;  // cannot separate: play anything else
  EXPECT_TRUE(is_legal(s, "i6-h7"));
  play(s, "i6-h7");
  play(s, "j8-i8");
  EXPECT_EQ(legal(s), (std::vector<std::string>{"i5-i6"}));  // as soon as it can, it must
}

TEST(A14, OccupantAndStackCanBeTaken) {
  // The White stack on i5 has its last liberty h4; Bordeaux steps there: 2 prisoners.
  State s = position({{"i5", 'S'}, {"h6", 'W'}, {"i6", 'B'}, {"g4", 'B'}, kFarW}, "b 1 0 separate:i5:h6 -");
  Events ev = play(s, "g4-h4");
  EXPECT_TRUE(has_event(ev, "capture i5 stack"));
  EXPECT_EQ(s.score(1), 2);
  EXPECT_EQ(s.at(cell("i5")), kEmpty);
  // A lone occupant: c6 with last liberty d7 (b5 b6 d5 d6 c7 held by Bordeaux's pieces).
  State t = position({{"c6", 'W'}, {"b5", 'B'}, {"b6", 'B'}, {"d5", 'B'}, {"d6", 'B'}, {"c7", 'B'}, {"e8", 'B'},
                      kFarW}, "b 0 0");
  ev = play(t, "e8-d7");
  EXPECT_TRUE(has_event(ev, "capture c6"));
  EXPECT_EQ(t.score(1), 1);
}

TEST(A15, SamePiecesMayTakeTheObjectiveAgain) {
  State s = position({{"d7", 'S'}, {"a3", 'W'}, kFarB}, "w 1 0 separate:d7:c6 -");
  play(s, "d7-d6");
  play(s, "j8-i8");
  play(s, "d6-c6");  // approach again
  play(s, "i8-j8");
  Events ev = play(s, "d7-c6+b6");
  EXPECT_TRUE(has_event(ev, "reinforce c6"));
  EXPECT_EQ(s.score(0), 2);
}

TEST(A16, UltimateReinforcementReturnsAPrisoner) {
  // White reaches 6 by a capture while Bordeaux holds White prisoners: a piece comes back, placed at once.
  State s = position({{"d5", 'W'}, {"e5", 'W'}, {"f5", 'W'}, {"d6", 'W'}, {"d7", 'W'}, {"g7", 'W'}, {"e6", 'B'},
                      kFarB}, "w 5 2");
  const int held = s.prisoners_of(kWhite);
  Events ev = play(s, "g7-f6");
  EXPECT_TRUE(has_event(ev, "return w"));
  EXPECT_EQ(s.score(0), 6);
  EXPECT_FALSE(s.outcome().over());
  EXPECT_EQ(s.to_move(), kWhite);  // the placement comes at once
  for (const auto& m : legal(s)) EXPECT_EQ(m[0], '@');
  EXPECT_FALSE(is_legal(s, "@c6"));  // not on an objective
  EXPECT_FALSE(is_legal(s, "@e4"));  // not on an obstacle
  EXPECT_NE(s.to_string().find("place:w"), std::string::npos);
  play(s, "@e2");
  EXPECT_EQ(s.at(cell("e2")), single_of(kWhite));
  EXPECT_EQ(s.prisoners_of(kWhite), held - 1);
  EXPECT_EQ(s.score(1), 2);  // the opponent's score does not change
  EXPECT_EQ(s.to_move(), kBordeaux);
  EXPECT_TRUE(s.a16_used(kWhite));
}

TEST(A16, UltimateReinforcementWinsWhenNoPrisonerIsHeld) {
  auto pieces = white_home_fillers();
  for (auto p : std::vector<std::pair<std::string, char>>{{"d5", 'W'}, {"e5", 'W'}, {"f5", 'W'}, {"d6", 'W'},
                                                            {"d7", 'W'}, {"g7", 'W'}, {"e6", 'B'}, kFarB})
    pieces.push_back(p);
  State s = position(pieces, "w 5 0");
  ASSERT_EQ(s.prisoners_of(kWhite), 0);
  Events ev = play(s, "g7-f6");
  EXPECT_TRUE(has_event(ev, "score w 6"));
  EXPECT_TRUE(has_event(ev, "score w 7"));
  EXPECT_TRUE(has_event(ev, "winner w seven-points"));
  EXPECT_EQ(s.outcome().winner, kWhite);
}

TEST(A16, OpponentReachingSixPlacesBeforeItsMove) {
  // White's suicide gives Bordeaux its sixth point; Bordeaux places first, then plays its turn.
  State s = position({{"d8", 'W'}, {"c7", 'B'}, {"c6", 'W'}, {"b5", 'W'}, kFarB}, "w 0 5");
  Events ev = play(s, "d8-b6");
  EXPECT_TRUE(has_event(ev, "return b"));
  EXPECT_EQ(s.to_move(), kBordeaux);
  EXPECT_EQ(s.turn(), kBordeaux);
  play(s, "@e9");
  EXPECT_EQ(s.to_move(), kBordeaux);  // its ordinary move now
  EXPECT_FALSE(legal(s).front()[0] == '@');
}

TEST(A17, SevenWinsInTheMiddleOfResolvingAMove) {
  // Both at 6: White's move takes e6 (7: White wins) before its own g6 would give Bordeaux its seventh.
  State s = position(capture_and_loss(), "w 6 6 - wb");
  Events ev = play(s, "h4-f6");
  EXPECT_EQ(s.outcome().status, strat::Status::Win);
  EXPECT_EQ(s.outcome().winner, kWhite);
  EXPECT_EQ(s.score(1), 6);
  EXPECT_EQ(s.at(cell("g6")), single_of(kWhite));  // resolution stopped
  EXPECT_FALSE(has_event(ev, "capture g6"));
}

TEST(A17, ReinforcementReachingSevenEndsBeforeTheStepOff) {
  State s = position({{"c8", 'W'}, {"d7", 'W'}, kFarB}, "w 6 0 - w");
  EXPECT_TRUE(is_legal(s, "d7-c8"));
  EXPECT_FALSE(is_legal(s, "d7-c8+d7"));
  Events ev = play(s, "d7-c8");
  EXPECT_EQ(s.score(0), 8);
  EXPECT_EQ(s.outcome().winner, kWhite);
  EXPECT_TRUE(has_event(ev, "winner w seven-points"));
}

TEST(A18, PassWithoutMovesAndBothPassingEnds) {
  // Both sides have only an occupant, which cannot move.
  State s = position({{"c6", 'W'}, {"c5", 'B'}}, "w 1 1");
  EXPECT_EQ(legal(s), (std::vector<std::string>{"pass"}));
  play(s, "pass");
  EXPECT_FALSE(s.outcome().over());
  play(s, "pass");
  EXPECT_EQ(s.outcome().status, strat::Status::Draw);
  State t = position({{"c6", 'W'}, {"c5", 'B'}}, "w 2 1");
  play(t, "pass");
  play(t, "pass");
  EXPECT_EQ(t.outcome().winner, kWhite);
  // Passing is not allowed while a move exists.
  EXPECT_THROW(State::start().parse_move("pass"), strat::BadInput);
}

TEST(A18, PliesWithoutAPointEndTheGame) {
  Rules rules;
  rules.quiet_plies = 4;
  State s = position({{"e3", 'W'}, {"e8", 'B'}}, "w 0 1", rules);
  play(s, "e3-d4");
  play(s, "e8-d8");
  play(s, "d4-e3");
  EXPECT_FALSE(s.outcome().over());
  play(s, "d8-e8");
  EXPECT_EQ(s.outcome().winner, kBordeaux);
  EXPECT_STREQ(s.outcome().reason, "no-points-scored");
  EXPECT_EQ(Rules::from(strat::Options::parse("quiet_plies=10,ply_limit=50", "game option")).ply_limit, 50);
  EXPECT_THROW(Rules::from(strat::Options::parse("bogus=1", "game option")), strat::BadInput);
}

TEST(A16, PlacementIsResolvedLikeAMove) {
  // White just reached 6 (Bordeaux's turn comes next) and places first: on e6's last liberty, taking it.
  State s = position({{"d5", 'W'}, {"e5", 'W'}, {"f5", 'W'}, {"d6", 'W'}, {"d7", 'W'}, {"e6", 'B'}, kFarB},
                     "b 6 0 place:w w");
  EXPECT_EQ(s.to_move(), kWhite);
  Events ev = play(s, "@f6");
  EXPECT_TRUE(has_event(ev, "capture e6"));
  EXPECT_EQ(s.outcome().winner, kWhite);
}
