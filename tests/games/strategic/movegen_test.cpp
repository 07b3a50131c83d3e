// Move generation against the plain reference generator of helpers.hpp, and pinned perft figures.
#include <gtest/gtest.h>

#include "core/game.hpp"
#include "helpers.hpp"

using namespace strategic_test;

namespace {
#ifdef STRAT_SANITIZED
constexpr int kScale = 5;  // sanitized Debug builds: a fifth of the work
#else
constexpr int kScale = 1;
#endif

// The reference enumerates every self-avoiding path, which explodes on an open board; it gives up (returns
// false) past `budget` path nodes so the cross-check only covers positions it can finish.
bool bounded_reference(const State& s, std::vector<Move>& out, long budget) {
  long nodes = 0;
  struct Walker {
    const State& s;
    long& nodes;
    long budget;
    bool walk(int cur, Mask visited, Mask captured, Mask jump, bool moved, std::set<std::pair<Mask, int>>& ends) {
      if (++nodes > budget) return false;
      const Board& b = s.board();
      if (moved) ends.insert({captured, cur});
      for (int d = 0; d < 4; ++d) {
        const int n = b.next[static_cast<std::size_t>(cur)][static_cast<std::size_t>(d)];
        if (n < 0 || (visited >> n & 1)) continue;
        if (s.empty() >> n & 1) {
          if (!walk(n, visited | bit(n), captured, jump, true, ends)) return false;
        } else if (jump >> n & 1) {
          const int z = b.next[static_cast<std::size_t>(n)][static_cast<std::size_t>(d)];
          if (z >= 0 && (s.empty() >> z & 1) && !(visited >> z & 1))
            if (!walk(z, visited | bit(n) | bit(z), captured | bit(n), jump, true, ends)) return false;
        }
      }
      return true;
    }
  } w{s, nodes, budget};
  out.clear();
  for (const auto& m : reference_moves_without_officers(s)) out.push_back(m);
  if (s.first_turns() < 2 && std::any_of(out.begin(), out.end(), [](const Move& m) { return m.kind == Kind::Form; }))
    return true;
  const int p = s.to_move();
  for (Mask o = s.officers(p); o; o &= o - 1) {
    const int c = lowest(o);
    std::set<std::pair<Mask, int>> ends;
    if (!w.walk(c, bit(c), 0, s.jumpable(p, c), false, ends)) return false;
    for (const auto& [captured, end] : ends)
      out.push_back({captured, static_cast<std::uint8_t>(c), static_cast<std::uint8_t>(end), Kind::Officer});
  }
  return true;
}
}  // namespace

TEST(StrategicPerft, PinnedAndCrossCheckedWithTheReference) {
  struct Case {
    std::uint64_t seed;
    std::vector<std::uint64_t> counts;
  };
  const Case cases[] = {{1, {32, 1280, 42332, 1653460}}, {2, {38, 1292, 49558, 1635986}}, {3, {42, 1596, 65260, 2426836}}};
  for (const auto& c : cases) {
    const State s = State::deal({}, c.seed);
    for (std::size_t d = 0; d < c.counts.size(); ++d)
      EXPECT_EQ(strat::perft(s, static_cast<int>(d + 1)), c.counts[d]) << "seed " << c.seed << " depth " << d + 1;
    if (kScale == 1 || c.seed == 1) {
      EXPECT_EQ(reference_perft(s, 3), c.counts[2]) << "seed " << c.seed;
    }
  }
  // Through the CLI's type-erased path too.
  EXPECT_EQ(strat::perft(State::load({}, "random:1"), 3), 42332u);
}

TEST(StrategicPerft, JumpOwnVariantAgreesWithTheReference) {
  Rules rules = Rules::from(Options::parse("jump_own", "game option"));
  State s = State::deal(rules, 11);
  Rng rng(5);
  std::vector<Move> moves;
  // Play into a middle game, then compare perft 2 with the reference.
  for (int i = 0; i < 30 && !s.outcome().over(); ++i) {
    s.legal_moves(moves);
    s.apply(moves[rng.below(static_cast<std::uint32_t>(moves.size()))], nullptr);
  }
  EXPECT_EQ(strat::perft(s, 2), reference_perft(s, 2)) << s.to_string();
}

TEST(StrategicMovegen, RandomGamePositionsAgreeWithTheReference) {
  Rng rng(2024);
  std::vector<Move> moves, ref;
  int checked = 0, with_captures = 0;
  for (int game = 0; game < 150 / kScale; ++game) {
    Rules rules;
    rules.jump_own = game % 5 == 4;
    State s = State::deal(rules, rng.next());
    while (!s.outcome().over()) {
      s.legal_moves(moves);
      if (bounded_reference(s, ref, 200000)) {
        ++checked;
        with_captures += std::any_of(ref.begin(), ref.end(), [](const Move& m) { return m.captured != 0; });
        ASSERT_EQ(sorted(moves), sorted(ref)) << s.to_string();
      }
      s.apply(moves[rng.below(static_cast<std::uint32_t>(moves.size()))], nullptr);
    }
  }
  EXPECT_GT(checked, 8000 / kScale);
  EXPECT_GT(with_captures, 1000 / kScale);
}

TEST(StrategicMovegen, HandBuiltCaptureNetworksAgreeWithTheReference) {
  // Officers of both sides scattered over a board walled in places by Guards: many capture chains, some of
  // which would need a cell twice. Small enough for the reference to finish.
  Rng rng(77);
  int compared = 0;
  for (int trial = 0; trial < 600 / kScale; ++trial) {
    std::string grid(49, '.');
    for (auto& ch : grid) {
      const auto r = rng.below(100);
      ch = r < 14 ? 'O' : r < 28 ? 'Y' : r < 40 ? 'o' : r < 52 ? 'y' : '.';
    }
    int weight[2] = {0, 0};
    for (char ch : grid) weight[ch == 'y' || ch == 'Y'] += ch == '.' ? 0 : (ch == 'O' || ch == 'Y') ? 2 : 1;
    if (weight[0] > 24 || weight[1] > 24) continue;
    std::string text;
    for (int row = 6; row >= 0; --row) text += grid.substr(static_cast<std::size_t>(row * 7), 7) + (row ? "/" : "");
    Rules rules;
    rules.jump_own = trial % 3 == 0;
    State s = State::parse(rules, text + (trial % 2 ? " o 2" : " y 2"));
    if (s.outcome().over()) continue;
    std::vector<Move> ref;
    if (!bounded_reference(s, ref, 2'000'000)) continue;
    ++compared;
    ASSERT_EQ(sorted(moves_of(s)), sorted(ref)) << s.to_string();
  }
  EXPECT_GT(compared, 300 / kScale);
}

TEST(StrategicMovegen, DenseOpenCaptureNetworkStaysExact) {
  // Fourteen Officers facing each other across an open board: the relaxed search proposes many chains the
  // never-twice rule forbids; the exact search must refute them, not list them.
  State s = State::parse({}, "Y.Y.Y.Y/......./Y.O.Y.O/......./O.Y.O.Y/......./y.O.O.o o 2");
  auto moves = moves_of(s);
  for (const auto& m : moves) {
    if (m.from != cell("c1") || m.to != cell("b6")) continue;
    EXPECT_NE(m.captured, cells({"a5", "c7"})) << "b6 would be visited twice";
  }
  EXPECT_GT(moves.size(), 1000u);
}
