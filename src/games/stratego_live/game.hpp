#pragma once
// A live game: its event log and the state replayed from it. Appending checks who may record the event and
// whether it can happen, so the log only ever holds events that replay cleanly; the server stores the log and
// sends per-role views (view.cpp).
#include <cstdint>
#include <nlohmann/json.hpp>
#include <string>
#include <string_view>
#include <vector>

#include "games/stratego_live/events.hpp"
#include "games/stratego_live/state.hpp"

namespace strat::live {

class LiveGame {
 public:
  // A new game whose log holds only the create event. Throws BadInput for a bad setup.
  static LiveGame create(const GameSetup& setup, std::int64_t time_ms);
  // Rebuilds a game from a stored log (JSON array of events), checking every event. Throws BadInput.
  static LiveGame from_json(const nlohmann::json& log);
  static LiveGame from_json_text(std::string_view text);  // same, from JSON text (parse errors are BadInput)
  nlohmann::json to_json() const;  // the log, omniscient (for storage, never for a leader)

  const std::vector<Event>& log() const { return log_; }
  const std::vector<EventResult>& results() const { return results_; }
  const LiveState& state() const { return state_; }

  // Recording, each checked (throws BadInput, game unchanged). `actor` is kReferee or a team (its leader).
  const Event& deal_blind(int actor, int team, int player, std::int64_t time_ms);  // L-03, L-15
  const Event& deal_chosen(int actor, int team, int player, int rank, std::int64_t time_ms);
  const Event& duel(int actor, int tagger_team, int tagger, int tagged, std::int64_t time_ms);  // L-16
  const Event& flag_taken(int actor, int team, int player, std::int64_t time_ms);
  const Event& flag_returned(int actor, int flag_team, std::int64_t time_ms);
  const Event& flag_home(int actor, int team, std::int64_t time_ms);
  const Event& undo(int actor, int target, std::int64_t time_ms);  // L-18, referee only
  // The generic form used by the server: `e.seq` is ignored (set to the log's length); a blind deal's rank is
  // drawn here, whatever `e.rank` says.
  const Event& append(Event e);

  // Whether `actor` may record `e` (L-18, L-19): the referee records everything; a leader only their own
  // team's deals, flags taken and flags brought home. Duels, returned flags and undo are the referee's.
  static bool may_record(int actor, const Event& e);
  // The refusal when may_record is false: it depends on the role and the event type only, never on the state,
  // so a leader learns nothing of the other team's cards from it.
  static std::string refusal(int actor, EventType type);

  // The state and log as `role` may see them (kReferee: everything; a team: L-19), as a JSON object.
  nlohmann::json view(int role) const;
  std::string view_json(int role) const { return view(role).dump(); }
  // One line describing event `seq` as `role` may see it ("Red deals a Major (7) to Ann, blind").
  std::string describe(int seq, int role) const;

 private:
  static void replay(const std::vector<Event>& log, LiveState& state, std::vector<EventResult>& results);
  int draw_blind(int team, int seq) const;

  std::vector<Event> log_;
  std::vector<EventResult> results_;
  LiveState state_;
};

}  // namespace strat::live
