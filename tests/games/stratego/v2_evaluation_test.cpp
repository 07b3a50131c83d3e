// The `stratego` evaluation (src/games/stratego/v2/evaluation.hpp): the cover of a hidden top piece, hunting, the
// enemy Flag's pull from the beliefs, and one's own Flag's approaches as races in moves.
#include <gtest/gtest.h>

#include <cstdlib>
#include <vector>

#include "v2_helpers.hpp"

using namespace strat;
using namespace strat::stratego;
using namespace strat::stratego::test;
using v2::EvalContext;
using v2::evaluate;
using v2::FlagField;
using v2::FlagRace;

namespace {

// The evaluation for Red with the race of Red's Flag, as the agent evaluates it, and `lost` (EvalContext::lost).
int raced(const State& s, int lost = 0) {
  const FlagRace race = v2::flag_race(s.info(0));
  EvalContext context;
  context.race = &race;
  context.lost = lost;
  return evaluate(s, 0, context);
}

// A field for Blue's Flag that pulls as a Flag on each of `squares` would, each as likely.
FlagField field_of(const std::vector<const char*>& squares) {
  FlagField field;
  field.owner = 1;
  for (int q = 0; q < kCells; ++q)
    if (on_board(q))
      for (const char* f : squares) {
        const int pull = 1000 / static_cast<int>(squares.size()) / (distance(q, at(f)) + 1);
        field.near[q] += pull;
        field.open[q] += pull;
      }
  return field;
}

}  // namespace

TEST(StrategoV2Evaluation, AKnownTopPieceUncoversTheMovedPieces) {
  // While Red's Marshal is unknown, any Red piece that moved might be it, and Blue's Marshal cannot take one blindly.
  // Once it is known, Blue's Marshal knows every other moved Red piece is weaker: revealing the Marshal costs those
  // pieces their cover, and so costs more when Red's Captains have moved than when they have not.
  auto army = [](bool marshal_known, bool captains_moved) {
    const std::uint8_t captains = captains_moved ? kMoved : 0;
    return position({{"a1", 0, kFlag},
                     {"e2", 0, kMarshal, static_cast<std::uint8_t>(marshal_known ? kSeen : kMoved)},
                     {"c3", 0, kCaptain, captains},
                     {"h3", 0, kCaptain, captains},
                     {"e9", 1, kMarshal},
                     {"j10", 1, kFlag}});
  };
  const int moved = evaluate(army(false, true), 0) - evaluate(army(true, true), 0);
  const int unmoved = evaluate(army(false, false), 0) - evaluate(army(true, false), 0);
  EXPECT_GT(moved, unmoved);
  EXPECT_GT(unmoved, 0);  // the Marshal's own secret is worth something either way
}

TEST(StrategoV2Evaluation, TakingAHuntedPieceScoresMoreThanStandingNextToIt) {
  // Red, far ahead, has three pieces around a known Blue Major near Red's Flag. The pull of the hunt must never be
  // worth more than the capture: taking the Major scores more than any quiet move.
  const State s = position({{"c1", 0, kFlag},
                            {"c2", 0, kBomb},
                            {"b1", 0, kBomb},
                            {"c4", 0, kColonel, kMoved},
                            {"e3", 0, kGeneral, kSeen},
                            {"d5", 0, kMarshal, kSeen},
                            {"a4", 0, kColonel, kSeen},
                            {"d4", 1, kMajor, kSeen},
                            {"j10", 1, kFlag},
                            {"i10", 1, kScout, kSeen}},
                           160);
  std::vector<Move> moves;
  s.legal_moves(moves);
  int take = -1'000'000, quiet = -1'000'000;
  for (const Move& m : moves) {
    State c = s;
    c.apply(m, nullptr);
    const int v = evaluate(c, 0);
    if (s.is_piece(m.to))
      take = std::max(take, v);
    else
      quiet = std::max(quiet, v);
  }
  EXPECT_GT(take, quiet);
}

TEST(StrategoV2Evaluation, TheEnemyFlagsPullIsTheSameInEveryWorld) {
  // Two worlds that differ only in which of Blue's unmoved pieces is the Flag. Red's Miner stands next to one of them.
  // Each world's own Flag would pull Red's pieces to where that world drew it, and a search that knows the world would
  // walk them there; with the field of the beliefs, both worlds score the same.
  auto world = [](bool flag_on_h9) {
    return position({{"a1", 0, kFlag},
                     {"h8", 0, kMiner, kMoved},
                     {"e7", 1, kColonel, kMoved},
                     {"h9", 1, flag_on_h9 ? kFlag : kBomb},
                     {"c10", 1, flag_on_h9 ? kBomb : kFlag}});
  };
  const FlagField field = field_of({"h9", "c10"});
  EXPECT_EQ(evaluate(world(true), 0, {&field}), evaluate(world(false), 0, {&field}));
  EXPECT_EQ(evaluate(world(true), 1, {&field}), evaluate(world(false), 1, {&field}));
  // Without the field, the world with the Flag next to the Miner is better for Red.
  EXPECT_GT(evaluate(world(true), 0), evaluate(world(false), 0));
}

TEST(StrategoV2Evaluation, TheMarshalAndGeneralAreKeptFromTheEnemyFlagsPull) {
  // The enemy Flag pulls Red's pieces towards it, but not the Marshal or General: they are kept for the board. A Miner
  // is.
  const FlagField field = field_of({"e10"});
  auto score = [&](const char* square, int rank) {
    const State s = position({{"a1", 0, kFlag}, {square, 0, rank, kMoved}, {"e10", 1, kFlag}, {"a10", 1, kScout}});
    return evaluate(s, 0, {&field});
  };
  for (int rank : {kMarshal, kGeneral}) EXPECT_EQ(score("e8", rank), score("e5", rank)) << rank;
  EXPECT_GT(score("e8", kMiner), score("e5", kMiner));
}

TEST(StrategoV2Evaluation, AnUnknownPieceNearABombedInFlagMayBeAMiner) {
  // Red's Flag on a1 is closed in by its Bombs. A Blue piece stands three squares away, and Blue still has a Miner. In
  // this world it is a Captain, but while Red does not know it, it may be the Miner: a threat unless a Red piece that
  // beats a Miner is near enough. Once Red knows it is a Captain, it is none.
  auto score = [](const char* guard, std::uint8_t intruder) {
    return raced(position({{"a1", 0, kFlag},
                           {"a2", 0, kBomb},
                           {"b1", 0, kBomb},
                           {guard, 0, kSergeant, kMoved},
                           {"c2", 1, kCaptain, intruder},
                           {"j9", 1, kMiner},
                           {"j10", 1, kFlag}}));
  };
  // Knowing the Captain also takes its hidden value off Blue's material: that much is the same for either guard. The
  // Sergeant on c3 needs exactly as many moves as a Miner would, which halves the danger.
  const int far = score("h8", kSeen) - score("h8", kMoved), near = score("c3", kSeen) - score("c3", kMoved);
  EXPECT_GE(far - near, 40) << far << " " << near;
}

TEST(StrategoV2Evaluation, TheFlagsGuardIsARaceInMoves) {
  // Red's Flag on c1 is closed in by Bombs on b1, d1 and c2. Blue's known Miner on f1 needs two moves to take d1 and a
  // third to take the Flag; Red's Lieutenant on c3 needs two moves (d3, d2) to stand next to d1 and take the Miner
  // there. With Red to move it arrives in time; with Blue to move it is one move late. Counted in squares (the
  // Lieutenant five from the Miner, the Miner three from the Flag) it would be unguarded either way.
  auto score = [](int to_move) {
    State s = position({{"c1", 0, kFlag},
                        {"b1", 0, kBomb},
                        {"d1", 0, kBomb},
                        {"c2", 0, kBomb},
                        {"c3", 0, kLieutenant, kMoved},
                        {"f1", 1, kMiner, kSeen},
                        {"j10", 1, kFlag}});
    s.set_side(to_move);
    return raced(s);
  };
  EXPECT_GT(score(0) - score(1), 50);  // one move late, the Flag falls
}

TEST(StrategoV2Evaluation, AFlagGuardWithNoMoveToSpareStillCosts) {
  // Red's Flag on b1 is closed in by Bombs; Blue's unknown piece on b5 may be a Miner: three moves take it onto the
  // Bomb on b2, the fourth takes the Flag. Red's Captain on d2 needs three moves to stand beside b2, exactly in time
  // with Red to move; on c3 it needs one and has moves to spare; on j2 it is far too late. The exactly-in-time guard
  // costs half the danger: else the search puts that defence off move after move until a second threat takes its one
  // move.
  auto score = [](const char* captain) {
    return raced(position({{"b1", 0, kFlag},
                           {"a1", 0, kBomb},
                           {"c1", 0, kBomb},
                           {"b2", 0, kBomb},
                           {captain, 0, kCaptain, kMoved},
                           {"j5", 0, kMarshal, kMoved},
                           {"i4", 0, kGeneral, kMoved},
                           {"j4", 0, kColonel, kMoved},
                           {"b5", 1, kMiner, kMoved},
                           {"j10", 1, kFlag}}));
  };
  EXPECT_GT(score("c3") - score("d2"), 30) << score("c3") << " " << score("d2");
  EXPECT_GT(score("d2") - score("j2"), 50) << score("d2") << " " << score("j2");
}

TEST(StrategoV2Evaluation, AFlagGuardsWayCountsItsOwnPiecesInTheWay) {
  // Red's Flag on c1 is open on b1. Blue's known Captain on a3 needs three moves to stand on b1. Red's Marshal on b4
  // is two moves from b2, beside b1, but Red's own Miners stand on b3 and b2: each must step aside first, and the way
  // round by a1 takes four moves too, so the Marshal is late. With the Miners elsewhere it is in time.
  auto score = [](const char* miner, const char* other_miner) {
    State s = position({{"c1", 0, kFlag},
                        {"c2", 0, kBomb},
                        {"d1", 0, kBomb},
                        {"b4", 0, kMarshal, kMoved},
                        {"a3", 1, kCaptain, kSeen},
                        {"j10", 1, kFlag}});
    s.put(at(miner), 0, kMiner, kMoved);
    s.put(at(other_miner), 0, kMiner);
    return raced(s);
  };
  EXPECT_GT(score("h3", "h2") - score("b3", "b2"), 50) << score("h3", "h2") << " " << score("b3", "b2");
}

TEST(StrategoV2Evaluation, AFlagGuardNeverPostsOnASquareItCannotReach) {
  // Red's Flag on a1 behind Bombs on a2, b1, a3 and b3. The one square beside the exit a2 that is no Bomb, b2, holds
  // Red's own Scout, which cannot move (Bombs on three sides, Red's Sergeant on c2), or a known Blue Colonel: no
  // defender gets there. Blue's known Miner on a6 walks down the a-file at the Bombs. The post is a4, beside the Bomb
  // on a3: Red's Major needs six moves to get there from d2 (late) and three from c4, which is worth far more. A
  // Lieutenant boxed in on b2 beats the Miner from where it stands: there the Major's square matters little.
  auto score = [](const char* major, int b2_owner, int b2_rank) {
    State s = position({{"a1", 0, kFlag},
                        {"a2", 0, kBomb},
                        {"b1", 0, kBomb},
                        {"a3", 0, kBomb},
                        {"b3", 0, kBomb},
                        {"c1", 0, kBomb},
                        {"c2", 0, kSergeant, kMoved},
                        {major, 0, kMajor, kMoved},
                        {"a6", 1, kMiner, kSeen},
                        {"j10", 1, kFlag}});
    s.put(at("b2"), b2_owner, b2_rank, b2_owner == 0 ? 0 : kSeen);
    return raced(s);
  };
  auto home_pays = [&](int b2_owner, int b2_rank) {
    return score("c4", b2_owner, b2_rank) - score("d2", b2_owner, b2_rank);
  };
  for (const auto& [owner, rank] : {std::pair{0, +kScout}, std::pair{1, +kColonel}}) {
    SCOPED_TRACE(rank);
    EXPECT_GT(home_pays(owner, rank), 50) << home_pays(owner, rank);
  }
  EXPECT_LT(std::abs(home_pays(0, kLieutenant)), 30) << home_pays(0, kLieutenant);
}

TEST(StrategoV2Evaluation, ARaceNoDefenderWinsWeighsLikeTheGameWithLost) {
  // Red's Flag on a1 behind Bombs on a2 and b1; Blue's piece on a5 is three moves from the exit a2 (a Miner takes the
  // Bomb). Red's General on j9 is far too late, on b4 in time. With lost=900 the race a Miner wins costs 900*2/4 = 450
  // where the guard's share alone is (300 + lead/2)/4, about 100. It counts only what the piece is in the world
  // evaluated: an unknown Scout, a Miner to the guard, keeps the guard's share and no more. (The agent prices a lost
  // race so when every root move loses.)
  auto score = [&](const char* general, int blue_rank, std::uint8_t blue_flags, int lost) {
    return raced(position({{"a1", 0, kFlag},
                           {"a2", 0, kBomb},
                           {"b1", 0, kBomb},
                           {general, 0, kGeneral, kMoved},
                           {"a5", 1, blue_rank, blue_flags},
                           {"i10", 1, kMiner},  // Blue has a Miner (far off): the guard takes a5 for one
                           {"j10", 1, kFlag}}),
                 lost);
  };
  auto lost_costs = [&](const char* general, int blue_rank, std::uint8_t blue_flags) {
    return score(general, blue_rank, blue_flags, 0) - score(general, blue_rank, blue_flags, 900);
  };
  EXPECT_GT(lost_costs("j9", kMiner, kMoved | kSeen), 300);
  EXPECT_GT(lost_costs("j9", kMiner, kMoved), 300);
  EXPECT_EQ(lost_costs("j9", kScout, kMoved), 0);
  EXPECT_LT(score("j9", kScout, kMoved, 900), score("b4", kScout, kMoved, 900) - 50);  // the guard's share stays
  EXPECT_EQ(lost_costs("b4", kMiner, kMoved | kSeen), 0);
  // A defender nearer, though still late, costs less: bringing it home pays before it is in time.
  EXPECT_GT(lost_costs("f3", kMiner, kMoved | kSeen), 150) << lost_costs("f3", kMiner, kMoved | kSeen);
  EXPECT_LT(lost_costs("f3", kMiner, kMoved | kSeen), lost_costs("j9", kMiner, kMoved | kSeen) - 50)
      << lost_costs("f3", kMiner, kMoved | kSeen) << " " << lost_costs("j9", kMiner, kMoved | kSeen);
  // With a2 open any piece may take the Flag: a known Colonel the General beats is a race lost (lost counts), a known
  // Marshal nothing of Red's beats is no race (no move changes it: lost adds nothing).
  auto open_costs = [&](int blue_rank) {
    const State s = position({{"a1", 0, kFlag},
                              {"b1", 0, kBomb},
                              {"j9", 0, kGeneral, kMoved},
                              {"a5", 1, blue_rank, kMoved | kSeen},
                              {"j10", 1, kFlag}});
    return raced(s, 0) - raced(s, 900);
  };
  EXPECT_GT(open_costs(kColonel), 300);
  EXPECT_EQ(open_costs(kMarshal), 0);
}

TEST(StrategoV2Evaluation, AnExitClosedByBombsIsGuardedBeforeTheBombs) {
  // Red's Flag on j1 in the corner: Bombs on i1 and j2, and i2 and h1 behind them. Every other neighbour of the exit i1
  // is a Bomb or the Flag, so no defender can stand next to it; a Miner coming that way stands on h1 or i2 first, and a
  // defender next to those (on h2, say) takes it there. Blue's unknown piece on i6, which may be a Miner, needs five
  // moves either way: Red's General near h2 is worth far more than far away.
  auto score = [](const char* general) {
    return raced(position({{"j1", 0, kFlag},
                           {"i1", 0, kBomb},
                           {"j2", 0, kBomb},
                           {"i2", 0, kBomb},
                           {"h1", 0, kBomb},
                           {general, 0, kGeneral, kMoved},
                           {"i6", 1, kMiner, kMoved},
                           {"j10", 1, kFlag}}));
  };
  EXPECT_GT(score("h3") - score("a4"), 50);
}

TEST(StrategoV2Evaluation, AGuardStaysHomeAndAScoutsRunIsOneMove) {
  // Red's Flag on e1 is open on d1 and f1. Blue's unknown General far off may come for it, and nothing of Red's but the
  // Marshal on j5 beats it, so its race costs the same wherever Red's Lieutenant stands. But the Lieutenant, a guard
  // against the pieces that come for a Flag late in the game, costs more on a7, eight moves from beside an exit, than
  // on e3, two moves from it; both are as far from Blue's Flag.
  auto score = [](const char* lieutenant) {
    return raced(position({{"e1", 0, kFlag},
                           {"e2", 0, kBomb},
                           {lieutenant, 0, kLieutenant, kMoved},
                           {"j5", 0, kMarshal, kMoved},
                           {"e9", 1, kGeneral, kMoved},
                           {"j10", 1, kFlag}}));
  };
  EXPECT_GE(score("e3") - score("a7"), 10) << score("e3") << " " << score("a7");
  // Blue's known Scout on a1 has an open line to d1: it is one move from the exit, not three, and the danger it brings
  // is much greater than from a2, four moves away.
  auto scout = [](const char* square) {
    State s = position({{"e1", 0, kFlag},
                        {"e2", 0, kBomb},
                        {"j8", 0, kLieutenant, kMoved},
                        {"j5", 0, kMarshal, kMoved},
                        {"e9", 1, kMiner, kMoved},
                        {"j10", 1, kFlag}});
    s.put(at(square), 1, kScout, kSeen);
    return raced(s);
  };
  EXPECT_LT(scout("a1"), scout("a2") - 100) << scout("a1") << " " << scout("a2");
}

TEST(StrategoV2Evaluation, AMovedPieceThatLosesToAHunterWhateverItIsIsHunted) {
  // Blue's Marshal and General are gone; its piece on j9 moved and Red does not know it, but every rank a moved Blue
  // piece may have is a Colonel or lower (sweep = 8). Red's Marshal (and General) is drawn towards it as towards a
  // known piece; Red's Captain, which some of those ranks beat, is not; without the sweep neither is.
  auto score = [](int rank, const char* square, bool sweep) {
    State s = position({{"a1", 0, kFlag},
                        {square, 0, rank, kMoved},
                        {"j9", 1, kCaptain, kMoved},
                        {"a10", 1, kFlag},
                        {"b10", 1, kColonel}});
    EvalContext context;
    if (sweep) context.sweeper = 0, context.sweep = kColonel;
    return evaluate(s, 0, context);
  };
  EXPECT_GT(score(kMarshal, "i6", true) - score(kMarshal, "c5", true), 5);
  EXPECT_EQ(score(kMarshal, "i6", false), score(kMarshal, "c5", false));
  EXPECT_EQ(score(kCaptain, "i6", true) - score(kCaptain, "c5", true),
            score(kCaptain, "i6", false) - score(kCaptain, "c5", false));
}

TEST(StrategoV2Evaluation, AFlagWalledInByBombsPullsOnlyMiners) {
  // Blue's unmoved pieces: a10, walled in by its known Bombs on b10 and a9, and j10, open. Either may be the Flag, a10
  // the likelier (Bombs beside it). The square a10 pulls Red's Miner as much as ever but Red's Captain not at all (only
  // a Miner gets through there), so the Captain prefers the way to j10, the Miner the way to a10.
  auto with = [](const char* square, int rank) {
    return position({{"a1", 0, kFlag},
                     {square, 0, rank, kMoved},
                     {"a10", 1, kFlag},
                     {"b10", 1, kBomb, kKnown},
                     {"a9", 1, kBomb, kKnown},
                     {"j10", 1, kSergeant},
                     {"e8", 1, kScout, kMoved}});
  };
  const Beliefs beliefs(with("e5", kMiner).info(0));
  ASSERT_GT(beliefs.at(at("a10"))[kFlag], beliefs.at(at("j10"))[kFlag]);
  ASSERT_GT(beliefs.at(at("j10"))[kFlag], 0.1);
  const FlagField field = v2::flag_field(beliefs, 1);
  for (int q = 0; q < kCells; ++q) {
    if (on_board(q)) {
      EXPECT_LE(field.open[q], field.near[q]);
    }
  }
  // Next to a10 the open pull is j10's alone, far away: far less.
  EXPECT_LT(field.open[at("a8")] * 2, field.near[at("a8")]);
  auto score = [&](const char* square, int rank) { return evaluate(with(square, rank), 0, {&field}); };
  EXPECT_GT(score("j8", kCaptain), score("a8", kCaptain));
  EXPECT_LT(score("j8", kMiner), score("a8", kMiner));
}

TEST(StrategoV2Evaluation, TheSideAheadGainsByTradingDown) {
  // Red is far ahead. The same lead counts more once material has left the board, so the side ahead trades equal pieces
  // and the side behind avoids it: with each side's six Bombs gone (they neither hunt, nor are hunted, nor pull), Red's
  // evaluation is higher, and Blue's lower.
  auto score = [](bool bombs, int player) {
    State s = position({{"a1", 0, kFlag},
                        {"e4", 0, kMarshal, kSeen},
                        {"f4", 0, kGeneral, kSeen},
                        {"g4", 0, kColonel, kSeen},
                        {"j10", 1, kFlag},
                        {"a9", 1, kSergeant, kSeen}});
    if (bombs)
      for (const char* q : {"c1", "d1", "e1", "f1", "g1", "h1"}) s.put(at(q), 0, kBomb);
    if (bombs)
      for (const char* q : {"c10", "d10", "e10", "f10", "g10", "h10"}) s.put(at(q), 1, kBomb);
    return evaluate(s, player);
  };
  EXPECT_GT(score(false, 0) - score(true, 0), 30) << score(false, 0) << " " << score(true, 0);
  EXPECT_EQ(score(false, 1), -score(false, 0));
  EXPECT_EQ(score(true, 1), -score(true, 0));
}

TEST(StrategoV2Evaluation, AheadTheNearestMinerIsDrawnToTheEnemyFlagFromAfar) {
  // Blue's Flag is one of its two unmoved pieces on a10 and b10, and Blue has Bombs. Red's Miner stands on j1 or, four
  // squares nearer, on f1, far from both. A Marshal ahead, Red scores the nearer Miner clearly better (the field's
  // 1/(d+1) is flat far away, the escort's pull is not); behind (Blue has a Marshal and a General), barely.
  auto score = [](const char* miner, bool ahead) {
    State s = position({{"a1", 0, kFlag},
                        {miner, 0, kMiner, kMoved},
                        {"j5", 0, kMarshal, kSeen},
                        {"a10", 1, kFlag},
                        {"b10", 1, kBomb},
                        {"h9", 1, kBomb, kKnown}});
    if (!ahead) s.put(at("e8"), 1, kMarshal, kSeen), s.put(at("d8"), 1, kGeneral, kSeen);
    const FlagField field = v2::flag_field(Beliefs(s.info(0)), 1);
    return evaluate(s, 0, {&field});
  };
  const int ahead = score("f1", true) - score("j1", true), behind = score("f1", false) - score("j1", false);
  EXPECT_GE(ahead - behind, 15) << ahead << " " << behind;
}

TEST(StrategoV2Evaluation, WithFewEnemyPiecesLeftAnIntruderCountsFromFarther) {
  // Red's Flag on a1 has one way in, a2 (b1 is a Bomb). Blue's known Colonel on e7 is nine moves from a2, beyond six
  // moves; only Red's General beats it (and hunts it, as much from b3 as from j9). With Blue down to that Colonel, the
  // race reaches farther, and Red scores its General on b3 (in time) well above on j9 (far too late). With twelve
  // pieces Blue can still move (unknown, unmoved, far off, none with an open line to a2), the reach stays six moves and
  // only the guard at home tells the two apart.
  auto score = [](const char* general, bool many) {
    State s = position({{"a1", 0, kFlag},
                        {"b1", 0, kBomb},
                        {general, 0, kGeneral, kSeen},
                        {"j1", 0, kMajor, kSeen},
                        {"j2", 0, kMajor, kSeen},
                        {"e7", 1, kColonel, kSeen},
                        {"j10", 1, kFlag}});
    if (many)
      for (const char* q : {"b10", "c10", "d10", "e10", "f10", "g10", "h10", "i10", "b9", "c9", "d9"})
        s.put(at(q), 1, kScout);
    return raced(s);
  };
  const int few = score("b3", false) - score("j9", false), many = score("b3", true) - score("j9", true);
  EXPECT_GE(few - many, 30) << few << " " << many;
}
