#pragma once
// The state of a live game, derived by replaying its event log (events.hpp). apply_event() is the only place
// where the rules L-04..L-13 change the state; it checks the event first and throws BadInput, leaving the
// state unchanged, when the event cannot happen.
#include <array>
#include <string>
#include <vector>

#include "games/stratego_live/cards.hpp"
#include "games/stratego_live/duel.hpp"
#include "games/stratego_live/events.hpp"

namespace strat::live {

struct PlayerState {
  int card = kNoCard;  // the rank this player holds (L-03), kNoCard after losing it (L-04)
  bool operator==(const PlayerState&) const = default;
};

struct TeamState {
  CardCounts stock;     // cards still with the leader (L-15)
  CardCounts captured;  // enemy cards this team has won and counted (L-08)
  std::vector<PlayerState> players;
  int carrier = 0;      // number of this team's player carrying the enemy flag, 0 when the flag is not taken
  bool operator==(const TeamState&) const = default;
};

// What a replay tells about one event: whether it is active (not undone) and, for a duel, what happened.
struct EventResult {
  bool active = true;
  int tagger_rank = kNoCard, tagged_rank = kNoCard;
  DuelWinner winner = DuelWinner::kBoth;
  std::string reason;
  bool flag_recaptured = false;  // the duel's loser was carrying a flag, which went back to its team (L-12)
  bool operator==(const EventResult&) const = default;
};

struct LiveState {
  GameSetup setup;
  CardCounts set;  // each team's full set (L-02)
  std::array<TeamState, 2> teams;
  int winner = -1;  // L-13

  // Builds the state right after the create event; throws BadInput for a bad setup.
  static LiveState start(const GameSetup& setup);

  int players(int team) const { return static_cast<int>(teams[team].players.size()); }
  // L-10: the number of enemy cards a team must have captured before taking the flag (half the set).
  int flag_threshold() const { return (set.total() + 1) / 2; }
  bool flag_allowed(int team) const { return teams[team].captured.total() >= flag_threshold(); }
  // L-09: a player without a card whose leader has nothing left to hand out is out of the game.
  bool out(int team, int player) const;
  int players_out(int team) const;
  int cards_in_hands(int team) const;
  std::string player_name(int team, int player) const;  // roster name, else "player N"
  const std::string& team_name(int team) const;

  // Checks and applies one event (not create, not undo: those are handled by LiveGame). Fills `result`.
  void apply(const Event& e, EventResult& result);

  bool operator==(const LiveState&) const = default;

 private:
  PlayerState& at(int team, int player, const char* what);
  void lose_card(int team, int player, int to_team, EventResult& result);
};

}  // namespace strat::live
