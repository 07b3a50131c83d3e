// Positions versus setups (docs/games/stratego.md): `FIELD SIDE` is a position without move history (the
// notation section of the spec), checked only for what any reachable position satisfies; the strict setup
// check (S-05, S-06) applies where a new game is meant.
#include <gtest/gtest.h>

#include "core/registry.hpp"
#include "helpers.hpp"

using namespace strat;
using namespace strat::stratego;
using namespace strat::stratego::test;

namespace {

// The audit's mid-game field: Red has lost pieces (6 Scouts left), Blue too.
const std::string kMidGame =
    "GBMGIEHDJHHGCHDABBDGAEDIJFALKFDBDEAAAABBAE__AI__TPAA__AA__PANNNNAANSQAPTASAPYQAURRTVANRPQUSVTAAAWUAX r";


std::string classic_start(std::uint64_t seed) {
  Rng rng(seed);
  return random_start(Config{}, rng).to_string();
}

}  // namespace

TEST(S03, PositionWithoutHistoryMayHaveLostPieces) {
  State s = State::parse(kMidGame, Config{});
  EXPECT_EQ(s.alive(0, kScout), 6);
  EXPECT_FALSE(s.outcome().over());
  EXPECT_EQ(s.to_string(), kMidGame);  // no history: nothing after the side
  EXPECT_FALSE(legal(s).empty());
  // As a new game it is still refused.
  EXPECT_EQ(error_of([] { State::parse_start(kMidGame, Config{}); }), "Red has 6 Scouts, expected 8");
}

TEST(S03, PositionWithoutHistoryHasAtMostTheArmy) {
  std::string pos = classic_start(3);
  pos[pos.find('E')] = 'D';  // a Miner becomes a ninth Scout
  EXPECT_EQ(error_of([&] { State::parse(pos, Config{}); }), "Red has 9 Scouts, at most 8");
}

TEST(S06, FullBarrageArmyWithBlueToMoveIsAPosition) {
  Config barrage;
  barrage.barrage = true;
  Rng rng(4);
  std::string pos = random_start(barrage, rng).to_string();
  pos.back() = 'b';  // e.g. after Red's Scout went forward and back while Blue's piece did the same
  State s = State::parse(pos, barrage);
  EXPECT_EQ(s.to_move(), 1);
  EXPECT_FALSE(s.outcome().over());
  EXPECT_NE(error_of([&] { State::parse_start(pos, barrage); }).find("Red to move (S-06)"), std::string::npos);
}

TEST(S05, NewGamesFromSetupsStayStrict) {
  const GameInfo& g = Registry::global().get("stratego");
  const std::string pos = classic_start(7);
  std::string red = pos.substr(0, 40), blue = pos.substr(60, 40);
  EXPECT_NO_THROW(g.from_setups(Options{}, red, blue));
  red[red.find('D')] = 'A';  // a Scout left off: a setup must hold the whole army
  EXPECT_EQ(error_of([&] { g.from_setups(Options{}, red, blue); }), "Red has 7 Scouts, expected 8");
  // A start position carries no history.
  EXPECT_NE(error_of([&] { State::parse_start(pos + " 1 - - - -", Config{}); }).find("without move history"),
            std::string::npos);
}

TEST(S02, PositionWithoutHistoryRefusesAPieceOnALake) {
  std::string pos = kMidGame;
  pos[42] = 'D';  // c5
  EXPECT_NE(error_of([&] { State::parse(pos, Config{}); }).find("piece on a lake at c5"), std::string::npos);
}

TEST(S09, BombsAndTheFlagStayInTheirOwnRows) {
  std::string pos = kMidGame;
  ASSERT_EQ(pos[38], 'B');  // i4: a Red Bomb
  pos[38] = 'A';
  pos[40] = 'B';  // a5
  EXPECT_EQ(error_of([&] { State::parse(pos, Config{}); }),
            "the Red Bomb at a5 is outside Red's rows 1-4, and Bombs and the Flag never move (S-09)");
  pos = kMidGame;
  const auto flag = pos.find('Y');  // Blue's Flag, moved down to row 6 (a free square there)
  pos[flag] = 'A';
  pos[50] = 'Y';  // a6
  EXPECT_NE(error_of([&] { State::parse(pos, Config{}); }).find("the Blue Flag at a6 is outside Blue's rows 7-10"),
            std::string::npos);
}

TEST(S20, APositionWithoutAFlagIsWonByTheOtherSide) {
  std::string pos = kMidGame;
  pos[pos.find('Y')] = 'A';  // Red has just taken Blue's Flag...
  pos.back() = 'b';          // ...so Blue is to move, and has lost
  State s = State::parse(pos, Config{});
  EXPECT_EQ(s.outcome().status, Status::Win);
  EXPECT_EQ(s.outcome().winner, 0);
  EXPECT_EQ(s.outcome().reason, std::string("flag"));
  EXPECT_THROW(s.parse_move("a7-a6"), BadInput);  // the game is over
  // With Red to move, nobody could just have taken Blue's Flag.
  pos.back() = 'r';
  EXPECT_EQ(error_of([&] { State::parse(pos, Config{}); }),
            "Blue's Flag is gone, so Red captured it with the last move and Blue is to move (S-20)");
  // Only one Flag can ever be captured.
  pos[pos.find('M')] = 'A';
  EXPECT_NE(error_of([&] { State::parse(pos, Config{}); }).find("neither side has its Flag"), std::string::npos);
}
