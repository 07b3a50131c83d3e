// The `stratego` search: attacks known by elimination, the cover of a hidden top piece, root gambles as chance nodes,
// the transposition table.
#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>
#include <string>
#include <tuple>
#include <vector>

#include "games/stratego/search.hpp"
#include "helpers.hpp"

using namespace strat;
using namespace strat::stratego;

namespace {

constexpr std::uint8_t kSeen = kKnown | kMoved;

SearchConfig fixed(long nodes, int samples, int depth) {
  SearchConfig config;
  config.time_ms = 0;
  config.nodes = nodes;
  config.samples = samples;
  config.max_depth = depth;
  return config;
}

struct Put {
  const char* square;
  int owner;
  int rank;
  std::uint8_t flags = 0;
};

// A hand-built position, Red to move.
State position(const std::vector<Put>& pieces, int ply = 60) {
  State s(Config{});
  for (const Put& p : pieces) s.put(test::at(p.square), p.owner, p.rank, p.flags);
  s.set_side(0);
  s.set_ply(ply);
  s.refresh_outcome();
  return s;
}

double score_of(const SearchAgent& agent, const State& s, const char* move) {
  for (const auto& [m, score] : agent.last_scores())
    if (s.move_to_string(m) == move) return score;
  ADD_FAILURE() << move << " has no score";
  return 0;
}

// The best root score of the last choose, leaving out `except` when given.
double best_score(const SearchAgent& agent, const State& s, const char* except = nullptr) {
  double best = -1e9;
  for (const auto& [m, score] : agent.last_scores())
    if (!except || s.move_to_string(m) != except) best = std::max(best, score);
  return best;
}

}  // namespace

TEST(StrategoSearch, HuntsAPieceWeakerByElimination) {
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

TEST(StrategoEvaluation, AKnownTopPieceUncoversTheMovedPieces) {
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

TEST(StrategoEvaluation, TakingAHuntedPieceScoresMoreThanStandingNextToIt) {
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

TEST(StrategoSearch, ARootAttackOnAnUnknownPieceIsWeighedOverItsRanks) {
  // Red's Major may attack a10, which is Blue's Flag or a Bomb (j10 is the other). One world per search: as drawn, the
  // attack scores a win in one world and a lost Major in the other; weighed over the ranks the piece may have, it
  // scores the same whichever world was drawn, between the two.
  const State s = position({{"a1", 0, kFlag},
                            {"a9", 0, kMajor, kSeen},
                            {"e2", 0, kColonel, kSeen},
                            {"a10", 1, kBomb},
                            {"j10", 1, kFlag},
                            {"e6", 1, kScout, kSeen}});
  double low = 1e9, high = -1e9, drawn_low = 1e9, drawn_high = -1e9;
  for (std::uint64_t seed = 1; seed <= 8; ++seed) {
    SearchConfig config = fixed(100000, 1, 2);
    SearchAgent weighed(config, seed);
    weighed.choose(s);
    const double v = score_of(weighed, s, "a9xa10");
    low = std::min(low, v);
    high = std::max(high, v);
    config.stratify = false;
    SearchAgent drawn(config, seed);
    drawn.choose(s);
    const double d = score_of(drawn, s, "a9xa10");
    drawn_low = std::min(drawn_low, d);
    drawn_high = std::max(drawn_high, d);
  }
  EXPECT_LT(high - low, 1.0);              // only the root's small random tie-break differs
  EXPECT_GT(drawn_high - drawn_low, 500);  // the worlds drawn differ: a win in some, a lost Major in others
  EXPECT_GT(low, drawn_low + 100);
  EXPECT_LT(high, drawn_high - 100);
}

namespace {

// Red's Marshal, known to Blue, on e4; Blue's moved pieces on e6 and h8 are the Spy and a Scout, one chance in two
// each way for Red.
State marshal_beside_a_possible_spy() {
  return position({{"a1", 0, kFlag},
                   {"d1", 0, kSergeant},
                   {"e4", 0, kMarshal, kSeen},
                   {"e6", 1, kSpy, kMoved},
                   {"h8", 1, kScout, kMoved},
                   {"i10", 1, kBomb},
                   {"j10", 1, kFlag}});
}

}  // namespace

TEST(StrategoSearch, AKnownMarshalBesideAPossibleSpyIsWeighedOverItBeingTheSpy) {
  // Red's Marshal, known to Blue, may step e4-e5 beside Blue's moved piece on e6, which is the Spy or the Scout (h8 is
  // the other), one chance in two. One world per search: as drawn, the step costs only the evaluation's small
  // `spy_danger` in the worlds that put the Scout on e6 and the Marshal in the others; with `spy`, e6 is the Spy in every
  // world as often as the beliefs say, so the step scores the same whichever world was drawn, about half a Marshal
  // lower.
  const State s = marshal_beside_a_possible_spy();
  double low = 1e9, high = -1e9, gap = 1e9, drawn_gap = 1e9;
  for (std::uint64_t seed = 1; seed <= 8; ++seed) {
    SearchConfig config = fixed(100000, 1, 2);
    config.spy = 1;
    SearchAgent weighed(config, seed);
    weighed.choose(s);
    const double v = score_of(weighed, s, "e4-e5");
    low = std::min(low, v);
    high = std::max(high, v);
    gap = std::min(gap, best_score(weighed, s, "e4-e5") - v);
    config.spy = 0;
    SearchAgent drawn(config, seed);
    drawn.choose(s);
    drawn_gap = std::min(drawn_gap, best_score(drawn, s, "e4-e5") - score_of(drawn, s, "e4-e5"));
  }
  EXPECT_LT(high - low, 1.0);  // only the root's small random tie-break differs
  EXPECT_GT(gap, drawn_gap + 150);  // below the other moves by far more than where a world drew the Scout there
}

TEST(StrategoSearch, APieceLessLikelyTheSpyThanSuspectIsSearchedAsEachWorldDrewIt) {
  // The position above: e6 is the Spy one chance in two. With suspect=40 it is weighed, so the step beside it scores
  // the same whichever world was drawn; with suspect=60 it is below the bar, so the step scores exactly what it does
  // with spy=0, which differs from world to world.
  const State s = marshal_beside_a_possible_spy();
  auto step = [&](int spy, int bar, std::uint64_t seed) {
    SearchConfig config = fixed(100000, 1, 2);
    config.spy = spy;
    config.suspect = bar;
    SearchAgent agent(config, seed);
    agent.choose(s);
    return score_of(agent, s, "e4-e5");
  };
  double low = 1e9, high = -1e9, drawn_low = 1e9, drawn_high = -1e9;
  for (std::uint64_t seed = 1; seed <= 8; ++seed) {
    const double weighed = step(1, 40, seed), below = step(1, 60, seed), drawn = step(0, 2, seed);
    low = std::min(low, weighed);
    high = std::max(high, weighed);
    drawn_low = std::min(drawn_low, drawn);
    drawn_high = std::max(drawn_high, drawn);
    EXPECT_EQ(below, drawn) << "seed " << seed;
  }
  EXPECT_LT(high - low, 1.0);               // weighed: only the root's small random tie-break differs
  EXPECT_GT(drawn_high - drawn_low, 20.0);  // as drawn: the worlds differ
}

TEST(StrategoSearch, ATopPieceCountsOnlyPartOfAnUnmovedPiecesChanceOfBeingTheFlag) {
  // As above: a10 is Blue's Flag or a Bomb, one chance in two. With lure=25 a Major attacking it counts one eighth for
  // the Flag and seven eighths for a Bomb, so the attack scores far less, though still above a certain loss; a
  // Captain's attack is scored as before.
  for (int attacker : {kMajor, kCaptain}) {
    const State s = position({{"a1", 0, kFlag},
                              {"a9", 0, attacker, kSeen},
                              {"e2", 0, kColonel, kSeen},
                              {"a10", 1, kBomb},
                              {"j10", 1, kFlag},
                              {"e6", 1, kScout, kSeen}});
    double score[2];
    for (int lure : {100, 25}) {
      SearchConfig config = fixed(100000, 1, 2);
      config.lure = lure;
      SearchAgent agent(config, 3);
      agent.choose(s);
      score[lure == 25] = score_of(agent, s, "a9xa10");
    }
    if (attacker == kMajor) {
      EXPECT_LT(score[1], score[0] - 250);
      EXPECT_GT(score[1], -200);  // still a chance, not a certain loss
    } else {
      EXPECT_NEAR(score[1], score[0], 1.0);
    }
  }
}

TEST(StrategoSearch, WhenEveryMoveLosesTheNearestDefenderStillComes) {
  // Blue's known Captain stands beside Red's Flag on a1 (a2; b1 is a Bomb): inside every world Blue sees the Flag and
  // takes it next move, whatever Red does, so every root move scores the same loss. Blue does not know it (vixen's
  // Captain stood so for ten moves, strat 650 ahead). With `hope` Red's Major, the one piece that beats the Captain,
  // steps towards b2 beside it (c3-b3 or c3-c2) in every seed; without, the jitter picks among all of Red's moves.
  const State s = position({{"a1", 0, kFlag},
                            {"b1", 0, kBomb},
                            {"c3", 0, kMajor, kSeen},
                            {"e6", 0, kSergeant, kMoved},
                            {"g4", 0, kLieutenant, kMoved},
                            {"a2", 1, kCaptain, kSeen},
                            {"i10", 1, kBomb},
                            {"j10", 1, kFlag}});
  int towards = 0, towards_without = 0;
  for (std::uint64_t seed = 1; seed <= 4; ++seed) {
    SearchConfig config = fixed(20000, 2, 2);
    SearchAgent agent(config, seed);
    const std::string chosen = s.move_to_string(agent.choose(s));
    EXPECT_LT(best_score(agent, s), -900) << "every move loses";
    towards += chosen == "c3-b3" || chosen == "c3-c2";
    config.hope = false;
    SearchAgent blind(config, seed);
    const std::string guessed = s.move_to_string(blind.choose(s));
    towards_without += guessed == "c3-b3" || guessed == "c3-c2";
  }
  EXPECT_EQ(towards, 4);
  EXPECT_LT(towards_without, 4);
}

TEST(StrategoSearch, TheTranspositionTableKeepsTheChoices) {
  // The table only saves work: on a fixed depth, with and without it, the agent makes the same choices, move after
  // move, in games that went through every phase.
  Rng rng(41);
  int compared = 0;
  for (int trial = 0; trial < 4; ++trial) {
    State s = random_start(Config{}, rng);
    SearchConfig with = fixed(0, 2, 3), without = with;
    without.table = false;
    SearchAgent red(with, 9), red_without(without, 9), blue(with, 10);
    for (int ply = 0; ply < 40 && !s.outcome().over(); ++ply) {
      const bool red_turn = s.to_move() == 0;
      const Move m = red_turn ? red.choose(s) : blue.choose(s);
      if (red_turn) {
        EXPECT_EQ(s.move_to_string(m), s.move_to_string(red_without.choose(s))) << "trial " << trial << " ply " << ply;
        ++compared;
      }
      s.apply(m, nullptr);
    }
  }
  EXPECT_GE(compared, 60);
}

TEST(StrategoSearch, AnEnemyFlagItCannotSeeIsNoWin) {
  // Blue's known Marshal threatens Red's known General. Blue's other pieces never moved: one is the Flag, two are
  // Bombs, and Red cannot tell which. From i9 Red's Captain would stand next to all three, so in every world the search
  // draws, Red "attacks the Flag" with its second move; but below the root Red attacks only what it knows, so that
  // threat is not one: no line wins, and the General must step away (it did not while a threat on a Flag the player
  // cannot see counted as a win: every line scored about a win and the General was left to the Marshal).
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

TEST(StrategoEvaluation, TheEnemyFlagsPullIsTheSameInEveryWorld) {
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
  FlagField field;
  field.owner = 1;
  for (int q = 0; q < kCells; ++q)
    if (on_board(q))
      field.near[q] = field.open[q] =
          500 / (distance(q, test::at("h9")) + 1) + 500 / (distance(q, test::at("c10")) + 1);
  EXPECT_EQ(evaluate(world(true), 0, {&field}), evaluate(world(false), 0, {&field}));
  EXPECT_EQ(evaluate(world(true), 1, {&field}), evaluate(world(false), 1, {&field}));
  // Without the field, the world with the Flag next to the Miner is better for Red.
  EXPECT_GT(evaluate(world(true), 0), evaluate(world(false), 0));
}

TEST(StrategoEvaluation, AnUnknownPieceNearABombedInFlagMayBeAMiner) {
  // Red's Flag on a1 is closed in by its Bombs. A Blue piece Red does not know stands three squares away, and Blue
  // still has a Miner. In this world it is a Captain, but Red cannot tell: it is a threat unless a Red piece that beats
  // a Miner is as near to it. Once Red knows it is a Captain, it is none. The same whether the guard is counted in
  // squares or as a race in moves.
  auto cost = [](const char* guard, std::uint8_t intruder, bool raced) {
    const State s = position({{"a1", 0, kFlag},
                              {"a2", 0, kBomb},
                              {"b1", 0, kBomb},
                              {guard, 0, kSergeant, kMoved},
                              {"c2", 1, kCaptain, intruder},
                              {"j9", 1, kMiner},
                              {"j10", 1, kFlag}});
    const FlagRace race = flag_race(s.info(0));
    EvalContext wary, plain;
    plain.wary = false;
    wary.guard = plain.guard = 0;  // an exact race, as the Sergeant on c3 runs, is safe (guard=1 wants a move to spare)
    if (raced) wary.race = plain.race = &race;
    return evaluate(s, 0, plain) - evaluate(s, 0, wary);
  };
  for (bool raced : {false, true}) {
    EXPECT_GT(cost("h8", kMoved, raced), 50) << raced;
    EXPECT_EQ(cost("c3", kMoved, raced), 0) << raced;
    EXPECT_EQ(cost("h8", kSeen, raced), 0) << raced;
  }
}

TEST(StrategoEvaluation, TheFlagsGuardIsARaceInMoves) {
  // Red's Flag on c1 is closed in by Bombs on b1, d1 and c2. Blue's known Miner on f1 needs two moves to take d1 and a
  // third to take the Flag; Red's Lieutenant on c3 needs two moves (d3, d2) to stand next to d1 and take the Miner
  // there. With Red to move it arrives in time; with Blue to move it is one move late. Counted in squares (the
  // Lieutenant five from the Miner, the Miner three from the Flag) it was unguarded either way.
  auto score = [](int to_move, bool raced) {
    State s = position({{"c1", 0, kFlag},
                        {"b1", 0, kBomb},
                        {"d1", 0, kBomb},
                        {"c2", 0, kBomb},
                        {"c3", 0, kLieutenant, kMoved},
                        {"f1", 1, kMiner, kSeen},
                        {"j10", 1, kFlag}});
    s.set_side(to_move);
    const FlagRace race = flag_race(s.info(0));
    EvalContext context;
    if (raced) context.race = &race;
    return evaluate(s, 0, context);
  };
  EXPECT_GT(score(0, true) - score(1, true), 50);  // one move late, the Flag falls
  EXPECT_EQ(score(0, false), score(1, false));
  EXPECT_GT(score(0, true), score(0, false));
}

TEST(StrategoEvaluation, TheMarshalAndGeneralAreKeptFromTheEnemyFlagsPull) {
  // The enemy Flag pulls Red's pieces towards it, but with `reserve` not the Marshal or General: they are kept for the
  // board. A Miner still is.
  FlagField field;
  field.owner = 1;
  for (int q = 0; q < kCells; ++q)
    if (on_board(q)) field.near[q] = field.open[q] = 1000 / (distance(q, test::at("e10")) + 1);
  auto score = [&](const char* square, int rank, bool reserve) {
    const State s = position({{"a1", 0, kFlag}, {square, 0, rank, kMoved}, {"e10", 1, kFlag}, {"a10", 1, kScout}});
    EvalContext context;
    context.field = &field;
    context.reserve = reserve;
    return evaluate(s, 0, context);
  };
  for (int rank : {kMarshal, kGeneral}) {
    EXPECT_EQ(score("e8", rank, true), score("e5", rank, true)) << rank;
    EXPECT_GT(score("e8", rank, false), score("e5", rank, false)) << rank;
  }
  EXPECT_GT(score("e8", kMiner, true), score("e5", kMiner, true));
}

TEST(StrategoSearch, FarAheadTakingTheFlagStillBeatsKeepingTheLead) {
  // Red has nearly its whole army, Blue a Scout, a Bomb and its Flag, which Red's Miner on j9 can take now. The
  // evaluation of Red's lead passes 1000, what a win was worth (win=0), and the search kept the lead with a quiet move
  // instead of winning. A win is now worth more than the root's evaluation, so taking the Flag scores above every
  // other move (the quiet moves win a move later, which counts for less).
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
  for (int margin : {0, 1000}) {
    SearchConfig config = fixed(100000, 2, 2);
    config.win_margin = margin;
    SearchAgent agent(config, 1);
    const std::string move = s.move_to_string(agent.choose(s));
    const double best_other = best_score(agent, s, "j9xj10");
    if (margin == 0) {
      EXPECT_GT(best_other, score_of(agent, s, "j9xj10")) << "the lead no longer passes a fixed win: rebuild the test";
    } else {
      EXPECT_EQ(move, "j9xj10");
      EXPECT_GT(score_of(agent, s, "j9xj10"), best_other);
    }
  }
}

TEST(StrategoSearch, ARootMoveThatLosesTheFlagCountsBelowTheWindow) {
  // Blue's known Miner on b3 takes the Bomb on b2 and then Red's Flag on b1 unless Red's Captain on c2 takes it on b2.
  // Every other move of Red's is quiet and about as good as the next. Each world's search gives the root moves a
  // window just below its best move; with soft=0 a move below the window counted at the window's edge, so c2-c3,
  // which loses the Flag in every world, averaged about as well as the quiet moves (each world's best was another
  // one). With soft=1 it counts at what its search found: far below them.
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
  for (int soft : {0, 1}) {
    SearchConfig config = fixed(400000, 8, 2);
    config.soft = soft;
    SearchAgent agent(config, 3);
    const std::string move = s.move_to_string(agent.choose(s));
    const double best = best_score(agent, s);
    if (soft) {
      EXPECT_NE(move, "c2-c3");
      EXPECT_LT(score_of(agent, s, "c2-c3"), best - 300);
    } else {
      EXPECT_GT(score_of(agent, s, "c2-c3"), best - 61) << "the window's edge no longer hides the loss: rebuild it";
    }
  }
}

TEST(StrategoEvaluation, AFlagGuardWithNoMoveToSpareStillCosts) {
  // Red's Flag on b1 is closed in by Bombs; Blue's unknown piece on b5 may be a Miner: three moves take it onto the
  // Bomb on b2, the fourth takes the Flag. Red's Captain on d2 needs three moves to stand beside b2, exactly in time
  // with Red to move; on c3 it needs one and has moves to spare; on j2 it is far too late. With guard=1 the exactly-in-
  // time guard costs half the danger (the search put that defence off move after move until a second threat took its
  // one move), and the guard weighs more while Red leads; with guard=0 an exact race was as safe as a spare move.
  auto score = [](const char* captain, int guard, int rank = kCaptain) {
    const State s = position({{"b1", 0, kFlag},
                              {"a1", 0, kBomb},
                              {"c1", 0, kBomb},
                              {"b2", 0, kBomb},
                              {captain, 0, rank, kMoved},
                              {"j5", 0, kMarshal, kMoved},
                              {"i4", 0, kGeneral, kMoved},
                              {"j4", 0, kColonel, kMoved},
                              {"b5", 1, kMiner, kMoved},
                              {"j10", 1, kFlag}});
    const FlagRace race = flag_race(s.info(0));
    EvalContext context;
    context.race = &race;
    context.guard = guard;
    return evaluate(s, 0, context);
  };
  for (int guard : {1, 2}) {
    EXPECT_EQ(score("c3", guard), score("c3", 0));  // a move to spare: no danger either way
    EXPECT_GT(score("d2", 0) - score("d2", guard), 30);  // exactly in time
    EXPECT_GT(score("j2", 0) - score("j2", guard), 50);  // too late: the danger grows with Red's lead
    EXPECT_GT(score("d2", guard) - score("j2", guard), 50);  // and exactly in time is still better than too late
  }
  // guard=2: one move late (e2) leaves 70% of the danger where guard=1 leaves all of it; far too late, all of it.
  EXPECT_GT(score("e2", 2) - score("e2", 1), 20);
  EXPECT_EQ(score("j2", 2), score("j2", 1));
  // guard=2: a Miner with moves to spare guards against a Miner (both die); guard=1 wants a piece that beats it.
  EXPECT_GT(score("c3", 2, kMiner) - score("c3", 1, kMiner), 50);
}

TEST(StrategoSearch, TheEnemyDoesNotKnowWhichUnmovedPieceIsTheFlag) {
  // Blue's known Major stands beside Red's Flag on a1; Red has a Bomb and other pieces that never moved, so Blue cannot
  // tell which is the Flag, and its Majors do not test unmoved pieces. Inside a world Blue saw the Flag: with fog=0
  // every root move lost it (the choice was noise: a General walked onto a known Bomb). With fog the search plays on:
  // the Colonel steps next to the Major, which has nowhere to go, and takes it.
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
    SearchConfig blind = fixed(200000, 4, 3);
    blind.fog = 0;
    SearchAgent seen(blind, seed), fogged(fixed(200000, 4, 3), seed);
    seen.choose(s);
    EXPECT_LT(best_score(seen, s), -500) << "seed " << seed;
    EXPECT_EQ(s.move_to_string(fogged.choose(s)), "b3-b2") << "seed " << seed;
    EXPECT_GT(best_score(fogged, s), -500) << "seed " << seed;
    EXPECT_GT(score_of(fogged, s, "b3-b2"), score_of(fogged, s, "h4-h3") + 30) << "seed " << seed;
  }
}

TEST(StrategoSearch, AnEnemyThatTestedUnmovedPiecesMayTestTheFlag) {
  // Blue's known Major on b2 stands next to Red's unmoved Sergeant on b1, beside Red's Flag on a1. Red plays elsewhere;
  // the Major takes the Sergeant (a top piece testing a piece that might have been a Bomb) and now stands beside the
  // Flag, which nothing of Red's can save. With fog=4 the search has seen that test and knows the Major may take the
  // Flag next; with fog=1, or without the history (a fresh agent), it still thinks the Major does not test unmoved
  // pieces (celsius1.1's General took five of strat's unmoved pieces in a row, then the Flag). With fog=5 it may take
  // the Flag in the worlds that guess it.
  const State before = position({{"a1", 0, kFlag},
                                 {"b1", 0, kSergeant},
                                 {"a2", 0, kBomb},
                                 {"c1", 0, kBomb},
                                 {"h4", 0, kLieutenant, kMoved},
                                 {"b2", 1, kMajor, kSeen},
                                 {"j10", 1, kFlag},
                                 {"i10", 1, kBomb},
                                 {"h10", 1, kScout}});
  auto after_the_test = [&](int fog, bool history) {
    SearchConfig config = fixed(200000, 4, 3);
    config.fog = fog;
    SearchAgent agent(config, 1);
    State s = before;
    const Move ours = agent.choose(s);
    EXPECT_EQ(s.move_to_string(ours).substr(0, 2), "h4");
    s.apply(ours, nullptr);
    test::play(s, "b2xb1");
    if (!history) agent = SearchAgent(config, 1);
    agent.choose(s);
    EXPECT_EQ(agent.evidence().bold_unmoved(), history ? 1 : 0);
    return best_score(agent, s);
  };
  // Red is behind on material anyway (about -590 in all three); losing the Flag is worth far more.
  const double tested = after_the_test(4, true);
  EXPECT_LT(tested, after_the_test(4, false) - 500);
  EXPECT_LT(tested, after_the_test(1, true) - 500);
  // fog=5: the tester guesses which of the three unmoved pieces near it is the Flag, one guess per world: it finds the
  // Flag in some worlds, not in all.
  const double guessing = after_the_test(5, true);
  EXPECT_LT(guessing, after_the_test(5, false) - 100);
  EXPECT_GT(guessing, tested + 300);
}

TEST(StrategoSearch, AnEnemyWithOnlyTopPiecesLeftTestsUnmovedPieces) {
  // Blue's known Marshal on g1 is two moves from Red's Flag on e1 (f1, then e1); Red's Marshal on f3 keeps it off by
  // stepping to f2 (a Marshal that comes to f1 is then traded, and Blue, left with nothing that moves, loses). While
  // Blue has a lower piece to probe with, its Marshal does not test Red's unmoved pieces, the Flag among them (fog), and
  // walking away costs little. With nothing below a Major left Blue must test with its Marshal: walking away loses the
  // Flag (asmodeus's lone Marshal took strat's so).
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

TEST(StrategoSearch, TheEnemysTopPiecesTakeAMovedPieceOnlyWhenTheyCannotLose) {
  // Red's Captain on e5 moved and is unknown; Blue's known General stands beside it. While Red's Marshal is unknown too,
  // Blue cannot know the Captain is no Marshal: with fog=2 its General does not take it below the root (the tournament
  // bots attack only what cannot beat them), so leaving it there costs little; fog=1 let the General take it in every
  // world. Once Red's Marshal is known, the Captain cannot beat the General and both take it.
  auto scores = [](int fog, std::uint8_t marshal) {
    const State s = position({{"a1", 0, kFlag},
                              {"b1", 0, kBomb},
                              {"e5", 0, kCaptain, kMoved},
                              {"a4", 0, kMarshal, marshal},
                              {"j2", 0, kScout, kMoved},
                              {"e6", 1, kGeneral, kSeen},
                              {"j10", 1, kFlag},
                              {"i10", 1, kBomb}});
    SearchConfig config = fixed(200000, 2, 2);
    config.fog = fog;
    SearchAgent agent(config, 1);
    agent.choose(s);
    return score_of(agent, s, "j2-j3");
  };
  EXPECT_GT(scores(2, kMoved) - scores(1, kMoved), 30);
  EXPECT_EQ(scores(2, kSeen), scores(1, kSeen));
}

TEST(StrategoEvaluation, AFlagGuardsWayCountsItsOwnPiecesInTheWay) {
  // Red's Flag on c1 is open on b1. Blue's known Captain on a3 needs three moves to stand on b1. Red's Marshal on b4
  // is two moves from b2, beside b1, but Red's own Miners stand on b3 and b2: each must step aside first, and the way
  // round by a1 takes four moves too, so the Marshal is late (stratego-v1 took the Flag so, the search three plies
  // deep). Without the Miners it is in time either way.
  auto score = [](bool miners, bool blockers) {
    std::vector<Put> pieces = {{"c1", 0, kFlag},          {"c2", 0, kBomb},     {"d1", 0, kBomb},
                               {"b4", 0, kMarshal, kMoved}, {"a3", 1, kCaptain, kSeen}, {"j10", 1, kFlag}};
    State s(Config{});
    for (const Put& p : pieces) s.put(test::at(p.square), p.owner, p.rank, p.flags);
    if (miners) {
      s.put(test::at("b3"), 0, kMiner, kMoved);
      s.put(test::at("b2"), 0, kMiner);
    }
    s.set_side(0);
    s.set_ply(60);
    s.refresh_outcome();
    const FlagRace race = flag_race(s.info(0), blockers);
    EvalContext context;
    context.race = &race;
    return evaluate(s, 0, context);
  };
  EXPECT_GT(score(true, false) - score(true, true), 50);
  EXPECT_EQ(score(false, false), score(false, true));
}

TEST(StrategoEvaluation, AFlagGuardNeverPostsOnASquareItCannotReach) {
  // Red's Flag on a1 behind Bombs on a2, b1, a3 and b3. The one square beside the exit a2 that is no Bomb, b2, holds
  // Red's own Scout, which cannot move (Bombs on three sides, Red's Sergeant on c2), or a known Blue Colonel: no
  // defender gets there. Blue's known Miner on a6 walks down the a-file at the Bombs (peternlewis took strat's Flag so,
  // strat far ahead). With block=2 the post is a4, beside the Bomb on a3: Red's Major needs six moves to get there from
  // d2 (late) and three from c4. With block=1 it "guards" from b2, through c2, about as well from either square. A
  // Lieutenant boxed in on b2 beats the Miner from where it stands: there the Major's square matters as little as
  // with block=1.
  auto score = [](const char* major, int blockers, int b2_owner, int b2_rank) {
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
    s.put(test::at("b2"), b2_owner, b2_rank, b2_owner == 0 ? 0 : kSeen);
    const FlagRace race = flag_race(s.info(0), blockers);
    EvalContext context;
    context.race = &race;
    context.home = false;  // the race alone
    return evaluate(s, 0, context);
  };
  auto home_pays = [&](int blockers, int b2_owner, int b2_rank) {
    return score("c4", blockers, b2_owner, b2_rank) - score("d2", blockers, b2_owner, b2_rank);
  };
  for (const auto& [owner, rank] : {std::pair{0, +kScout}, std::pair{1, +kColonel}}) {
    SCOPED_TRACE(rank);
    EXPECT_GT(home_pays(2, owner, rank), 50);
    EXPECT_GT(home_pays(2, owner, rank) - home_pays(1, owner, rank), 50);
  }
  EXPECT_LT(std::abs(home_pays(2, 0, kLieutenant) - home_pays(1, 0, kLieutenant)), 10);
}

TEST(StrategoEvaluation, ARaceNoDefenderWinsWeighsLikeTheGameWithLost) {
  // Red's Flag on a1 behind Bombs on a2 and b1; Blue's piece on a5 is three moves from the exit a2 (a Miner takes the
  // Bomb). Red's General on j9 is far too late, on b4 in time. With lost=900 the race a Miner wins costs 900*2/4 = 450
  // where the guard's share alone is (300 + lead/2)/4, about 100 (vixen's Miner came so while strat's General took a
  // Colonel, the race at the guard's share worth less than the Colonel). It counts only what the piece is in the world
  // evaluated: an unknown Scout, a Miner to `wary`, keeps the guard's share and no more.
  // The race alone (no guard at home), with `lost` at the price given.
  auto race_only = [](const State& s, int lost) {
    const FlagRace race = flag_race(s.info(0), 2);
    EvalContext context;
    context.race = &race;
    context.home = false;
    context.lost = lost;
    return evaluate(s, 0, context);
  };
  auto score = [&](const char* general, int blue_rank, std::uint8_t blue_flags, int lost) {
    return race_only(position({{"a1", 0, kFlag},
                               {"a2", 0, kBomb},
                               {"b1", 0, kBomb},
                               {general, 0, kGeneral, kMoved},
                               {"a5", 1, blue_rank, blue_flags},
                               {"i10", 1, kMiner},  // Blue has a Miner (far off): `wary` takes a5 for one
                               {"j10", 1, kFlag}}),
                     lost);
  };
  auto lost_costs = [&](const char* general, int blue_rank, std::uint8_t blue_flags) {
    return score(general, blue_rank, blue_flags, 0) - score(general, blue_rank, blue_flags, 900);
  };
  EXPECT_GT(lost_costs("j9", kMiner, kMoved | kSeen), 300);
  EXPECT_GT(lost_costs("j9", kMiner, kMoved), 300);
  EXPECT_EQ(lost_costs("j9", kScout, kMoved), 0);
  EXPECT_GT(score("j9", kScout, kMoved, 900), score("b4", kScout, kMoved, 900));  // wary's share stays
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
    return race_only(s, 0) - race_only(s, 900);
  };
  EXPECT_GT(open_costs(kColonel), 300);
  EXPECT_EQ(open_costs(kMarshal), 0);
}

TEST(StrategoEvaluation, AnExitClosedByBombsIsGuardedBeforeTheBombs) {
  // Red's Flag on j1 in the corner: Bombs on i1 and j2, and i2 and h1 behind them. Every other neighbour of the exit i1
  // is a Bomb or the Flag, so no defender can stand next to it; a Miner coming that way stands on h1 or i2 first, and a
  // defender next to those (on h2, say) takes it there. Blue's unknown piece on i6, which may be a Miner, needs five
  // moves either way. Counted only next to the exits (closed=0), the exit i1 could not be guarded, and Red's General
  // was worth as much far away as at home.
  auto score = [](const char* general, bool closed) {
    const State s = position({{"j1", 0, kFlag},
                              {"i1", 0, kBomb},
                              {"j2", 0, kBomb},
                              {"i2", 0, kBomb},
                              {"h1", 0, kBomb},
                              {general, 0, kGeneral, kMoved},
                              {"i6", 1, kMiner, kMoved},
                              {"j10", 1, kFlag}});
    const FlagRace race = flag_race(s.info(0), true, closed);
    EvalContext context;
    context.race = &race;
    context.home = false;  // no guard at home: the race alone
    return evaluate(s, 0, context);
  };
  EXPECT_GT(score("h3", true) - score("a4", true), 50);
  EXPECT_EQ(score("h3", false), score("a4", false));
}

TEST(StrategoEvaluation, AGuardStaysHomeAndAScoutsRunIsOneMove) {
  // Red's Flag on e1 is open on d1 and f1; Blue has a Miner far away on e9. No intruder is within the race's reach, yet
  // with `home` Red's Lieutenant on e8, six moves from beside an exit (and the Marshal on j5 farther still), costs
  // more than on e3, two moves from it. Blue's known Scout on a1 has an open line to d1: with `home` it is one move from
  // the exit, not three, and the danger it brings is much greater.
  auto score = [](const char* lieutenant, bool home, const char* scout = nullptr) {
    State s = position({{"e1", 0, kFlag},
                        {"e2", 0, kBomb},
                        {lieutenant, 0, kLieutenant, kMoved},
                        {"j5", 0, kMarshal, kMoved},
                        {"e9", 1, kMiner, kMoved},
                        {"j10", 1, kFlag}});
    if (scout) s.put(test::at(scout), 1, kScout, kSeen);
    const FlagRace race = flag_race(s.info(0));
    EvalContext context;
    context.race = &race;
    context.home = home;
    return evaluate(s, 0, context);
  };
  EXPECT_GE((score("e3", true) - score("e8", true)) - (score("e3", false) - score("e8", false)), 10);
  EXPECT_LT(score("j8", true, "a1"), score("j8", false, "a1") - 100);
}

TEST(StrategoEvaluation, AMovedPieceThatLosesToAHunterWhateverItIsIsHunted) {
  // Blue's Marshal and General are gone; its piece on j9 moved and Red does not know it, but every rank a moved Blue
  // piece may have is a Colonel or lower (sweep = 8). With `sweep` Red's Marshal (and General) is drawn towards it as
  // towards a known piece; Red's Captain, which some of those ranks beat, is not; without `sweep` neither is.
  auto score = [](int rank, const char* square, bool sweep) {
    State s = position({{"a1", 0, kFlag},
                        {square, 0, rank, kMoved},
                        {"j9", 1, kCaptain, kMoved},
                        {"a10", 1, kFlag},
                        {"b10", 1, kColonel}});
    EvalContext context;
    context.reserve = true;
    if (sweep) context.sweeper = 0, context.sweep = kColonel;
    return evaluate(s, 0, context);
  };
  EXPECT_GT(score(kMarshal, "i6", true) - score(kMarshal, "c5", true), 5);
  EXPECT_EQ(score(kMarshal, "i6", false), score(kMarshal, "c5", false));
  EXPECT_EQ(score(kCaptain, "i6", true) - score(kCaptain, "c5", true),
            score(kCaptain, "i6", false) - score(kCaptain, "c5", false));
}

TEST(StrategoEvaluation, AFlagWalledInByBombsPullsOnlyMiners) {
  // Blue's unmoved pieces: a10, walled in by its known Bombs on b10 and a9, and j10, open. Either may be the Flag. With
  // `walled` the square a10 pulls Red's Miner as much as ever but Red's Captain not at all (only a Miner gets through
  // there), so the Captain prefers the way to j10; without it, to a10, the likelier Flag (Bombs beside it).
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
  ASSERT_GT(beliefs.at(test::at("a10"))[kFlag], 0.1);
  ASSERT_GT(beliefs.at(test::at("j10"))[kFlag], 0.1);
  const FlagField walled = flag_field(beliefs, 1, true), plain = flag_field(beliefs, 1, false);
  for (int q = 0; q < kCells; ++q) {
    if (!on_board(q)) continue;
    EXPECT_EQ(walled.near[q], plain.near[q]);
    EXPECT_EQ(plain.open[q], plain.near[q]);
    EXPECT_LE(walled.open[q], walled.near[q]);
  }
  // Next to a10 the open pull is j10's alone, far away: far less.
  EXPECT_LT(walled.open[test::at("a8")] * 2, walled.near[test::at("a8")]);
  auto score = [&](const FlagField& field, const char* square, int rank) {
    EvalContext context;
    context.field = &field;
    return evaluate(with(square, rank), 0, context);
  };
  EXPECT_GT(score(walled, "j8", kCaptain), score(walled, "a8", kCaptain));
  EXPECT_LT(score(plain, "j8", kCaptain), score(plain, "a8", kCaptain));
  EXPECT_EQ(score(walled, "j8", kMiner) - score(walled, "a8", kMiner),
            score(plain, "j8", kMiner) - score(plain, "a8", kMiner));
}

TEST(StrategoEvaluation, TheSideAheadGainsByTradingDown) {
  // Red is a Marshal ahead. With `trade` the lead counts more once material has left the board: without the two
  // Colonels (an even trade) Red's gain is larger, and Blue's, behind, the more negative; without `trade` an even trade
  // changes nothing but the Colonels' own terms.
  auto gain = [](bool colonels, int player) {
    State s = position({{"a1", 0, kFlag},
                        {"e4", 0, kMarshal, kSeen},
                        {"j10", 1, kFlag},
                        {"a9", 1, kSergeant, kSeen}});
    if (colonels) s.put(test::at("c2"), 0, kColonel, kSeen), s.put(test::at("h9"), 1, kColonel, kSeen);
    EvalContext with, without;
    with.trade = 100;
    return evaluate(s, player, with) - evaluate(s, player, without);
  };
  EXPECT_GT(gain(true, 0), 0);
  EXPECT_GT(gain(false, 0), gain(true, 0));
  EXPECT_EQ(gain(false, 1), -gain(false, 0));
  EXPECT_LT(gain(false, 1), gain(true, 1));
}

TEST(StrategoEvaluation, AheadTheNearestMinerIsDrawnToTheEnemyFlagFromAfar) {
  // Blue's Flag is one of its two unmoved pieces on a10 and b10, and Blue has Bombs. Red's Miner stands on j1 or, four
  // squares nearer, on f1, far from both. A Marshal ahead, with `escort` Red scores the nearer Miner clearly better
  // than without it (the field's 1/(d+1) is flat far away); behind (Blue has a Marshal and a General), no better.
  auto score = [](const char* miner, bool ahead, bool escort) {
    State s = position({{"a1", 0, kFlag},
                        {miner, 0, kMiner, kMoved},
                        {"j5", 0, kMarshal, kSeen},
                        {"a10", 1, kFlag},
                        {"b10", 1, kBomb},
                        {"h9", 1, kBomb, kKnown}});
    if (!ahead) s.put(test::at("e8"), 1, kMarshal, kSeen), s.put(test::at("d8"), 1, kGeneral, kSeen);
    const FlagField field = flag_field(Beliefs(s.info(0)), 1, true, escort);
    EvalContext context;
    context.field = &field;
    return evaluate(s, 0, context);
  };
  const int escorted = score("f1", true, true) - score("j1", true, true);
  const int plain = score("f1", true, false) - score("j1", true, false);
  EXPECT_GE(escorted - plain, 15);
  EXPECT_EQ(score("f1", false, true) - score("j1", false, true), score("f1", false, false) - score("j1", false, false));
}

TEST(StrategoEvaluation, WithFewEnemyPiecesLeftAnIntruderCountsFromFarther) {
  // Red's Flag on a1 has one way in, a2 (b1 is a Bomb). Blue's known Colonel on e7 is nine moves from a2, beyond the
  // race's six; only Red's General beats it. With `far` and Blue down to that Colonel, Red scores its General on b3
  // (in time) well above on j9 (far too late), where without `far` only the guard at home tells the two apart. With
  // twelve pieces Blue can still move, `far` changes nothing: the reach stays six moves.
  auto score = [](const char* general, bool far, bool many) {
    State s = position({{"a1", 0, kFlag},
                        {"b1", 0, kBomb},
                        {general, 0, kGeneral, kSeen},
                        {"j1", 0, kMajor, kSeen},
                        {"j2", 0, kMajor, kSeen},
                        {"e7", 1, kColonel, kSeen},
                        {"j10", 1, kFlag}});
    if (many)
      for (const char* q : {"a10", "b10", "c10", "d10", "e10", "f10", "g10", "h10", "i10", "a9", "b9"})
        s.put(test::at(q), 1, kScout, kSeen);
    const FlagRace race = flag_race(s.info(0));
    EvalContext context;
    context.race = &race;
    context.far = far;
    return evaluate(s, 0, context);
  };
  const int with = score("b3", true, false) - score("j9", true, false);
  const int without = score("b3", false, false) - score("j9", false, false);
  EXPECT_GE(with - without, 30);
  EXPECT_EQ(score("b3", true, true), score("b3", false, true));
  EXPECT_EQ(score("j9", true, true), score("j9", false, true));
}

namespace {

// A move of the chased piece along the a-file that is not an attack.
bool flight(const std::string& m) { return m[0] == 'a' && m.find('x') == std::string::npos; }

// Red's piece on a4 chased by Blue's piece on b4 along the b-file; Red's own Bombs on c3 and c4 (and the lake above)
// wall the file off from Red's Marshal, and Blue's Bomb on a6 ends the a-file. Every move that is not the flight lets
// the chaser take the piece. Red's moves, the chaser following beside the fleeing piece after each flight, until Red
// does something else or `turns` have passed.
std::vector<std::string> chased(const SearchConfig& config, int fleeing, int chaser, std::uint8_t chaser_flags,
                                int turns) {
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
  SearchAgent agent(config, 7);
  std::vector<std::string> red;
  for (int turn = 0; turn < turns; ++turn) {
    const Move m = agent.choose(s);
    red.push_back(s.move_to_string(m));
    s.apply(m, nullptr);
    if (!flight(red.back())) break;
    const int piece = test::at(red.back().substr(3).c_str());
    const int follower = [&] {
      for (const char* q : {"b3", "b4", "b5", "b6"})
        if (s.is_piece(test::at(q)) && s.owner_at(test::at(q)) == 1) return test::at(q);
      return -1;
    }();
    if (follower < 0 || row_of(follower) == row_of(piece)) break;
    const int to = follower + (row_of(piece) > row_of(follower) ? kWidth : -kWidth);
    s.apply(Move{static_cast<std::uint8_t>(follower), static_cast<std::uint8_t>(to)}, nullptr);
  }
  return red;
}

}  // namespace

TEST(StrategoSearch, AChasedPieceDoesNotGoRoundTheSameSquaresForever) {
  // Red's known Major chased by Blue's known General (chased() above): a search alone flees a3, a4, a5, a4, a3, ... for
  // as long as Blue follows (the draws against ramen at the ply limit). With `loop`, a flight into a position Red
  // already left twice costs enough that Red does something else (at this depth, giving the Major up on the General or
  // moving the Marshal).
  auto play = [](int loop) {
    SearchConfig config = fixed(40000, 2, 3);
    config.loop = loop;
    return chased(config, kMajor, kGeneral, kSeen, 12);
  };
  const auto fleeing = play(0);
  ASSERT_EQ(fleeing.size(), 12u);
  for (const auto& m : fleeing) EXPECT_TRUE(flight(m)) << m;
  const auto breaking = play(150);
  EXPECT_LT(breaking.size(), 12u);
  EXPECT_FALSE(flight(breaking.back())) << breaking.back();
}

TEST(StrategoSearch, AChaseByAnUnknownPieceOrForAPieceWorthMoreThanTheCostEndsWithChase) {
  // The chase above, with a chaser Red never saw fight (asmodeus's Marshal, never revealed, followed strat's Colonel
  // round three squares for 1,300 plies) or with a fleeing General worth more than one `loop` (its flight stays best at
  // one cost; with `chase` every further repeat costs once more, down to the draw; with `grow`, from a later repeat).
  for (const auto& [fleeing, chaser, flags] :
       {std::tuple{kMajor, kGeneral, kMoved}, std::tuple{kGeneral, kMarshal, kSeen}}) {
    SearchConfig config = fixed(40000, 2, 3);
    config.chase = 0;
    const auto without = chased(config, fleeing, chaser, flags, 24);
    ASSERT_EQ(without.size(), 24u) << int{fleeing};
    for (const auto& m : without) EXPECT_TRUE(flight(m)) << m;
    config.chase = 50;
    config.grow = 2;  // stop 36's growth, from the second repeat
    const auto with = chased(config, fleeing, chaser, flags, 24);
    EXPECT_LT(with.size(), 24u) << int{fleeing};
    EXPECT_FALSE(flight(with.back())) << with.back();
    // A later start of the growth (grow=6): the General flees longer, and still gives up within twice as many turns.
    config.grow = 6;
    const auto later = chased(config, fleeing, chaser, flags, 48);
    EXPECT_FALSE(flight(later.back())) << later.back();
    EXPECT_LT(later.size(), 48u) << int{fleeing};
    if (fleeing == kGeneral) {
      EXPECT_GT(later.size(), with.size() + 4);
    }
  }
}
