// K-14 over thousands of random games: an independent observer, written from the rule text and driven by
// the moves, tracks what each player may know of the other; Info, view_string and view_json must match it
// exactly after every ply (nothing hidden shown, nothing known dropped). Also: Info::sample consistency and
// position round trips on the same games.
#include <nlohmann/json.hpp>
#include <set>

#include "core/text.hpp"
#include "helpers.hpp"

using namespace strat;
using namespace strat::stratego_cards;
using namespace strat::stratego_cards::test;

namespace {

#ifdef STRAT_SANITIZED
constexpr int kGames = 1500;  // the sanitizer run checks the same properties on fewer games
#else
constexpr int kGames = 10000;
#endif

// What `viewer` knows of the opponent's cards, maintained from K-14 alone.
struct Observer {
  int viewer;
  std::array<int, kSlots> line;  // the card seen in each opponent slot, -1 if none
  std::vector<Card> hand;        // cards seen in the opponent's hand (Spy), still known to be there

  explicit Observer(int v) : viewer(v) { line.fill(-1); }

  void update(const State& before, const Move& m, const State& after) {
    const int mover = before.to_move(), opp = viewer ^ 1;
    const Side& o_before = before.side(opp);
    const Side& o_after = after.side(opp);
    auto survivor = [&](int slot) { return o_after.line[slot] == kEmpty ? -1 : static_cast<int>(o_after.line[slot]); };
    switch (m.kind) {
      case kAttack:  // both cards face up; a card that stays in play stays known
        if (mover == viewer) line[m.b] = survivor(m.b);
        else line[m.a] = survivor(m.a);
        break;
      case kSpyReveal:
        if (mover == viewer) hand.assign(o_before.hand.begin(), o_before.hand.begin() + o_before.hand_n);
        else line[m.a] = kSpy;
        break;
      case kScoutReveal:
        if (mover == viewer) {
          for (std::uint8_t t : {m.b, m.c})
            if (t != kNone) line[t] = o_before.line[t];
        } else {
          line[m.a] = kScout;
        }
        break;
      case kFlagReveal:
        if (mover != viewer) {  // all knowledge of the opponent's cards is void
          line.fill(-1);
          hand.clear();
        }
        break;
      case kPlace:
        if (mover != viewer) {  // a card moved from the hand: which one is unknown
          hand.clear();
          line[m.a] = -1;
        }
        break;
    }
    // Cards that left the game are no longer "in the line".
    for (int i = 0; i < kSlots; ++i)
      if (o_after.line[i] == kEmpty) line[i] = -1;
    std::sort(hand.begin(), hand.end());
  }
};

std::string plain(std::string_view token) {
  std::string t(token);
  if (!t.empty() && (t.back() == '*' || t.back() == '+')) t.pop_back();
  return t;
}

void check_views(const State& s, const Observer& ob, bool check_json) {
  const int v = ob.viewer, o = v ^ 1;
  const Side& opp = s.side(o);
  const Info in = s.info(v);
  // Info: own cards as they are, the opponent's exactly as the observer knows them.
  ASSERT_EQ(in.own_line, s.side(v).line);
  ASSERT_EQ(in.own_hand_n, s.side(v).hand_n);
  ASSERT_EQ(in.own_pile_n, s.side(v).pile_n);
  for (int i = 0; i < kSlots; ++i) {
    Card want = opp.line[i] == kEmpty ? kEmpty : ob.line[i] >= 0 ? static_cast<Card>(ob.line[i]) : Info::kUnknown;
    ASSERT_EQ(in.opp_line[i], want) << "slot " << i + 1 << " of " << s.to_string() << " viewer " << v;
    if (ob.line[i] >= 0) {
      ASSERT_EQ(opp.line[i], ob.line[i]);
    }
  }
  ASSERT_EQ(in.opp_hand_known_n, ob.hand.size()) << s.to_string() << " viewer " << v;
  for (std::size_t i = 0; i < ob.hand.size(); ++i) ASSERT_EQ(in.opp_hand_known[i], ob.hand[i]);
  ASSERT_EQ(in.opp_hand_n, opp.hand_n);
  ASSERT_EQ(in.opp_pile_n, opp.pile_n);

  // The view string: the opponent's side is line/hand/#pile with '?' for every hidden card.
  const std::string vs = s.view_string(v);
  auto fields = split_ws(vs);
  ASSERT_EQ(fields.size(), 7u) << vs;
  auto parts = split(fields[4 + o], '/');
  ASSERT_EQ(parts.size(), 3u);
  auto line = split(parts[0], ',');
  for (int i = 0; i < kSlots; ++i) {
    std::string want = opp.line[i] == kEmpty ? "-" : ob.line[i] >= 0 ? card_text(static_cast<Card>(ob.line[i])) : "?";
    ASSERT_EQ(plain(line[i]), want) << vs;
  }
  std::vector<std::string> hand_tokens;
  if (!parts[1].empty())
    for (auto t : split(parts[1], ',')) hand_tokens.push_back(plain(t));
  ASSERT_EQ(hand_tokens.size(), static_cast<std::size_t>(opp.hand_n)) << vs;
  for (std::size_t i = 0; i < hand_tokens.size(); ++i)
    ASSERT_EQ(hand_tokens[i], i < ob.hand.size() ? card_text(ob.hand[i]) : "?") << vs;
  ASSERT_EQ(parts[2], "#" + std::to_string(opp.pile_n));
  // The own pile appears only as a count.
  ASSERT_EQ(split(fields[4 + v], '/')[2], "#" + std::to_string(s.side(v).pile_n));

  // The JSON view, every ply: the opponent's "card" values, in order, are exactly the known cards and '?'s.
  const std::string js = s.view_json(v);
  ASSERT_EQ(js.find("\"pile\":["), std::string::npos);
  {
    const std::string open = std::string("{\"player\":\"") + State::player_name(o) + "\"";
    std::size_t at = js.find(open), end = js.find("\"pile_count\"", at);
    ASSERT_NE(at, std::string::npos);
    std::vector<std::string> cards, want;
    for (std::size_t k = js.find("\"card\":\"", at); k < end; k = js.find("\"card\":\"", k + 1)) {
      const std::size_t from = k + 8;
      cards.push_back(js.substr(from, js.find('"', from) - from));
    }
    for (int i = 0; i < kSlots; ++i)
      if (opp.line[i] != kEmpty) want.push_back(ob.line[i] >= 0 ? card_text(static_cast<Card>(ob.line[i])) : "?");
    for (int i = 0; i < opp.hand_n; ++i)
      want.push_back(i < static_cast<int>(ob.hand.size()) ? card_text(ob.hand[i]) : "?");
    ASSERT_EQ(cards, want) << js;
  }

  if (!check_json) return;  // a full parse of the JSON on some games
  auto j = nlohmann::json::parse(js);
  const auto& side = j["sides"][o];
  ASSERT_FALSE(side.contains("pile"));
  for (int i = 0; i < kSlots; ++i) {
    if (opp.line[i] == kEmpty) {
      ASSERT_TRUE(side["line"][i].is_null());
      continue;
    }
    std::string want = ob.line[i] >= 0 ? card_text(static_cast<Card>(ob.line[i])) : "?";
    ASSERT_EQ(side["line"][i]["card"], want);
  }
  ASSERT_EQ(side["hand"].size(), static_cast<std::size_t>(opp.hand_n));
  for (std::size_t i = 0; i < side["hand"].size(); ++i)
    ASSERT_EQ(side["hand"][i]["card"], i < ob.hand.size() ? card_text(ob.hand[i]) : "?");
  if (s.to_move() != v) {
    ASSERT_TRUE(j["legal"].empty());
  }
}

}  // namespace

TEST(K14, EveryViewOfRandomGamesHoldsExactlyWhatThePlayerKnows) {
  Rng rng(2024);
  std::vector<Move> moves;
  long plies = 0, peeks = 0, flag_reveals = 0;
  for (int g = 0; g < kGames; ++g) {
    State s = State::deal(rng.next());
    std::array<Observer, 2> ob{Observer(0), Observer(1)};
    const bool json = g % 10 == 0;
    while (!s.outcome().over()) {
      s.legal_moves(moves);
      ASSERT_FALSE(moves.empty()) << s.to_string();
      const Move m = moves[rng.below(static_cast<std::uint32_t>(moves.size()))];
      State before = s;
      s.apply(m, nullptr);
      ++plies;
      peeks += m.kind == kSpyReveal || m.kind == kScoutReveal;
      flag_reveals += m.kind == kFlagReveal;
      for (auto& o : ob) {
        o.update(before, m, s);
        check_views(s, o, json);
        if (HasFatalFailure()) return;
      }
    }
  }
  // The random games did exercise the information moves.
  EXPECT_GT(peeks, kGames);
  EXPECT_GT(flag_reveals, kGames / 10);
  EXPECT_GT(plies, 30L * kGames);
}

TEST(K14, SamplesAreConsistentWithTheInfoAndPositionsRoundTrip) {
  Rng rng(77);
  std::vector<Move> moves, again;
  for (int g = 0; g < kGames / 10; ++g) {
    State s = State::deal(rng.next());
    while (!s.outcome().over()) {
      const std::string text = s.to_string();
      State back = State::parse(text);
      ASSERT_EQ(back.to_string(), text);
      ASSERT_EQ(back.outcome().status, s.outcome().status);
      s.legal_moves(moves);
      back.legal_moves(again);
      ASSERT_EQ(moves, again) << text;
      for (int v = 0; v < 2; ++v) {
        Info in = s.info(v);
        State sampled = in.sample(rng);
        ASSERT_TRUE(sampled.info(v) == in) << text << " viewer " << v << "\nsample " << sampled.to_string();
        for (int p = 0; p < 2; ++p) {
          Counts n = sampled.side(p).in_play(), t = s.side(p).in_play();
          ASSERT_EQ(n, t);  // the same cards are in play: removed cards are public
        }
      }
      s.apply(moves[rng.below(static_cast<std::uint32_t>(moves.size()))], nullptr);
    }
    ASSERT_EQ(State::parse(s.to_string()).outcome().status, s.outcome().status) << s.to_string();
  }
}

TEST(K14, SamplesRedrawHiddenCardsAndPileOrders) {
  State s = prepared(4);
  Info red = s.info(0);
  Rng rng(1);
  const std::string truth = s.to_string();
  const std::string own_line(split(split_ws(truth)[4], '/')[0]);
  std::set<std::string> opp_lines, own_piles;
  for (int i = 0; i < 200; ++i) {
    State x = red.sample(rng);
    std::string t = x.to_string();
    auto f = split_ws(t);
    opp_lines.insert(std::string(f[5]));
    own_piles.insert(std::string(split(f[4], '/')[2]));
    EXPECT_EQ(split(f[4], '/')[0], own_line);  // own line unchanged
  }
  EXPECT_GT(opp_lines.size(), 150u);
  EXPECT_GT(own_piles.size(), 150u);  // own pile order is hidden from its owner too
}

TEST(K14, OwnerKnowsWhatTheOpponentSaw) {
  State s = pos("r act 3 0 10,9,B,1,2/4,4,5/6,7,F 9,10,B,F,3/6,6,7/8,2,2");
  play(s, {"scout5:1,3"});
  // Blue knows Red looked at its slots 1 and 3 (the move is public), shown as '+' in Blue's view.
  const std::string view = s.view_string(1);
  auto fields = split_ws(view);
  EXPECT_EQ(split(fields[5], '/')[0], "9+,10,B+,F,3");
  EXPECT_EQ(split(fields[4], '/')[0], "?,?,?,?,2*");
}

TEST(K14, LayingACardVoidsWhatTheSpySawOfTheHand) {
  State s = pos("r act 3 0 10,9,B,1,2/4,4,5/6,7,F 9,10,B,F,3/6,6,7/8,2,2");
  play(s, {"spy4"});
  EXPECT_EQ(s.info(0).opp_hand_known_n, 3);
  play(s, {"a1x1"});  // Blue's 9 dies on the Marshal: Blue must lay a card from its known hand
  EXPECT_EQ(s.info(0).opp_hand_known_n, 3);
  play(s, {"place 1=6"});
  EXPECT_EQ(s.info(0).opp_hand_known_n, 0);  // Red cannot tell which card went where
  EXPECT_EQ(s.info(0).opp_line[0], Info::kUnknown);
}

// State::reveals (the server's take-back): which moves show a player a card it did not know, before they are
// played: cards turned face up or looked at (K-04), and a draw from a pile whose order nobody knows (K-03).
TEST(K14, RevealsSaysWhichMovesShowAPlayerACard) {
  State s = pos("r act 3 0 10,9,B,1,2/4,4,5/6,7,F 9,10,B,F,3/6,6,7/8,2,2");
  const auto reveals = [&](const char* move, int player) { return s.reveals(s.parse_move(move), player); };
  EXPECT_TRUE(reveals("a1x1", 0)) << "Red's 10 attacks a card it never saw";
  EXPECT_TRUE(reveals("a1x1", 1)) << "and Blue sees the 10";
  EXPECT_TRUE(reveals("spy4", 0)) << "a look at Blue's hand";
  EXPECT_TRUE(reveals("spy4", 1)) << "the Spy is turned face up";
  EXPECT_TRUE(reveals("scout5:1,3", 0));
  // Once Red has seen Blue's slots 1 and 3 (its Scout now face up):
  s = pos("r act 3 0 10,9,B,1,2*/4,4,5/6,7,F 9+,10,B+,F,3/6,6,7/8,2,2");
  EXPECT_FALSE(reveals("a1x1", 0)) << "Red saw that 9 already";
  EXPECT_TRUE(reveals("a1x1", 1));
  EXPECT_FALSE(reveals("a5x3", 0)) << "the Scout on slot 5 is face up, and Red saw the Bomb";
  EXPECT_FALSE(reveals("a5x3", 1));
}

// The draw that starts a turn shows its player the top of a pile it could not know, unless the draw takes the
// whole pile or the pile holds one kind of card.
TEST(K14, ADrawFromAShuffledPileRevealsAndAWholeOrUniformPileDoesNot) {
  const auto ends_blue_turn = [](const std::string& red_pile) {
    State s = pos("b refill 3 0 10,9,B,F,2/4/" + red_pile + " 9,10,-,F,3/6/8,2,2");
    return std::array<bool, 2>{s.reveals(s.parse_move("place 3=6"), 0), s.reveals(s.parse_move("place 3=6"), 1)};
  };
  EXPECT_EQ(ends_blue_turn("6,7,1"), (std::array<bool, 2>{true, false})) << "Red draws 2 of 3 shuffled cards";
  EXPECT_EQ(ends_blue_turn("2,2,2"), (std::array<bool, 2>{false, false})) << "all alike";
  EXPECT_EQ(ends_blue_turn("6,7"), (std::array<bool, 2>{false, false})) << "the whole pile";
}

