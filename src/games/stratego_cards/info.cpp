// K-14: what one player knows, and full states drawn consistently with it.
#include <algorithm>

#include "games/stratego_cards/state.hpp"

namespace strat::stratego_cards {

namespace {

// Whether a draw of the top cards of a pile could have given other cards: some stay behind, and not all alike.
bool draw_is_chance(const Card* pile, int before, int after) {
  if (after <= 0 || after >= before) return false;
  return std::any_of(pile + 1, pile + before, [&](Card c) { return c != pile[0]; });
}

}  // namespace

bool State::reveals(const Move& m, int player) const {
  const int me = mover_;
  const Side& mine = sides_[me];
  const Side& theirs = sides_[me ^ 1];
  const auto shown = [](std::uint8_t flags) { return (flags & (kPublic | kSeen)) != 0; };
  if (player == me) {
    if (m.kind == kAttack && !shown(theirs.line_flags[m.b])) return true;  // K-04 a: both cards face up
    if (m.kind == kSpyReveal)
      for (int i = 0; i < theirs.hand_n; ++i)
        if (!(theirs.hand_flags[i] & kSeen)) return true;
    if (m.kind == kScoutReveal)
      for (std::uint8_t t : {m.b, m.c})
        if (t != kNone && !shown(theirs.line_flags[t])) return true;
    if (m.kind == kFlagReveal) {  // K-04 d: a new hand from the shuffled cards
      std::array<Card, kDeckSize> all{};
      const int n = mine.gather(all);
      if (draw_is_chance(all.data(), n, n - kPrepDraw)) return true;
    }
  } else if (m.kind != kPlace && !shown(mine.line_flags[m.a])) {
    return true;  // the acting card is turned face up
  }
  // The draw that starts `player`'s next turn, when this move ends the opponent's turn (K-03).
  State after = *this;
  after.apply(m, nullptr);
  const Side& was = sides_[player];
  const Side& now = after.sides_[player];
  return !(m.kind == kFlagReveal && player == me) && draw_is_chance(was.pile.data(), was.pile_n, now.pile_n);
}

Info State::info(int player) const {
  Info in;
  in.me = player;
  in.mover = mover_;
  in.phase = phase_;
  in.turns = turns_;
  in.ply = ply_;
  in.config = config_;
  in.outcome = outcome_;
  const Side& own = sides_[player];
  const Side& opp = sides_[player ^ 1];
  in.own_line = own.line;
  in.own_line_flags = own.line_flags;
  in.own_hand = own.hand;
  in.own_hand_flags = own.hand_flags;
  in.own_hand_n = own.hand_n;
  for (int i = 0; i < own.pile_n; ++i) ++in.own_pile[own.pile[i]];
  in.own_pile_n = own.pile_n;
  for (int i = 0; i < kSlots; ++i) {
    const Card c = opp.line[i];
    if (c == kEmpty) continue;
    const std::uint8_t f = opp.line_flags[i] & (kPublic | kSeen);
    in.opp_line[i] = f ? c : Info::kUnknown;
    in.opp_line_flags[i] = (f & kPublic) ? kPublic : f;
  }
  for (int i = 0; i < opp.hand_n; ++i)  // the hand is sorted, so the known cards come out sorted
    if (opp.hand_flags[i] & kSeen) in.opp_hand_known[in.opp_hand_known_n++] = opp.hand[i];
  in.opp_hand_n = opp.hand_n;
  in.opp_pile_n = opp.pile_n;
  for (int p = 0; p < 2; ++p) {
    Counts n = sides_[p].in_play();
    for (int c = 1; c < kCardCodes; ++c) in.removed[p][c] = static_cast<std::uint8_t>(kDeck[c] - n[c]);
  }
  return in;
}

Counts Info::opp_unknown_pool() const {
  Counts pool{};
  const int opp = me ^ 1;
  for (int c = 1; c < kCardCodes; ++c) pool[c] = static_cast<std::uint8_t>(kDeck[c] - removed[opp][c]);
  for (int i = 0; i < kSlots; ++i)
    if (opp_line[i] != kEmpty && opp_line[i] != kUnknown) --pool[opp_line[i]];
  for (int i = 0; i < opp_hand_known_n; ++i) --pool[opp_hand_known[i]];
  return pool;
}

State Info::sample(Rng& rng) const {
  State s;
  s.config_ = config;
  s.seed_ = rng.next();  // future shuffles are unknown to everyone
  s.outcome_ = outcome;
  s.ply_ = ply;
  s.turns_ = turns;
  s.mover_ = mover;
  s.phase_ = phase;

  Side& own = s.sides_[me];
  own.line = own_line;
  own.line_flags = own_line_flags;
  own.hand = own_hand;
  own.hand_flags = own_hand_flags;
  own.hand_n = own_hand_n;
  for (int c = 1; c < kCardCodes; ++c)
    for (int k = 0; k < own_pile[c]; ++k) own.pile[own.pile_n++] = static_cast<Card>(c);
  rng.shuffle(own.pile.begin(), own.pile.begin() + own.pile_n);

  // The opponent's unseen cards are dealt uniformly over the unknown places.
  std::array<Card, kDeckSize> pool{};
  int n = 0;
  Counts counts = opp_unknown_pool();
  for (int c = 1; c < kCardCodes; ++c)
    for (int k = 0; k < counts[c]; ++k) pool[n++] = static_cast<Card>(c);
  rng.shuffle(pool.begin(), pool.begin() + n);
  Side& opp = s.sides_[me ^ 1];
  for (int i = 0; i < kSlots; ++i) {
    if (opp_line[i] == kEmpty) continue;
    if (opp_line[i] == kUnknown) {
      opp.line[i] = pool[--n];
    } else {
      opp.line[i] = opp_line[i];
      opp.line_flags[i] = opp_line_flags[i];
    }
  }
  for (int i = 0; i < opp_hand_known_n; ++i) opp.add_to_hand(opp_hand_known[i], kSeen);
  for (int i = opp_hand_known_n; i < opp_hand_n; ++i) opp.add_to_hand(pool[--n], 0);
  for (int i = 0; i < opp_pile_n; ++i) opp.pile[opp.pile_n++] = pool[--n];
  return s;
}

bool Info::operator==(const Info& o) const {
  return me == o.me && mover == o.mover && phase == o.phase && turns == o.turns && ply == o.ply &&
         config.draw_turns == o.config.draw_turns && outcome.status == o.outcome.status &&
         outcome.winner == o.outcome.winner && own_line == o.own_line && own_line_flags == o.own_line_flags &&
         own_hand == o.own_hand && own_hand_flags == o.own_hand_flags && own_hand_n == o.own_hand_n &&
         own_pile == o.own_pile && own_pile_n == o.own_pile_n && opp_line == o.opp_line &&
         opp_line_flags == o.opp_line_flags && opp_hand_known == o.opp_hand_known &&
         opp_hand_known_n == o.opp_hand_known_n && opp_hand_n == o.opp_hand_n && opp_pile_n == o.opp_pile_n &&
         removed == o.removed;
}

}  // namespace strat::stratego_cards
