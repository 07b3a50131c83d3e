// Notation: moves as in the spec (a2x4, spy3, scout1:2,5, flag4, place 2=9) and the omniscient position
// string (docs/games/stratego-cards.md):
//   <mover r|b> <phase setup|act|refill> <turns> <seed, hex> <red side> <blue side>
//   side = line/hand/pile; line = 5 comma-separated cards ('-' empty); hand and pile = comma-separated cards
//   (may be empty), the pile top first. A card is 1..10, B or F, followed by '*' when face up (known to both)
//   or '+' when the owner's opponent has seen it (Scout on the line, Spy on the hand).
#include <algorithm>
#include <cstdio>

#include "core/error.hpp"
#include "core/text.hpp"
#include "games/stratego_cards/state.hpp"

namespace strat::stratego_cards {

namespace {

const char* phase_text(Phase p) {
  switch (p) {
    case Phase::Setup: return "setup";
    case Phase::Act: return "act";
    case Phase::Refill: return "refill";
  }
  return "?";
}

std::string card_with_flags(Card c, std::uint8_t flags) {
  std::string t = card_text(c);
  if (c == kEmpty) return t;
  if (flags & kPublic) t += '*';
  else if (flags & kSeen) t += '+';
  return t;
}

// Reads one slot number 1..5.
int parse_slot(std::string_view text) {
  if (text.size() != 1 || text[0] < '1' || text[0] > '5') return -1;
  return text[0] - '1';
}

struct ParsedCard {
  Card card;
  std::uint8_t flags;
};

ParsedCard parse_flagged(std::string_view token, std::string_view where) {
  std::uint8_t flags = 0;
  std::string_view body = token;
  if (!body.empty() && (body.back() == '*' || body.back() == '+')) {
    flags = body.back() == '*' ? kPublic : kSeen;
    body.remove_suffix(1);
  }
  int c = parse_card(body);
  if (c < 0) bad_input("bad card " + quoted(token) + " in " + std::string(where) + " (expected 1..10, B or F, then * or +)");
  return {static_cast<Card>(c), flags};
}

}  // namespace

std::string State::move_to_string(const Move& m) const {
  const std::string a = std::to_string(m.a + 1);
  switch (m.kind) {
    case kAttack: return "a" + a + "x" + std::to_string(m.b + 1);
    case kSpyReveal: return "spy" + a;
    case kFlagReveal: return "flag" + a;
    case kScoutReveal:
      return "scout" + a + ":" + std::to_string(m.b + 1) + (m.c == kNone ? "" : "," + std::to_string(m.c + 1));
    case kPlace: return "place " + a + "=" + card_text(m.b);
  }
  return "?";
}

std::vector<std::string> State::move_cells(const Move& m) const {
  const auto slot = [](int player, int k) { return std::string(1, player_letter(player)) + std::to_string(k + 1); };
  const int me = mover_, opp = 1 - mover_;
  switch (m.kind) {
    case kAttack: return {slot(me, m.a), slot(opp, m.b)};
    case kSpyReveal:
    case kFlagReveal:
    case kScoutReveal: return {slot(me, m.a)};  // a reveal goes nowhere: the Scout's look is the rules' to aim
    case kPlace: return {"hand:" + card_text(m.b), slot(me, m.a)};
  }
  return {};
}

State::Move State::parse_move(std::string_view text) const {
  const std::string shown = quoted(text);
  text = trim(text);
  Move m;
  auto malformed = [&] {
    bad_input("malformed move " + shown + " (expected a2x4, spy3, scout1:2,5, flag4 or place 2=9)");
  };
  if (text.size() >= 4 && text.substr(0, 1) == "a" && text.find('x') != std::string_view::npos) {
    auto x = text.find('x');
    int s = parse_slot(text.substr(1, x - 1)), t = parse_slot(text.substr(x + 1));
    if (s < 0 || t < 0) malformed();
    m = Move{kAttack, static_cast<std::uint8_t>(s), static_cast<std::uint8_t>(t), kNone};
  } else if (text.substr(0, 3) == "spy") {
    int s = parse_slot(text.substr(3));
    if (s < 0) malformed();
    m = Move{kSpyReveal, static_cast<std::uint8_t>(s), 0, kNone};
  } else if (text.substr(0, 4) == "flag") {
    int s = parse_slot(text.substr(4));
    if (s < 0) malformed();
    m = Move{kFlagReveal, static_cast<std::uint8_t>(s), 0, kNone};
  } else if (text.substr(0, 5) == "scout") {
    auto colon = text.find(':');
    if (colon == std::string_view::npos) malformed();
    int s = parse_slot(text.substr(5, colon - 5));
    auto targets = split(text.substr(colon + 1), ',');
    if (s < 0 || targets.empty() || targets.size() > 2) malformed();
    int t = parse_slot(targets[0]);
    int u = targets.size() == 2 ? parse_slot(targets[1]) : -2;
    if (t < 0 || u == -1) malformed();
    if (u == t) bad_input("illegal move " + shown + ": the Scout must look at two different slots");
    if (u >= 0 && u < t) std::swap(t, u);
    m = Move{kScoutReveal, static_cast<std::uint8_t>(s), static_cast<std::uint8_t>(t),
             u < 0 ? kNone : static_cast<std::uint8_t>(u)};
  } else if (text.substr(0, 5) == "place") {
    auto rest = trim(text.substr(5));
    auto eq = rest.find('=');
    if (text.size() < 6 || (text[5] != ' ' && text[5] != '\t') || eq == std::string_view::npos) malformed();
    int s = parse_slot(trim(rest.substr(0, eq)));
    int c = parse_card(trim(rest.substr(eq + 1)));
    if (s < 0 || c < 0) malformed();
    m = Move{kPlace, static_cast<std::uint8_t>(s), static_cast<Card>(c), kNone};
  } else {
    malformed();
  }
  if (outcome_.over()) bad_input("illegal move " + shown + ": the game is over");
  std::vector<Move> legal;
  legal_moves(legal);
  if (std::find(legal.begin(), legal.end(), m) == legal.end())
    bad_input("illegal move " + shown + ": " + illegal_reason(m));
  return m;
}

std::string State::illegal_reason(const Move& m) const {
  const Side& me = sides_[mover_];
  const Side& them = sides_[mover_ ^ 1];
  const std::string slot = "slot " + std::to_string(m.a + 1);
  if (phase_ != Phase::Act && m.kind != kPlace)
    return std::string(player_name(mover_)) + " must lay a card from hand now (place " +
           std::to_string(me.first_empty_slot() + 1) + "=...)";
  if (phase_ == Phase::Act && m.kind == kPlace) return "cards are laid only after the act step";
  switch (m.kind) {
    case kPlace:
      if (m.a != me.first_empty_slot())
        return "slots are filled left to right: the next one is slot " + std::to_string(me.first_empty_slot() + 1);
      return "no " + card_text(m.b) + " in " + player_name(mover_) + "'s hand";
    case kAttack:
      if (me.line[m.a] == kEmpty) return "own " + slot + " is empty";
      if (!can_attack(me.line[m.a])) return "a " + std::string(me.line[m.a] == kBomb ? "Bomb" : "Flag") + " cannot attack";
      return "enemy slot " + std::to_string(m.b + 1) + " is empty";
    case kSpyReveal:
    case kScoutReveal:
    case kFlagReveal: {
      const Card want = m.kind == kSpyReveal ? kSpy : m.kind == kScoutReveal ? kScout : kFlag;
      const char* name = m.kind == kSpyReveal ? "Spy" : m.kind == kScoutReveal ? "Scout" : "Flag";
      if (me.line[m.a] != want) return "no " + std::string(name) + " in own " + slot;
      if (me.line_flags[m.a] & kPublic) return "the " + std::string(name) + " in " + slot + " is already face up";
      if (m.c == kNone && them.line_count() >= 2) return "the Scout looks at two enemy slots";
      return "the Scout must look at occupied enemy slots";
    }
  }
  return "not legal now";
}

std::string State::to_string() const {
  std::string out;
  out += player_letter(mover_);
  out += ' ';
  out += phase_text(phase_);
  out += ' ' + std::to_string(turns_) + ' ';
  char buf[20];
  std::snprintf(buf, sizeof buf, "%016llx", static_cast<unsigned long long>(seed_));
  out += buf;
  for (const Side& s : sides_) {
    out += ' ';
    for (int i = 0; i < kSlots; ++i) out += (i ? "," : "") + card_with_flags(s.line[i], s.line_flags[i]);
    out += '/';
    for (int i = 0; i < s.hand_n; ++i) out += (i ? "," : "") + card_with_flags(s.hand[i], s.hand_flags[i]);
    out += '/';
    for (int i = s.pile_n - 1; i >= 0; --i) out += card_text(s.pile[i]) + (i ? "," : "");
  }
  return out;
}

State State::parse(std::string_view text, Config config) {
  const std::string shown = quoted(text);
  auto fields = split_ws(text);
  if (fields.size() != 6)
    bad_input("bad position " + shown + ": expected 6 fields (mover phase turns seed red blue), got " +
              std::to_string(fields.size()));
  State s;
  s.config_ = config;
  if (fields[0] == "r") s.mover_ = 0;
  else if (fields[0] == "b") s.mover_ = 1;
  else bad_input("bad position: side to move " + quoted(fields[0]) + " is not r or b");
  if (fields[1] == "setup") s.phase_ = Phase::Setup;
  else if (fields[1] == "act") s.phase_ = Phase::Act;
  else if (fields[1] == "refill") s.phase_ = Phase::Refill;
  else bad_input("bad position: phase " + quoted(fields[1]) + " is not setup, act or refill");
  unsigned long long turns = 0;
  if (!parse_uint(fields[2], turns) || turns > 1'000'000) bad_input("bad position: turn count " + quoted(fields[2]));
  s.turns_ = static_cast<int>(turns);
  s.ply_ = s.turns_;  // plies are not recorded; the turn count is a lower bound
  if (fields[3].empty() || fields[3].size() > 16 ||
      fields[3].find_first_not_of("0123456789abcdefABCDEF") != std::string_view::npos)
    bad_input("bad position: seed " + quoted(fields[3]) + " is not 1 to 16 hex digits");
  s.seed_ = std::stoull(std::string(fields[3]), nullptr, 16);

  for (int p = 0; p < 2; ++p) {
    const std::string who = player_name(p);
    auto parts = split(fields[4 + p], '/');
    if (parts.size() != 3) bad_input("bad position: " + who + " side " + quoted(fields[4 + p]) + " is not line/hand/pile");
    Side& side = s.sides_[p];
    auto line = split(parts[0], ',');
    if (line.size() != kSlots) bad_input("bad position: " + who + " line needs 5 slots, got " + std::to_string(line.size()));
    for (int i = 0; i < kSlots; ++i) {
      if (line[i] == "-") continue;
      auto [c, f] = parse_flagged(line[i], who + " line");
      side.line[i] = c;
      side.line_flags[i] = f;
    }
    if (!parts[1].empty()) {
      auto hand = split(parts[1], ',');
      if (hand.size() > kHandMax) bad_input("bad position: " + who + " holds more than 8 cards");
      for (auto t : hand) {
        auto [c, f] = parse_flagged(t, who + " hand");
        if (f & kPublic) bad_input("bad position: a card in " + who + "'s hand cannot be face up (" + quoted(t) + ")");
        side.add_to_hand(c, f);
      }
    }
    if (!parts[2].empty()) {
      auto pile = split(parts[2], ',');
      if (pile.size() > kDeckSize) bad_input("bad position: " + who + " pile is too long");
      side.pile_n = static_cast<std::uint8_t>(pile.size());
      for (std::size_t i = 0; i < pile.size(); ++i) {
        int c = parse_card(pile[i]);
        if (c < 0) bad_input("bad card " + quoted(pile[i]) + " in " + who + " pile");
        side.pile[pile.size() - 1 - i] = static_cast<Card>(c);
      }
    }
    Counts n = side.in_play();
    for (int c = 1; c < kCardCodes; ++c)
      if (n[c] > kDeck[c])
        bad_input("bad position: " + who + " has " + std::to_string(n[c]) + " cards " + card_text(static_cast<Card>(c)) +
                  ", the deck has " + std::to_string(kDeck[c]));
  }

  const bool flag0 = s.sides_[0].in_play()[kFlag] > 0, flag1 = s.sides_[1].in_play()[kFlag] > 0;
  if (!flag0 && !flag1) bad_input("bad position: both Flags are gone");
  if (!flag0 || !flag1) {
    s.outcome_ = Outcome::win(flag0 ? 0 : 1, "flag");
    return s;
  }
  if (s.config_.draw_turns > 0 && s.turns_ >= s.config_.draw_turns) {
    s.outcome_ = Outcome::draw("turn-limit");
    return s;
  }
  if (s.phase_ == Phase::Setup && s.turns_ != 0) bad_input("bad position: setup after turn 0");
  if (s.phase_ == Phase::Setup && s.mover_ == 1 && s.sides_[0].hand_n > 0 && s.sides_[0].first_empty_slot() >= 0)
    bad_input("bad position: blue prepares before red has finished laying its line");
  if (s.phase_ == Phase::Setup && s.mover_ == 0 && s.sides_[1].line_count() > 0)
    bad_input("bad position: blue has laid cards before red prepared");
  for (int p = 0; p < 2; ++p) {
    const bool preparing = p == s.mover_ && s.phase_ != Phase::Act;
    const bool unprepared = s.phase_ == Phase::Setup && s.mover_ == 0 && p == 1;
    if (!preparing && !unprepared && s.sides_[p].hand_n > kHandSize)
      bad_input(std::string("bad position: ") + player_name(p) + " holds more than 3 cards outside a preparation");
  }
  const Side& me = s.sides_[s.mover_];
  if (s.phase_ != Phase::Act && (me.hand_n == 0 || me.first_empty_slot() < 0))
    bad_input(std::string("bad position: ") + player_name(s.mover_) + " has nothing to lay in phase " + phase_text(s.phase_));
  if (s.phase_ == Phase::Act && me.hand_n < kHandSize && me.pile_n > 0)
    bad_input(std::string("bad position: ") + player_name(s.mover_) + " acts with " + std::to_string(me.hand_n) +
              " cards in hand while the pile is not empty (K-03 draws first)");
  if (s.phase_ == Phase::Act) s.check_act_step(nullptr);
  return s;
}

}  // namespace strat::stratego_cards
