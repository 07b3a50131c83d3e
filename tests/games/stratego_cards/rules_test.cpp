// One test (at least) per rule id K-01..K-13 of ../shared/rules/stratego-cards.md.
#include "helpers.hpp"

using namespace strat;
using namespace strat::stratego_cards;
using namespace strat::stratego_cards::test;

namespace {
// Red to act: Red line 10,9,B,Spy,Scout; Blue line 9,10,B,F,3.
const char* kDuel = "r act 3 0 10,9,B,1,2/4,4,5/6,7,F 9,10,B,F,3/6,6,7/8,2,2";
}  // namespace

TEST(K01, EachSideHasTwentyThreeCardsOfTheRightKinds) {
  State s = State::deal(11);
  for (int p = 0; p < 2; ++p) {
    Counts n = s.side(p).in_play();
    int total = 0;
    for (int c = 1; c < kCardCodes; ++c) {
      EXPECT_EQ(n[c], kDeck[c]) << "card " << card_text(static_cast<Card>(c));
      total += n[c];
    }
    EXPECT_EQ(total, 23);
  }
  EXPECT_EQ(kDeck[10] + kDeck[9] + kDeck[8] + kDeck[7], 4);
  EXPECT_EQ(kDeck[6], 2);
  EXPECT_EQ(kDeck[5], 2);
  EXPECT_EQ(kDeck[4], 3);
  EXPECT_EQ(kDeck[3], 3);
  EXPECT_EQ(kDeck[2], 4);
  EXPECT_EQ(kDeck[1], 1);
  EXPECT_EQ(kDeck[kFlag], 1);
  EXPECT_EQ(kDeck[kBomb], 3);
}

TEST(K02, PreparationLaysFiveKeepsThreeLeavesFifteen) {
  State s = State::deal(5);
  EXPECT_EQ(s.phase(), Phase::Setup);
  EXPECT_EQ(s.side(0).hand_n, 8);
  EXPECT_EQ(s.side(1).hand_n, 8);
  EXPECT_EQ(s.side(0).pile_n, 15);
  // Placements fill the lowest empty slot; only distinct ranks of the hand are offered.
  for (const auto& m : legal(s)) EXPECT_EQ(m.substr(0, 8), "place 1=");
  std::vector<Move> moves;
  int red_moves = 0;
  while (s.to_move() == 0 && s.phase() == Phase::Setup) {
    s.legal_moves(moves);
    s.apply(moves.back(), nullptr);
    ++red_moves;
  }
  EXPECT_EQ(red_moves, 5);
  EXPECT_EQ(s.side(0).line_count(), 5);
  EXPECT_EQ(s.side(0).hand_n, 3);
  EXPECT_EQ(s.side(0).pile_n, 15);
  EXPECT_EQ(s.to_move(), 1);  // Blue prepares next
  // Blue sees none of Red's choices.
  Info blue = s.info(1);
  for (Card c : blue.opp_line) EXPECT_EQ(c, Info::kUnknown);
  EXPECT_EQ(blue.opp_hand_known_n, 0);
  while (s.phase() == Phase::Setup) {
    s.legal_moves(moves);
    s.apply(moves.front(), nullptr);
  }
  EXPECT_EQ(s.to_move(), 0);
  EXPECT_EQ(s.phase(), Phase::Act);
  EXPECT_EQ(s.side(1).line_count(), 5);
  EXPECT_EQ(s.side(1).hand_n, 3);
}

TEST(K02, SameSeedSameDealDifferentSeedDifferentDeal) {
  EXPECT_EQ(State::deal(9).to_string(), State::deal(9).to_string());
  EXPECT_NE(State::deal(9).to_string(), State::deal(10).to_string());
}

TEST(K02, PlacementMustFillTheNextSlot) {
  State s = State::deal(5);
  auto first = legal(s).front();  // "place 1=R"
  std::string other = "place 2=" + first.substr(8);
  EXPECT_THROW(s.parse_move(other), BadInput);
}

TEST(K03, DrawFillsTheHandToThreeFromThePile) {
  // Red attacks and loses a card, lays one from hand, Blue then draws back to three.
  State s = pos("r act 3 0 4,9,B,1,2/4,4,5/6,7,F 9,10,B,F,3/6,7/8,2,2");
  EXPECT_THROW(pos("r act 3 0 4,9,B,1,2/4,5/6,7,F 9,10,B,F,3/6,7/8,2,2"), BadInput);  // must have drawn
  auto ev = play(s, {"a1x1", "place 1=5"});
  EXPECT_EQ(s.to_move(), 1);
  EXPECT_EQ(s.side(1).hand_n, 3);
  EXPECT_EQ(s.side(1).pile_n, 2);
  EXPECT_TRUE(has_event(ev, "draw b 1"));
  // Fewer than three when the pile runs out.
  State t = pos("r act 3 0 4,9,B,1,2/4,4,5/6,7,F 9,10,B,F,3/6/8");
  play(t, {"a1x1", "place 1=5"});
  EXPECT_EQ(t.side(1).hand_n, 2);
  EXPECT_EQ(t.side(1).pile_n, 0);
}

TEST(K04, ExactlyOneActionThenRefill) {
  State s = pos(kDuel);
  auto l = legal(s);
  // Attacks from the four cards that may attack (not the Bomb) against the five enemy cards.
  EXPECT_EQ(std::count_if(l.begin(), l.end(), [](const std::string& m) { return m[0] == 'a'; }), 4 * 5);
  EXPECT_TRUE(is_legal(s, "spy4"));
  EXPECT_TRUE(is_legal(s, "scout5:1,2"));
  EXPECT_FALSE(is_legal(s, "a3x1"));  // a Bomb never attacks (K-08)
  play(s, {"a2x1"});                  // 9 against 9: both leave, Red must refill its hole
  EXPECT_EQ(s.phase(), Phase::Refill);
  EXPECT_EQ(s.to_move(), 0);
  for (const auto& m : legal(s)) EXPECT_EQ(m.substr(0, 7), "place 2");
}

TEST(K04, AttackTurnsBothCardsFaceUp) {
  State s = pos(kDuel);
  auto ev = play(s, {"a1x5"});  // Marshal takes the Miner
  EXPECT_TRUE(has_event(ev, "reveal r1 10"));
  EXPECT_TRUE(has_event(ev, "reveal b5 3"));
  EXPECT_TRUE(has_event(ev, "capture b5"));
  EXPECT_EQ(s.info(1).opp_line[0], 10);
}

TEST(K04, SpyRevealShowsTheWholeOpponentHand) {
  State s = pos(kDuel);
  EXPECT_EQ(s.info(0).opp_hand_known_n, 0);
  auto ev = play(s, {"spy4"});
  EXPECT_TRUE(has_event(ev, "peek b hand 6,6,7"));
  Info red = s.info(0);
  ASSERT_EQ(red.opp_hand_known_n, 3);
  EXPECT_EQ(red.opp_hand_known[0], 6);
  EXPECT_EQ(red.opp_hand_known[2], 7);
  EXPECT_EQ(s.info(1).opp_line[3], kSpy);  // the Spy is now face up
  EXPECT_FALSE(is_legal(s, "spy4"));
}

TEST(K04, ScoutRevealShowsTheTwoChosenCards) {
  State s = pos(kDuel);
  auto ev = play(s, {"scout5:4,2"});  // either order; stored as 2,4
  EXPECT_TRUE(has_event(ev, "peek b2 10"));
  EXPECT_TRUE(has_event(ev, "peek b4 F"));
  Info red = s.info(0);
  EXPECT_EQ(red.opp_line[1], 10);
  EXPECT_EQ(red.opp_line[3], kFlag);
  EXPECT_EQ(red.opp_line[0], Info::kUnknown);
  // The peek is Red's alone: Blue's cards stay hidden from nobody else, and Blue sees the Scout.
  EXPECT_EQ(s.info(1).opp_line[4], kScout);
  EXPECT_THROW(pos(kDuel).parse_move("scout5:2,2"), BadInput);
}

TEST(K04, FlagRevealRegathersAndPreparesAgain) {
  State s = pos("b act 3 0 10,9,B,1,2/4,4,5/6,7,F 9,10,B,F,3/6,6,7/8,2,2");
  const std::string before = s.to_string();
  auto ev = play(s, {"flag4"});
  EXPECT_TRUE(has_event(ev, "reveal b4 F"));
  EXPECT_TRUE(has_event(ev, "regather b 11"));
  EXPECT_EQ(s.phase(), Phase::Refill);
  EXPECT_EQ(s.to_move(), 1);
  EXPECT_EQ(s.side(1).line_count(), 0);
  EXPECT_EQ(s.side(1).hand_n, 8);
  EXPECT_EQ(s.side(1).pile_n, 3);
  std::vector<Move> moves;
  for (int i = 0; i < 5; ++i) {
    s.legal_moves(moves);
    s.apply(moves.front(), nullptr);
  }
  EXPECT_EQ(s.side(1).line_count(), 5);
  EXPECT_EQ(s.side(1).hand_n, 3);
  EXPECT_EQ(s.to_move(), 0);  // the turn ended
  // The same position shuffles the same way (the chance seed is part of the position).
  State again = pos(before);
  play(again, {"flag4"});
  State twice = pos(before);
  play(twice, {"flag4"});
  EXPECT_EQ(twice.to_string(), again.to_string());
}

TEST(K04, FlagRevealVoidsTheOpponentsKnowledge) {
  // Red knows Blue's 9 (face up), Blue's B (scouted) and two hand cards (spied).
  State s = pos("b act 3 0 10,9,B,1,2/4,4,5/6,7,F 9*,10,B+,F,3/6+,6+,7/8,2,2");
  Info before = s.info(0);
  EXPECT_EQ(before.opp_line[0], 9);
  EXPECT_EQ(before.opp_line[2], kBomb);
  EXPECT_EQ(before.opp_hand_known_n, 2);
  play(s, {"flag4"});
  Info after = s.info(0);
  for (Card c : after.opp_line) EXPECT_EQ(c, kEmpty);
  EXPECT_EQ(after.opp_hand_known_n, 0);
  std::vector<Move> moves;
  while (s.to_move() == 1) {
    s.legal_moves(moves);
    s.apply(moves.front(), nullptr);
  }
  for (Card c : s.info(0).opp_line) EXPECT_EQ(c, Info::kUnknown);
  // What Blue knew of Red is untouched.
  EXPECT_EQ(s.info(1).opp_line, pos("b act 3 0 10,9,B,1,2/4,4,5/6,7,F 9*,10,B+,F,3/6+,6+,7/8,2,2").info(1).opp_line);
}

TEST(K04, FlagRevealWithFewerThanEightCardsFillsTheLineFirst) {
  State s = pos("b act 3 0 10,9,B,1,2/4,4,5/6,7,F -,10,-,F,3/6/");
  play(s, {"flag4"});
  EXPECT_EQ(s.side(1).hand_n, 4);
  EXPECT_EQ(s.side(1).pile_n, 0);
  std::vector<Move> moves;
  while (s.to_move() == 1) {
    s.legal_moves(moves);
    s.apply(moves.front(), nullptr);
  }
  EXPECT_EQ(s.side(1).line_count(), 4);
  EXPECT_EQ(s.side(1).hand_n, 0);
}

TEST(K05, RefillFillsEveryHoleAsFarAsTheHandAllows) {
  // Blue has two holes and one card in hand: one hole is filled, the other stays.
  State s = pos("b act 3 0 10,9,B,1,2/4,4,5/6,7,F -,10,-,F,3/6/");
  play(s, {"a5x2"});  // 3 attacks 9: the Miner leaves, three holes now
  EXPECT_EQ(s.phase(), Phase::Refill);
  EXPECT_EQ(legal(s), std::vector<std::string>{"place 1=6"});
  play(s, {"place 1=6"});
  EXPECT_EQ(s.to_move(), 0);
  EXPECT_EQ(s.side(1).line_count(), 3);
  // Two holes, enough cards: both filled before the turn ends.
  State t = pos(kDuel);
  play(t, {"a2x1"});
  EXPECT_EQ(t.side(0).line[1], kEmpty);
  play(t, {"place 2=5"});
  EXPECT_EQ(t.to_move(), 1);
  EXPECT_EQ(t.side(0).line[1], 5);
  EXPECT_EQ(t.side(0).hand_n, 2);
}

TEST(K06, WinnerReturnsToItsSlotKnownToBoth) {
  State s = pos(kDuel);
  auto ev = play(s, {"a1x1"});  // 10 beats 9: no refill needed, Blue's turn
  EXPECT_TRUE(has_event(ev, "capture b1"));
  EXPECT_EQ(s.side(0).line[0], 10);
  EXPECT_EQ(s.to_move(), 1);
  EXPECT_EQ(s.info(1).opp_line[0], 10);
  EXPECT_EQ(s.side(1).line[0], kEmpty);  // Blue's hole waits for Blue's refill
  // Equal ranks: both leave.
  State t = pos(kDuel);
  auto ev2 = play(t, {"a2x1"});
  EXPECT_TRUE(has_event(ev2, "capture b1"));
  EXPECT_TRUE(has_event(ev2, "capture r2"));
  // Lower attacker leaves, the defender stays known.
  State u = pos(kDuel);
  play(u, {"a5x5"});  // Scout attacks Miner
  EXPECT_EQ(u.side(0).line[4], kEmpty);
  EXPECT_EQ(u.side(1).line[4], 3);
  EXPECT_EQ(u.info(0).opp_line[4], 3);
}

TEST(K07, SpyBeatsMarshalOnlyWhenAttacking) {
  State s = pos(kDuel);
  auto ev = play(s, {"a4x2"});  // Red's Spy attacks Blue's Marshal
  EXPECT_TRUE(has_event(ev, "capture b2"));
  EXPECT_EQ(s.side(0).line[3], kSpy);
  EXPECT_EQ(s.side(1).line[1], kEmpty);
  // The Marshal attacking the Spy wins.
  State t = pos("b act 3 0 10,9,B,1,2/4,4,5/6,7,F 9,10,B,F,3/6,6,7/8,2,2");
  auto ev2 = play(t, {"a2x4"});
  EXPECT_TRUE(has_event(ev2, "capture r4"));
  EXPECT_EQ(t.side(1).line[1], 10);
  // Any attacker beats a Spy, and a Spy attacking anything but the Marshal loses.
  State u = pos("b act 3 0 10,9,B,1,2/4,4,5/6,7,F 9,10,B,F,3/6,6,7/8,2,2");
  play(u, {"a5x4"});  // Miner takes the Spy
  EXPECT_EQ(u.side(0).line[3], kEmpty);
  State v = pos(kDuel);
  play(v, {"a4x5"});  // Spy attacks the Miner and leaves
  EXPECT_EQ(v.side(0).line[3], kEmpty);
  EXPECT_EQ(v.side(1).line[4], 3);
}

TEST(K08, BombStopsEveryAttackerButTheMiner) {
  State s = pos(kDuel);
  play(s, {"a1x3"});  // the Marshal dies on the Bomb
  EXPECT_EQ(s.side(0).line[0], kEmpty);
  EXPECT_EQ(s.side(1).line[2], kBomb);
  EXPECT_EQ(s.info(0).opp_line[2], kBomb);
  State t = pos("b act 3 0 10,9,B,1,2/4,4,5/6,7,F 9,10,B,F,3/6,6,7/8,2,2");
  auto ev = play(t, {"a5x3"});  // Blue's Miner removes Red's Bomb
  EXPECT_TRUE(has_event(ev, "capture r3"));
  EXPECT_EQ(t.side(1).line[4], 3);
  EXPECT_FALSE(is_legal(pos(kDuel), "a3x1"));  // Bombs never attack
}

TEST(K09, AttackingTheFlagCapturesItAndWins) {
  State s = pos(kDuel);
  auto ev = play(s, {"a5x4"});  // even a Scout captures the Flag
  EXPECT_TRUE(has_event(ev, "winner r flag"));
  EXPECT_EQ(s.outcome().status, Status::Win);
  EXPECT_EQ(s.outcome().winner, 0);
  EXPECT_TRUE(legal(s).empty());
  // The finished position reloads as finished.
  EXPECT_EQ(pos(s.to_string()).outcome().winner, 0);
}

TEST(K10, RevealedSpyAndScoutStayInTheirSlotKnown) {
  State s = pos(kDuel);
  play(s, {"scout5:1,2"});
  EXPECT_EQ(s.side(0).line[4], kScout);
  EXPECT_EQ(s.info(1).opp_line[4], kScout);
  EXPECT_EQ(s.info(1).opp_line_flags[4], kPublic);
  play(s, {"a1x5"});  // Blue's turn: 9 attacks the Scout
  EXPECT_EQ(s.side(0).line[4], kEmpty);
  // A face-up Scout cannot reveal again.
  State t = pos("r act 3 0 10,9,B,1,2*/4,4,5/6,7,F 9,10,B,F,3/6,6,7/8,2,2");
  for (const auto& m : legal(t)) EXPECT_NE(m.substr(0, 5), "scout");
}

TEST(K11, CapturingTheEnemyFlagEndsTheGame) {
  State s = pos("b act 3 0 10,9,B,1,F/4,4,5/6,7 9,10,B,F,3/6,6,7/8,2,2");
  auto ev = play(s, {"a5x5"});
  EXPECT_TRUE(has_event(ev, "winner b flag"));
  EXPECT_EQ(s.outcome().winner, 1);
  EXPECT_STREQ(s.outcome().reason, "flag");
}

TEST(K12, OnlyBombsAndFlagInLineLosesAtTheActStep) {
  // Red's last attacker dies; Red has nothing in hand to lay; at Red's next act step it loses even though
  // a Flag reveal would still be possible.
  State s = pos("r act 9 0 3,B,F,-,-// 9,B,F,-,-/6/");
  play(s, {"a1x1"});
  EXPECT_EQ(s.to_move(), 1);
  EXPECT_FALSE(s.outcome().over());
  auto ev = play(s, {"a1x2", "place 1=6"});
  EXPECT_TRUE(has_event(ev, "winner b no-attacker"));
  EXPECT_EQ(s.outcome().winner, 1);
  // The same rule for a position loaded at the act step.
  EXPECT_EQ(pos("r act 9 0 B,B,F,-,-// 9,B,F,-,-//").outcome().winner, 1);
}

TEST(K12, NoAttackerOrAnEmptyLineLoses) {
  // Red takes Blue's last line card; Blue draws its Flag but cannot lay it before acting: no attacker.
  State s = pos("r act 9 0 10,B,F,-,-// 9,-,-,-,-//F");
  auto ev = play(s, {"a1x1"});
  EXPECT_EQ(s.outcome().winner, 0);
  EXPECT_TRUE(has_event(ev, "winner r no-attacker"));
  // Facing an empty enemy line at the act step wins: the enemy cannot fill it before its own act step.
  // (Play never leads there, since a side that still has its Flag always lays a card at its refill; it
  // settles loaded positions.)
  State t = pos("r act 9 0 10,B,F,-,-// -,-,-,-,-/F/");
  EXPECT_EQ(t.outcome().winner, 0);
  EXPECT_STREQ(t.outcome().reason, "empty-line");
  // A player without attackers loses first, even facing an empty line.
  EXPECT_EQ(pos("r act 9 0 B,B,F,-,-// -,-,-,-,-//F").outcome().winner, 1);
}

TEST(K13, DrawAfterTheTurnLimitWhichIsConfigurable) {
  State s = pos("r act 9 0 10,9,B,1,2/4,4,5/6,7,F 9,10,B,F,3/6,6,7/8,2,2", 10);
  auto ev = play(s, {"a1x1"});
  EXPECT_TRUE(has_event(ev, "draw turn-limit"));
  EXPECT_EQ(s.outcome().status, Status::Draw);
  State t = pos("r act 9 0 10,9,B,1,2/4,4,5/6,7,F 9,10,B,F,3/6,6,7/8,2,2", 0);  // 0: no limit
  play(t, {"a1x1"});
  EXPECT_FALSE(t.outcome().over());
  // Random games end by the default limit of 200 turns at the latest.
  std::vector<Move> moves;
  Rng rng(3);
  for (int g = 0; g < 200; ++g) {
    State r = State::deal(rng.next());
    while (!r.outcome().over()) {
      r.legal_moves(moves);
      r.apply(moves[rng.below(static_cast<std::uint32_t>(moves.size()))], nullptr);
    }
    EXPECT_LE(r.turns(), 200);
  }
}
