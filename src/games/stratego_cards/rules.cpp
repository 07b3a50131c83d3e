// The rules: dealing (K-02), the turn (K-03..K-05), attacks (K-06..K-10) and the ends (K-11..K-13).
#include <algorithm>

#include "games/stratego_cards/state.hpp"

namespace strat::stratego_cards {

namespace {

std::string slot_name(int player, int slot) { return std::string(1, State::player_letter(player)) + std::to_string(slot + 1); }

void emit(Events* events, std::string line) {
  if (events) events->push_back(std::move(line));
}

// Shuffles `cards` with a generator seeded from `seed` and advances `seed`: the chance of the game lives in
// the state as one number so positions round-trip through their string.
template <class It>
void shuffle_with(std::uint64_t& seed, It first, It last) {
  Rng rng(seed);
  rng.shuffle(first, last);
  seed = rng.next();
}

}  // namespace

int Side::line_count() const {
  int n = 0;
  for (Card c : line) n += c != kEmpty;
  return n;
}

int Side::first_empty_slot() const {
  for (int i = 0; i < kSlots; ++i)
    if (line[i] == kEmpty) return i;
  return -1;
}

bool Side::has_attacker() const {
  for (Card c : line)
    if (can_attack(c)) return true;
  return false;
}

Counts Side::in_play() const {
  Counts n{};
  for (Card c : line) ++n[c];
  for (int i = 0; i < hand_n; ++i) ++n[hand[i]];
  for (int i = 0; i < pile_n; ++i) ++n[pile[i]];
  n[kEmpty] = 0;
  return n;
}

int Side::gather(std::array<Card, kDeckSize>& all) const {
  int n = 0;
  for (Card c : line)
    if (c != kEmpty) all[n++] = c;
  for (int i = 0; i < hand_n; ++i) all[n++] = hand[i];
  for (int i = 0; i < pile_n; ++i) all[n++] = pile[i];
  return n;
}

void Side::add_to_hand(Card c, std::uint8_t flags) {
  int i = hand_n++;
  // Insertion keeps the hand sorted, so equal hands have equal representations.
  while (i > 0 && (hand[i - 1] > c || (hand[i - 1] == c && hand_flags[i - 1] > flags))) {
    hand[i] = hand[i - 1];
    hand_flags[i] = hand_flags[i - 1];
    --i;
  }
  hand[i] = c;
  hand_flags[i] = flags;
}

void Side::remove_from_hand(int index) {
  for (int i = index; i + 1 < hand_n; ++i) {
    hand[i] = hand[i + 1];
    hand_flags[i] = hand_flags[i + 1];
  }
  --hand_n;
  hand[hand_n] = kEmpty;
  hand_flags[hand_n] = 0;
}

State State::deal(std::uint64_t seed, Config config) {
  State s;
  s.config_ = config;
  s.seed_ = seed;
  for (int p = 0; p < 2; ++p) {
    Side& side = s.sides_[p];
    int n = 0;
    for (int c = 1; c < kCardCodes; ++c)
      for (int k = 0; k < kDeck[c]; ++k) side.pile[n++] = static_cast<Card>(c);
    side.pile_n = static_cast<std::uint8_t>(n);
    shuffle_with(s.seed_, side.pile.begin(), side.pile.begin() + n);
    for (int k = 0; k < kPrepDraw; ++k) side.add_to_hand(side.pile[--side.pile_n], 0);
    std::fill(side.pile.begin() + side.pile_n, side.pile.end(), kEmpty);
  }
  s.mover_ = 0;
  s.phase_ = Phase::Setup;
  return s;
}

void State::legal_moves(std::vector<Move>& out) const {
  out.clear();
  if (outcome_.over()) return;
  const Side& me = sides_[mover_];
  const Side& them = sides_[mover_ ^ 1];
  if (phase_ != Phase::Act) {
    const int slot = me.first_empty_slot();
    for (int i = 0; i < me.hand_n; ++i)
      if (i == 0 || me.hand[i] != me.hand[i - 1]) out.push_back(Move{kPlace, static_cast<std::uint8_t>(slot), me.hand[i], kNone});
    return;
  }
  for (int s = 0; s < kSlots; ++s) {
    const Card c = me.line[s];
    if (can_attack(c))
      for (int t = 0; t < kSlots; ++t)
        if (them.line[t] != kEmpty) out.push_back(Move{kAttack, static_cast<std::uint8_t>(s), static_cast<std::uint8_t>(t), kNone});
  }
  // Special reveals need a face-down card (a face-up Spy or Scout has spent its reveal).
  for (int s = 0; s < kSlots; ++s) {
    const Card c = me.line[s];
    if (me.line_flags[s] & kPublic) continue;
    const auto slot = static_cast<std::uint8_t>(s);
    if (c == kSpy) out.push_back(Move{kSpyReveal, slot, 0, kNone});
    else if (c == kFlag) out.push_back(Move{kFlagReveal, slot, 0, kNone});
    else if (c == kScout) {
      int enemies = them.line_count();
      for (int t = 0; t < kSlots; ++t) {
        if (them.line[t] == kEmpty) continue;
        if (enemies == 1) out.push_back(Move{kScoutReveal, slot, static_cast<std::uint8_t>(t), kNone});
        for (int u = t + 1; u < kSlots; ++u)
          if (them.line[u] != kEmpty)
            out.push_back(Move{kScoutReveal, slot, static_cast<std::uint8_t>(t), static_cast<std::uint8_t>(u)});
      }
    }
  }
}

void State::apply(const Move& m, Events* events) {
  ++ply_;
  const int me = mover_, opp = mover_ ^ 1;
  Side& mine = sides_[me];
  Side& theirs = sides_[opp];
  switch (m.kind) {
    case kPlace: {
      int index = 0;
      while (mine.hand[index] != m.b) ++index;
      mine.remove_from_hand(index);
      mine.line[m.a] = m.b;
      mine.line_flags[m.a] = 0;
      // The opponent cannot tell which hand card was laid, so what a Spy saw of the hand is void.
      for (int i = 0; i < mine.hand_n; ++i) mine.hand_flags[i] &= static_cast<std::uint8_t>(~kSeen);
      emit(events, "place " + slot_name(me, m.a) + " " + card_text(m.b));
      continue_placing(events);
      return;
    }
    case kAttack:
      resolve_attack(m.a, m.b, events);
      break;
    case kSpyReveal:
      mine.line_flags[m.a] = kPublic;
      emit(events, "reveal " + slot_name(me, m.a) + " 1");
      {
        std::string seen;
        for (int i = 0; i < theirs.hand_n; ++i) {
          theirs.hand_flags[i] |= kSeen;
          seen += (i ? "," : "") + card_text(theirs.hand[i]);
        }
        emit(events, std::string("peek ") + player_letter(opp) + " hand " + (seen.empty() ? "-" : seen));
      }
      break;
    case kScoutReveal:
      mine.line_flags[m.a] = kPublic;
      emit(events, "reveal " + slot_name(me, m.a) + " 2");
      for (std::uint8_t t : {m.b, m.c}) {
        if (t == kNone) continue;
        if (!(theirs.line_flags[t] & kPublic)) theirs.line_flags[t] |= kSeen;
        emit(events, "peek " + slot_name(opp, t) + " " + card_text(theirs.line[t]));
      }
      break;
    case kFlagReveal:
      emit(events, "reveal " + slot_name(me, m.a) + " F");
      regather(events);
      break;
  }
  if (outcome_.over()) return;
  phase_ = Phase::Refill;
  continue_placing(events);
}

void State::resolve_attack(int a, int d, Events* events) {
  const int me = mover_, opp = mover_ ^ 1;
  Side& mine = sides_[me];
  Side& theirs = sides_[opp];
  const Card att = mine.line[a], def = theirs.line[d];
  mine.line_flags[a] = kPublic;  // K-04 a: both cards are turned face up
  theirs.line_flags[d] = kPublic;
  if (events) {
    events->push_back("attack " + slot_name(me, a) + " " + slot_name(opp, d));
    events->push_back("reveal " + slot_name(me, a) + " " + card_text(att));
    events->push_back("reveal " + slot_name(opp, d) + " " + card_text(def));
  }
  if (def == kFlag) {  // K-09, K-11
    remove_card(opp, d, events);
    outcome_ = Outcome::win(me, "flag");
    emit(events, std::string("winner ") + player_letter(me) + " flag");
    return;
  }
  if (def == kBomb) {  // K-08
    remove_card(att == kMiner ? opp : me, att == kMiner ? d : a, events);
    return;
  }
  if (att == kSpy && def == kMarshal) {  // K-07: only when the Spy attacks
    remove_card(opp, d, events);
    return;
  }
  if (att >= def) remove_card(opp, d, events);  // K-06
  if (att <= def) remove_card(me, a, events);
}

void State::remove_card(int owner, int slot, Events* events) {
  sides_[owner].line[slot] = kEmpty;
  sides_[owner].line_flags[slot] = 0;
  emit(events, "capture " + slot_name(owner, slot));
}

void State::regather(Events* events) {
  // K-04 d: line, hand and pile are gathered, shuffled and prepared again; every flag (all the opponent
  // knew of these cards) is dropped.
  Side& side = sides_[mover_];
  std::array<Card, kDeckSize> all{};
  const int n = side.gather(all);
  shuffle_with(seed_, all.begin(), all.begin() + n);
  side = Side{};
  const int drawn = std::min(n, kPrepDraw);
  for (int i = 0; i < n - drawn; ++i) side.pile[i] = all[i];
  side.pile_n = static_cast<std::uint8_t>(n - drawn);
  for (int i = n - drawn; i < n; ++i) side.add_to_hand(all[i], 0);
  emit(events, std::string("regather ") + player_letter(mover_) + " " + std::to_string(n));
}

void State::continue_placing(Events* events) {
  const Side& side = sides_[mover_];
  if (side.hand_n > 0 && side.first_empty_slot() >= 0) return;  // more to lay: the mover chooses
  if (phase_ == Phase::Setup) {
    if (mover_ == 0) {
      mover_ = 1;  // Blue prepares next; both preparations are hidden, so the order does not matter
      if (sides_[1].hand_n == 0 || sides_[1].first_empty_slot() < 0) start_turn(events);
      return;
    }
    mover_ = 0;
    start_turn(events);
    return;
  }
  end_turn(events);
}

void State::end_turn(Events* events) {
  ++turns_;
  if (config_.draw_turns > 0 && turns_ >= config_.draw_turns) {  // K-13
    outcome_ = Outcome::draw("turn-limit");
    emit(events, "draw turn-limit");
    return;
  }
  mover_ ^= 1;
  start_turn(events);
}

void State::start_turn(Events* events) {
  Side& side = sides_[mover_];
  int drawn = 0;
  while (side.hand_n < kHandSize && side.pile_n > 0) {  // K-03
    Card c = side.pile[--side.pile_n];
    side.pile[side.pile_n] = kEmpty;
    side.add_to_hand(c, 0);
    ++drawn;
  }
  if (drawn) emit(events, std::string("draw ") + player_letter(mover_) + " " + std::to_string(drawn));
  phase_ = Phase::Act;
  check_act_step(events);
}

void State::check_act_step(Events* events) {
  const int me = mover_, opp = mover_ ^ 1;
  if (!sides_[me].has_attacker()) {  // K-12
    outcome_ = Outcome::win(opp, "no-attacker");
    emit(events, std::string("winner ") + player_letter(opp) + " no-attacker");
  } else if (sides_[opp].line_count() == 0) {
    // The opponent's line stays empty until their own act step whatever this player does (only their refill
    // could fill it), so their K-12 loss is already certain: it is declared now rather than after a pass.
    outcome_ = Outcome::win(me, "empty-line");
    emit(events, std::string("winner ") + player_letter(me) + " empty-line");
  }
}

}  // namespace strat::stratego_cards
