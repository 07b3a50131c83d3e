// Commands from the web client (L-15, L-16, L-18): parsed into events, refused with one clear line.
#include <gtest/gtest.h>

#include "core/error.hpp"
#include "core/rng.hpp"
#include "games/stratego_live/command.hpp"
#include "helpers.hpp"

using namespace live_test;
using strat::BadInput;
using nlohmann::json;

TEST(L16, WebCommandsRecordDealsDuelsFlagsAndUndo) {
  LiveGame g = new_game(5, 4);
  apply_command(g, json{{"op", "deal"}, {"team", "red"}, {"player", 1}, {"mode", "chosen"}, {"rank", "10"}}, kRed, 1);
  apply_command(g, json{{"op", "deal"}, {"team", "blue"}, {"player", 2}, {"mode", "chosen"}, {"rank", 1}}, kBlue, 2);
  const Event& blind = apply_command(g, json{{"op", "deal"}, {"team", "blue"}, {"player", 3}}, kReferee, 3);
  EXPECT_FALSE(blind.chosen);
  EXPECT_TRUE(valid_rank(blind.rank));
  apply_command(g, json{{"op", "duel"}, {"tagger_team", "red"}, {"tagger", 1}, {"tagged", 2}}, kReferee, 4);
  EXPECT_EQ(card(g, kRed, 1), kNoCard);  // the Spy wins, even tagged
  EXPECT_EQ(g.log().back().time_ms, 4);
  apply_command(g, json{{"op", "undo"}, {"target", 4}}, kReferee, 5);
  EXPECT_EQ(card(g, kRed, 1), kMarshal);
  EXPECT_THROW(apply_command(g, json{{"op", "undo"}, {"target", 3}}, kBlue, 6), BadInput);
  for (const json& bad : {json(5), json{{"op", "dance"}}, json{{"op", "deal"}, {"team", "green"}, {"player", 1}},
                          json{{"op", "deal"}, {"team", "red"}, {"player", "one"}},
                          json{{"op", "deal"}, {"team", "red"}, {"player", 2}, {"mode", "peek"}},
                          json{{"op", "deal"}, {"team", "red"}, {"player", 2}, {"mode", "chosen"}, {"rank", true}},
                          json{{"op", "duel"}, {"tagger_team", "red"}, {"tagger", -1}, {"tagged", 2}},
                          json{{"op", "flag_home"}}}) {
    const std::size_t size = g.log().size();
    EXPECT_THROW(apply_command(g, bad, kReferee, 7), BadInput) << bad.dump();
    EXPECT_EQ(g.log().size(), size);
  }
  // The seed comes from the server, never from the form.
  GameSetup s = setup_from_form(json{{"players_per_team", 6}, {"seed", 1}, {"names", {"A", "B"}}}, 99);
  EXPECT_EQ(s.seed, 99u);
  EXPECT_EQ(s.names[1], "B");
  EXPECT_THROW(setup_from_form(json::array(), 1), BadInput);
}

TEST(LiveFuzz, RandomCommandsNeverCrash) {
  strat::Rng rng(11);
  LiveGame g = new_game(6, 2);
  const char* ops[] = {"deal", "duel", "flag_taken", "flag_returned", "flag_home", "undo", "x"};
  const char* teams[] = {"red", "blue", "r", "b", "green", ""};
  int accepted = 0;
  for (int i = 0; i < 5000; ++i) {
    json c{{"op", ops[rng.below(7)]}};
    if (rng.below(8)) c["team"] = teams[rng.below(6)];
    if (rng.below(8)) c["tagger_team"] = teams[rng.below(6)];
    if (rng.below(8)) c["flag"] = teams[rng.below(6)];
    if (rng.below(8)) c["player"] = static_cast<int>(rng.below(9)) - 1;
    if (rng.below(8)) c["tagger"] = static_cast<int>(rng.below(8));
    if (rng.below(8)) c["tagged"] = static_cast<int>(rng.below(8));
    if (rng.below(2)) c["mode"] = rng.below(2) ? "chosen" : "blind";
    if (rng.below(2)) c["rank"] = rank_code(1 + static_cast<int>(rng.below(11)));
    if (rng.below(4) == 0) c["target"] = static_cast<int>(rng.below(static_cast<std::uint32_t>(g.log().size() + 2)));
    const int actor = static_cast<int>(rng.below(3)) - 1;
    try {
      apply_command(g, c, actor, i);
      ++accepted;
    } catch (const BadInput&) {
    }
    ASSERT_TRUE(conserved(g.state(), kRed) && conserved(g.state(), kBlue));
  }
  EXPECT_GT(accepted, 20);  // mostly malformed on purpose; some must get through
}
