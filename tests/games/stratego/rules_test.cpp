// One test per rule id of ../shared/rules/stratego.md (S-01..S-26).
#include <gtest/gtest.h>

#include "helpers.hpp"

using namespace strat;
using namespace strat::stratego;
using namespace strat::stratego::test;

namespace {
Config barrage_config() {
  Config c;
  c.barrage = true;
  return c;
}
}  // namespace

TEST(S01, BoardIsTenByTenWithSpecIndexing) {
  State s = make(with_flags({{"e4", 0, kScout}, {"b7", 1, kScout}}));
  const std::string pos = s.to_string();
  // Square index = (row-1)*10 + (col-1): a1 is character 0, e4 is 34, j10 is 99.
  EXPECT_EQ(pos[0], 'M');
  EXPECT_EQ(pos[34], 'D');
  EXPECT_EQ(pos[61], 'P');
  EXPECT_EQ(pos[99], 'Y');
  EXPECT_EQ(square_str(at("j10")), "j10");
  EXPECT_EQ(pos.substr(100, 2), " r");
}

TEST(S02, LakesCannotBeEnteredOrCrossed) {
  State s = make(with_flags({{"b5", 0, kScout}, {"e6", 0, kMajor}, {"j9", 1, kScout}}));
  auto moves = legal(s);
  EXPECT_FALSE(has(moves, "b5-c5"));
  EXPECT_FALSE(has(moves, "b5-e5"));  // would cross c5 d5
  EXPECT_FALSE(has(moves, "e6-d6"));
  EXPECT_TRUE(has(moves, "e6-f6"));
  EXPECT_NE(error_of([&] { s.parse_move("e6-d6"); }).find("lake"), std::string::npos);
  // A position with a piece on a lake is rejected with the square named.
  std::string field(100, 'A');
  for (int i : {42, 43, 46, 47, 52, 53, 56, 57}) field[i] = '_';
  field[42] = 'D';
  EXPECT_NE(error_of([&] { State::parse(field + " r 1 - - - -", Config{}); }).find("piece on a lake at c5"), std::string::npos);
}

TEST(S03, ClassicArmyAndGravonLetters) {
  int total = 0;
  for (int r = 1; r < kRanks; ++r) total += kClassicArmy[r];
  EXPECT_EQ(total, 40);
  EXPECT_EQ(kClassicArmy[kScout], 8);
  EXPECT_EQ(kClassicArmy[kBomb], 6);
  EXPECT_EQ(piece_letter(0, kMarshal), 'L');
  EXPECT_EQ(piece_letter(1, kMarshal), 'X');
  EXPECT_EQ(piece_letter(0, kBomb), 'B');
  EXPECT_EQ(piece_letter(1, kFlag), 'Y');
  // A setup with a Scout missing names the problem.
  Rng rng(3);
  std::string pos = random_start(Config{}, rng).to_string();
  auto scout = pos.find('D');
  pos[scout] = 'E';  // a Scout becomes a Miner
  auto err = error_of([&] { State::parse_start(pos, Config{}); });
  EXPECT_EQ(err, "Red has 7 Scouts, expected 8");
}

TEST(S04, BarrageIsAVariantAsData) {
  Rng rng(4);
  State b = random_start(barrage_config(), rng);
  EXPECT_EQ(b.alive_total(0), 8);
  EXPECT_EQ(b.alive_total(1), 8);
  EXPECT_EQ(b.alive(0, kScout), 2);
  // The barrage setup parses as barrage and is rejected as a classic setup.
  EXPECT_NO_THROW(State::parse_start(b.to_string(), barrage_config()));
  EXPECT_NE(error_of([&] { State::parse_start(b.to_string(), Config{}); }).find("expected"), std::string::npos);
}

TEST(S05, SetupsFillOwnRowsAndMiddleRowsStartEmpty) {
  Rng rng(5);
  State s = random_start(Config{}, rng);
  for (int row = 0; row < 10; ++row)
    for (int col = 0; col < 10; ++col) {
      const int q = sq(col, row);
      if (row < 4) EXPECT_TRUE(s.is_piece(q) && s.owner_at(q) == 0);
      else if (row > 5) EXPECT_TRUE(s.is_piece(q) && s.owner_at(q) == 1);
      else EXPECT_FALSE(s.is_piece(q));
    }
  // The opponent sees no rank at the start.
  const std::string view = s.view_string(0);
  EXPECT_EQ(std::count(view.begin(), view.begin() + 100, '?'), 40);
  // A piece outside its rows is named.
  std::string pos = s.to_string();
  std::swap(pos[39], pos[40]);  // j4 piece to a5
  EXPECT_EQ(error_of([&] { State::parse_start(pos, Config{}); }), "Red piece at a5 is outside Red's rows 1-4 (S-05)");
}

TEST(S06, RedMovesFirst) {
  Rng rng(6);
  State s = random_start(Config{}, rng);
  EXPECT_EQ(s.to_move(), 0);
  std::string pos = s.to_string();
  pos.back() = 'b';
  EXPECT_NE(error_of([&] { State::parse_start(pos, Config{}); }).find("Red to move"), std::string::npos);
}

TEST(S07, ATurnIsExactlyOneMoveNoPassing) {
  State s = make(with_flags({{"e4", 0, kMajor}, {"e8", 1, kMajor}}));
  std::vector<Move> moves;
  s.legal_moves(moves);
  for (const auto& m : moves) EXPECT_NE(m.from, m.to);
  State before = s;
  play(s, "e4-e5");
  EXPECT_EQ(s.to_move(), 1);
  EXPECT_EQ(s.ply(), before.ply() + 1);
  EXPECT_THROW(s.parse_move("e8-e8"), BadInput);
}

TEST(S08, OneSquareOrthogonallyNeverDiagonalOrOntoOwn) {
  State s = make(with_flags({{"e4", 0, kMajor}, {"e3", 0, kCaptain}, {"f4", 1, kCaptain}, {"j9", 1, kScout}}));
  auto moves = legal(s);
  EXPECT_TRUE(has(moves, "e4-e5"));
  EXPECT_TRUE(has(moves, "e4-d4"));
  EXPECT_TRUE(has(moves, "e4xf4"));
  EXPECT_FALSE(has(moves, "e4-e6"));
  EXPECT_FALSE(has(moves, "e4-f5"));
  EXPECT_FALSE(has(moves, "e4-e3"));
  EXPECT_NE(error_of([&] { s.parse_move("e4-f5"); }).find("diagonal"), std::string::npos);
  EXPECT_NE(error_of([&] { s.parse_move("e4-e3"); }).find("own piece"), std::string::npos);
}

TEST(S09, FlagAndBombsNeverMove) {
  State s = make(with_flags({{"e4", 0, kBomb}, {"b1", 0, kScout}, {"j9", 1, kScout}}));
  for (const auto& m : legal(s)) {
    EXPECT_NE(m.substr(0, 2), "e4");
    EXPECT_NE(m.substr(0, 2), "a1");
  }
  EXPECT_EQ(error_of([&] { s.parse_move("e4-e5"); }), "the Bomb at e4 cannot move (S-09)");
  EXPECT_EQ(error_of([&] { s.parse_move("a1-a2"); }), "the Flag at a1 cannot move (S-09)");
}

TEST(S10, ScoutMovesAnyDistanceAndAttacksFromAfar) {
  State s = make(with_flags({{"a3", 0, kScout}, {"a9", 1, kSergeant}, {"e3", 0, kMiner}, {"j9", 1, kScout}}));
  auto moves = legal(s);
  EXPECT_TRUE(has(moves, "a3-a8"));
  EXPECT_TRUE(has(moves, "a3xa9"));  // attack from a distance
  EXPECT_TRUE(has(moves, "a3-d3"));
  EXPECT_FALSE(has(moves, "a3-f3"));  // not over the Miner
  EXPECT_FALSE(has(moves, "a3-a10"));
  EXPECT_NE(error_of([&] { s.parse_move("e3-e5"); }).find("only a Scout"), std::string::npos);
}

TEST(S11, AttackingIsNeverCompulsory) {
  State s = make(with_flags({{"e4", 0, kMajor}, {"e5", 1, kCaptain}, {"j9", 1, kScout}}));
  auto moves = legal(s);
  EXPECT_TRUE(has(moves, "e4xe5"));
  EXPECT_TRUE(has(moves, "e4-d4"));
  EXPECT_TRUE(has(moves, "e4-e3"));
}

TEST(S12, BothRanksAreRevealedInAnAttack) {
  State s = make(with_flags({{"e4", 0, kMajor}, {"e5", 1, kCaptain}, {"d5", 1, kMarshal}, {"j9", 1, kScout}}));
  auto events = play(s, "e4xe5");
  EXPECT_EQ(events.front(), "reveal e5 7x6");
  // The winner stays known to Blue; Blue's other pieces stay hidden from Red.
  Info blue = s.info(1), red = s.info(0);
  EXPECT_EQ(blue.cell(at("e5")) & kRankMask, kMajor);
  EXPECT_EQ(red.cell(at("d5")) & kRankMask, kUnknownRank);
}

TEST(S13, LowerRankRemovedEqualRanksBothFall) {
  {  // attacker wins and moves in
    State s = make(with_flags({{"e4", 0, kMajor}, {"e5", 1, kCaptain}, {"j9", 1, kScout}}));
    play(s, "e4xe5");
    EXPECT_FALSE(s.is_piece(at("e4")));
    EXPECT_EQ(s.rank_at(at("e5")), kMajor);
    EXPECT_EQ(s.owner_at(at("e5")), 0);
  }
  {  // defender wins and stays
    State s = make(with_flags({{"e4", 0, kCaptain}, {"e5", 1, kMajor}, {"j9", 1, kScout}, {"b2", 0, kScout}}));
    auto events = play(s, "e4xe5");
    EXPECT_FALSE(s.is_piece(at("e4")));
    EXPECT_EQ(s.owner_at(at("e5")), 1);
    EXPECT_EQ(events[1], "capture e4");
  }
  {  // equal ranks: both fall (seed: "En cas de rang identiques, les deux pièces tombent")
    State s = make(with_flags({{"e4", 0, kCaptain}, {"e5", 1, kCaptain}, {"j9", 1, kScout}, {"b2", 0, kScout}}));
    play(s, "e4xe5");
    EXPECT_FALSE(s.is_piece(at("e4")));
    EXPECT_FALSE(s.is_piece(at("e5")));
    EXPECT_EQ(s.alive(0, kCaptain), 0);
    EXPECT_EQ(s.alive(1, kCaptain), 0);
  }
}

TEST(S14, RankOrderDecidesEveryOtherCombat) {
  for (int a = kScout; a <= kMarshal; ++a)
    for (int d = kScout; d <= kMarshal; ++d) {
      State s = make(with_flags({{"e4", 0, a}, {"e5", 1, d}, {"j9", 1, kScout}, {"b2", 0, kScout}}));
      play(s, "e4xe5");
      const bool red_on_e5 = s.is_piece(at("e5")) && s.owner_at(at("e5")) == 0;
      const bool blue_on_e5 = s.is_piece(at("e5")) && s.owner_at(at("e5")) == 1;
      EXPECT_EQ(red_on_e5, a > d) << a << "x" << d;
      EXPECT_EQ(blue_on_e5, a < d) << a << "x" << d;
    }
}

TEST(S15, SpyBeatsMarshalOnlyWhenAttacking) {
  {
    State s = make(with_flags({{"e4", 0, kSpy}, {"e5", 1, kMarshal}, {"j9", 1, kScout}}));
    play(s, "e4xe5");
    EXPECT_EQ(s.rank_at(at("e5")), kSpy);
    EXPECT_EQ(s.alive(1, kMarshal), 0);
  }
  {
    State s = make(with_flags({{"e4", 0, kMarshal}, {"e5", 1, kSpy}, {"j9", 1, kScout}}));
    play(s, "e4xe5");
    EXPECT_EQ(s.rank_at(at("e5")), kMarshal);
  }
  {
    State s = make(with_flags({{"e4", 0, kScout}, {"e5", 1, kSpy}, {"j9", 1, kScout}}));
    play(s, "e4xe5");
    EXPECT_EQ(s.rank_at(at("e5")), kScout);
    EXPECT_EQ(s.owner_at(at("e5")), 0);
  }
  {  // the Spy attacked by the Marshal... and the Spy defending against anyone loses
    State s = make(with_flags({{"e4", 0, kSpy}, {"e5", 1, kScout}, {"j9", 1, kScout}, {"b2", 0, kScout}}));
    play(s, "e4xe5");
    EXPECT_EQ(s.owner_at(at("e5")), 1);
  }
}

TEST(S16, BombsDestroyAttackersExceptMiners) {
  {
    State s = make(with_flags({{"e4", 0, kMarshal}, {"e5", 1, kBomb}, {"j9", 1, kScout}, {"b2", 0, kScout}}));
    auto events = play(s, "e4xe5");
    EXPECT_EQ(events[0], "reveal e5 10xB");
    EXPECT_EQ(s.rank_at(at("e5")), kBomb);
    EXPECT_EQ(s.alive(0, kMarshal), 0);
  }
  {
    State s = make(with_flags({{"e4", 0, kMiner}, {"e5", 1, kBomb}, {"j9", 1, kScout}}));
    play(s, "e4xe5");
    EXPECT_EQ(s.rank_at(at("e5")), kMiner);
    EXPECT_EQ(s.owner_at(at("e5")), 0);
    EXPECT_EQ(s.alive(1, kBomb), 0);
  }
}

TEST(S17, AnyPieceCapturesTheFlag) {
  for (int r : {kSpy, kScout, kMarshal}) {
    State s = make({{"a1", 0, kFlag}, {"e4", 0, r}, {"e5", 1, kFlag}, {"j9", 1, kScout}});
    auto events = play(s, "e4xe5");
    EXPECT_EQ(s.outcome().status, Status::Win);
    EXPECT_EQ(s.outcome().winner, 0);
    EXPECT_EQ(events.back(), "winner r flag");
  }
}

TEST(S18, FiveMoveRuleBansTheSixthMoveBetweenTwoSquares) {
  State s = make(with_flags({{"e4", 0, kMajor}, {"b2", 0, kScout}, {"h8", 1, kMajor}}));
  const char* red[] = {"e4-e5", "e5-e4", "e4-e5", "e5-e4", "e4-e5"};
  const char* blue[] = {"h8-h7", "h7-h8", "h8-g8", "g8-h8", "h8-h7"};
  for (int i = 0; i < 5; ++i) {
    play(s, red[i]);
    play(s, blue[i]);  // the opponent's moves do not break Red's series
  }
  EXPECT_FALSE(has(legal(s), "e5-e4"));
  EXPECT_TRUE(has(legal(s), "e5-e6"));
  EXPECT_NE(error_of([&] { s.parse_move("e5-e4"); }).find("S-18"), std::string::npos);
  // A move of another own piece breaks the series.
  play(s, "b2-b3");
  play(s, "h7-i7");
  EXPECT_TRUE(has(legal(s), "e5-e4"));
}

TEST(S19, IsfTwoSquareRuleAllowsThree) {
  Config isf;
  isf.run_limit = 3;
  State s = make(with_flags({{"e4", 0, kMajor}, {"h8", 1, kMajor}}), 0, isf);
  play(s, "e4-e5"); play(s, "h8-h7");
  play(s, "e5-e4"); play(s, "h7-h8");
  play(s, "e4-e5"); play(s, "h8-h7");
  EXPECT_FALSE(has(legal(s), "e5-e4"));
  EXPECT_NE(error_of([&] { s.parse_move("e5-e4"); }).find("S-19"), std::string::npos);
  EXPECT_EQ(Config::from(Options::parse("two_square=isf", "game option")).run_limit, 3);
}

TEST(S20, CapturingTheEnemyFlagWins) {
  State s = make({{"a1", 0, kFlag}, {"b1", 0, kScout}, {"b9", 1, kFlag}, {"j9", 1, kScout}});
  play(s, "b1xb9");
  EXPECT_EQ(s.outcome().status, Status::Win);
  EXPECT_STREQ(s.outcome().reason, "flag");
}

TEST(S21, NoLegalMoveLoses) {
  // Blue has only a Bomb and its Flag: after Red's move Blue cannot move and loses.
  State s = make({{"a1", 0, kFlag}, {"e4", 0, kMajor}, {"j10", 1, kFlag}, {"j9", 1, kBomb}});
  EXPECT_EQ(s.outcome().status, Status::Ongoing);
  play(s, "e4-e5");
  EXPECT_EQ(s.outcome().status, Status::Win);
  EXPECT_EQ(s.outcome().winner, 0);
  EXPECT_STREQ(s.outcome().reason, "no-moves");
}

TEST(S22, NeitherSideCanMoveIsADraw) {
  // Red's last movable piece dies attacking a Bomb: nobody can move.
  State s = make({{"a1", 0, kFlag}, {"e4", 0, kMajor}, {"e5", 1, kBomb}, {"j10", 1, kFlag}});
  play(s, "e4xe5");
  EXPECT_EQ(s.outcome().status, Status::Draw);
  EXPECT_STREQ(s.outcome().reason, "no-moves");
}

TEST(S23, PlyLimitDraws) {
  Config c;
  c.ply_limit = 4;
  State s = make(with_flags({{"e4", 0, kMajor}, {"h8", 1, kMajor}}), 0, c);  // starts at ply 1
  play(s, "e4-e5");
  play(s, "h8-h7");
  EXPECT_FALSE(s.outcome().over());
  play(s, "e5-e6");
  EXPECT_EQ(s.outcome().status, Status::Draw);
  EXPECT_STREQ(s.outcome().reason, "ply-limit");
  EXPECT_EQ(Config::from(Options{}).ply_limit, 3000);
}

TEST(S25, ViewShowsOwnRanksRevealedRanksAndMovement) {
  State s = make(with_flags({{"a3", 0, kScout}, {"e4", 0, kMajor}, {"e5", 1, kCaptain}, {"g8", 1, kMarshal},
                             {"a9", 1, kSergeant}, {"c9", 1, kMiner}}));
  play(s, "e4xe5");   // Major beats Captain: the Major is revealed
  play(s, "c9-c8");   // Blue's Miner moves one square: moved, rank still hidden
  play(s, "a3-a7");   // Red's Scout moves far: betrays itself
  Info blue = s.info(1);
  EXPECT_EQ(blue.cell(at("e5")) & kRankMask, kMajor);
  EXPECT_EQ(blue.cell(at("a7")) & kRankMask, kScout);
  Info red = s.info(0);
  EXPECT_EQ(red.cell(at("e5")) & kRankMask, kMajor);           // own
  EXPECT_EQ(red.cell(at("c8")) & kRankMask, kUnknownRank);     // moved but unknown
  EXPECT_TRUE(red.cell(at("c8")) & kMoved);
  EXPECT_EQ(red.cell(at("g8")) & kRankMask, kUnknownRank);
  const std::string v = s.view_string(0);
  EXPECT_EQ(v[76], '?');
  EXPECT_NE(v.find("c8"), std::string::npos);  // listed among moved pieces
}

// State::reveals (the server's take-back): which moves show a player a rank it did not know, before they are
// played. A combat with an unknown piece shows its rank (S-12), a Scout's long move betrays it (S-25); a step
// shows no rank, and a known piece shows nothing new.
TEST(S25, RevealsSaysWhichMovesShowAPlayerARank) {
  State s = make(with_flags({{"a3", 0, kScout}, {"e4", 0, kMajor}, {"f4", 0, kMiner}, {"e5", 1, kCaptain},
                             {"e6", 1, kLieutenant}, {"g8", 1, kMarshal}, {"c9", 1, kScout}}));
  const auto reveals = [&](const char* move, int player) { return s.reveals(s.parse_move(move), player); };
  EXPECT_TRUE(reveals("e4xe5", 0)) << "Red attacks an unknown Captain";
  EXPECT_TRUE(reveals("e4xe5", 1)) << "Blue learns the attacking Major";
  EXPECT_FALSE(reveals("a3-a7", 0)) << "Red's own Scout betrays itself to Blue only";
  EXPECT_TRUE(reveals("a3-a7", 1));
  EXPECT_FALSE(reveals("e4-e3", 0));
  EXPECT_FALSE(reveals("e4-e3", 1)) << "a step: moved, rank still hidden";
  play(s, "e4xe5");  // the Major takes the Captain and stands known on e5
  EXPECT_TRUE(reveals("c9-c7", 0)) << "Blue's unknown Scout moving far";
  EXPECT_FALSE(reveals("c9-c8", 0));
  EXPECT_FALSE(reveals("g8-g7", 0));
  EXPECT_TRUE(reveals("e6xe5", 0)) << "an unknown piece attacks Red";
  EXPECT_FALSE(reveals("e6xe5", 1)) << "Blue knew the Major already";
  play(s, "c9-c7");
  play(s, "f4-f3");
  EXPECT_FALSE(reveals("c7-a7", 0)) << "a known Scout shows nothing new";
  play(s, "c7-c8");
  EXPECT_TRUE(reveals("e5xe6", 0)) << "the known Major attacks the unknown Lieutenant";
  EXPECT_FALSE(reveals("e5xe6", 1));
}

TEST(S26, NothingHiddenLeaksThroughMovesErrorsOrViews) {
  // Two worlds that differ only in Blue's hidden ranks look the same to Red in every output.
  auto world = [](int hidden_a, int hidden_b) {
    return make(with_flags({{"e4", 0, kMajor}, {"e5", 1, hidden_a}, {"f6", 1, hidden_b}, {"b2", 0, kScout}}));
  };
  State one = world(kBomb, kMarshal), two = world(kMarshal, kBomb);
  EXPECT_EQ(legal(one), legal(two));
  EXPECT_EQ(one.view_string(0), two.view_string(0));
  EXPECT_EQ(one.view_json(0), two.view_json(0));
  for (const char* bad : {"e4-e6", "e5-e6", "f6-f5", "e4xf6", "b2-c3", "zz"})
    EXPECT_EQ(error_of([&] { one.parse_move(bad); }), error_of([&] { two.parse_move(bad); })) << bad;
  EXPECT_EQ(one.render(0, false), two.render(0, false));
}
