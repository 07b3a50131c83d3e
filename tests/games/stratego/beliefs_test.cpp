// Beliefs about hidden enemy ranks (src/games/stratego/beliefs.hpp): built from an Info alone, consistent with every
// public fact, counts exact; the belief-weighted sampler only draws armies consistent with every observation. The
// evidence of behaviour (evidence.hpp) weighs them: approaches and retreats next to a piece the enemy knows.
#include "games/stratego/beliefs.hpp"

#include <gtest/gtest.h>

#include <cmath>
#include <tuple>
#include <vector>

#include "ai/random_agent.hpp"
#include "helpers.hpp"

using namespace strat;
using namespace strat::stratego;
using namespace strat::stratego::test;

namespace {

// Checks every fact of the beliefs against the Info they were made from; "" when all hold.
std::string belief_errors(const Beliefs& b) {
  const Info& info = b.info();
  const Army pool = info.unknown_enemy_ranks();
  const auto sum = b.expected_counts();
  for (int r = 1; r < kRanks; ++r)
    if (std::abs(sum[r] - pool[r]) > 1e-6)
      return "rank " + rank_code(r) + ": expected " + std::to_string(sum[r]) + ", unplaced " + std::to_string(pool[r]);
  for (int q : b.unknown()) {
    double total = 0;
    for (int r = 1; r < kRanks; ++r) {
      const double p = b.at(q)[r];
      if (p < 0) return "negative belief on " + square_str(q);
      if (p > 0 && pool[r] == 0) return "a rank with none left on " + square_str(q);
      if (p > 0 && (info.cell(q) & kMoved) && !movable(r))
        return "moved piece on " + square_str(q) + " may be " + rank_code(r);
      total += p;
    }
    if (std::abs(total - 1) > 1e-6) return "beliefs on " + square_str(q) + " add up to " + std::to_string(total);
  }
  return "";
}

// What the sample must share with the truth, as `player` sees it; "" when it does.
std::string sample_errors(const State& truth, const State& sample, int player) {
  if (sample.view_string(player) != truth.view_string(player)) return "the sample looks different to the player";
  for (int p = 0; p < 2; ++p)
    for (int r = 1; r < kRanks; ++r)
      if (sample.alive(p, r) != truth.alive(p, r)) return "alive counts differ for rank " + rank_code(r);
  for (int q = 0; q < kCells; ++q) {
    if (!sample.is_piece(q)) continue;
    if ((sample.cell(q) & kMoved) && !movable(sample.rank_at(q))) return "a moved " + rank_code(sample.rank_at(q));
    if (sample.owner_at(q) == player && sample.rank_at(q) != truth.rank_at(q)) return "own piece changed";
  }
  return "";
}

Move first_step(const State& s, bool forward_only) {
  std::vector<Move> moves;
  s.legal_moves(moves);
  for (const Move& m : moves) {
    const int step = std::abs(m.to - m.from);
    const bool forward = s.to_move() == 0 ? m.to > m.from : m.to < m.from;
    if (step == kWidth && (forward || !forward_only) && !s.is_piece(m.to)) return m;
  }
  return moves.at(0);
}

}  // namespace

TEST(StrategoBeliefs, APieceThatMovedIsNeverABombOrTheFlag) {
  Rng rng(3);
  State s = random_start(Config{}, rng);
  s.apply(first_step(s, true), nullptr);  // Red
  const Move blue = first_step(s, true);
  s.apply(blue, nullptr);
  const Beliefs b(s.info(0));
  ASSERT_EQ(belief_errors(b), "");
  EXPECT_EQ(b.at(blue.to)[kBomb], 0.0);
  EXPECT_EQ(b.at(blue.to)[kFlag], 0.0);
  // Unmoved pieces keep the human priors: the Flag is far likelier on Blue's back row than on its front row.
  double back = 0, front = 0;
  for (int col = 0; col < 10; ++col) {
    back += b.at(sq(col, 9))[kFlag];
    front += b.at(sq(col, 6))[kFlag];
  }
  EXPECT_NEAR(
      back + front +
          [&] {
            double mid = 0;
            for (int col = 0; col < 10; ++col) mid += b.at(sq(col, 7))[kFlag] + b.at(sq(col, 8))[kFlag];
            return mid;
          }(),
      1.0, 1e-6);
  EXPECT_GT(back, 0.6);
  EXPECT_LT(front, 0.05);
  // Every sample agrees.
  for (int i = 0; i < 50; ++i) {
    const State w = b.sample(rng);
    EXPECT_TRUE(movable(w.rank_at(blue.to)));
  }
}

TEST(StrategoBeliefs, APieceThatMovedTwoSquaresIsAScout) {
  // Blue's piece on e8 moves to e6: only a Scout can (S-25), and the move tells Red so.
  State s = make(with_flags({{"a2", 0, kMarshal},
                             {"b1", 0, kBomb},
                             {"e8", 1, kScout},
                             {"f9", 1, kSergeant},
                             {"g9", 1, kBomb},
                             {"h9", 1, kScout}}),
                 1);
  play(s, "e8-e6");
  const Info info = s.info(0);
  EXPECT_EQ(info.cell(at("e6")) & kRankMask, kScout);
  const Beliefs b(info);
  ASSERT_EQ(belief_errors(b), "");
  for (int q : b.unknown()) EXPECT_NE(q, at("e6"));
  // The other Scout is now the only one unplaced: with one Scout, one Sergeant, one Bomb and the Flag left for the
  // four unknown pieces, the counts say so.
  const auto counts = b.expected_counts();
  EXPECT_NEAR(counts[kScout], 1.0, 1e-6);
  EXPECT_NEAR(counts[kFlag], 1.0, 1e-6);
  Rng rng(5);
  for (int i = 0; i < 20; ++i) EXPECT_EQ(b.sample(rng).rank_at(at("e6")), kScout);
}

TEST(StrategoBeliefs, CountsStayConsistentAfterEveryRevealAndRemoval) {
  // Random games: after every combat (a reveal, one or two removals) both players' beliefs are refitted to what is
  // left, and every fact holds.
  for (std::uint64_t seed = 1; seed <= 6; ++seed) {
    Rng rng(seed);
    State s = random_start(Config{}, rng);
    RandomAgent<State> walker(seed);
    int combats = 0;
    while (!s.outcome().over() && s.ply() < 600) {
      Events events;
      s.apply(walker.choose(s), &events);
      if (events.empty() || events[0].rfind("reveal", 0) != 0) continue;
      ++combats;
      for (int p = 0; p < 2; ++p)
        ASSERT_EQ(belief_errors(Beliefs(s.info(p))), "") << "seed " << seed << " ply " << s.ply();
    }
    EXPECT_GT(combats, 5);
  }
}

TEST(StrategoBeliefs, SamplesAreConsistentWithEveryObservationOver1000RandomGames) {
  Config barrage;
  barrage.barrage = true;
  int checked = 0;
  for (std::uint64_t game = 0; game < 1000; ++game) {
    Rng rng(1000 + game);
    const Config& config = game % 4 == 3 ? barrage : Config{};
    State s = random_start(config, rng);
    RandomAgent<State> walker(game);
    const int plies = static_cast<int>(rng.below(200));
    for (int i = 0; i < plies && !s.outcome().over(); ++i) s.apply(walker.choose(s), nullptr);
    if (s.outcome().over()) continue;
    const int player = s.to_move();
    const Beliefs b(s.info(player));
    ASSERT_EQ(belief_errors(b), "") << "game " << game;
    for (int k = 0; k < 2; ++k) ASSERT_EQ(sample_errors(s, b.sample(rng), player), "") << "game " << game;
    ++checked;
  }
  EXPECT_GT(checked, 900);
}

namespace {

// Red's Colonel on e4 stands known to Blue (it won a fight); Blue's pieces are all unknown to Red, the four movable
// ones have moved (so that Red's beliefs about them start alike). Red to move.
State colonel_position() {
  State s = make(with_flags({{"e4", 0, kColonel},
                             {"a4", 0, kScout},
                             {"e7", 1, kGeneral},
                             {"b7", 1, kSergeant},
                             {"c7", 1, kMiner},
                             {"h7", 1, kCaptain},
                             {"j9", 1, kBomb}}),
                 0);
  s.put(at("e4"), 0, kColonel, kKnown | kMoved);
  for (const char* q : {"b7", "c7", "h7"}) s.put(at(q), 1, s.rank_at(at(q)), kMoved);
  return s;
}

// One move each, then Red looks (its agent's turn).
void turn(State& s, Evidence& evidence, const char* red, const char* blue) {
  play(s, red);
  play(s, blue);
  evidence.observe(s.info(0));
}

}  // namespace

TEST(StrategoEvidence, APieceThatWalksUpToAKnownPieceIsLikelyStronger) {
  // Blue's piece walks e7-e6-e5, next to Red's known Colonel: of the four unknown pieces that could move, only the
  // General beats a Colonel, and the beliefs say so after the approach; without the evidence they cannot tell.
  State s = colonel_position();
  Evidence evidence;
  evidence.observe(s.info(0));
  turn(s, evidence, "a4-a5", "e7-e6");
  EXPECT_EQ(evidence.last_enemy_move(), std::make_pair(at("e7"), at("e6")));
  turn(s, evidence, "a5-a4", "e6-e5");
  EXPECT_EQ(evidence.last_enemy_move(), std::make_pair(at("e6"), at("e5")));
  EXPECT_EQ(evidence.at(at("e5"))[kGeneral], 1.0);
  EXPECT_LT(evidence.at(at("e5"))[kCaptain], 0.2);

  const Beliefs plain(s.info(0)), weighed(s.info(0), &evidence);
  ASSERT_EQ(belief_errors(weighed), "");
  EXPECT_GT(weighed.at(at("e5"))[kGeneral], 0.5);
  EXPECT_GT(weighed.at(at("e5"))[kGeneral], 2 * plain.at(at("e5"))[kGeneral]);
  // The General's probability moved off the other pieces (the counts stay exact).
  EXPECT_LT(weighed.at(at("h7"))[kGeneral], plain.at(at("h7"))[kGeneral]);
}

TEST(StrategoEvidence, APieceThatStepsAwayFromAKnownPieceIsLikelyWeaker) {
  State s = colonel_position();
  // An unknown Blue Captain that moved stands next to the Colonel; it steps away.
  s.put(at("h7"), 1, kGeneral);
  s.put(at("e7"), 1, kBomb);
  s.put(at("e5"), 1, kCaptain, kMoved);
  Evidence evidence;
  evidence.observe(s.info(0));
  turn(s, evidence, "a4-a5", "e5-f5");
  EXPECT_EQ(evidence.last_enemy_move(), std::make_pair(at("e5"), at("f5")));
  EXPECT_EQ(evidence.at(at("f5"))[kCaptain], 1.0);
  EXPECT_LT(evidence.at(at("f5"))[kGeneral], 0.5);
  const Beliefs weighed(s.info(0), &evidence);
  ASSERT_EQ(belief_errors(weighed), "");
  EXPECT_LT(weighed.at(at("f5"))[kGeneral], Beliefs(s.info(0)).at(at("f5"))[kGeneral]);
}

TEST(StrategoEvidence, FollowsThePieceAndStartsAfreshAfterAGap) {
  State s = colonel_position();
  Evidence evidence;
  evidence.observe(s.info(0));
  turn(s, evidence, "a4-a5", "e7-e6");
  const double general = evidence.at(at("e6"))[kGeneral], captain = evidence.at(at("e6"))[kCaptain];
  EXPECT_LT(captain, general);
  // It steps aside, neither nearer to the Colonel nor away from next to it: what it said before goes with it, and
  // its old square is clear.
  turn(s, evidence, "a5-a4", "e6-f6");
  EXPECT_EQ(evidence.last_enemy_move(), std::make_pair(at("e6"), at("f6")));
  EXPECT_EQ(evidence.at(at("f6"))[kGeneral], general);
  EXPECT_EQ(evidence.at(at("f6"))[kCaptain], captain);
  EXPECT_EQ(evidence.at(at("e6"))[kCaptain], 1.0);
  // Two turns later without a look in between: the moves between are unknown, so nothing is kept.
  play(s, "a4-a5");
  play(s, "f6-f7");
  turn(s, evidence, "a5-a4", "f7-f8");
  EXPECT_EQ(evidence.last_enemy_move(), std::make_pair(-1, -1));
  EXPECT_EQ(evidence.at(at("f8"))[kCaptain], 1.0);
}

TEST(StrategoEvidence, AWalkAtAKnownMarshalCountsFromFourSquaresForTheSpy) {
  // Red's Marshal on e2 is known; Blue's piece walks e7-e6-e5, from five squares off to three. Within two squares
  // (every known piece, the default) that says nothing yet; with the Marshal's reach of four, both steps weigh for
  // the Spy, the only piece that gains by walking at a known Marshal, and the beliefs follow.
  State s = make(with_flags({{"e2", 0, kMarshal},
                             {"a4", 0, kScout},
                             {"e7", 1, kSpy},
                             {"b7", 1, kSergeant},
                             {"c7", 1, kMiner},
                             {"h7", 1, kCaptain},
                             {"j9", 1, kBomb}}),
                 0);
  s.put(at("e2"), 0, kMarshal, kKnown | kMoved);
  for (const char* q : {"e7", "b7", "c7", "h7"}) s.put(at(q), 1, s.rank_at(at(q)), kMoved);
  Evidence near, far(4);
  near.observe(s.info(0));
  far.observe(s.info(0));
  for (auto [red, blue] : {std::pair{"a4-a5", "e7-e6"}, std::pair{"a5-a4", "e6-e5"}}) {
    play(s, red);
    play(s, blue);
    near.observe(s.info(0));
    far.observe(s.info(0));
  }
  EXPECT_EQ(near.at(at("e5"))[kSpy], 1.0);
  EXPECT_EQ(near.at(at("e5"))[kCaptain], 1.0);
  EXPECT_EQ(far.at(at("e5"))[kSpy], 1.0);
  EXPECT_LT(far.at(at("e5"))[kCaptain], 0.6);
  const Beliefs plain(s.info(0), &near), weighed(s.info(0), &far);
  ASSERT_EQ(belief_errors(weighed), "");
  EXPECT_GT(weighed.at(at("e5"))[kSpy], 1.3 * plain.at(at("e5"))[kSpy]);
}

TEST(StrategoEvidence, AStepNextToAKnownMarshalWeighsByTheMarshalsOwnFactor) {
  // Red's Marshal on e3 is known; Blue's Captain walks e7-e6-e5-e4, two squares off, then next to it. Every rank but
  // the Spy loses to the Marshal: they are weighed by the Marshal's factor (2f within two squares, at most 1, then f),
  // whatever factor the other pieces' approaches have (learn's), and the Spy not at all.
  auto walk = [](Evidence& evidence) {
    State s = make(with_flags({{"e3", 0, kMarshal},
                               {"a4", 0, kScout},
                               {"e7", 1, kCaptain},
                               {"b7", 1, kSpy},
                               {"c7", 1, kMiner},
                               {"j9", 1, kBomb}}),
                   0);
    s.put(at("e3"), 0, kMarshal, kKnown | kMoved);
    for (const char* q : {"e7", "b7", "c7"}) s.put(at(q), 1, s.rank_at(at(q)), kMoved);
    evidence.observe(s.info(0));
    const char* red[] = {"a4-a5", "a5-a4", "a4-a5"};
    const char* blue[] = {"e7-e6", "e6-e5", "e5-e4"};
    for (int i = 0; i < 3; ++i) turn(s, evidence, red[i], blue[i]);
  };
  Evidence plain, own(2, 0.7);
  plain.set_approach(0.1);
  own.set_approach(0.1);
  walk(plain);
  walk(own);
  EXPECT_NEAR(plain.at(at("e4"))[kCaptain], 2 * Evidence::kApproach * Evidence::kApproach, 1e-12);
  EXPECT_NEAR(own.at(at("e4"))[kCaptain], 0.7, 1e-12);
  EXPECT_NEAR(own.at(at("e4"))[kMarshal], 0.6 * 0.6, 1e-12);  // a tie, as for every piece
  EXPECT_EQ(own.at(at("e4"))[kSpy], 1.0);
  EXPECT_EQ(plain.at(at("e4"))[kSpy], 1.0);
}

TEST(StrategoBeliefs, AKnownBombBesideAnUnmovedPieceMakesItLikelierTheFlag) {
  // Blue's back row: unknown unmoved pieces on c10 and h10, mirror images (the priors fold left and right, so they are
  // alike on their own). A known Bomb on i10 stands beside h10: people put Bombs round their Flag, so h10 is likelier
  // the Flag than c10. A known Blue Sergeant that never moved on b10 stands beside c10: that square was no Bomb at the
  // start, so c10 is less likely the Flag than without it. With nest=0 both squares keep their priors.
  State s(Config{});
  for (const auto& [square, owner, rank] :
       std::vector<std::tuple<const char*, int, int>>{{"a1", 0, kFlag}, {"e4", 0, kMarshal}, {"c10", 1, kFlag},
                                                      {"h10", 1, kBomb}, {"i10", 1, kBomb}, {"b10", 1, kSergeant},
                                                      {"e9", 1, kScout}, {"f9", 1, kBomb}})
    s.put(at(square), owner, rank);
  s.put(at("i10"), 1, kBomb, kKnown);
  s.put(at("b10"), 1, kSergeant, kKnown);
  s.set_ply(40);
  s.refresh_outcome();
  const Beliefs nest(s.info(0)), plain(s.info(0), nullptr, false);
  ASSERT_EQ(belief_errors(nest), "");
  EXPECT_GT(nest.at(at("h10"))[kFlag], 1.5 * nest.at(at("c10"))[kFlag]);
  EXPECT_NEAR(plain.at(at("h10"))[kFlag], plain.at(at("c10"))[kFlag], 1e-9);
  EXPECT_GT(nest.at(at("h10"))[kFlag], plain.at(at("h10"))[kFlag]);
  EXPECT_LT(nest.at(at("c10"))[kFlag], plain.at(at("c10"))[kFlag]);
}

TEST(StrategoEvidence, ABoldAttackIsOneThatCouldHaveLost) {
  // Blue's General takes Red's Sergeant, a moved piece Blue did not know. While Red's Marshal is unknown too, the
  // Sergeant might have been the Marshal: a bold attack, which the cautious tournament bots never make. Once Red's
  // Marshal is known, every other moved Red piece is surely weaker and the same capture is not bold. A Captain's attack
  // is a probe, never counted; and without Red's own move the attack is not looked for. A Major that attacks an unknown
  // Colonel and dies, or an unknown Major and both die, was bold too. Taking a piece that never moved (it might have
  // been a Bomb) is counted apart.
  struct Seen {
    int moved, unmoved;
    bool operator==(const Seen&) const = default;
  };
  auto bold = [](std::uint8_t marshal, int attacker, bool with_ours, int target = kSergeant, bool unmoved = false) {
    const char* to = unmoved ? "e4" : "e5";
    const char* from = unmoved ? "e5" : "e6";
    State s = make(with_flags({{"a1", 0, kFlag}, {"j2", 0, kMarshal}, {to, 0, target}, {"b1", 0, kBomb},
                               {from, 1, attacker}, {"j10", 1, kFlag}, {"a10", 1, kScout}}),
                   0);
    s.put(at("j2"), 0, kMarshal, marshal);
    s.put(at(to), 0, target, unmoved ? 0 : kMoved);
    s.put(at(from), 1, attacker, kMoved);
    Evidence evidence;
    evidence.observe(s.info(0));
    const Move ours = s.parse_move("j2-j3");
    play(s, "j2-j3");
    play(s, std::string(from) + "x" + to);
    evidence.observe(s.info(0), with_ours ? &ours : nullptr);
    return Seen{evidence.bold(), evidence.bold_unmoved()};
  };
  EXPECT_EQ(bold(kMoved, kGeneral, true), (Seen{1, 0}));
  EXPECT_EQ(bold(kMoved | kKnown, kGeneral, true), (Seen{0, 0}));
  EXPECT_EQ(bold(kMoved, kCaptain, true), (Seen{0, 0}));
  EXPECT_EQ(bold(kMoved, kGeneral, false), (Seen{0, 0}));
  EXPECT_EQ(bold(kMoved, kMajor, true, kColonel), (Seen{1, 0}));
  EXPECT_EQ(bold(kMoved, kMajor, true, kMajor), (Seen{1, 0}));
  EXPECT_EQ(bold(kMoved | kKnown, kGeneral, true, kSergeant, true), (Seen{0, 1}));
}
