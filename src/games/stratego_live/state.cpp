#include "games/stratego_live/state.hpp"

#include "core/error.hpp"

namespace strat::live {

LiveState LiveState::start(const GameSetup& setup) {
  LiveState s;
  s.setup = setup;
  if (setup.players_per_team < 2) bad_input("each team needs at least 2 players");
  s.set = setup.cards ? card_set_of_size(setup.cards) : card_set_for_players(2 * setup.players_per_team);
  s.setup.cards = s.set.total();
  if (setup.players_per_team > s.setup.cards)
    bad_input(std::to_string(setup.players_per_team) + " players per team need more than the " +
              std::to_string(s.setup.cards) + " cards of a set: split the group into two games");
  for (int t = 0; t < 2; ++t) {
    if (static_cast<int>(setup.rosters[t].size()) > setup.players_per_team)
      bad_input("the " + team_code(t) + " roster has more names than players");
    s.teams[t].stock = s.set;
    s.teams[t].players.assign(setup.players_per_team, PlayerState{});
  }
  return s;
}

// Messages name the teams as the players know them ("Foxes"), not by colour.
const std::string& LiveState::team_name(int team) const { return setup.names[team]; }

bool LiveState::out(int team, int player) const {
  return teams[team].players[player - 1].card == kNoCard && teams[team].stock.total() == 0;
}

int LiveState::players_out(int team) const {
  if (teams[team].stock.total() != 0) return 0;
  int n = 0;
  for (const auto& p : teams[team].players) n += p.card == kNoCard;
  return n;
}

int LiveState::cards_in_hands(int team) const {
  int n = 0;
  for (const auto& p : teams[team].players) n += p.card != kNoCard;
  return n;
}

std::string LiveState::player_name(int team, int player) const {
  const auto& roster = setup.rosters[team];
  if (player >= 1 && player <= static_cast<int>(roster.size()) && !roster[player - 1].empty())
    return roster[player - 1];
  return "player " + std::to_string(player);
}

PlayerState& LiveState::at(int team, int player, const char* what) {
  if (team != kRed && team != kBlue) bad_input(std::string(what) + ": bad team");
  if (player < 1 || player > players(team))
    bad_input(std::string(what) + ": " + team_name(team) + " has no player " + std::to_string(player) +
              " (players are 1.." + std::to_string(players(team)) + ")");
  return teams[team].players[player - 1];
}

// The loser's card goes to `to_team`'s captured pile (L-04, L-08); a flag carrier who loses their card
// cannot keep the flag (L-11), which goes back to its team to be hidden again (L-12).
void LiveState::lose_card(int team, int player, int to_team, EventResult& result) {
  PlayerState& p = teams[team].players[player - 1];
  teams[to_team].captured[p.card]++;
  p.card = kNoCard;
  if (teams[team].carrier == player) {
    teams[team].carrier = 0;
    result.flag_recaptured = true;
  }
}

void LiveState::apply(const Event& e, EventResult& result) {
  if (winner >= 0) bad_input("the game is over: " + setup.names[winner] + " brought the flag home");
  switch (e.type) {
    case EventType::kDeal: {  // L-03, L-15
      PlayerState& p = at(e.team, e.player, "deal");
      const std::string who = team_name(e.team) + " " + player_name(e.team, e.player);
      if (p.card != kNoCard) bad_input("deal: " + who + " already holds a " + rank_name(p.card));
      if (!valid_rank(e.rank)) bad_input("deal: no card given");
      if (teams[e.team].stock.total() == 0) bad_input("deal: the " + team_name(e.team) + " stock is empty");  // L-09
      if (teams[e.team].stock[e.rank] == 0)
        bad_input("deal: no " + rank_name(e.rank) + " left in the " + team_name(e.team) + " stock");
      teams[e.team].stock[e.rank]--;
      p.card = e.rank;
      return;
    }
    case EventType::kDuel: {  // L-04..L-07, L-12
      const int tagger_team = e.team, tagged_team = 1 - e.team;
      if (e.team != kRed && e.team != kBlue) bad_input("duel: bad team");
      PlayerState& a = at(tagger_team, e.player, "duel");
      PlayerState& b = at(tagged_team, e.other, "duel");
      if (a.card == kNoCard || b.card == kNoCard) {
        const bool first = a.card == kNoCard;
        const int t = first ? tagger_team : tagged_team, n = first ? e.player : e.other;
        bad_input("duel: " + team_name(t) + " " + player_name(t, n) + " has no card (send them to their leader)");
      }
      DuelVerdict v = resolve_duel(a.card, b.card);
      result.tagger_rank = a.card;
      result.tagged_rank = b.card;
      result.winner = v.winner;
      result.reason = v.reason;
      if (v.winner != DuelWinner::kTagged) lose_card(tagged_team, e.other, tagger_team, result);
      if (v.winner != DuelWinner::kTagger) lose_card(tagger_team, e.player, tagged_team, result);
      return;
    }
    case EventType::kFlagTaken: {  // L-10, L-11
      PlayerState& p = at(e.team, e.player, "flag taken");
      const std::string who = team_name(e.team) + " " + player_name(e.team, e.player);
      if (teams[e.team].carrier != 0)
        bad_input("flag taken: " + team_name(e.team) + " already carries the " + team_name(1 - e.team) + " flag");
      if (p.card == kNoCard) bad_input("flag taken: " + who + " has no card and may never take the flag");  // L-11
      if (p.card != kScout && !flag_allowed(e.team))
        bad_input("flag taken: " + team_name(e.team) + " has captured " + std::to_string(teams[e.team].captured.total()) +
                  " cards of the " + std::to_string(flag_threshold()) + " needed, and " + who +
                  " is not a Scout");  // L-10
      teams[e.team].carrier = e.player;
      return;
    }
    case EventType::kFlagReturned: {  // a referee's decision, e.g. the carrier ran out of bounds
      const int taker = 1 - e.team;
      if (e.team != kRed && e.team != kBlue) bad_input("flag returned: bad team");
      if (teams[taker].carrier == 0) bad_input("flag returned: the " + team_name(e.team) + " flag is not taken");
      teams[taker].carrier = 0;
      result.flag_recaptured = true;
      return;
    }
    case EventType::kFlagHome: {  // L-13
      if (e.team != kRed && e.team != kBlue) bad_input("flag home: bad team");
      if (teams[e.team].carrier == 0)
        bad_input("flag home: " + team_name(e.team) + " is not carrying the " + team_name(1 - e.team) + " flag");
      winner = e.team;
      return;
    }
    case EventType::kCreate:
    case EventType::kUndo: break;
  }
  throw std::logic_error("LiveState::apply: create and undo are LiveGame's");
}

}  // namespace strat::live
