// stratego:setup=actions: the setup phase played as moves (S-05, S-06). Each side places its army piece by piece,
// Red first; only complete legal armies come out; the placements stay hidden from the other side until both armies
// stand (views, Info, legal moves, observations, the public part of a move); the default game is as before.
#include <gtest/gtest.h>

#include <set>

#include "ai/random_agent.hpp"
#include "core/encoding.hpp"
#include "core/registry.hpp"
#include "games/stratego/encoding.hpp"
#include "helpers.hpp"

using namespace strat;
using namespace strat::stratego;
using namespace strat::stratego::test;

namespace {

Config setup_config(bool barrage) {
  Config c;
  c.barrage = barrage;
  c.setup_actions = true;
  return c;
}

// Random placements until `placed` plies of the setup are played (or all of them).
State placed_randomly(const Config& config, int placed, std::uint64_t seed) {
  State s = State::setup_start(config);
  RandomAgent<State> walker(seed);
  while (s.in_setup() && s.ply() < placed) s.apply(walker.choose(s), nullptr);
  return s;
}

}  // namespace

TEST(S05, SetupActionsStartEmptyWithRedToPlaceAnyPieceOnItsRows) {
  for (const bool barrage : {false, true}) {
    const State s = State::setup_start(setup_config(barrage));
    const int n = barrage ? 8 : 40;
    EXPECT_EQ(s.to_place(), 2 * n);
    EXPECT_EQ(s.alive_total(0) + s.alive_total(1), 0);
    EXPECT_EQ(s.to_move(), 0);
    EXPECT_FALSE(s.outcome().over());
    const auto moves = legal(s);
    // Every rank of the army on each of Red's 40 squares: 12 ranks (classic), 7 (barrage).
    EXPECT_EQ(moves.size(), (barrage ? 7u : 12u) * 40u);
    EXPECT_TRUE(has(moves, "a1=F") && has(moves, "j4=10") && has(moves, "e2=S"));
    EXPECT_FALSE(has(moves, "a5=F") || has(moves, "a7=F"));
    EXPECT_EQ(s.inconsistency(), "");
  }
}

TEST(S05, RandomPlacementsAlwaysMakeTwoCompleteLegalArmiesThenRedMoves) {
  for (const bool barrage : {false, true}) {
    const Config config = setup_config(barrage);
    const int n = config.army_size();
    for (std::uint64_t seed = 1; seed <= 20; ++seed) {
      State s = State::setup_start(config);
      RandomAgent<State> walker(seed);
      while (s.in_setup()) {
        // Red places all of its army before Blue places anything.
        EXPECT_EQ(s.to_move(), s.ply() < n ? 0 : 1);
        s.apply(walker.choose(s), nullptr);
        ASSERT_EQ(s.inconsistency(), "");
      }
      EXPECT_EQ(s.ply(), 2 * n);
      EXPECT_EQ(s.to_move(), 0) << "Red moves first (S-06)";
      // A new game's strict check: exact counts, every piece in its own rows.
      State check = s;
      check.set_ply(0);
      EXPECT_EQ(error_of([&] { check.check_start(); }), "");
      EXPECT_FALSE(s.outcome().over());
      std::vector<Move> moves;
      s.legal_moves(moves);
      for (const auto& m : moves) EXPECT_FALSE(m.is_placement());
    }
  }
}

// The encoding's fast paths during the setup phase: the placements' actions generated from the board are the list's
// in its order, and an action decodes to a legal placement exactly when it is one of them.
TEST(StrategoSetupActions, ActionsFromTheBoardMatchTheLegalPlacements) {
  for (const bool barrage : {false, true}) {
    State s = State::setup_start(setup_config(barrage));
    RandomAgent<State> walker(barrage ? 7 : 8);
    std::vector<Move> moves;
    std::vector<int> ids, listed;
    while (s.in_setup()) {
      s.legal_moves(moves);
      Encoding::legal_actions(s, ids);
      listed.clear();
      for (const auto& m : moves) listed.push_back(Encoding::action(m));
      ASSERT_EQ(ids, listed) << s.to_string();
      for (int a = -1; a <= Encoding::num_actions(s); ++a) {
        Move m;
        const bool legal = Encoding::legal_move(s, a, m);
        ASSERT_EQ(legal, std::find(listed.begin(), listed.end(), a) != listed.end()) << s.to_string() << " " << a;
        if (legal) ASSERT_EQ(Encoding::action(m), a);
      }
      s.apply(walker.choose(s), nullptr);
    }
  }
}

TEST(S05, PlacementNotationAndItsErrors) {
  State s = State::setup_start(setup_config(true));
  play(s, "b1=F");
  EXPECT_EQ(s.rank_at(at("b1")), kFlag);
  EXPECT_EQ(s.move_to_string(s.parse_move("c2=10")), "c2=10");
  EXPECT_EQ(s.move_to_string(s.parse_move("c2=1")), "c2=S");  // the Spy's other code reads too
  EXPECT_EQ(error_of([&] { s.parse_move("b1=B"); }), "b1 already holds a piece");
  EXPECT_EQ(error_of([&] { s.parse_move("c1=F"); }), "Red has no Flag left to place (an army has 1 Flag, S-03)");
  EXPECT_EQ(error_of([&] { s.parse_move("c7=B"); }), "c7 is outside Red's rows 1-4 (S-05)");
  EXPECT_EQ(error_of([&] { s.parse_move("c1=7"); }), "Red has no Major left to place (an army has 0 Majors, S-03)");
  EXPECT_EQ(error_of([&] { s.parse_move("c1=Q"); }),
            "bad placement syntax 'c1=Q' (expected e.g. b1=F: a square, '=', a rank S, 2..10, B or F)");
  EXPECT_EQ(error_of([&] { s.parse_move("b1-b2"); }),
            "Red is placing its army: pieces move once both armies stand (a placement reads b1=F)");
  const State full = placed_randomly(setup_config(true), 1000, 3);
  EXPECT_EQ(error_of([&] { full.parse_move("a1=F"); }), "the setup is over: both armies stand");
  Rng rng(1);
  const State classic = random_start(Config{}, rng);
  EXPECT_EQ(error_of([&] { classic.parse_move("a5=F"); }),
            "pieces are placed by moves only in stratego:setup=actions; here both armies start in place");
}

TEST(S05, SetupPositionsRoundTripAndBadOnesAreRefused) {
  const Config config = setup_config(false);
  for (int placed : {0, 1, 17, 39, 40, 41, 79, 80, 95}) {
    const State s = placed_randomly(config, placed, 7);
    const State back = State::parse(s.to_string(), config);
    EXPECT_EQ(back.to_string(), s.to_string()) << placed;
    EXPECT_EQ(back.to_place(), s.to_place()) << placed;
    EXPECT_EQ(legal(back), legal(s)) << placed;
  }
  // Blue has placed while Red's army is incomplete; Blue to move while Red still places.
  const State early = placed_randomly(config, 3, 8);
  std::string field = early.to_string().substr(0, 100);
  std::string blue_early = field;
  blue_early[95] = 'N';  // a Blue Bomb on f10
  EXPECT_EQ(error_of([&] { State::parse(blue_early + " r", config); }),
            "a setup position where Blue has placed pieces before Red's army stands (Red has 3 of 40)");
  EXPECT_EQ(error_of([&] { State::parse(field + " b", config); }),
            "a setup position where Red is placing, so Red is to move");
  // Without the extra fields, incomplete armies with no history are a setup position too.
  EXPECT_EQ(State::parse(field + " r", config).to_place(), 77);
  // The same text without setup=actions is a position of play, as before: one without Flags.
  EXPECT_EQ(error_of([&] { State::parse(early.to_string(), Config{}); }),
            "neither side has its Flag, but the game ends when the first one is captured (S-20)");
}

TEST(S26, TheOpponentsPlacementsAreNeverShownDuringTheSetup) {
  const Config config = setup_config(true);
  // Blue to place, Red's army complete: a world with another Red setup and the same two Blue placements looks
  // the same to Blue.
  const State a = placed_randomly(config, 10, 1);
  ASSERT_EQ(a.to_move(), 1);
  State b_same_blue = placed_randomly(config, 8, 2);
  for (int q = 0; q < kCells; ++q)
    if (a.is_piece(q) && a.owner_at(q) == 1) play(b_same_blue, square_str(q) + "=" + rank_code(a.rank_at(q)));
  ASSERT_NE(a.to_string(), b_same_blue.to_string());
  EXPECT_EQ(a.view_string(1), b_same_blue.view_string(1));
  EXPECT_EQ(a.view_json(1), b_same_blue.view_json(1));
  EXPECT_EQ(a.render(1, false), b_same_blue.render(1, false));
  EXPECT_EQ(legal(a), legal(b_same_blue));
  std::vector<float> oa(56 * 100), ob(56 * 100);
  Encoding::observe(a, 1, {}, oa.data());
  Encoding::observe(b_same_blue, 1, {}, ob.data());
  EXPECT_EQ(oa, ob);
  // No Red piece at all in Blue's view while Blue places: not even where they stand (the barrage pattern).
  const Info info = a.info(1);
  for (int q = 0; q < kCells; ++q) EXPECT_FALSE(info.holds(0, q)) << square_str(q);
  // Once both armies stand, Red's pieces appear, as unknown pieces.
  const State done = placed_randomly(config, 16, 1);
  int unknown = 0;
  for (int q = 0; q < kCells; ++q) unknown += done.info(1).holds(0, q) && (done.info(1).cell(q) & kRankMask) == kUnknownRank;
  EXPECT_EQ(unknown, 8);
  // The public part of a placement (the server, `strat play`): nothing of the square or the rank.
  const auto& g = Registry::global().get("stratego");
  const auto [text, events] = g.public_part("b1=F", {});
  EXPECT_EQ(text, "place");
  EXPECT_TRUE(events.empty());
}

TEST(S26, ResampledSetupWorldsAreConsistentAndVaried) {
  for (const bool barrage : {false, true}) {
    const Config config = setup_config(barrage);
    const int n = config.army_size();
    for (int placed : {3, n, n + 2}) {
      const State s = placed_randomly(config, placed, 5);
      for (int p = 0; p < 2; ++p) {
        std::set<std::string> worlds;
        Rng rng(p + 1);
        for (int k = 0; k < 6; ++k) {
          const State w = s.info(p).sample(rng, k % 2 == 1);
          ASSERT_EQ(w.inconsistency(), "");
          EXPECT_EQ(w.info(p).to_string(), s.info(p).to_string());
          EXPECT_EQ(w.to_place(), s.to_place());
          worlds.insert(w.to_string());
        }
        // The side that has placed pieces the observer cannot see gets them redrawn.
        const bool hidden = (p == 1 && placed >= 1) || (p == 0 && placed > n);
        EXPECT_EQ(worlds.size() > 1, hidden) << barrage << " " << placed << " " << p;
      }
    }
  }
}

TEST(StrategoSetupActions, TheDefaultGameIsUnchanged) {
  const auto any = GameSpec::parse("stratego").new_game(5);
  const State& s = concrete<State>(*any);
  EXPECT_FALSE(s.in_setup());
  EXPECT_EQ(s.alive_total(0), 40);
  EXPECT_EQ(Encoding::num_actions(s), 3600);
  EXPECT_EQ(Encoding::observation_shape(s), (std::vector<int>{42, 10, 10}));
  const auto setup = GameSpec::parse("stratego:barrage,setup=actions").new_game(5);
  EXPECT_EQ(Encoding::num_actions(concrete<State>(*setup)), 4800);
  EXPECT_EQ(Encoding::observation_shape(concrete<State>(*setup)), (std::vector<int>{56, 10, 10}));
  EXPECT_EQ(GameSpec::parse("stratego:setup=actions").to_string(), "stratego:classic,setup=actions");
  EXPECT_EQ(Registry::global().get("stratego").specs(),
            (std::vector<std::string>{"stratego", "stratego:barrage", "stratego:setup=actions",
                                      "stratego:barrage,setup=actions"}));
}

TEST(StrategoSetupActions, TheGamesOwnAgentsPlaceAGeneratedSetupThenPlay) {
  for (const char* spec : {"stratego:barrage,setup=actions", "stratego:setup=actions"}) {
    const GameSpec game = GameSpec::parse(spec);
    auto any = game.new_game(1);
    auto agent = game.agent("stratego:nodes=300", 9);
    const int n = concrete<State>(*any).config().army_size();
    while (concrete<State>(*any).in_setup()) any->apply(agent->choose(*any));
    const State& s = concrete<State>(*any);
    // Each side's setup is one the generator makes: never walled in, the Flag on the back row.
    for (int p = 0; p < 2; ++p) {
      stratego::Setup setup{};
      for (int i = 0; i < 40; ++i) {
        const int q = p == 0 ? sq(i % 10, i / 10) : sq(9 - i % 10, 9 - i / 10);
        setup[i] = s.is_piece(q) ? static_cast<std::uint8_t>(s.rank_at(q)) : 0;
      }
      EXPECT_EQ(walled_in(setup), -1) << spec;
      if (n == 40) {
        int flag = -1;
        for (int i = 0; i < 40; ++i)
          if (setup[i] == kFlag) flag = i;
        EXPECT_LT(flag, 10) << spec;
      }
    }
    const std::string move = agent->choose(*any);
    EXPECT_EQ(move.find('='), std::string::npos) << move;
    any->apply(move);
  }
}
