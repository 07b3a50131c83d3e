// The `stratego-belief` agent's search position (belief_node.hpp) and the agent as a whole: the facts kept along a line, the
// chance of an attack on an unknown piece, the enemy's blind attacks, and that only the player's Info is read.
#include <gtest/gtest.h>

#include <algorithm>
#include <numeric>
#include <vector>

#include "ai/negamax.hpp"
#include "games/stratego/belief_agent.hpp"
#include "games/stratego/belief_node.hpp"
#include "games/stratego/beliefs.hpp"
#include "games/stratego/eval_model.hpp"
#include "games/stratego/move_evidence.hpp"
#include "helpers.hpp"

using namespace strat;
using namespace strat::stratego;

namespace {

struct Put {
  const char* square;
  int owner;
  int rank;
  std::uint8_t flags = 0;
};

State position(const std::vector<Put>& pieces, int side = 0, int ply = 60) {
  State s(Config{});
  for (const Put& p : pieces) s.put(test::at(p.square), p.owner, p.rank, p.flags);
  s.set_side(side);
  s.set_ply(ply);
  s.refresh_outcome();
  return s;
}

// The root node of `s` as its player to move knows it.
struct Root {
  Info info;
  RootKnowledge knowledge;
  BeliefNode node;
  explicit Root(const State& s, std::uint64_t seed = 1) : info(s.info(s.to_move())) {
    Rng rng(seed);
    fill_knowledge(info, knowledge, rng);
    knowledge.model = &EvalModel::trained();
    node = BeliefNode(info, knowledge);
  }
};

Move mv(const char* from, const char* to) {
  return Move{static_cast<std::uint8_t>(test::at(from)), static_cast<std::uint8_t>(test::at(to))};
}

bool has_move(const BeliefNode& n, const Move& m) {
  std::vector<Move> moves;
  n.legal_moves(moves);
  return std::find(moves.begin(), moves.end(), m) != moves.end();
}

// A small battle: Red (the player) and Blue with a few pieces, Blue's unknown.
std::vector<Put> small_battle() {
  return {{"a1", 0, kFlag},    {"b1", 0, kBomb},     {"a2", 0, kBomb},  {"e2", 0, kMarshal}, {"f2", 0, kScout},
          {"g2", 0, kMiner},   {"e4", 0, kCaptain},  {"a10", 1, kFlag}, {"b10", 1, kBomb},   {"a9", 1, kBomb},
          {"e7", 1, kMarshal}, {"f7", 1, kSergeant}, {"j8", 1, kScout}, {"e5", 1, kMajor, kMoved}};
}

}  // namespace

TEST(BeliefNode, AnUnknownEnemyPieceThatMovesIsNoBombOrFlag) {
  Root r(position(small_battle(), 0));
  BeliefNode n = r.node;
  n.apply(mv("f2", "f3"), nullptr);  // Red moves, Blue to move
  ASSERT_TRUE(n.unknown(test::at("f7")));
  EXPECT_TRUE(n.ranks_at(test::at("f7")) & (rank_bit(kBomb) | rank_bit(kFlag)));
  n.apply(mv("f7", "f6"), nullptr);
  const RankSet after = n.ranks_at(test::at("f6"));
  EXPECT_FALSE(after & (rank_bit(kBomb) | rank_bit(kFlag)));
  EXPECT_TRUE(after & rank_bit(kSergeant));
  EXPECT_EQ(n.cell(test::at("f6")) & kMoved, kMoved);
}

TEST(BeliefNode, ALongMoveShowsAScout) {
  Root r(position(small_battle(), 0));
  BeliefNode n = r.node;
  n.apply(mv("f2", "f3"), nullptr);
  ASSERT_TRUE(has_move(n, mv("j8", "j5"))) << "an unknown piece that may be a Scout may run";
  n.apply(mv("j8", "j5"), nullptr);
  EXPECT_FALSE(n.unknown(test::at("j5")));
  EXPECT_EQ(n.cell(test::at("j5")) & kRankMask, kScout);
}

TEST(BeliefNode, AnAttackOnAnUnknownPieceIsAChanceOverItsRanks) {
  Root r(position(small_battle(), 0));
  const BeliefNode& n = r.node;
  BeliefNode::Chance c[BeliefNode::kMaxChances];
  const int count = n.chances(mv("e4", "e5"), c);  // the Captain on Blue's moved piece
  ASSERT_GE(count, 2);
  double total = 0;
  for (int i = 0; i < count; ++i) {
    total += c[i].probability;
    EXPECT_TRUE(movable(c[i].rank)) << "a piece that moved is no Bomb or Flag";
    if (i) {
      EXPECT_GE(c[i - 1].probability, c[i].probability) << "likeliest first";
    }
  }
  EXPECT_NEAR(total, 1.0, 1e-6);
  // Each result plays out as combat with that rank: the Captain takes a Sergeant, falls to a Major.
  for (int i = 0; i < count; ++i) {
    BeliefNode child = n;
    child.apply_chance(mv("e4", "e5"), c[i]);
    const int result = combat(kCaptain, c[i].rank);
    const std::uint8_t at = child.cell(test::at("e5"));
    const int expected = result > 0 ? static_cast<int>(kCaptain) : result == 0 ? 0 : c[i].rank;
    EXPECT_EQ(at & kRankMask, expected);
    EXPECT_EQ(child.cell(test::at("e4")), 0);
  }
  EXPECT_EQ(n.chances(mv("e4", "e3"), c), 0) << "a step onto an empty square is certain";
}

TEST(BeliefNode, TheEvaluationKeyTellsApartChanceResultsThatLeaveTheSameBoard) {
  // Red's Marshal takes Blue's moved e5, a Sergeant or a Lieutenant (two of each unknown, so neither rank is placed in
  // full by it): the same board and hash either way, other pieces alive, so another key for the evaluation's cache.
  Root r(position({{"a1", 0, kFlag}, {"b1", 0, kBomb}, {"a2", 0, kBomb}, {"e4", 0, kMarshal, kMoved},
                   {"j1", 0, kScout}, {"a10", 1, kFlag}, {"b10", 1, kBomb}, {"a9", 1, kBomb},
                   {"e5", 1, kSergeant, kMoved}, {"h7", 1, kSergeant, kMoved}, {"c7", 1, kLieutenant, kMoved},
                   {"i7", 1, kLieutenant, kMoved}},
                  0));
  BeliefNode sergeant = r.node, lieutenant = r.node;
  sergeant.apply_chance(mv("e4", "e5"), BeliefNode::Chance{0.5, kSergeant});
  lieutenant.apply_chance(mv("e4", "e5"), BeliefNode::Chance{0.5, kLieutenant});
  ASSERT_EQ(sergeant.cell(test::at("e5")), lieutenant.cell(test::at("e5")));
  EXPECT_EQ(sergeant.hash(), lieutenant.hash());
  EXPECT_NE(sergeant.eval_key(), lieutenant.eval_key());
  EXPECT_NE(r.node.eval_key(), sergeant.eval_key());
  // The same node made twice has the same key.
  BeliefNode again = r.node;
  again.apply_chance(mv("e4", "e5"), BeliefNode::Chance{0.5, kSergeant});
  EXPECT_EQ(again.eval_key(), sergeant.eval_key());
}

TEST(BeliefNode, TheEvaluationCacheLeavesTheSearchAsItIs) {
  // The same searches with and without the cache: the same root scores at every completed depth, node for node.
  Rng rng(9);
  State s = random_start(Config{}, rng);
  for (int ply = 0; ply < 80 && !s.outcome().over(); ++ply) {
    std::vector<Move> moves;
    s.legal_moves(moves);
    s.apply(moves[rng.below(static_cast<std::uint32_t>(moves.size()))], nullptr);
  }
  ASSERT_FALSE(s.outcome().over());
  for (const State& position : {s, ::position(small_battle(), 0)}) {
    Root r(position);
    NegamaxConfig c;
    c.time_ms = 0;
    c.nodes = 30000;
    c.tt_log2 = 16;
    c.quiescence_plies = 6;
    Negamax<BeliefNode> plain(c), cached(c);
    r.knowledge.eval_cache = nullptr;
    plain.choose(BeliefNode(r.info, r.knowledge));
    EvalCache cache;
    r.knowledge.eval_cache = &cache;
    cached.choose(BeliefNode(r.info, r.knowledge));
    EXPECT_GT(cached.last_depth(), 1);
    EXPECT_EQ(plain.last_depth(), cached.last_depth());
    EXPECT_EQ(plain.root_scores(), cached.root_scores());
    EXPECT_EQ(plain.nodes(), cached.nodes());
  }
}

TEST(BeliefNode, ARankShownInFullLeavesEveryOtherRankSet) {
  // Blue has one Marshal; once a piece shows it, no other unknown piece may be it.
  Root r(position(small_battle(), 0));
  BeliefNode n = r.node;
  ASSERT_TRUE(n.ranks_at(test::at("f7")) & rank_bit(kMarshal));
  BeliefNode::Chance c[BeliefNode::kMaxChances];
  const int count = n.chances(mv("e4", "e5"), c);
  const auto marshal = std::find_if(c, c + count, [](const BeliefNode::Chance& x) { return x.rank == kMarshal; });
  ASSERT_NE(marshal, c + count);
  n.apply_chance(mv("e4", "e5"), *marshal);
  EXPECT_EQ(n.cell(test::at("e5")) & kRankMask, kMarshal);
  for (const char* sq : {"e7", "f7", "j8"}) EXPECT_FALSE(n.ranks_at(test::at(sq)) & rank_bit(kMarshal)) << sq;
}

TEST(BeliefNode, AShellPieceFoundMovableLeavesTheFlagBehindItAsLikelyAsItsOpenSidesSay) {
  // Blue's back corner: h10 walled in by unmoved pieces on g10, i10 and h9, which may be its Flag's Bombs. Red's
  // Marshal beside i10 attacks it; where i10 holds a movable piece, h10 has a side open to Red, and the odds of its
  // being the Flag or a Bomb follow the fitted factors from no open side to one (beliefs.hpp), as the root would see
  // it after that attack; they are the root's beliefs as long as its sides stay as they were.
  auto pieces = small_battle();
  for (const Put& p : {Put{"h10", 1, kSergeant}, Put{"g10", 1, kBomb}, Put{"i10", 1, kLieutenant}, Put{"h9", 1, kBomb},
                       Put{"i9", 0, kMarshal, kMoved}})
    pieces.push_back(p);
  pieces.erase(std::find_if(pieces.begin(), pieces.end(), [](const Put& p) { return std::string(p.square) == "e2"; }));
  Root r(position(pieces, 0));
  const BeliefNode& n = r.node;
  for (int s = 0; s < kCells; ++s) {
    if (r.info.holds(1, s) && !(r.info.cell(s) & kMoved)) {
      EXPECT_EQ(n.open_sides(s), open_sides(r.info, s)) << s;
    }
  }
  const int h10 = test::at("h10");
  ASSERT_EQ(n.open_sides(h10), 0);
  float before[kRanks];
  n.distribution(h10, before);
  for (int k = 1; k < kRanks; ++k) {
    EXPECT_NEAR(before[k], std::max(r.knowledge.prior[n.slot(h10)][k], 1e-4f) /
                               std::accumulate(r.knowledge.prior[n.slot(h10)].begin() + 1,
                                               r.knowledge.prior[n.slot(h10)].end(), 0.f), 2e-3) << k;
  }
  BeliefNode::Chance c[BeliefNode::kMaxChances];
  const int count = n.chances(mv("i9", "i10"), c);
  const auto found = std::find_if(c, c + count, [](const BeliefNode::Chance& x) { return x.rank == kLieutenant; });
  ASSERT_NE(found, c + count);
  BeliefNode child = n;
  child.apply_chance(mv("i9", "i10"), *found);
  ASSERT_EQ(child.open_sides(h10), 1);
  float after[kRanks];
  child.distribution(h10, after);
  ASSERT_GT(before[kFlag], 0.f);
  ASSERT_GT(before[kBomb], 0.f);
  const auto& k = r.knowledge;
  ASSERT_LT(k.flag_factor[1], k.flag_factor[0]) << "people wall their Flag in";
  EXPECT_NEAR((after[kFlag] / after[kScout]) / (before[kFlag] / before[kScout]), k.flag_factor[1] / k.flag_factor[0],
              1e-3);
  EXPECT_NEAR((after[kBomb] / after[kScout]) / (before[kBomb] / before[kScout]), k.bomb_factor[1] / k.bomb_factor[0],
              1e-3);
  EXPECT_LT(after[kFlag], before[kFlag]);
  // A shell piece that is a Bomb keeps the wall closed: the Marshal falls, i10 stays Blue's.
  const auto bomb = std::find_if(c, c + count, [](const BeliefNode::Chance& x) { return x.rank == kBomb; });
  ASSERT_NE(bomb, c + count);
  BeliefNode walled = n;
  walled.apply_chance(mv("i9", "i10"), *bomb);
  float same[kRanks];
  walled.distribution(h10, same);
  EXPECT_NEAR(same[kFlag] / same[kScout], before[kFlag] / before[kScout], 1e-4);
}

TEST(BeliefNode, TheEnemyAttacksAPieceItDoesNotKnowOnlyWhenItLooksWorthIt) {
  // Blue's known Scout stands next to Red's unknown piece that moved (to Blue, any of Red's movable ranks, nearly all of
  // which beat a Scout): Blue does not attack it blindly. Blue's known Marshal next to Red's unknown moved piece does.
  auto pieces = small_battle();
  for (const Put& p : {Put{"b2", 0, kSpy}, Put{"c2", 0, kGeneral}, Put{"d2", 0, kColonel}, Put{"h2", 0, kMajor},
                       Put{"i2", 0, kLieutenant}, Put{"j2", 0, kSergeant}})
    pieces.push_back(p);
  pieces.push_back({"c3", 0, kCaptain, kMoved});
  pieces.push_back({"c4", 1, kScout, kKnown | kMoved});
  pieces.push_back({"h3", 0, kColonel, kMoved});
  pieces.push_back({"h4", 1, kMarshal, kKnown | kMoved});
  pieces.erase(std::find_if(pieces.begin(), pieces.end(), [](const Put& p) { return std::string(p.square) == "e7"; }));
  Root r(position(pieces, 0));
  BeliefNode n = r.node;
  n.apply(mv("f2", "f3"), nullptr);
  EXPECT_FALSE(has_move(n, mv("c4", "c3")));
  EXPECT_TRUE(has_move(n, mv("h4", "h3")));
}

TEST(BeliefNode, AnUnknownEnemyPieceAttacksOnlyWithTheRanksForWhichTheAttackPays) {
  // Red's known Marshal beside Blue's unknown moved piece, which may be the Spy: Blue knows what it holds, so its
  // attack is an optional chance (negamax.hpp) listing only the ranks that win or trade (the Spy, the Marshal) at
  // Red's beliefs, the rest of the chance being Blue's doing something else; quiescence looks at it. Blue's unknown
  // piece beside Red's Colonel, which Blue does not know, attacks with the ranks for which the attack is worth it to
  // Blue.
  auto pieces = small_battle();
  pieces.push_back({"e6", 0, kMarshal, kKnown | kMoved});
  pieces.push_back({"f6", 1, kSpy, kMoved});
  pieces.push_back({"h3", 0, kColonel, kMoved});
  pieces.push_back({"h4", 1, kLieutenant, kMoved});
  pieces.erase(std::find_if(pieces.begin(), pieces.end(), [](const Put& p) { return std::string(p.square) == "e2"; }));
  Root r(position(pieces, 0));
  BeliefNode n = r.node;
  EXPECT_FALSE(n.chance_optional(mv("e6", "f6"))) << "Red does not know what it attacks";
  n.apply(mv("f2", "f3"), nullptr);
  const Move spy = mv("f6", "e6"), blind = mv("h4", "h3");
  EXPECT_TRUE(n.chance_optional(spy));
  float p[kRanks];
  n.distribution(test::at("f6"), p);
  float movable_total = 0;
  for (int k = kSpy; k <= kMarshal; ++k) movable_total += p[k];
  BeliefNode::Chance c[BeliefNode::kMaxChances];
  int count = n.chances(spy, c);
  ASSERT_GE(count, 1);
  double listed = 0;
  for (int i = 0; i < count; ++i) {
    listed += c[i].probability;
    EXPECT_TRUE(c[i].rank == kSpy || c[i].rank == kMarshal) << int(c[i].rank);
    if (c[i].rank == kSpy) {
      EXPECT_NEAR(c[i].probability, p[kSpy] / movable_total, 1e-6) << "the beliefs alone";
    }
  }
  EXPECT_NEAR(listed, (p[kSpy] + p[kMarshal]) / movable_total, 1e-6);
  EXPECT_LT(listed, 0.9);

  ASSERT_TRUE(n.chance_optional(blind));
  const auto& gain = r.knowledge.blind_gain[n.slot(test::at("h3"))][1];
  count = n.chances(blind, c);
  ASSERT_GE(count, 1);
  for (int i = 0; i < count; ++i) EXPECT_GE(gain[c[i].rank], 0) << int(c[i].rank);

  std::vector<Move> noisy;
  n.noisy_moves(noisy);
  EXPECT_NE(std::find(noisy.begin(), noisy.end(), spy), noisy.end());
  EXPECT_EQ(std::find(noisy.begin(), noisy.end(), blind), noisy.end()) << "quiescence: attacks on known pieces only";
  EXPECT_LT(n.move_order(spy), n.move_order(mv("f3", "f2"))) << "after the quiet moves";
}

TEST(BeliefAgent, ReadsOnlyThePlayersInfo) {
  // Two games that differ only in Blue's hidden ranks (two unmoved pieces swapped): Red's Info is the same, so is its
  // choice, move by move, with every root score.
  for (std::uint64_t seed : {3, 11}) {
    Rng rng(seed);
    State a = random_start(Config{}, rng);
    State b = a;
    // Swap the ranks of Blue's pieces on b7 and h8 (both unmoved and unknown).
    const int p = test::at("b7"), q = test::at("h8");
    const int rp = a.rank_at(p), rq = a.rank_at(q);
    if (rp == rq) continue;
    b.put(p, 1, rq);
    b.put(q, 1, rp);
    ASSERT_EQ(a.info(0).to_string(), b.info(0).to_string());
    AgentConfig c;
    c.time_ms = 0;
    c.nodes = 4000;
    Agent x(c, 7), y(c, 7);
    for (int turn = 0; turn < 4; ++turn) {
      const Move ma = x.choose(a), mb = y.choose(b);
      ASSERT_EQ(ma, mb) << "turn " << turn;
      ASSERT_EQ(x.last_scores(), y.last_scores());
      a.apply(ma, nullptr);
      b.apply(mb, nullptr);
      // Blue answers the same in both, with a piece other than the two swapped.
      std::vector<Move> moves;
      a.legal_moves(moves);
      const auto reply_at = std::find_if(moves.begin(), moves.end(), [&](const Move& m) { return m.from != p && m.from != q && b.is_legal(m); });
      ASSERT_NE(reply_at, moves.end());
      const Move reply = *reply_at;
      a.apply(reply, nullptr);
      b.apply(reply, nullptr);
      if (a.outcome().over() || b.outcome().over()) break;
      ASSERT_EQ(a.info(0).to_string(), b.info(0).to_string());
    }
  }
}

TEST(BeliefAgent, EvaluationFeaturesAreTheSameForTheSameInfo) {
  Rng rng(5);
  State a = random_start(Config{}, rng);
  State b = a;
  const int p = test::at("c7"), q = test::at("j9");
  const int rp = a.rank_at(p), rq = a.rank_at(q);
  b.put(p, 1, rq);
  b.put(q, 1, rp);
  Root ra(a), rb(b);
  EvalFeatures fa, fb;
  eval_features(ra.node, fa);
  eval_features(rb.node, fb);
  EXPECT_EQ(fa, fb);
}

TEST(BeliefAgent, TakesAKnownPieceForFree) {
  State s = position({{"a1", 0, kFlag}, {"b1", 0, kBomb}, {"a2", 0, kBomb}, {"e4", 0, kColonel, kMoved},
                      {"a10", 1, kFlag}, {"b10", 1, kBomb}, {"a9", 1, kBomb}, {"e5", 1, kMajor, kKnown | kMoved},
                      {"j9", 1, kScout, kMoved}, {"j1", 0, kScout}});
  AgentConfig c;
  c.time_ms = 0;
  c.depth = 3;
  Agent agent(c, 1);
  EXPECT_EQ(s.move_to_string(agent.choose(s)), "e4xe5");
}

TEST(BeliefAgent, DoesNotTakeABaitWithItsKnownMarshalBesideAPossibleSpy) {
  // Red's known Marshal may take Blue's known Sergeant on e5, beside Blue's unknown e6, which is the Spy one time in
  // six. Whatever the depth, even when the Spy's answer lies past the horizon (depth 1: quiescence must see it), the
  // Sergeant is not worth that chance of the Marshal.
  const State s = position({{"a1", 0, kFlag}, {"b1", 0, kBomb}, {"a2", 0, kBomb}, {"e4", 0, kMarshal, kKnown | kMoved},
                            {"j1", 0, kScout}, {"i1", 0, kSergeant}, {"h1", 0, kMiner}, {"a10", 1, kFlag},
                            {"b10", 1, kBomb}, {"a9", 1, kBomb}, {"e5", 1, kSergeant, kKnown | kMoved},
                            {"e6", 1, kSpy, kMoved}, {"g8", 1, kScout, kMoved}, {"h8", 1, kMiner, kMoved},
                            {"c8", 1, kSergeant, kMoved}, {"d9", 1, kLieutenant, kMoved}, {"j9", 1, kCaptain, kMoved}});
  for (int depth = 1; depth <= 3; ++depth) {
    AgentConfig c;
    c.time_ms = 0;
    c.depth = depth;
    Agent agent(c, 1);
    EXPECT_NE(s.move_to_string(agent.choose(s)), "e4xe5") << "depth " << depth;
  }
}

TEST(MoveEvidence, APieceThatWalksUpToAKnownPieceIsLikelierOneThatBeatsIt) {
  // Blue's unknown piece steps next to Red's known Captain: every rank that beats a Captain gains on every rank that
  // loses to it. Stepping away instead says the opposite.
  for (const bool towards : {true, false}) {
    State s = position({{"a1", 0, kFlag}, {"b1", 0, kBomb}, {"e4", 0, kCaptain, kKnown | kMoved}, {"j1", 0, kScout},
                        {"a10", 1, kFlag}, {"b10", 1, kBomb}, {"e6", 1, kColonel, kMoved}, {"j10", 1, kScout},
                        {"h10", 1, kSergeant}},
                       1);
    s.apply(s.parse_move(towards ? "e6-e5" : "e6-e7"), nullptr);
    MoveEvidence evidence;
    evidence.observe(s.info(0));
    const auto& l = evidence.likelihoods()[test::at(towards ? "e5" : "e7")];
    const double stronger = l[kMajor] + l[kColonel] + l[kGeneral] + l[kMarshal];
    const double weaker = l[kScout] + l[kMiner] + l[kSergeant] + l[kLieutenant];
    if (towards) EXPECT_GT(stronger, weaker);
    else EXPECT_LT(stronger, weaker);
    EXPECT_EQ(l[kBomb], 0.0) << "a piece that moves is no Bomb";
  }
}
