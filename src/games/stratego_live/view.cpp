// Per-role views (L-17, L-19). The referee sees everything. A team leader sees their own stock and who holds
// which of their cards, and of the other team only what the field shows anyway: cards captured (each duel
// shows both cards), flag status, players with or without a card, players out. The other team's stock and
// hands, and the ranks it deals, never appear in a leader's view, not even in the event log.
#include "core/error.hpp"
#include "games/stratego_live/game.hpp"

namespace strat::live {

using nlohmann::json;

namespace {
json counts_json(const CardCounts& c) {
  json by_rank = json::object();
  for (int r = kSpy; r <= kBomb; ++r) by_rank[rank_code(r)] = c[r];
  return json{{"total", c.total()}, {"by_rank", by_rank}};
}

std::string card_label(int r) { return r == kBomb ? "Bomb" : rank_name(r) + " (" + rank_code(r) + ")"; }
}  // namespace

std::string LiveGame::describe(int seq, int role) const {
  const Event& e = log_.at(seq);
  const EventResult& res = results_.at(seq);
  const LiveState& s = state_;
  auto team = [&](int t) { return s.setup.names[t]; };
  auto player = [&](int t, int p) { return team(t) + " " + s.player_name(t, p); };
  switch (e.type) {
    case EventType::kCreate:
      return "Game created: " + std::to_string(s.setup.players_per_team) + " players per team, " +
             std::to_string(s.setup.cards) + " cards each";
    case EventType::kDeal:
      if (role == kReferee || role == e.team)
        return team(e.team) + " deals " + card_label(e.rank) + " to " + s.player_name(e.team, e.player) +
               (e.chosen ? " (chosen)" : " (blind)");
      return team(e.team) + " deals a card to " + s.player_name(e.team, e.player);
    case EventType::kDuel: {
      const int tagged_team = 1 - e.team;
      std::string line = player(e.team, e.player) + " tags " + player(tagged_team, e.other);
      if (!res.active) return line;
      const int winner_team = res.winner == DuelWinner::kTagger ? e.team : tagged_team;
      line += ": " + card_label(res.tagger_rank) + " vs " + card_label(res.tagged_rank) + ", " + res.reason + " — ";
      line += res.winner == DuelWinner::kBoth ? std::string("both back for a new card")
                                              : team(winner_team) + " wins the duel";
      if (res.flag_recaptured) line += "; the flag goes back";
      return line;
    }
    case EventType::kFlagTaken: return player(e.team, e.player) + " takes the " + team(1 - e.team) + " flag";
    case EventType::kFlagReturned: return "Referee: the " + team(e.team) + " flag goes back to its team";
    case EventType::kFlagHome: return team(e.team) + " brings the " + team(1 - e.team) + " flag home and wins";
    case EventType::kUndo: {
      const Event& t = log_.at(e.target);
      return (t.type == EventType::kUndo ? "Redo #" + std::to_string(t.target) : "Undo #" + std::to_string(e.target));
    }
  }
  return "";
}

json LiveGame::view(int role) const {
  if (role != kReferee && role != kRed && role != kBlue) bad_input("bad role");
  const LiveState& s = state_;
  json teams = json::array();
  for (int t = 0; t < 2; ++t) {
    const TeamState& ts = s.teams[t];
    const bool own = role == kReferee || role == t;
    json players = json::array();
    for (int p = 1; p <= s.players(t); ++p) {
      const int card = ts.players[p - 1].card;
      json pj{{"number", p},
              {"name", s.player_name(t, p)},
              {"has_card", card != kNoCard},
              {"out", s.out(t, p)},
              {"carrying_flag", ts.carrier == p}};
      if (own && card != kNoCard) pj["card"] = rank_code(card);
      players.push_back(pj);
    }
    json tj{{"team", team_code(t)},
            {"name", s.setup.names[t]},
            {"captured", counts_json(ts.captured)},
            {"flag_allowed", s.flag_allowed(t)},
            {"carrier", ts.carrier ? json(ts.carrier) : json(nullptr)},
            {"own_flag_taken", s.teams[1 - t].carrier != 0},
            {"players_out", s.players_out(t)},
            {"players", players}};
    if (own) {
      tj["stock"] = counts_json(ts.stock);
      tj["cards_in_hands"] = s.cards_in_hands(t);
    }
    teams.push_back(tj);
  }

  json log = json::array();
  json last_duel = nullptr;
  for (std::size_t i = 0; i < log_.size(); ++i) {
    const Event& e = log_[i];
    const EventResult& r = results_[i];
    json ej = event_to_json(e);
    if (e.type == EventType::kCreate) ej.erase("setup");  // the seed would let a leader predict blind deals
    if (e.type == EventType::kDeal && role != kReferee && role != e.team) {
      ej.erase("rank");
      ej.erase("mode");
    }
    ej["active"] = r.active;
    ej["text"] = describe(static_cast<int>(i), role);
    if (e.type == EventType::kDuel && r.active) {
      const int winner = r.winner == DuelWinner::kTagger ? e.team : r.winner == DuelWinner::kTagged ? 1 - e.team : -1;
      ej["verdict"] = {{"tagger_card", rank_code(r.tagger_rank)},
                       {"tagged_card", rank_code(r.tagged_rank)},
                       {"winner", winner < 0 ? json("both") : json(team_code(winner))},
                       {"reason", r.reason},
                       {"flag_recaptured", r.flag_recaptured}};
      last_duel = ej;
    }
    log.push_back(ej);
  }

  return json{{"game", "stratego_live"},
              {"role", role_code(role)},
              {"players_per_team", s.setup.players_per_team},
              {"cards", s.setup.cards},
              {"flag_threshold", s.flag_threshold()},
              {"winner", s.winner < 0 ? json(nullptr) : json(team_code(s.winner))},
              {"teams", teams},
              {"last_duel", last_duel},
              {"log", log}};
}

}  // namespace strat::live
