// Randomized property tests: thousands of random event sequences, many of them impossible, with undos and
// redos, checking after every step that refused events change nothing, cards are conserved, replay from the
// stored log gives the same game, and a leader's view never holds the other team's stock or hands.
#include <gtest/gtest.h>

#include "core/error.hpp"
#include "core/rng.hpp"
#include "helpers.hpp"

using namespace live_test;
using strat::BadInput;
using strat::Rng;
using nlohmann::json;

namespace {

// Thousands of sequences in the normal build; fewer under the sanitizers, which run about 20x slower.
#ifdef STRAT_SANITIZED
constexpr int kGames = 600;
#else
constexpr int kGames = 2500;
#endif

int random_rank(Rng& rng) { return 1 + static_cast<int>(rng.below(11)); }

// One random attempt: any event type, any actor, players and ranks mostly in range. Returns whether accepted.
bool random_event(LiveGame& g, Rng& rng) {
  const int n = g.state().players(kRed);
  const int actor = rng.below(2) == 0 ? kReferee : static_cast<int>(rng.below(2));
  const int team = static_cast<int>(rng.below(2));
  auto player = [&] { return 1 + static_cast<int>(rng.below(static_cast<std::uint32_t>(n + (rng.below(20) == 0)))); };
  const std::int64_t t = static_cast<std::int64_t>(g.log().size()) * 1000;
  try {
    switch (rng.below(20)) {
      case 0: case 1: case 2: case 3: g.deal_blind(actor, team, player(), t); break;
      case 4: case 5: g.deal_chosen(actor, team, player(), random_rank(rng), t); break;
      case 6: case 7: case 8: case 9: case 10: case 11: g.duel(actor, team, player(), player(), t); break;
      case 12: g.flag_taken(actor, team, player(), t); break;
      case 13: g.flag_returned(actor, team, t); break;
      case 14: g.flag_home(actor, team, t); break;
      default: {  // undo, mostly recent events
        const int size = static_cast<int>(g.log().size());
        const int back = static_cast<int>(rng.below(rng.below(4) == 0 ? static_cast<std::uint32_t>(size) : 4u));
        g.undo(rng.below(5) == 0 ? actor : kReferee, size - 1 - back, t);
      }
    }
    return true;
  } catch (const BadInput&) {
    return false;
  }
}

void check_invariants(const LiveGame& g) {
  const LiveState& s = g.state();
  ASSERT_EQ(g.log().size(), g.results().size());
  for (int t = 0; t < 2; ++t) {
    ASSERT_TRUE(conserved(s, t)) << "team " << t << " after " << g.log().size() << " events";
    const int carrier = s.teams[t].carrier;
    if (carrier) {
      ASSERT_NE(s.teams[t].players[carrier - 1].card, kNoCard) << "L-11: carrier without a card";
    }
    int out = 0;
    for (int p = 1; p <= s.players(t); ++p) out += s.out(t, p);
    ASSERT_EQ(out, s.players_out(t));
    ASSERT_EQ(s.flag_allowed(t), s.teams[t].captured.total() * 2 >= s.set.total());
  }
  if (s.winner >= 0) {
    ASSERT_NE(s.teams[s.winner].carrier, 0);
  }
}

void check_views(const LiveGame& g) {
  for (int me = 0; me < 2; ++me) {
    const json v = g.view(me);
    const json& other = v["teams"][1 - me];
    ASSERT_FALSE(other.contains("stock"));
    ASSERT_FALSE(other.contains("cards_in_hands"));
    for (const auto& p : other["players"]) {
      ASSERT_FALSE(p.contains("card"));
    }
    for (const auto& e : v["log"]) {
      ASSERT_FALSE(e.contains("setup"));
      if (e["type"] == "deal" && e["team"] != team_code(me)) {
        ASSERT_FALSE(e.contains("rank"));
      }
    }
    // The stock appears once in the text: our own.
    const std::string text = v.dump();
    ASSERT_EQ(text.find("\"stock\""), text.rfind("\"stock\""));
  }
}

}  // namespace

TEST(LiveRandom, ThousandsOfRandomSequencesKeepEveryInvariant) {
  Rng rng(20261122);
  int accepted = 0, refused = 0, undos = 0, wins = 0, duels = 0;
  for (int game = 0; game < kGames; ++game) {
    const int ppt = 2 + static_cast<int>(rng.below(rng.below(4) == 0 ? 30u : 6u));
    LiveGame g = new_game(ppt, rng.next(), ppt <= 20 && rng.below(3) == 0 ? 20 : 0);
    const int steps = 30 + static_cast<int>(rng.below(150));
    for (int step = 0; step < steps; ++step) {
      const LiveState before = g.state();
      const std::size_t size = g.log().size();
      if (random_event(g, rng)) {
        ++accepted;
        const Event& e = g.log().back();
        undos += e.type == EventType::kUndo;
        duels += e.type == EventType::kDuel;
        ASSERT_EQ(g.log().size(), size + 1);
      } else {
        ++refused;
        ASSERT_EQ(g.log().size(), size) << "a refused event was logged";
        ASSERT_EQ(g.state(), before) << "a refused event changed the state";
      }
      check_invariants(g);
      if (HasFatalFailure()) return;
      if (game % 25 == 0) {  // full replay and views after every step, for a subset (cost is quadratic)
        LiveGame again = LiveGame::from_json_text(g.to_json().dump());
        ASSERT_EQ(again.state(), g.state());
        ASSERT_EQ(again.results(), g.results());
        check_views(g);
        if (HasFatalFailure()) return;
      }
    }
    wins += g.state().winner >= 0;
    LiveGame again = LiveGame::from_json(g.to_json());  // replay determinism
    ASSERT_EQ(again.state(), g.state());
    ASSERT_EQ(again.results(), g.results());
    ASSERT_EQ(again.log(), g.log());
    check_views(g);
    if (HasFatalFailure()) return;
  }
  // The generator must reach the interesting parts, or the invariants above prove little.
  EXPECT_GT(accepted, 10 * kGames);
  EXPECT_GT(refused, 10 * kGames);
  EXPECT_GT(undos, 2 * kGames);
  EXPECT_GT(duels, 2 * kGames);
  EXPECT_GT(wins, kGames / 100);
  std::cout << "accepted " << accepted << ", refused " << refused << ", undos " << undos << ", duels " << duels
            << ", games won " << wins << "\n";
}

TEST(LiveRandom, BlindDealsFollowTheStockComposition) {
  // Over many seeds, the first blind card of a 20-card set is a Scout 2/20 of the time, a Marshal 1/20.
  int scouts = 0, marshals = 0;
  const int n = 20000;
  for (int seed = 0; seed < n; ++seed) {
    LiveGame g = new_game(5, static_cast<std::uint64_t>(seed));
    const int r = g.deal_blind(kReferee, kRed, 1, 0).rank;
    scouts += r == kScout;
    marshals += r == kMarshal;
  }
  EXPECT_NEAR(scouts / double(n), 0.10, 0.012);
  EXPECT_NEAR(marshals / double(n), 0.05, 0.009);
}

TEST(LiveFuzz, RandomTextAndMutatedLogsAreRefusedCleanly) {
  Rng rng(7);
  LiveGame g = new_game(4, 3);
  for (int i = 0; i < 60; ++i) random_event(g, rng);
  const std::string good = g.to_json().dump();
  const std::string alphabet = "[]{}\":,0123456789abcdefghijklmnopqrstuvwxyz_-. ";
  int loaded = 0;
  for (int i = 0; i < 4000; ++i) {
    std::string text;
    if (i % 2 == 0) {
      const int len = static_cast<int>(rng.below(80));
      for (int k = 0; k < len; ++k) text += alphabet[rng.below(static_cast<std::uint32_t>(alphabet.size()))];
    } else {
      text = good;
      const int edits = 1 + static_cast<int>(rng.below(4));
      for (int k = 0; k < edits; ++k)
        text[rng.below(static_cast<std::uint32_t>(text.size()))] = alphabet[rng.below(static_cast<std::uint32_t>(alphabet.size()))];
    }
    try {
      LiveGame x = LiveGame::from_json_text(text);
      ++loaded;
      for (int t = 0; t < 2; ++t) {
        ASSERT_TRUE(conserved(x.state(), t));
      }
    } catch (const BadInput& e) {
      ASSERT_EQ(std::string(e.what()).find('\n'), std::string::npos) << "one line: " << e.what();
    }
  }
  EXPECT_GT(loaded, 0);  // some edits (times, names) keep the log valid
  // Rank and team parsers.
  for (const char* bad : {"", "0", "11", "bombe", "x", "-1", "10a"}) {
    EXPECT_THROW(parse_rank(bad), BadInput) << bad;
  }
  EXPECT_EQ(parse_rank("Marshal"), kMarshal);
  EXPECT_EQ(parse_rank(" b "), kBomb);
  EXPECT_THROW(parse_team("green"), BadInput);
  EXPECT_THROW(parse_role(""), BadInput);
}
