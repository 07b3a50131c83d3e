// The `stratego` search (src/games/stratego/v2/search.hpp): it reads only the player's Info, attacks known by
// elimination, root gambles and a Marshal beside a possible Spy as chance nodes, the enemy's ignorance of the Flag,
// the value of a win, and chases that would go round for good.
#include <gtest/gtest.h>

#include <string>
#include <tuple>
#include <vector>

#include "ai/random_agent.hpp"
#include "core/registry.hpp"
#include "v2_helpers.hpp"

using namespace strat;
using namespace strat::stratego;
using namespace strat::stratego::test;
using v2::SearchAgent;
using v2::SearchConfig;

TEST(StrategoV2Search, IsRegisteredWithItsBudgetOptionsOnly) {
  const auto& game = Registry::global().get("stratego");
  EXPECT_NE(game.make_agent(Options{}, "stratego:nodes=500,samples=2,depth=3", 1), nullptr);
  EXPECT_NE(game.make_agent(Options{}, "stratego:time=50", 1), nullptr);
  EXPECT_EQ(error_of([&] { game.make_agent(Options{}, "stratego:fog=2", 1); }),
            "unknown agent option 'fog' of stratego (known: time, nodes, samples, depth)");
}

TEST(StrategoV2Search, NeverReadsHiddenEnemyRanks) {
  // On a node budget the agent is deterministic: in two worlds that look the same to the player it must choose the same
  // move, move after move. The agent keeps what the enemy's moves said between its turns (evidence.hpp), so each agent
  // plays on: one sees the true game, the other a fresh world drawn from the player's Info at each of its turns.
  Rng rng(31);
  int compared = 0;
  for (int trial = 0; trial < 6; ++trial) {
    State truth = random_start(Config{}, rng);
    RandomAgent<State> walker(trial);
    const int plies = 10 + 15 * trial;
    for (int i = 0; i < plies && !truth.outcome().over(); ++i) truth.apply(walker.choose(truth), nullptr);
    if (truth.outcome().over()) continue;
    const int me = truth.to_move();
    SearchAgent a(fixed(8000, 6, 8), 5), b(fixed(8000, 6, 8), 5);
    Rng other_rng(77 + trial);
    for (int turn = 0; turn < 4 && !truth.outcome().over(); ++turn) {
      State other = truth.info(me).sample(other_rng);
      ASSERT_EQ(other.view_string(me), truth.view_string(me));
      ASSERT_NE(other.to_string(), truth.to_string());
      const Move chosen = a.choose(truth);
      EXPECT_EQ(chosen, b.choose(other)) << "trial " << trial << ", turn " << turn;
      EXPECT_GE(a.last_depth(), 1);
      ++compared;
      truth.apply(chosen, nullptr);
      if (!truth.outcome().over()) truth.apply(walker.choose(truth), nullptr);
    }
  }
  EXPECT_GE(compared, 16);
}

TEST(StrategoV2Search, DefendsTheFlagAgainstAnIntruderTwoSquaresAway) {
  // A known Blue Major on a3 walks to a2 and takes Red's Flag on a1 next. Red's Colonel on c2 stops it only by
  // stepping to b2 now (then it takes the Major on a2); a free Colonel on h6 tempts. Two plies deep the search
  // reaches the Major on a2 and no further: it must see that a Flag under attack cannot stand pat.
  const State s = position({{"a1", 0, kFlag},
                            {"c2", 0, kColonel, kSeen},
                            {"h5", 0, kGeneral, kSeen},
                            {"a3", 1, kMajor, kSeen},
                            {"h6", 1, kColonel, kSeen},
                            {"j10", 1, kFlag}},
                           40);
  for (std::uint64_t seed = 1; seed <= 3; ++seed) {
    SearchAgent agent(fixed(200000, 4, 2), seed);
    EXPECT_EQ(s.move_to_string(agent.choose(s)), "c2-b2") << "seed " << seed;
  }
}

TEST(StrategoV2Search, HuntsAPieceWeakerByElimination) {
  // Blue's army is a Colonel, a Bomb and the Flag. The piece on a10 moved, so it is no Bomb or Flag: it is the
  // Colonel, although Red never saw it. Its only way out is a9, so Red's General steps to a8 and takes it next move,
  // which leaves Blue nothing to move. That capture lies below the root, where the search makes no blind attacks; this
  // one is not blind: every rank the piece may have loses to a General.
  const State s = position({{"a1", 0, kFlag},
                            {"a7", 0, kGeneral, kSeen},
                            {"a10", 1, kColonel, kMoved},
                            {"b10", 1, kBomb},
                            {"j10", 1, kFlag}});
  for (std::uint64_t seed = 1; seed <= 3; ++seed) {
    SearchAgent agent(fixed(200000, 4, 3), seed);
    EXPECT_EQ(s.move_to_string(agent.choose(s)), "a7-a8") << "seed " << seed;
    // Not by a tie-break: taking Blue's last movable piece wins, and a8 gets there first.
    EXPECT_GT(score_of(agent, s, "a7-a8"), 500) << "seed " << seed;
    for (const char* other : {"a7-a6", "a7-b7"})
      EXPECT_GT(score_of(agent, s, "a7-a8"), score_of(agent, s, other) + 30) << other << ", seed " << seed;
  }
}

namespace {

// Red's `attacker`, known to Blue, on a9 beside a10, which is Blue's Flag or a Bomb, one chance in two (j10 is the
// other).
State attack_on_flag_or_bomb(int attacker) {
  return position({{"a1", 0, kFlag},
                   {"a9", 0, attacker, kSeen},
                   {"e2", 0, kColonel, kSeen},
                   {"a10", 1, kBomb},
                   {"j10", 1, kFlag},
                   {"e6", 1, kScout, kSeen}});
}

}  // namespace

TEST(StrategoV2Search, ARootAttackOnAnUnknownPieceIsWeighedOverItsRanks) {
  // Red's Captain may attack a10. One world per search: as drawn, the attack would score a win in one world and a lost
  // Captain in the other; weighed over the ranks the piece may have, it scores the same whichever world was drawn,
  // between the two.
  const State s = attack_on_flag_or_bomb(kCaptain);
  double low = 1e9, high = -1e9;
  for (std::uint64_t seed = 1; seed <= 8; ++seed) {
    SearchAgent agent(fixed(100000, 1, 2), seed);
    agent.choose(s);
    const double v = score_of(agent, s, "a9xa10");
    low = std::min(low, v);
    high = std::max(high, v);
  }
  EXPECT_LT(high - low, 1.0);  // only the root's small random tie-break differs
  EXPECT_GT(low, 200);    // far above a lost Captain
  EXPECT_LT(high, 1000);  // and below a win
}

TEST(StrategoV2Search, ATopPieceCountsOnlyPartOfAnUnmovedPiecesChanceOfBeingTheFlag) {
  // A Major attacking a10 counts one eighth for the Flag and seven eighths for a Bomb (a Captain, one half each): the
  // top pieces test exactly the pieces whose chance of being the Flag the beliefs overrate. The Major's attack scores
  // far less than the Captain's, though still above a certain loss.
  double score[2];
  for (int attacker : {kMajor, kCaptain}) {
    const State s = attack_on_flag_or_bomb(attacker);
    SearchAgent agent(fixed(100000, 1, 2), 3);
    agent.choose(s);
    score[attacker == kMajor] = score_of(agent, s, "a9xa10");
  }
  EXPECT_LT(score[1], score[0] - 250);
  EXPECT_GT(score[1], -200);
}

TEST(StrategoV2Search, AKnownMarshalBesideAPossibleSpyIsWeighedOverItBeingTheSpy) {
  // Red's Marshal, known to Blue, may step e4-e5 beside Blue's moved piece on e6, which is the Spy or the Scout (h8 is
  // the other), one chance in two. One world per search: as drawn, the step would cost only the evaluation's small
  // spy danger in the worlds that put the Scout on e6 and the Marshal in the others. Searched over e6 being the Spy
  // or not, the step scores the same whichever world was drawn, about half a Marshal below the other moves.
  const State s = position({{"a1", 0, kFlag},
                            {"d1", 0, kSergeant},
                            {"e4", 0, kMarshal, kSeen},
                            {"e6", 1, kSpy, kMoved},
                            {"h8", 1, kScout, kMoved},
                            {"i10", 1, kBomb},
                            {"j10", 1, kFlag}});
  double low = 1e9, high = -1e9, gap = 1e9;
  for (std::uint64_t seed = 1; seed <= 8; ++seed) {
    SearchAgent agent(fixed(100000, 1, 2), seed);
    agent.choose(s);
    const double v = score_of(agent, s, "e4-e5");
    low = std::min(low, v);
    high = std::max(high, v);
    gap = std::min(gap, best_score(agent, s, "e4-e5") - v);
  }
  EXPECT_LT(high - low, 1.0);  // only the root's small random tie-break differs
  EXPECT_GT(gap, 150);
}

TEST(StrategoV2Search, WhenEveryMoveLosesTheNearestDefenderStillComes) {
  // Blue's known Captain stands beside Red's Flag on a1 (a2; b1 is a Bomb): inside every world Blue sees the Flag and
  // takes it next move, whatever Red does, so every root move scores the same loss. Blue does not know it. Red's
  // Major, the one piece that beats the Captain, steps towards b2 beside it (c3-b3 or c3-c2), whatever the jitter.
  const State s = position({{"a1", 0, kFlag},
                            {"b1", 0, kBomb},
                            {"c3", 0, kMajor, kSeen},
                            {"e6", 0, kSergeant, kMoved},
                            {"g4", 0, kLieutenant, kMoved},
                            {"a2", 1, kCaptain, kSeen},
                            {"i10", 1, kBomb},
                            {"j10", 1, kFlag}});
  for (std::uint64_t seed = 1; seed <= 4; ++seed) {
    SearchAgent agent(fixed(20000, 2, 2), seed);
    const std::string chosen = s.move_to_string(agent.choose(s));
    EXPECT_LT(best_score(agent, s), -900) << "every move loses";
    EXPECT_TRUE(chosen == "c3-b3" || chosen == "c3-c2") << chosen << ", seed " << seed;
  }
}

TEST(StrategoV2Search, AnEnemyFlagItCannotSeeIsNoWin) {
  // Blue's known Marshal threatens Red's known General. Blue's other pieces never moved: one is the Flag, two are
  // Bombs, and Red cannot tell which. From i9 Red's Captain would stand next to all three, so in every world the search
  // draws, Red "attacks the Flag" with its second move; but below the root Red attacks only what it knows, so that
  // threat is not one: no line wins, and the General must step away.
  const State s = position({{"a1", 0, kFlag},
                            {"e5", 0, kGeneral, kSeen},
                            {"i8", 0, kCaptain, kMoved},
                            {"e6", 1, kMarshal, kSeen},
                            {"h9", 1, kBomb},
                            {"j9", 1, kBomb},
                            {"i10", 1, kFlag}});
  for (std::uint64_t seed = 1; seed <= 3; ++seed) {
    SearchAgent agent(fixed(400000, 4, 3), seed);
    const std::string move = s.move_to_string(agent.choose(s));
    EXPECT_EQ(agent.last_depth(), 3) << "seed " << seed;
    EXPECT_EQ(move.substr(0, 2), "e5") << move << ", seed " << seed;
    for (const auto& [m, score] : agent.last_scores())
      EXPECT_LT(score, 500) << s.move_to_string(m) << ", seed " << seed;
  }
}

TEST(StrategoV2Search, FarAheadTakingTheFlagStillBeatsKeepingTheLead) {
  // Red has nearly its whole army, Blue a Scout, a Bomb and its Flag, which Red's Miner on j9 can take now. The
  // evaluation of Red's lead passes 1000, a fixed win's value: a win is worth more than the root's evaluation, so
  // taking the Flag scores above every other move (the quiet moves win a move later, which counts for less).
  const State s = position({{"a1", 0, kFlag},
                            {"a2", 0, kMarshal, kSeen},
                            {"b2", 0, kGeneral, kSeen},
                            {"c2", 0, kColonel, kSeen},
                            {"d2", 0, kColonel, kSeen},
                            {"e2", 0, kMajor, kSeen},
                            {"f2", 0, kMajor, kSeen},
                            {"g2", 0, kMajor, kSeen},
                            {"h2", 0, kCaptain, kSeen},
                            {"b1", 0, kCaptain, kSeen},
                            {"c1", 0, kCaptain, kSeen},
                            {"d1", 0, kCaptain, kSeen},
                            {"e1", 0, kLieutenant, kSeen},
                            {"f1", 0, kLieutenant, kSeen},
                            {"j9", 0, kMiner, kSeen},
                            {"e8", 1, kScout, kSeen},
                            {"h10", 1, kBomb, kKnown},
                            {"j10", 1, kFlag, kKnown}});
  SearchAgent agent(fixed(100000, 2, 2), 1);
  EXPECT_EQ(s.move_to_string(agent.choose(s)), "j9xj10");
  EXPECT_GT(score_of(agent, s, "j9xj10"), 1000);
  EXPECT_GT(score_of(agent, s, "j9xj10"), best_score(agent, s, "j9xj10"));
}

TEST(StrategoV2Search, ARootMoveThatLosesTheFlagCountsBelowTheWindow) {
  // Blue's known Miner on b3 takes the Bomb on b2 and then Red's Flag on b1 unless Red's Captain on c2 takes it on b2.
  // Every other move of Red's is quiet and about as good as the next. Each world's search gives the root moves a
  // window just below its best move; counted at the window's edge, c2-c3, which loses the Flag in every world, would
  // average about as well as the quiet moves (each world's best is another one). It counts at what its search found:
  // far below them.
  const State s = position({{"b1", 0, kFlag},
                            {"a1", 0, kBomb, kKnown},
                            {"c1", 0, kBomb, kKnown},
                            {"b2", 0, kBomb, kKnown},
                            {"c2", 0, kCaptain, kSeen},
                            {"g1", 0, kScout, kSeen},
                            {"h2", 0, kMajor, kSeen},
                            {"i2", 0, kMiner, kSeen},
                            {"e4", 0, kMiner, kSeen},
                            {"d4", 0, kGeneral, kSeen},
                            {"c8", 0, kMarshal, kSeen},
                            {"b3", 1, kMiner, kSeen},
                            {"j10", 1, kMajor, kSeen},
                            {"i10", 1, kMiner, kMoved},
                            {"f10", 1, kBomb, kKnown},
                            {"g10", 1, kFlag},
                            {"h10", 1, kBomb}});
  SearchAgent agent(fixed(400000, 8, 2), 3);
  EXPECT_NE(s.move_to_string(agent.choose(s)), "c2-c3");
  EXPECT_LT(score_of(agent, s, "c2-c3"), best_score(agent, s) - 300);
}

TEST(StrategoV2Search, TheEnemyDoesNotKnowWhichUnmovedPieceIsTheFlag) {
  // Blue's known Major stands beside Red's Flag on a1; Red has a Bomb and other pieces that never moved, so Blue cannot
  // tell which is the Flag, and its Majors do not test unmoved pieces. Inside a world Blue sees the Flag; were it to
  // take it there, every root move would lose it. The search plays on: the Colonel steps next to the Major, which has
  // nowhere to go, and takes it.
  const State s = position({{"a1", 0, kFlag},
                            {"c1", 0, kBomb},
                            {"d1", 0, kSergeant},
                            {"e1", 0, kScout},
                            {"b3", 0, kColonel, kMoved},
                            {"h4", 0, kLieutenant, kMoved},
                            {"b1", 1, kMajor, kSeen},
                            {"j10", 1, kFlag},
                            {"i10", 1, kBomb},
                            {"h10", 1, kScout}});
  for (std::uint64_t seed = 1; seed <= 2; ++seed) {
    SearchAgent agent(fixed(200000, 4, 3), seed);
    EXPECT_EQ(s.move_to_string(agent.choose(s)), "b3-b2") << "seed " << seed;
    EXPECT_GT(best_score(agent, s), -500) << "seed " << seed;
    EXPECT_GT(score_of(agent, s, "b3-b2"), score_of(agent, s, "h4-h3") + 30) << "seed " << seed;
  }
}

TEST(StrategoV2Search, AnEnemyWithOnlyTopPiecesLeftTestsUnmovedPieces) {
  // Blue's known Marshal on g1 is two moves from Red's Flag on e1 (f1, then e1); Red's Marshal on f3 keeps it off by
  // stepping to f2 (a Marshal that comes to f1 is then traded, and Blue, left with nothing that moves, loses). While
  // Blue has a lower piece to probe with, its Marshal does not test Red's unmoved pieces, the Flag among them, and
  // walking away costs little. With nothing below a Major left Blue must test with its Marshal: walking away loses the
  // Flag.
  auto scores = [](bool sergeant) {
    std::vector<Put> pieces = {{"e1", 0, kFlag},
                               {"d1", 0, kBomb},
                               {"a2", 0, kBomb},
                               {"f3", 0, kMarshal, kMoved},
                               {"a6", 0, kSergeant, kMoved},
                               {"g1", 1, kMarshal, kSeen},
                               {"j10", 1, kFlag},
                               {"i10", 1, kBomb}};
    if (sergeant) pieces.push_back({"a9", 1, kSergeant, kSeen});
    const State s = position(pieces);
    SearchAgent agent(fixed(200000, 2, 4), 1);
    agent.choose(s);
    return std::pair{score_of(agent, s, "f3-f2"), score_of(agent, s, "f3-f4")};
  };
  const auto [guard, away] = scores(false);
  EXPECT_LT(away, -500);
  EXPECT_GT(guard, away + 500);
  EXPECT_GT(scores(true).second, -500);  // walking away: the Marshal does not test while a Sergeant can
}

namespace {

// A move of the chased piece along the a-file that is not an attack.
bool flight(const std::string& m) { return m[0] == 'a' && m.find('x') == std::string::npos; }

// Red's piece on a4 chased by Blue's piece on b4 along the b-file; Red's own Bombs on c3 and c4 (and the lake above)
// wall the file off from Red's Marshal, and Blue's Bomb on a6 ends the a-file. Every move that is not the flight lets
// the chaser take the piece. Red's moves, the chaser following beside the fleeing piece after each flight, until Red
// does something else or `turns` have passed.
std::vector<std::string> chased(int fleeing, int chaser, std::uint8_t chaser_flags, int turns) {
  State s = position({{"j1", 0, kFlag},
                      {"i1", 0, kBomb},
                      {"j2", 0, kBomb},
                      {"a2", 0, kBomb},
                      {"b2", 0, kBomb},
                      {"c3", 0, kBomb},
                      {"c4", 0, kBomb},
                      {"a4", 0, fleeing, kSeen},
                      {"h3", 0, kMarshal, kMoved},
                      {"b4", 1, chaser, chaser_flags},
                      {"a6", 1, kBomb, kKnown},
                      {"j10", 1, kFlag},
                      {"i10", 1, kBomb},
                      {"j9", 1, kBomb}});
  SearchAgent agent(fixed(40000, 2, 3), 7);
  std::vector<std::string> red;
  for (int turn = 0; turn < turns; ++turn) {
    const Move m = agent.choose(s);
    red.push_back(s.move_to_string(m));
    s.apply(m, nullptr);
    if (!flight(red.back())) break;
    const int piece = at(red.back().substr(3).c_str());
    const int follower = [&] {
      for (const char* q : {"b3", "b4", "b5", "b6"})
        if (s.is_piece(at(q)) && s.owner_at(at(q)) == 1) return at(q);
      return -1;
    }();
    if (follower < 0 || row_of(follower) == row_of(piece)) break;
    const int to = follower + (row_of(piece) > row_of(follower) ? kWidth : -kWidth);
    s.apply(Move{static_cast<std::uint8_t>(follower), static_cast<std::uint8_t>(to)}, nullptr);
  }
  return red;
}

}  // namespace

TEST(StrategoV2Search, AChasedPieceDoesNotGoRoundTheSameSquaresForever) {
  // Red's known Major chased by Blue's known General (chased() above): a search alone flees a3, a4, a5, a4, a3, ... for
  // as long as Blue follows, and the game is drawn at the ply limit. A flight into a position Red already left twice
  // costs enough that Red does something else (at this depth, giving the Major up on the General or moving the
  // Marshal).
  const auto moves = chased(kMajor, kGeneral, kSeen, 12);
  EXPECT_GE(moves.size(), 3u);  // the flight is the best move until it repeats
  EXPECT_LT(moves.size(), 12u);
  EXPECT_FALSE(flight(moves.back())) << moves.back();
}

TEST(StrategoV2Search, AChaseByAnUnknownPieceOrForAPieceWorthMoreThanTheCostEnds) {
  // The chase above, with a chaser Red never saw fight (a Marshal that never fights is never revealed), or with a
  // fleeing General worth more than one cost of a repeat (its flight stays best at one cost; every further repeat from
  // the sixth costs once more, down to the draw).
  for (const auto& [fleeing, chaser, flags] :
       {std::tuple{kMajor, kGeneral, kMoved}, std::tuple{kGeneral, kMarshal, kSeen}}) {
    const auto moves = chased(fleeing, chaser, flags, 48);
    EXPECT_GE(moves.size(), 3u) << int{fleeing};
    EXPECT_LT(moves.size(), 48u) << int{fleeing};
    EXPECT_FALSE(flight(moves.back())) << moves.back();
  }
}
