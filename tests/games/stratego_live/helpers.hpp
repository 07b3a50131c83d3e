#pragma once
// Small builders shared by the live-game tests.
#include "games/stratego_live/game.hpp"

namespace live_test {
using namespace strat::live;

inline LiveGame new_game(int players_per_team = 5, std::uint64_t seed = 1, int cards = 0) {
  GameSetup s;
  s.players_per_team = players_per_team;
  s.cards = cards;
  s.seed = seed;
  return LiveGame::create(s, 1000);
}

inline int card(const LiveGame& g, int team, int player) { return g.state().teams[team].players[player - 1].card; }

// Gives `player` of `team` the card `rank`, chosen by the referee.
inline void give(LiveGame& g, int team, int player, int rank) { g.deal_chosen(kReferee, team, player, rank, 2000); }

// Card conservation for one team, rank by rank: stock + hands + what the other team captured = the set.
inline bool conserved(const LiveState& s, int team) {
  for (int r = kSpy; r <= kBomb; ++r) {
    int hands = 0;
    for (const auto& p : s.teams[team].players) hands += p.card == r;
    if (s.teams[team].stock[r] + hands + s.teams[1 - team].captured[r] != s.set[r]) return false;
  }
  return true;
}
}  // namespace live_test
