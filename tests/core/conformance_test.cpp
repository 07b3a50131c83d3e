// The conformance suite, in the spirit of OpenSpiel's basic_tests: what every game of the registry must do,
// checked along random games of each of its variants. It runs for every State of conformance_games.hpp (and
// RegistryCoverage makes every registered game be there), so a new game gets it without writing test code.
// Game-specific invariants stay in tests/games/<folder>/. Records written by `strat selfplay --save` replaying
// through `strat replay` is checked for every game and variant by tests/cli/records_test.cpp.
#include <gtest/gtest.h>

#include <algorithm>
#include <set>
#include <string>
#include <vector>

#include "conformance.hpp"
#include "conformance_games.hpp"
#include "core/error.hpp"

using namespace strat;

namespace {

// A few games per variant keep the suite at a few seconds per game in Release; the sanitizer run plays one.
#ifdef STRAT_SANITIZED
constexpr int kGamesPerSpec = 1;
#else
constexpr int kGamesPerSpec = 3;
#endif
// Far beyond every game's own end rules (ply limits, draw counters): a random game this long does not end.
constexpr int kMaxPlies = 100000;

template <class I>
concept InfoEquality = requires(const I a) { { a == a } -> std::convertible_to<bool>; };
template <class I>
concept InfoText = requires(const I a) { { a.to_string() } -> std::same_as<std::string>; };

template <class S>
std::vector<std::string> texts_of(const S& s) {
  std::vector<typename S::Move> moves;
  s.legal_moves(moves);
  std::vector<std::string> out;
  for (const auto& m : moves) out.push_back(s.move_to_string(m));
  return out;
}

bool one_line(const std::string& what) { return !what.empty() && what.find('\n') == std::string::npos; }

// Plays kGamesPerSpec random games of each variant of S's game through AnyState (so moves travel as text, as
// they do in the CLI and the server), calling check(spec, any, state, rng) at every position, the last
// included. Fails if a game does not end within kMaxPlies or an unfinished game has no legal move.
template <class S, class Check>
void along_random_games(std::uint64_t seed, Check&& check) {
  const GameInfo* game = conformance::game_of<S>();
  ASSERT_NE(game, nullptr);
  for (const auto& text : conformance::specs_of(*game)) {
    const GameSpec spec = GameSpec::parse(text);
    for (int k = 0; k < kGamesPerSpec; ++k) {
      auto any = spec.new_game(seed + static_cast<std::uint64_t>(k));
      Rng rng(seed * 7919 + static_cast<std::uint64_t>(k));
      while (true) {
        const S& s = concrete<S>(*any);
        SCOPED_TRACE(text + " game " + std::to_string(k) + " ply " + std::to_string(s.ply()) + ": " + s.to_string());
        check(spec, static_cast<const AnyState&>(*any), s, rng);
        if (::testing::Test::HasFatalFailure()) return;
        if (any->outcome().over()) break;
        ASSERT_LT(any->ply(), kMaxPlies) << "the game does not end";
        const auto moves = any->legal_moves();
        ASSERT_FALSE(moves.empty()) << "an unfinished game with no legal move";
        any->apply(moves[rng.below(static_cast<std::uint32_t>(moves.size()))]);
      }
    }
  }
}

template <class S>
class Conformance : public ::testing::Test {};
TYPED_TEST_SUITE(Conformance, conformance::AllGameStates);

TYPED_TEST(Conformance, IsRegistered) {
  static_assert(GameState<TypeParam>);
  const GameInfo* game = conformance::game_of<TypeParam>();
  ASSERT_NE(game, nullptr) << "no registered game builds this State";
  EXPECT_EQ(game->hidden_information(), HiddenInformationGame<TypeParam>);
}

// load(position()).position() == position(), and the loaded state offers the same moves to the same side.
TYPED_TEST(Conformance, PositionStringsRoundTrip) {
  along_random_games<TypeParam>(1, [](const GameSpec& spec, const AnyState& any, const TypeParam& s, Rng&) {
    const std::string text = s.to_string();
    ASSERT_EQ(any.position(), text);
    const auto back = spec.load(text);
    ASSERT_EQ(back->position(), text);
    ASSERT_EQ(concrete<TypeParam>(*back).inconsistency(), "") << "a loaded position breaks the invariants";
    if (any.outcome().over()) return;
    ASSERT_EQ(back->to_move(), any.to_move());
    ASSERT_EQ(back->legal_moves(), any.legal_moves());
  });
}

// Every legal move's notation parses back to that move; notations are distinct; AnyState lists the same texts.
TYPED_TEST(Conformance, MoveNotationRoundTrips) {
  along_random_games<TypeParam>(2, [](const GameSpec&, const AnyState& any, const TypeParam& s, Rng&) {
    if (any.outcome().over()) return;
    std::vector<typename TypeParam::Move> moves;
    s.legal_moves(moves);
    std::set<std::string> seen;
    for (const auto& m : moves) {
      const std::string text = s.move_to_string(m);
      ASSERT_TRUE(seen.insert(text).second) << "two legal moves written " << text;
      ASSERT_TRUE(s.parse_move(text) == m) << text;
    }
    ASSERT_EQ(any.legal_moves(), texts_of(s));
  });
}

// The game's own invariants (inconsistency(), e.g. piece counts against the board, the hash against a
// recomputed one) hold after every move, and applying a Move directly gives what applying its text gives.
TYPED_TEST(Conformance, ApplyKeepsTheGamesInvariants) {
  static_assert(SelfChecking<TypeParam>, "every game states its invariants: std::string inconsistency() const");
  std::string previous;
  along_random_games<TypeParam>(3, [&](const GameSpec&, const AnyState& any, const TypeParam& s, Rng& rng) {
    ASSERT_EQ(s.inconsistency(), "");
    if (any.outcome().over()) return;
    std::vector<typename TypeParam::Move> moves;
    s.legal_moves(moves);
    const auto& m = moves[rng.below(static_cast<std::uint32_t>(moves.size()))];
    TypeParam direct = s;
    direct.apply(m, nullptr);
    ASSERT_EQ(direct.inconsistency(), "");
    auto by_text = any.clone();
    by_text->apply(s.move_to_string(m));
    ASSERT_EQ(direct.to_string(), by_text->position());
  });
}

// Malformed text and moves that are not legal here are refused with one line (BadInput), the state unchanged;
// text that is accepted must name a legal move. After the end, every move is refused.
TYPED_TEST(Conformance, BadMovesAreRejectedInOneLineAndChangeNothing) {
  // The moves of the last two positions: well formed, and often not legal now (the opponent's squares, a
  // piece that has moved away, a path now blocked).
  std::vector<std::string> earlier[2];
  long rejected = 0;
  along_random_games<TypeParam>(4, [&](const GameSpec&, const AnyState& any, const TypeParam& s, Rng& rng) {
    const auto legal = any.legal_moves();
    const auto remember = [&] {
      earlier[1] = std::move(earlier[0]);
      earlier[0] = legal;
    };
    // Every fourth position (and the last): the checks cost a copy and a parse per try.
    if (s.ply() % 4 != 3 && !any.outcome().over()) {
      remember();
      return;
    }
    std::vector<std::string> tries = {"", " ", "x", "zz99", "a1-", "@@", "0", "-1", "a1\na2", std::string(200, 'a')};
    std::set<std::string> stale;  // well formed, not listed here (dedup)
    for (const auto& list : earlier)
      for (const auto& t : list)
        if (std::find(legal.begin(), legal.end(), t) == legal.end() && stale.insert(t).second) tries.push_back(t);
    for (int i = 0; i < 4 && !legal.empty(); ++i) {  // one character changed, dropped or added
      std::string t = legal[rng.below(static_cast<std::uint32_t>(legal.size()))];
      const char c = "abcdefghijklmnopqrstuvwxyz0123456789-x:=, "[rng.below(42)];
      const std::uint32_t at = rng.below(static_cast<std::uint32_t>(t.size() + 1));
      if (i == 0 && !t.empty()) t.erase(at == t.size() ? at - 1 : at, 1);
      else if (i == 1 || t.empty()) t.insert(t.begin() + at, c);
      else if (at < t.size()) t[at] = c;
      tries.push_back(t);
    }
    remember();
    const std::string before = any.position();
    for (const auto& t : tries) {
      if (std::find(legal.begin(), legal.end(), t) != legal.end()) continue;
      auto copy = any.clone();
      try {
        copy->apply(t);
        // Accepted: another spelling of a legal move (Strategic's Officer paths, T-10); the parser check
        // below makes sure it is one.
        ASSERT_FALSE(any.outcome().over()) << "a move accepted after the end: " << t;
      } catch (const BadInput& e) {
        ++rejected;
        ASSERT_TRUE(one_line(e.what())) << "for " << t << ": '" << e.what() << "'";
        ASSERT_EQ(copy->position(), before) << "a refused move changed the state: " << t;
        ASSERT_EQ(copy->ply(), any.ply());
      }
      if (!any.outcome().over()) {
        try {  // the concrete parser: refuses, or names a legal move
          const auto m = s.parse_move(t);
          std::vector<typename TypeParam::Move> moves;
          s.legal_moves(moves);
          ASSERT_TRUE(std::find(moves.begin(), moves.end(), m) != moves.end()) << t << " parsed to an illegal move";
        } catch (const BadInput& e) {
          ASSERT_TRUE(one_line(e.what())) << "for " << t << ": '" << e.what() << "'";
        }
      }
    }
  });
  EXPECT_GT(rejected, 0);
}

// A game's own perft (where it has one) counts what the generic perft of game.hpp counts; AnyState::perft is
// empty exactly for hidden-information games.
TYPED_TEST(Conformance, PerftAgreesWithTheGenericPerft) {
  int checked = 0;
  along_random_games<TypeParam>(5, [&](const GameSpec&, const AnyState& any, const TypeParam& s, Rng&) {
    if (s.ply() % 25 != 0 || any.outcome().over()) return;
    ++checked;
    if constexpr (HiddenInformationGame<TypeParam>) {
      ASSERT_FALSE(any.perft(1).has_value());
    } else {
      ASSERT_EQ(any.perft(2), strat::perft(s, 2));
      if constexpr (HasOwnPerft<TypeParam>) {
        for (int depth = 1; depth <= 3; ++depth) ASSERT_EQ(s.perft(depth), strat::perft(s, depth)) << depth;
      }
    }
  });
  EXPECT_GT(checked, 0);
}

// Two states that differ only in what a player cannot see (Info::sample) look the same to that player: same
// Info, views and, on that player's turn, the same legal moves.
TYPED_TEST(Conformance, HiddenInformationStaysHidden) {
  if constexpr (!HiddenInformationGame<TypeParam>) {
    GTEST_SKIP() << "perfect information";
  } else {
    using Info = typename TypeParam::Info;
    static_assert(InfoEquality<Info> || InfoText<Info>, "an Info must be comparable (operator== or to_string)");
    int sampled = 0;
    along_random_games<TypeParam>(6, [&](const GameSpec&, const AnyState&, const TypeParam& s, Rng& rng) {
      if (s.ply() % 3 != 0) return;
      for (int p = 0; p < 2; ++p) {
        const Info info = s.info(p);
        const TypeParam other = info.sample(rng);
        ++sampled;
        ASSERT_EQ(other.inconsistency(), "") << "a sampled state breaks the invariants";
        const Info again = other.info(p);
        if constexpr (InfoEquality<Info>) ASSERT_TRUE(again == info) << "player " << p;
        else ASSERT_EQ(again.to_string(), info.to_string()) << "player " << p;
        ASSERT_EQ(other.view_string(p), s.view_string(p)) << "player " << p;
        ASSERT_EQ(other.view_json(p), s.view_json(p)) << "player " << p;
        ASSERT_EQ(other.to_move(), s.to_move());
        if (p == s.to_move() && !s.outcome().over()) {
          ASSERT_EQ(texts_of(other), texts_of(s)) << "player " << p;
        }
        // The analysis' evaluation (AnyState::evaluate_as_known) reads only the player's Info, and so does its
        // judgement of a move (evaluate_move_as_known).
        ASSERT_EQ(StateAdapter<TypeParam>("sampled", other).evaluate_as_known(p, 3, 7),
                  StateAdapter<TypeParam>("true", s).evaluate_as_known(p, 3, 7))
            << "player " << p;
        if (p == s.to_move() && !s.outcome().over()) {
          const auto moves = texts_of(s);
          const std::string& m = moves[rng.below(static_cast<std::uint32_t>(moves.size()))];
          ASSERT_EQ(StateAdapter<TypeParam>("sampled", other).evaluate_move_as_known(m, 3, 7),
                    StateAdapter<TypeParam>("true", s).evaluate_move_as_known(m, 3, 7))
              << "player " << p << " move " << m;
        }
      }
    });
    EXPECT_GT(sampled, 0);
  }
}

// A move that State::reveals says shows a player nothing (the server's take-backs rely on it) leaves that
// player's view the same in every state its Info allowed before the move where the move is legal: what the
// player sees after it follows from what it knew and the move.
TYPED_TEST(Conformance, AMoveThatRevealsNothingLeavesTheViewDeterminedByTheInfo) {
  if constexpr (!HiddenInformationGame<TypeParam>) {
    GTEST_SKIP() << "perfect information";
  } else {
    int checked = 0, revealing = 0;
    along_random_games<TypeParam>(8, [&](const GameSpec&, const AnyState&, const TypeParam& s, Rng& rng) {
      if (s.outcome().over() || s.ply() % 2 != 0) return;
      std::vector<typename TypeParam::Move> moves;
      s.legal_moves(moves);
      const auto& m = moves[rng.below(static_cast<std::uint32_t>(moves.size()))];
      const std::string text = s.move_to_string(m);
      TypeParam after = s;
      after.apply(m, nullptr);
      for (int p = 0; p < 2; ++p) {
        if (s.reveals(m, p)) {
          ++revealing;
          continue;
        }
        const auto info = s.info(p);
        for (int k = 0; k < 3; ++k) {
          TypeParam other = info.sample(rng);
          typename TypeParam::Move same;
          try {
            same = other.parse_move(text);
          } catch (const BadInput&) {
            continue;  // the move itself tells the player this world is not the true one
          }
          other.apply(same, nullptr);
          ++checked;
          ASSERT_EQ(other.view_string(p), after.view_string(p)) << "player " << p << " after " << text;
        }
      }
    });
    EXPECT_GT(checked, 0);
    EXPECT_GT(revealing, 0);
  }
}

// Random games end within the game's limits with a result and a reason; once over, no move is offered and
// any move text is refused with one line.
TYPED_TEST(Conformance, RandomGamesEnd) {
  const GameInfo* game = conformance::game_of<TypeParam>();
  ASSERT_NE(game, nullptr);
  for (const auto& text : conformance::specs_of(*game)) {
    const GameSpec spec = GameSpec::parse(text);
    for (std::uint64_t seed = 100; seed < 100 + 4 * kGamesPerSpec; ++seed) {
      auto any = spec.new_game(seed);
      TypeParam s = concrete<TypeParam>(*any);
      Rng rng(seed);
      std::vector<typename TypeParam::Move> moves;
      std::string last;
      while (!s.outcome().over()) {
        ASSERT_LT(s.ply(), kMaxPlies) << text << " seed " << seed << " does not end";
        s.legal_moves(moves);
        ASSERT_FALSE(moves.empty()) << s.to_string();
        const auto& m = moves[rng.below(static_cast<std::uint32_t>(moves.size()))];
        last = s.move_to_string(m);
        s.apply(m, nullptr);
      }
      const std::string reason = s.outcome().reason;
      EXPECT_NE(reason, "") << text;
      // One hyphenated word in every game ("no-moves", "ply-limit"): event lines and records read it as a token.
      EXPECT_EQ(reason.find_first_not_of("abcdefghijklmnopqrstuvwxyz-"), std::string::npos) << text << ": " << reason;
      if (s.outcome().status == Status::Win) {
        EXPECT_TRUE(s.outcome().winner == 0 || s.outcome().winner == 1);
      }
      auto end = spec.load(s.to_string());
      if (!end->outcome().over()) continue;  // an end the position string cannot show (a repetition)
      EXPECT_TRUE(end->legal_moves().empty()) << text;
      try {
        end->apply(last);
        ADD_FAILURE() << text << ": a move accepted after the end";
      } catch (const BadInput& e) {
        EXPECT_TRUE(one_line(e.what())) << e.what();
      }
    }
  }
}

}  // namespace
