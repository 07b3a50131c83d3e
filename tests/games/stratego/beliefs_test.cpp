// Beliefs about hidden enemy ranks (src/games/stratego/beliefs.hpp): built from an Info alone, consistent with every
// public fact, counts exact; the belief-weighted sampler only draws armies consistent with every observation.
#include "games/stratego/beliefs.hpp"

#include <gtest/gtest.h>

#include <cmath>
#include <map>
#include <tuple>
#include <vector>

#include "ai/random_agent.hpp"
#include "belief_checks.hpp"
#include "helpers.hpp"

using namespace strat;
using namespace strat::stratego;
using namespace strat::stratego::test;

namespace {

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

TEST(StrategoBeliefs, AKnownBombBesideAnUnmovedPieceMakesItLikelierTheFlag) {
  // Blue's back row: unknown unmoved pieces on c10 and h10, mirror images (the priors fold left and right, so they are
  // alike on their own). A known Bomb on i10 stands beside h10: people put Bombs round their Flag, so h10 is likelier
  // the Flag than c10. A known Blue Sergeant that never moved on b10 stands beside c10: that square was no Bomb at the
  // start, so c10 is less likely the Flag than without it. Without `nest` both squares keep their priors.
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

TEST(StrategoBeliefs, TheFactorsWeighTheSpyNearTheKnownMarshalAndTheFlagAndBombsByOpenSides) {
  // Red's Marshal on e7, first unknown to Blue (no Spy factor anywhere), then known. Blue's unknown pieces: d7 moved
  // and e8 unmoved one square from it, g7 moved and e9 unmoved two squares from it, a7 moved far away: once the Marshal
  // is known, each near one's Spy weight takes its class's factor. Blue's unmoved pieces have open sides (empty, or
  // Red's): a10 none, b10 one (b9), a9 and c10 two, e8 three (d8, f8 and Red's e7), e9 three, i7 four (counted as
  // three): their Flag and Bomb weights take those classes' factors. Nothing else changes.
  State s(Config{});
  for (const auto& [square, owner, rank] :
       std::vector<std::tuple<const char*, int, int>>{{"a1", 0, kFlag}, {"b1", 0, kBomb}, {"j1", 0, kScout},
                                                      {"e7", 0, kMarshal}, {"a10", 1, kFlag}, {"b10", 1, kBomb},
                                                      {"a9", 1, kBomb}, {"c10", 1, kBomb}, {"e8", 1, kBomb},
                                                      {"e9", 1, kSergeant}, {"i7", 1, kBomb}})
    s.put(at(square), owner, rank);
  for (const auto& [square, rank] :
       std::vector<std::tuple<const char*, int>>{{"d7", kSpy}, {"g7", kScout}, {"a7", kMiner}})
    s.put(at(square), 1, rank, kMoved);
  s.set_ply(40);
  s.refresh_outcome();
  const BeliefFactors f = {{{0.5, 0.25}, {2.0, 4.0}, {29, 31}}, {3, 5, 7, 11}, {13, 17, 19, 23}};
  for (const auto& [square, open] : std::vector<std::pair<const char*, int>>{
           {"a10", 0}, {"b10", 1}, {"a9", 2}, {"c10", 2}, {"e8", 3}, {"e9", 3}, {"i7", 3}})
    EXPECT_EQ(open_sides(s.info(0), at(square)), open) << square;
  auto expect = [&](const RankWeights& w, bool marshal_known) {
    const std::map<std::pair<int, int>, double> factors = {
        {{at("a10"), kFlag}, 3}, {{at("a10"), kBomb}, 13}, {{at("b10"), kFlag}, 5}, {{at("b10"), kBomb}, 17},
        {{at("a9"), kFlag}, 7},  {{at("a9"), kBomb}, 19},  {{at("c10"), kFlag}, 7}, {{at("c10"), kBomb}, 19},
        {{at("e8"), kFlag}, 11}, {{at("e8"), kBomb}, 23},  {{at("e9"), kFlag}, 11}, {{at("e9"), kBomb}, 23},
        {{at("i7"), kFlag}, 11}, {{at("i7"), kBomb}, 23},  {{at("e8"), kSpy}, 0.5}, {{at("d7"), kSpy}, 0.25},
        {{at("e9"), kSpy}, 2.0}, {{at("g7"), kSpy}, 4.0}};
    for (int q = 0; q < kCells; ++q)
      for (int r = 1; r < kRanks; ++r) {
        const auto it = factors.find({q, r});
        const double want = it == factors.end() || (r == kSpy && !marshal_known) ? 1.0 : it->second;
        EXPECT_EQ(w[q][r], want) << square_str(q) << " rank " << r << (marshal_known ? "" : ", Marshal hidden");
      }
  };
  expect(factor_weights(s.info(0), nullptr, f), false);
  s.put(at("e7"), 0, kMarshal, kKnown | kMoved);
  const RankWeights w = factor_weights(s.info(0), nullptr, f);
  expect(w, true);

  RankWeights evidence(kCells);
  for (auto& e : evidence) e.fill(1.0);
  evidence[at("g7")][kSpy] = 3.0;
  EXPECT_EQ(factor_weights(s.info(0), &evidence, f)[at("g7")][kSpy], 12.0);

  // Of the two moved pieces g7 and a7, alike without the factors, g7 becomes the likelier Spy.
  const Beliefs plain(s.info(0)), weighed(s.info(0), &w);
  ASSERT_EQ(belief_errors(weighed), "");
  EXPECT_NEAR(plain.at(at("g7"))[kSpy], plain.at(at("a7"))[kSpy], 1e-9);
  EXPECT_GT(weighed.at(at("g7"))[kSpy], 1.5 * weighed.at(at("a7"))[kSpy]);
}

TEST(StrategoBeliefs, ThePiecesBesideOnePlainlyMovedBesideTheKnownMarshalTakeTheOfferedClassOfTheSpyFactor) {
  // Red's known Marshal on e5. Blue's last move, d6-e6, brought a piece beside it: the Marshal that takes it lands
  // beside e7 (unmoved) and f6 (moved), both two squares from e5, so their Spy weights take the offered class's
  // factors; g5, two squares off but not beside e6, keeps the plain two-square class; e6 itself, beside the Marshal,
  // the one-square class. Without that last move (Blue's series moved elsewhere, or an attack ended it) nothing is
  // offered and e7 and f6 take the two-square class again.
  State s(Config{});
  for (const auto& [square, owner, rank] : std::vector<std::tuple<const char*, int, int>>{
           {"a1", 0, kFlag}, {"a10", 1, kFlag}, {"e7", 1, kSpy}, {"g5", 1, kBomb}})
    s.put(at(square), owner, rank);
  s.put(at("e5"), 0, kMarshal, kKnown | kMoved);
  for (const char* square : {"e6", "f6", "j10"}) s.put(at(square), 1, kScout, kMoved);
  s.set_ply(41);
  s.set_run(1, stratego::Run{static_cast<std::uint8_t>(at("d6")), static_cast<std::uint8_t>(at("e6")), 1});
  s.refresh_outcome();
  const BeliefFactors f = {{{0.5, 0.25}, {2.0, 4.0}, {29, 31}}, {1, 1, 1, 1}, {1, 1, 1, 1}};
  EXPECT_EQ(offered_piece(s.info(0), known_marshal(s.info(0))), at("e6"));
  auto spy = [&](const char* square) { return factor_weights(s.info(0), nullptr, f)[at(square)][kSpy]; };
  EXPECT_EQ(spy("e7"), 29.0);
  EXPECT_EQ(spy("f6"), 31.0);
  EXPECT_EQ(spy("g5"), 2.0);
  EXPECT_EQ(spy("e6"), 0.25);
  EXPECT_EQ(spy("j10"), 1.0);
  s.set_run(1, stratego::Run{static_cast<std::uint8_t>(at("i10")), static_cast<std::uint8_t>(at("j10")), 1});
  EXPECT_EQ(offered_piece(s.info(0), known_marshal(s.info(0))), -1);
  EXPECT_EQ(spy("e7"), 2.0);
  EXPECT_EQ(spy("f6"), 4.0);
  s.set_run(1, stratego::Run{});
  EXPECT_EQ(spy("e7"), 2.0);
}
