// The knowledge-respecting heuristic behind the `cards` agent (see policy.hpp).
#include "games/stratego_cards/policy.hpp"

#include <algorithm>
#include <cmath>

namespace strat::stratego_cards {

namespace {

constexpr std::array<double, kCardCodes> kWorth = {0, 3.0, 1.5, 3.0, 2.5, 3.0, 4.0, 5.0, 6.0, 8.0, 10.0, 2.0, 0};
constexpr double kFlagPrize = 40.0;  // capturing the Flag ends the game

// What `att` attacking `def` gains for the attacker, in worth (K-06..K-09).
double attack_gain(Card att, Card def) {
  if (def == kFlag) return kFlagPrize;
  if (def == kBomb) return att == kMiner ? kWorth[kBomb] : -kWorth[att];
  if (att == kSpy && def == kMarshal) return kWorth[kMarshal];
  if (att > def) return kWorth[def];
  if (att < def) return -kWorth[att];
  return kWorth[def] - kWorth[att];
}

// The opponent's cards the mover cannot place (deck minus removed minus what the mover knows), by code.
Counts unknown_pool(const State& s) {
  const int me = s.to_move(), opp = me ^ 1;
  const Side& them = s.side(opp);
  Counts pool = them.in_play();
  for (int i = 0; i < kSlots; ++i)
    if (them.line[i] != kEmpty && s.line_known(opp, i, me)) --pool[them.line[i]];
  for (int i = 0; i < them.hand_n; ++i)
    if (s.hand_known(opp, i, me)) --pool[them.hand[i]];
  return pool;
}

double place_score(const State& s, Card c) {
  const Side& me = s.side(s.to_move());
  int attackers = 0;
  for (Card x : me.line) attackers += can_attack(x);
  if (c == kFlag) return -20;  // the Flag waits in hand as long as anything else can be laid
  if (c == kBomb) return attackers >= 3 ? 1.0 : -3.0;  // K-12: keep attackers in line
  return kWorth[c] / 3.0 + (attackers < 2 ? 2.0 : 0.0);
}

}  // namespace

double card_worth(Card c) { return kWorth[c]; }

void score_moves(const State& s, const std::vector<Move>& moves, std::vector<double>& scores) {
  scores.resize(moves.size());
  const int me = s.to_move(), opp = me ^ 1;
  const Side& mine = s.side(me);
  const Side& them = s.side(opp);
  if (s.phase() != Phase::Act) {
    for (std::size_t i = 0; i < moves.size(); ++i) scores[i] = place_score(s, moves[i].b);
    return;
  }
  // Expected gain of attacking an unknown card with each attacking rank, over the unknown pool.
  const Counts pool = unknown_pool(s);
  int pool_n = 0;
  for (int c = 1; c < kCardCodes; ++c) pool_n += pool[c];
  std::array<double, kCardCodes> unknown_gain{};
  for (int a = 1; a <= 10; ++a) {
    if (std::find(mine.line.begin(), mine.line.end(), static_cast<Card>(a)) == mine.line.end()) continue;
    double g = 0;
    for (int c = 1; c < kCardCodes; ++c)
      if (pool[c]) g += pool[c] * attack_gain(static_cast<Card>(a), static_cast<Card>(c));
    unknown_gain[a] = pool_n ? g / pool_n : 0;
  }
  int unknown_enemies = 0, flag_exposed = 0;
  for (int t = 0; t < kSlots; ++t) unknown_enemies += them.line[t] != kEmpty && !s.line_known(opp, t, me);
  for (int t = 0; t < kSlots; ++t)
    if (mine.line[t] == kFlag && (mine.line_flags[t] & (kPublic | kSeen))) flag_exposed = 1;
  for (std::size_t i = 0; i < moves.size(); ++i) {
    const Move& m = moves[i];
    double v = 0;
    switch (m.kind) {
      case kAttack: {
        const Card att = mine.line[m.a];
        v = s.line_known(opp, m.b, me) ? attack_gain(att, them.line[m.b]) : unknown_gain[att];
        // Revealing a strong hidden attacker gives information away.
        if (!(mine.line_flags[m.a] & (kPublic | kSeen))) v -= 0.1 * kWorth[att];
        break;
      }
      case kScoutReveal: {
        int fresh = 0;
        for (std::uint8_t t : {m.b, m.c})
          if (t != kNone && !s.line_known(opp, t, me)) ++fresh;
        v = 1.2 * fresh - 0.8;
        break;
      }
      case kSpyReveal: {
        int hidden = 0;
        for (int h = 0; h < them.hand_n; ++h) hidden += !s.hand_known(opp, h, me);
        v = 0.4 * hidden - 1.5;  // the Spy turns face up, an easy target
        break;
      }
      case kFlagReveal:
        // Exposed: regather at once. Hidden: worth it when enough cards remain to keep the Flag in hand.
        v = flag_exposed ? 8.0 : (mine.hand_n + mine.pile_n + mine.line_count() >= 7 ? 1.0 : -0.5);
        break;
    }
    scores[i] = v;
  }
}

Move policy_move(const State& s, const std::vector<Move>& moves, std::vector<double>& scores, Rng& rng,
                 double temperature) {
  score_moves(s, moves, scores);
  std::size_t best = 0;
  for (std::size_t i = 1; i < moves.size(); ++i)
    if (scores[i] > scores[best]) best = i;
  if (temperature <= 0) return moves[best];
  double total = 0;
  for (double& x : scores) {
    x = std::exp((x - scores[best]) / temperature);
    total += x;
  }
  double r = rng.uniform() * total;
  for (std::size_t i = 0; i < moves.size(); ++i) {
    r -= scores[i];
    if (r <= 0) return moves[i];
  }
  return moves[best];
}

Card setup_choice(const Side& side, Rng& rng) {
  // Everything the preparation is made from: what is laid already plus the hand.
  std::vector<Card> all;
  for (Card c : side.line)
    if (c != kEmpty) all.push_back(c);
  for (int i = 0; i < side.hand_n; ++i) all.push_back(side.hand[i]);
  const int want = std::min<int>(kSlots, static_cast<int>(all.size()));
  std::sort(all.begin(), all.end(), [](Card a, Card b) { return kWorth[a] > kWorth[b]; });
  Counts pick{};
  int picked = 0, bombs = 0, attackers = 0;
  for (Card c : all)  // the strongest attackers first, at least two
    if (can_attack(c) && attackers < 2 && picked < want) ++pick[c], ++picked, ++attackers;
  for (Card c : all)
    if (c == kBomb && bombs < 2 && picked < want) ++pick[c], ++picked, ++bombs;
  Counts left = {};
  for (Card c : all) ++left[c];
  for (int c = 1; c < kCardCodes; ++c) left[c] -= pick[c];
  for (Card c : all)
    if (can_attack(c) && left[c] && picked < want) --left[c], ++pick[c], ++picked;
  for (Card c : all)  // Bombs then the Flag only when nothing else is left
    if (c == kBomb && left[c] && picked < want) --left[c], ++pick[c], ++picked;
  if (left[kFlag] && picked < want) ++pick[kFlag], ++picked;
  // Lay one of the picked cards not yet on the line, at random.
  for (Card c : side.line)
    if (c != kEmpty && pick[c]) --pick[c];
  std::vector<Card> options;
  for (int i = 0; i < side.hand_n; ++i)
    if (pick[side.hand[i]]) options.push_back(side.hand[i]);
  if (options.empty()) return side.hand[0];
  return options[rng.below(static_cast<std::uint32_t>(options.size()))];
}

}  // namespace strat::stratego_cards
