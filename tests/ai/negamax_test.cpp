// The shared negamax (src/ai/negamax.hpp) on toy games whose values are known exactly.
#include <gtest/gtest.h>

#include <algorithm>
#include <map>
#include <string>
#include <vector>

#include "ai/negamax.hpp"

using namespace strat;

namespace {

// Subtraction game: take 1..3 counters, taking the last one wins. Multiples of 4 are lost for the side to
// move. Positions recur at different plies (n=5 after 1+3, 2+2, 3+1), so the table sees mate scores reached
// along paths of different lengths.
struct Nim {
  using Move = int;
  int left = 0, side = 0;
  bool last_taken = false;
  int to_move() const { return side; }
  Outcome outcome() const { return left == 0 ? Outcome::win(1 - side, "last counter") : Outcome{}; }
  void legal_moves(std::vector<int>& out) const {
    out.clear();
    for (int k = 1; k <= std::min(3, left); ++k) out.push_back(k);
  }
  void apply(const int& k, Events*) {
    left -= k;
    side = 1 - side;
  }
  std::uint64_t hash() const { return (static_cast<std::uint64_t>(left) * 0x9E3779B97F4A7C15ULL) ^ static_cast<std::uint64_t>(side); }
  int evaluate_points(int) const { return 0; }
};

// Exact game value with the mate distance (winner shortest, loser longest), no table.
int exact(const Nim& s, int ply) {
  constexpr int kWin = Negamax<Nim>::kWin;
  if (s.left == 0) return -kWin + ply;
  int best = -kWin - 1;
  std::vector<int> moves;
  s.legal_moves(moves);
  for (int k : moves) {
    Nim c = s;
    c.apply(k, nullptr);
    best = std::max(best, -exact(c, ply + 1));
  }
  return best;
}

NegamaxConfig fixed(int depth, int tt_log2 = 12) {
  NegamaxConfig c;
  c.max_depth = depth;
  c.time_ms = 0;
  c.tt_log2 = tt_log2;
  return c;
}

// A scripted tree: node ids, children with a noisy flag, static values for player 0.
struct Tree {
  struct Child {
    int id;
    bool noisy;
  };
  static std::map<int, std::vector<Child>>& kids() {
    static std::map<int, std::vector<Child>> k;
    return k;
  }
  static std::map<int, int>& values() {
    static std::map<int, int> v;
    return v;
  }
  using Move = int;  // the child's id
  int id = 0, side = 0;
  int to_move() const { return side; }
  void legal_moves(std::vector<int>& out) const {
    out.clear();
    for (const Child& c : kids()[id]) out.push_back(c.id);
  }
  void noisy_moves(std::vector<int>& out) const {
    out.clear();
    for (const Child& c : kids()[id])
      if (c.noisy) out.push_back(c.id);
  }
  void apply(const int& m, Events*) {
    id = m;
    side = 1 - side;
  }
  std::uint64_t hash() const { return static_cast<std::uint64_t>(id) * 0x9E3779B97F4A7C15ULL + static_cast<std::uint64_t>(side); }
  int evaluate_points(int player) const { return player == 0 ? values()[id] : -values()[id]; }
};
struct ForcedTree : Tree {
  static constexpr bool kForcedNoisy = true;
};
struct QuietTree : Tree {  // no quiescence at all
  void noisy_moves(std::vector<int>&) const = delete;
};
static_assert(negamax::HasNoisyMoves<Tree> && negamax::ForcedNoisy<ForcedTree> && !negamax::ForcedNoisy<Tree>);

// Root 0 (player 0): quiet moves to 1 (worth 0) and 2 (worth +50); from 2 player 1 has a noisy move to 3
// (a capture worth -100 to player 0) and a noisy move to 4 (a blunder worth +200).
void script(bool with_good_capture) {
  Tree::kids() = {{0, {{1, false}, {2, false}}}, {2, {{4, true}}}};
  if (with_good_capture) Tree::kids()[2].push_back({3, true});
  Tree::values() = {{0, 0}, {1, 0}, {2, 50}, {3, -100}, {4, 200}};
}

}  // namespace

TEST(Negamax, MateDistancesExactThroughTheTable) {
  constexpr int kWin = Negamax<Nim>::kWin;
  // One engine for every position: its table keeps entries from earlier roots, stored relative to the node.
  Negamax<Nim> engine(fixed(40));
  for (int n = 2; n <= 17; ++n) {  // n=1: one legal move, played without a search
    const Nim s{n, 0};
    const int move = engine.choose(s);
    const int want = exact(s, 0);
    EXPECT_EQ(engine.last_score(), want) << "n=" << n;
    if (n % 4 != 0) {
      EXPECT_EQ((n - move) % 4, 0) << "n=" << n << " took " << move;
      EXPECT_GT(engine.last_score(), kWin - 1000);
    }
  }
}

TEST(Negamax, MateScoreAdjustmentRoundTrips) {
  using N = Negamax<Nim>;
  // A win 5 plies from the root found at ply 3 is stored as "2 plies from here", read back 2 plies deeper as
  // 7 from the root.
  EXPECT_EQ(N::to_tt(N::kWin - 5, 3), N::kWin - 2);
  EXPECT_EQ(N::from_tt(N::to_tt(N::kWin - 5, 3), 5), N::kWin - 7);
  EXPECT_EQ(N::from_tt(N::to_tt(-N::kWin + 6, 4), 1), -N::kWin + 3);
  EXPECT_EQ(N::to_tt(1234, 9), 1234);  // ordinary scores are not touched
  EXPECT_EQ(N::terminal_score(Outcome::draw("x"), 0, 3), 0);
  EXPECT_EQ(N::terminal_score(Outcome::win(1, "x"), 0, 3), -N::kWin + 3);
}

TEST(Negamax, QuiescenceSeesTheCaptureBeyondTheHorizon) {
  script(true);
  Negamax<Tree> with_q(fixed(1));
  EXPECT_EQ(with_q.choose(Tree{}), 1);  // 2 loses a piece after the horizon
  EXPECT_EQ(with_q.last_score(), 0);
  Negamax<QuietTree> without_q(fixed(1));
  EXPECT_EQ(without_q.choose(QuietTree{}), 2);  // blind to it
  EXPECT_EQ(without_q.last_score(), 50);
}

TEST(Negamax, StandPatDeclinesABadNoisyMoveUnlessForced) {
  script(false);
  Negamax<Tree> stand(fixed(1));
  EXPECT_EQ(stand.choose(Tree{}), 2);
  EXPECT_EQ(stand.last_score(), 50);  // player 1 stands pat rather than blunder
  Negamax<ForcedTree> forced(fixed(1));
  EXPECT_EQ(forced.choose(ForcedTree{}), 2);
  EXPECT_EQ(forced.last_score(), 200);  // a compulsory noisy move must be played
}

TEST(Negamax, NodeBudgetStopsAndIsDeterministic) {
  auto run = [] {
    NegamaxConfig c = fixed(64);
    c.nodes = 500;
    Negamax<Nim> e(c);
    const int m = e.choose(Nim{4000, 0});  // far too deep to solve
    return std::pair<int, std::uint64_t>(m, e.nodes());
  };
  const auto a = run(), b = run();
  EXPECT_EQ(a, b);
  EXPECT_GE(a.first, 1);
  EXPECT_LE(a.first, 3);
  EXPECT_LT(a.second, 2000u);
}

// Root 0 (player 0), quiet moves only: 1 (+50 at depth 1, -100 at depth 2), 2 (0, then +10) and 7 (-50, then +100
// through any of 20 replies). Depth 1 prefers 1; depth 2 searches 1, then 2, which beats it, then 7, the best.
void script_deepening() {
  Tree::kids() = {{0, {{1, false}, {2, false}, {7, false}}}, {1, {{5, false}}}, {2, {{6, false}}}};
  Tree::values() = {{0, 0}, {1, 50}, {2, 0}, {7, -50}, {5, -100}, {6, 10}};
  for (int i = 0; i < 20; ++i) {
    Tree::kids()[7].push_back({100 + i, false});
    Tree::values()[100 + i] = 100;
  }
}

TEST(Negamax, AStoppedIterationPlaysTheBestMoveItSearchedInFull) {
  script_deepening();
  auto choose = [](std::uint64_t nodes) {
    NegamaxConfig c = fixed(2);
    c.nodes = nodes;
    Negamax<QuietTree> e(c);
    const int m = e.choose(QuietTree{});
    EXPECT_EQ(e.last_depth(), nodes >= 1000 ? 2 : 1);
    return m;
  };
  EXPECT_EQ(choose(1000), 7);  // depth 2 in full
  EXPECT_EQ(choose(5), 1);     // stopped within the first move: depth 1's choice
  EXPECT_EQ(choose(15), 2);    // stopped within 7's replies, after 2 beat 1 at depth 2
}

TEST(Negamax, NoLegalMoveGivesTheDefaultMove) {
  Negamax<Nim> e(fixed(4));
  EXPECT_EQ(e.choose(Nim{0, 0}), 0);
}

namespace {
// A (player 0 to move) can lose at once (move 0) or go to B (move 1), whose only move returns to A. A is bad
// for player 0 (-500) by the evaluation; with the draw rule the repetition scores 0.
struct Cycle {
  using Move = int;
  int at = 0, side = 0;  // at: 0 = A, 1 = B, 2 = lost for player 0
  int to_move() const { return side; }
  Outcome outcome() const { return at == 2 ? Outcome::win(1, "lost") : Outcome{}; }
  void legal_moves(std::vector<int>& out) const {
    out.clear();
    if (at == 0) out = {0, 1};
    else if (at == 1) out = {1};
  }
  void apply(const int& m, Events*) {
    at = at == 0 ? (m == 0 ? 2 : 1) : 0;
    side = 1 - side;
  }
  std::uint64_t hash() const { return static_cast<std::uint64_t>(at * 2 + side + 1) * 0x9E3779B97F4A7C15ULL; }
  int evaluate_points(int player) const { return player == 0 ? -500 : 500; }
};
struct CycleWithDraws : Cycle {
  bool draw_by_rule(std::span<const std::uint64_t> path) const {
    for (std::size_t i = 0; i + 1 < path.size(); ++i)
      if (path[i] == hash()) return true;
    return false;
  }
};
}  // namespace

TEST(Negamax, DrawRulesSeeRepetitionsOnTheSearchPath) {
  Negamax<Cycle> blind(fixed(6));
  EXPECT_EQ(blind.choose(Cycle{}), 1);
  EXPECT_EQ(blind.last_score(), -500);
  Negamax<CycleWithDraws> drawn(fixed(6));
  EXPECT_EQ(drawn.choose(CycleWithDraws{}), 1);
  EXPECT_EQ(drawn.last_score(), 0);  // back in A: a repetition, scored as a draw
}

namespace {

// A random game tree with chance moves (expectimax): a node's moves are plain or have 2..4 results drawn with
// given probabilities; leaves score by a hash. Its exact value is computed by brute force and must be what the
// negamax finds at the same depth, with Star1's windows or Star2's probes, the table and the killers all at work.
// Optionally a play may leave the same side to move (`again`), a position may end the game (`ends`), and the
// evaluation may be mostly what the plays gained along the path (`material`: values correlated as in real games).
struct ChanceTree {
  using Move = int;
  struct Chance {
    double probability = 0;
    int result = 0;
  };
  static constexpr int kMaxChances = 4;
  static constexpr int kWinScore = 10000;
  std::uint64_t id = 1;
  int side = 0, depth = 0;
  int again = 0;  // one play in `again` leaves the same side to move (0: none)
  int ends = 0;   // one position in `ends` below the root is a win for either side or a draw (0: none)
  bool material = false;
  int gained = 0;     // with `material`: what the plays gained, for player 0
  int optional = 0;   // one chance move in `optional` is optional: its player knows the result first (0: none)

  static std::uint64_t mix(std::uint64_t x) {
    x ^= x >> 33;
    x *= 0xff51afd7ed558ccdULL;
    x ^= x >> 33;
    x *= 0xc4ceb9fe1a85ec53ULL;
    return x ^ (x >> 33);
  }
  int to_move() const { return side; }
  Outcome outcome() const {
    if (ends == 0 || depth == 0) return {};
    const std::uint64_t h = mix(id ^ 0x5eed);
    if (h % static_cast<std::uint64_t>(ends)) return {};
    return (h >> 20) % 3 == 2 ? Outcome::draw("even") : Outcome::win(static_cast<int>((h >> 20) % 3), "won");
  }
  void legal_moves(std::vector<int>& out) const {
    out.clear();
    const int n = 2 + static_cast<int>(mix(id) % 3);
    for (int i = 0; i < n; ++i) out.push_back(i);
  }
  int chances(const int& m, Chance* out) const {
    const std::uint64_t h = mix(id * 31 + static_cast<std::uint64_t>(m) + 7);
    if (h % 3) return 0;  // two moves in three are plain
    const int n = 2 + static_cast<int>((h >> 8) % 3);
    double total = 0;
    for (int i = 0; i < n; ++i) total += out[i].probability = 1 + static_cast<double>((h >> (16 + 4 * i)) % 9);
    for (int i = 0; i < n; ++i) out[i] = Chance{out[i].probability / total, i};
    std::sort(out, out + n, [](const Chance& a, const Chance& b) { return a.probability > b.probability; });
    if (!chance_optional(m)) return n;
    // An optional move's mover declines it for some results (never the likeliest): those are left out.
    int kept = 1;
    for (int i = 1; i < n; ++i)
      if ((h >> (40 + i)) & 1) out[kept++] = out[i];
    return kept;
  }
  bool chance_optional(const int& m) const {
    if (optional == 0) return false;
    const std::uint64_t h = mix(id * 31 + static_cast<std::uint64_t>(m) + 7);
    return h % 3 == 0 && mix(h ^ 0x0b7) % static_cast<std::uint64_t>(optional) == 0;
  }
  bool chance_seen(const int& m) const {
    return chance_optional(m) && mix(id * 31 + static_cast<std::uint64_t>(m) + 0x5ee) % 2 == 0;
  }
  void apply(const int& m, Events*) { play(static_cast<std::uint64_t>(m) + 1); }
  void apply_chance(const int& m, const Chance& c) { play(static_cast<std::uint64_t>(m) * 16 + static_cast<std::uint64_t>(c.result) + 100); }
  void play(std::uint64_t branch) {
    id = mix(id * 1000003 + branch);
    if (material) gained += (side == 0 ? 1 : -1) * (static_cast<int>(mix(id ^ 0x6a1) % 401) - 200);
    if (again == 0 || mix(id ^ 0xa9a1) % static_cast<std::uint64_t>(again)) side ^= 1;
    ++depth;
  }
  std::uint64_t hash() const { return id; }
  // In player 0's favour, within the evaluation's bounds.
  int evaluate_points(int player) const {
    const int noise = static_cast<int>(mix(id ^ 0xabcdef) % 2001) - 1000;
    const int v = material ? gained + noise / 20 : noise;
    return player == 0 ? v : -v;
  }
};

double brute(const ChanceTree& s, int depth);

// The expectimax value of move m for the side to move at s, searched to `depth` plies; an optional move's declined
// chance is worth `alternative` (none: its listed results are scaled up), and so is at least each of its results when
// its player sees them.
double brute_move(const ChanceTree& s, int m, int depth, double alternative = -1e18) {
  ChanceTree::Chance c[ChanceTree::kMaxChances];
  const int n = s.chances(m, c);
  auto value = [&](const ChanceTree& child) {
    const double w = brute(child, depth - 1);
    return child.to_move() == s.to_move() ? w : -w;
  };
  if (n == 0) {
    ChanceTree child = s;
    child.apply(m, nullptr);
    return value(child);
  }
  double v = 0, listed = 0;
  for (int i = 0; i < n; ++i) {
    ChanceTree child = s;
    child.apply_chance(m, c[i]);
    v += c[i].probability * (s.chance_seen(m) ? std::max(value(child), alternative) : value(child));
    listed += c[i].probability;
  }
  if (alternative < -1e17) return v / listed;
  return v + (1 - listed) * alternative;
}

// The expectimax value for the side to move, scoring results as the negamax does (a win nearer the root is worth more).
double brute(const ChanceTree& s, int depth) {
  if (const Outcome o = s.outcome(); o.over()) return Negamax<ChanceTree>::terminal_score(o, s.to_move(), s.depth);
  if (depth == 0) return s.evaluate_points(s.to_move());
  std::vector<int> moves;
  s.legal_moves(moves);
  double best = -1e18;
  for (int m : moves)
    if (!s.chance_optional(m)) best = std::max(best, brute_move(s, m, depth));
  // The optional moves, each against the best of the others.
  const double plain = best;
  for (int m : moves)
    if (s.chance_optional(m)) best = std::max(best, brute_move(s, m, depth, plain));
  return best;
}

}  // namespace

TEST(NegamaxChance, ExpectimaxWithStar1EqualsTheBruteForceValue) {
  for (std::uint64_t root = 1; root <= 40; ++root) {
    ChanceTree s;
    s.id = root;
    for (int depth = 1; depth <= 4; ++depth) {
      NegamaxConfig c = fixed(depth);
      c.quiescence_plies = 0;
      c.chance_probes = false;
      Negamax<ChanceTree> search(c);
      search.choose(s);
      // Each result's value is rounded to whole points once per chance node: a point per level at most.
      EXPECT_NEAR(search.last_score(), brute(s, depth), depth + 1) << "root " << root << " depth " << depth;
    }
  }
}

// An optional chance move (an enemy piece that knows its own rank attacks only where that pays) is worth its listed
// results, each at least the best other move when its player sees it, and that move where its player declines it.
// At the root the other moves' best is exact, and so is the value. A ply deeper the alternative may be the bound of
// moves that failed low, which overrates the opponent's optional moves, never underrates them: the root's value is
// the brute force's or below it, and mostly the same.
TEST(NegamaxChance, AnOptionalChanceMoveIsWorthItsResultsAndTheAlternativeWhereDeclined) {
  int optional_roots = 0, exact = 0, searches = 0;
  for (std::uint64_t root = 1; root <= 60; ++root) {
    ChanceTree s;
    s.id = root;
    s.optional = 2;
    std::vector<int> moves;
    s.legal_moves(moves);
    optional_roots += std::any_of(moves.begin(), moves.end(), [&](int m) { return s.chance_optional(m); });
    for (int depth = 1; depth <= 2; ++depth) {
      for (const bool probes : {false, true}) {
        NegamaxConfig c = fixed(depth);
        c.quiescence_plies = 0;
        c.chance_probes = probes;
        Negamax<ChanceTree> search(c);
        search.choose(s);
        const double truth = brute(s, depth);
        if (depth == 1) EXPECT_NEAR(search.last_score(), truth, 1) << "root " << root;
        else EXPECT_LE(search.last_score(), truth + depth + 1) << "root " << root << " depth " << depth;
        ++searches;
        exact += std::abs(search.last_score() - truth) <= depth + 1;
      }
    }
  }
  EXPECT_GE(optional_roots, 15);
  EXPECT_GE(exact, searches * 9 / 10);
}

TEST(NegamaxChance, EveryRootMoveIsScoredAndTheBestIsChosen) {
  ChanceTree s;
  s.id = 99;
  Negamax<ChanceTree> search(fixed(3));
  const int best = search.choose(s);
  std::vector<int> moves;
  s.legal_moves(moves);
  ASSERT_EQ(search.root_scores().size(), moves.size());
  int top = -ChanceTree::kWinScore;
  for (const auto& [m, v] : search.root_scores()) top = std::max(top, v);
  for (const auto& [m, v] : search.root_scores()) {
    if (m == best) {
      EXPECT_EQ(v, top);
    }
  }
}

// Star2 (the default) against Star1 alone, on trees with hashed or material-like values, where the opponent moves after
// every play or one play in three leaves the same side to move (the probes bound results from below, not above), and
// where no position or one in five ends the game (probed results that are over): the value and the move are the
// brute-force expectimax's every time. Where no position ends the game, the probes pay: fewer nodes in all (with one
// position in five over, they may cost up to a tenth more).
// An expectation above the forced-result bound (a likely win, not a sure one) does not end the deepening early: the
// score at the asked depth is the expectimax value there.
TEST(NegamaxChance, ALikelyWinIsSearchedToTheAskedDepth) {
  int above_bound = 0;
  for (std::uint64_t root = 1; root <= 300; ++root) {
    ChanceTree s;
    s.id = root;
    s.ends = 5;
    for (int depth = 2; depth <= 3; ++depth) {
      NegamaxConfig c = fixed(depth);
      c.quiescence_plies = 0;
      Negamax<ChanceTree> search(c);
      search.choose(s);
      const double want = brute(s, depth);
      EXPECT_NEAR(search.last_score(), want, depth + 1) << "root " << root << " depth " << depth;
      if (std::abs(brute(s, depth - 1)) > Negamax<ChanceTree>::kMateBound) ++above_bound;
    }
  }
  EXPECT_GT(above_bound, 0) << "no root of the fixture passes the bound at a shallower depth";
}

TEST(NegamaxChance, Star2ProbesKeepTheExpectimaxValueAndSearchFewerNodes) {
  for (const bool material : {false, true}) {
    for (const int again : {0, 3}) {
      for (const int ends : {0, 5}) {
        const std::string name = std::string(material ? "material" : "hashed") + " again " + std::to_string(again) +
                                 " ends " + std::to_string(ends);
        std::uint64_t star1_nodes = 0, star2_nodes = 0;
        for (std::uint64_t root = 1; root <= 40; ++root) {
          ChanceTree s;
          s.id = root;
          s.material = material;
          s.again = again;
          s.ends = ends;
          for (int depth = 1; depth <= 5; ++depth) {
            NegamaxConfig c = fixed(depth);
            c.quiescence_plies = 0;
            Negamax<ChanceTree> star2(c);
            const int move = star2.choose(s);
            c.chance_probes = false;
            Negamax<ChanceTree> star1(c);
            star1.choose(s);
            star1_nodes += star1.nodes();
            star2_nodes += star2.nodes();
            // Each result's value is rounded to whole points once per chance node: a point per level at most, for the
            // score and again for the move's value, which may trail the best by both roundings.
            const double want = brute(s, depth), tolerance = depth + 1;
            const std::string where = name + " root " + std::to_string(root) + " depth " + std::to_string(depth);
            EXPECT_NEAR(star2.last_score(), want, tolerance) << where;
            EXPECT_NEAR(star1.last_score(), want, tolerance) << where;
            EXPECT_GE(brute_move(s, move, depth), want - 2 * tolerance) << where;
          }
        }
        if (ends == 0) {
          EXPECT_LT(star2_nodes, star1_nodes) << name;
        }
      }
    }
  }
}
