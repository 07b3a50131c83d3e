#pragma once
// The Stratego card duel (../shared/rules/stratego-cards.md, K-01..K-14): the omniscient state, its rules,
// and (Info) what one player knows of it.
//
// A turn is draw (automatic, K-03), act (one move, K-04) and refill (K-05). Laying cards is a player choice,
// expressed as moves `place S=R` that always fill the lowest-numbered empty slot: slots have no geometry, so
// the order in which they are filled is invisible and forcing it removes 5! transpositions per preparation
// without restricting the arrangement. The preparation (K-02) and the re-preparation after a Flag reveal
// (K-04 d) are the same placement loop with up to 8 cards in hand.
//
// Knowledge (K-14) lives on the cards: kPublic = face up (revealed in combat or by K-04), known to both;
// kSeen = the owner's opponent looked at it (Scout on the line, Spy on the hand). A card that moves (hand to
// line) or is gathered by a Flag reveal loses both flags.
#include <array>
#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

#include "core/game.hpp"
#include "core/outcome.hpp"
#include "core/rng.hpp"
#include "games/stratego_cards/cards.hpp"

namespace strat::stratego_cards {

constexpr std::uint8_t kPublic = 1;
constexpr std::uint8_t kSeen = 2;

enum MoveKind : std::uint8_t { kAttack, kSpyReveal, kScoutReveal, kFlagReveal, kPlace };
constexpr std::uint8_t kNone = 0xff;

// Slots are 0-based inside, 1-based in notation.
struct Move {
  std::uint8_t kind = kAttack;
  std::uint8_t a = 0;      // own slot (place: the slot filled)
  std::uint8_t b = 0;      // attack: enemy slot; scout: first enemy slot; place: the card
  std::uint8_t c = kNone;  // scout: second enemy slot (kNone when only one enemy card lies in line)
  bool operator==(const Move&) const = default;
};

enum class Phase : std::uint8_t { Setup, Act, Refill };

struct Side {
  std::array<Card, kSlots> line{};
  std::array<std::uint8_t, kSlots> line_flags{};
  std::array<Card, kHandMax> hand{};  // sorted by (card, flags): a hand is a set, not a sequence
  std::array<std::uint8_t, kHandMax> hand_flags{};
  std::uint8_t hand_n = 0;
  std::array<Card, kDeckSize> pile{};  // pile[pile_n - 1] is the top
  std::uint8_t pile_n = 0;

  int line_count() const;
  int first_empty_slot() const;  // -1 when the line is full
  bool has_attacker() const;
  Counts in_play() const;  // cards on the line, in hand and in the pile
  // Every card of the side, line then hand then pile, into `all`; returns how many (a Flag reveal, K-04 d).
  int gather(std::array<Card, kDeckSize>& all) const;
  void add_to_hand(Card c, std::uint8_t flags);
  void remove_from_hand(int index);
  bool operator==(const Side&) const = default;
};

struct Config {
  int draw_turns = 200;  // K-13: a draw after this many turns; 0 = no limit
};

struct Info;

class State {
 public:
  using Move = stratego_cards::Move;
  using Info = stratego_cards::Info;

  // A new game dealt from `seed` (K-02): both decks shuffled, 8 cards drawn each, Red to prepare.
  static State deal(std::uint64_t seed, Config config = {});
  // Parses the omniscient position string (docs/games/stratego-cards.md); throws BadInput.
  static State parse(std::string_view text, Config config = {});

  int to_move() const { return mover_; }
  Outcome outcome() const { return outcome_; }
  // Ends the game outside the rules (resignation, agreed draw, time): see AnyState::end.
  void end(const Outcome& o) { outcome_ = o; }
  int ply() const { return ply_; }
  int turns() const { return turns_; }
  Phase phase() const { return phase_; }
  const Side& side(int p) const { return sides_[p]; }
  const Config& config() const { return config_; }
  std::uint64_t chance_seed() const { return seed_; }

  void legal_moves(std::vector<Move>& out) const;
  void apply(const Move& m, Events* events);
  std::string move_to_string(const Move& m) const;
  Move parse_move(std::string_view text) const;
  // The places a move goes through, first to last, for the web client's structured legal moves: slots named as
  // in the events ("r2", "b4"), a card in the mover's hand as "hand:RANK". An attack is its own slot then the
  // enemy's; a Spy, Scout or Flag reveal its slot (what a Scout looks at follows from the rules); a placement the
  // card in hand then the slot it fills.
  std::vector<std::string> move_cells(const Move& m) const;
  std::string to_string() const;

  // Hidden information (K-14).
  Info info(int player) const;
  std::string view_string(int player) const;
  std::string view_json(int player) const;
  std::string render(int perspective, bool color) const;
  static const char* player_name(int p) { return p == 0 ? "red" : "blue"; }
  // Whether playing m (legal) shows `player` a card it did not know: an opponent's card turned face up or
  // looked at, or cards of its own drawn from a pile whose order nobody knows (AnyState::move_reveals).
  bool reveals(const Move& m, int player) const;
  static char player_letter(int p) { return p == 0 ? 'r' : 'b'; }

  // Material balance from `player`'s side in [-1, 1]. It reads only what is public (the cards each side still
  // has, by type, are public since every card leaves the game face up) plus where the Flags lie, which on a
  // determinized sample is part of the sample.
  double evaluate(int player) const;
  // The state's internal invariants recomputed from scratch (counts, hash, counters): "" when they hold, else
  // what is wrong (consistency.cpp). The conformance suite calls it after every move.
  std::string inconsistency() const;

  // True if `viewer` may see the card `owner` has at line slot / hand index (K-14).
  bool line_known(int owner, int slot, int viewer) const {
    return owner == viewer || (sides_[owner].line_flags[slot] & (kPublic | kSeen));
  }
  bool hand_known(int owner, int index, int viewer) const {
    return owner == viewer || (sides_[owner].hand_flags[index] & kSeen);
  }


 private:
  friend struct stratego_cards::Info;
  void start_turn(Events* events);
  void end_turn(Events* events);
  void continue_placing(Events* events);
  void resolve_attack(int own_slot, int enemy_slot, Events* events);
  void regather(Events* events);
  void check_act_step(Events* events);
  void remove_card(int owner, int slot, Events* events);
  std::string illegal_reason(const Move& m) const;

  std::array<Side, 2> sides_{};
  Config config_{};
  std::uint64_t seed_ = 0;  // seeds the next shuffle (Flag reveal); redrawn by Info::sample
  Outcome outcome_{};
  int ply_ = 0;
  int turns_ = 0;  // completed turns (K-13)
  std::uint8_t mover_ = 0;
  Phase phase_ = Phase::Setup;
};

// What one player knows (K-14). Two states that differ only in what `me` cannot see give equal Infos.
struct Info {
  static constexpr Card kUnknown = 0xfe;

  int me = 0;
  std::uint8_t mover = 0;
  Phase phase = Phase::Setup;
  int turns = 0;
  int ply = 0;
  Config config{};
  Outcome outcome{};

  // Own cards: the line and hand as they are; the pile only as a multiset (its order is hidden from its
  // owner too).
  std::array<Card, kSlots> own_line{};
  std::array<std::uint8_t, kSlots> own_line_flags{};
  std::array<Card, kHandMax> own_hand{};
  std::array<std::uint8_t, kHandMax> own_hand_flags{};
  std::uint8_t own_hand_n = 0;
  Counts own_pile{};
  std::uint8_t own_pile_n = 0;

  // Opponent: each line slot empty, kUnknown, or the card with how it is known (kPublic or kSeen).
  std::array<Card, kSlots> opp_line{};
  std::array<std::uint8_t, kSlots> opp_line_flags{};
  std::array<Card, kHandMax> opp_hand_known{};  // cards seen with a Spy reveal, sorted
  std::uint8_t opp_hand_known_n = 0;
  std::uint8_t opp_hand_n = 0;  // all cards in hand, seen or not
  std::uint8_t opp_pile_n = 0;

  // Cards that left the game, per player index (0 red, 1 blue): public.
  std::array<Counts, 2> removed{};

  // Opponent cards `me` cannot place: the deck minus removed minus what `me` knows is in play.
  Counts opp_unknown_pool() const;
  State sample(Rng& rng) const;
  bool operator==(const Info& o) const;
};

}  // namespace strat::stratego_cards
