#include "games/stratego_live/game.hpp"

#include "core/error.hpp"
#include "core/rng.hpp"

namespace strat::live {

using nlohmann::json;

namespace {
// Until L-19 was enforced, leaders could record duels and flag events of either team; logs stored then still
// load, so a game in progress survives the server's upgrade (new commands are checked by may_record).
bool stored_before_l19(int actor, const Event& e) {
  if (actor != kRed && actor != kBlue) return false;
  return e.type == EventType::kDuel || e.type == EventType::kFlagTaken || e.type == EventType::kFlagHome;
}
}  // namespace

LiveGame LiveGame::create(const GameSetup& setup, std::int64_t time_ms) {
  Event e;
  e.type = EventType::kCreate;
  e.time_ms = time_ms;
  e.setup = setup;
  LiveGame g;
  g.state_ = LiveState::start(setup);
  e.setup = g.state_.setup;  // with the set size resolved, so the stored log does not depend on the table
  g.log_.push_back(e);
  g.results_.push_back(EventResult{});
  return g;
}

// Which events are active: an undo switches its target off unless it is itself switched off by a later undo.
// Targets always precede their undo, so one backward pass settles every chain (undo, redo, undo again...).
void LiveGame::replay(const std::vector<Event>& log, LiveState& state, std::vector<EventResult>& results) {
  if (log.empty() || log[0].type != EventType::kCreate) bad_input("a live game log starts with a create event");
  results.assign(log.size(), EventResult{});
  for (std::size_t i = log.size(); i-- > 1;) {
    if (!results[i].active || log[i].type != EventType::kUndo) continue;
    results[log[i].target].active = false;
  }
  state = LiveState::start(log[0].setup);
  for (std::size_t i = 1; i < log.size(); ++i) {
    if (!results[i].active || log[i].type == EventType::kUndo) continue;
    try {
      state.apply(log[i], results[i]);
    } catch (const BadInput& err) {
      bad_input("event #" + std::to_string(i) + " (" + event_type_code(log[i].type) + "): " + err.what());
    }
  }
}

LiveGame LiveGame::from_json(const json& log) {
  if (!log.is_array() || log.empty()) bad_input("a live game log is a non-empty JSON array of events");
  LiveGame g;
  for (std::size_t i = 0; i < log.size(); ++i) {
    Event e;
    try {
      e = event_from_json(log[i]);
    } catch (const BadInput& err) {
      bad_input("event #" + std::to_string(i) + ": " + err.what());
    }
    if (e.seq != static_cast<int>(i)) bad_input("event #" + std::to_string(i) + " says it is #" + std::to_string(e.seq));
    if ((i == 0) != (e.type == EventType::kCreate)) bad_input("event #" + std::to_string(i) + ": only the first event creates the game");
    if (e.type == EventType::kUndo && (e.target < 1 || e.target >= static_cast<int>(i)))
      bad_input("event #" + std::to_string(i) + ": undo must name an earlier event after the create");
    if (i > 0 && !may_record(e.actor, e) && !stored_before_l19(e.actor, e))
      bad_input("event #" + std::to_string(i) + ": " + role_code(e.actor) + " may not record a " + event_type_code(e.type));
    g.log_.push_back(e);
  }
  replay(g.log_, g.state_, g.results_);
  return g;
}

LiveGame LiveGame::from_json_text(std::string_view text) {
  json log = json::parse(text, nullptr, /*allow_exceptions=*/false);
  if (log.is_discarded()) bad_input("a live game log must be valid JSON");
  return from_json(log);
}

json LiveGame::to_json() const {
  json out = json::array();
  for (const auto& e : log_) out.push_back(event_to_json(e));
  return out;
}

bool LiveGame::may_record(int actor, const Event& e) {
  if (actor == kReferee) return true;
  if (actor != kRed && actor != kBlue) return false;
  switch (e.type) {
    // A leader acts only for their own team: the answer to a command naming the other team would depend on
    // that team's hidden cards ("a Bomb never tags", "not a Scout"), and a duel's verdict shows both cards.
    case EventType::kDeal:
    case EventType::kFlagTaken:
    case EventType::kFlagHome: return e.team == actor;
    // L-16 does not say who records a duel between teams: the referee, the one person who may see both cards.
    case EventType::kDuel:
    case EventType::kCreate:
    case EventType::kFlagReturned:
    case EventType::kUndo: return false;
  }
  return false;
}

std::string LiveGame::refusal(int actor, EventType type) {
  static const char* const ops[] = {"create", "deal", "duel", "flag taken", "flag returned", "flag home", "undo"};
  const std::string op = ops[static_cast<int>(type)];
  if (actor != kRed && actor != kBlue) return op + ": unknown role";
  const std::string colour = actor == kRed ? "Red" : "Blue";
  return op + ": the " + colour + " leader records only " + colour +
         "'s deals, flags taken and flags brought home; duels, returned flags and undo are the referee's";
}

// A blind deal (L-03) draws uniformly among the cards in the stock, from an Rng seeded by the game's seed and
// the event's number: reproducible, and the drawn rank is then written into the log so replay needs no Rng.
int LiveGame::draw_blind(int team, int seq) const {
  const CardCounts& stock = state_.teams[team].stock;
  if (stock.total() == 0) return kNoCard;  // apply() reports the empty stock
  std::uint64_t mix = state_.setup.seed ^ (0x9E3779B97F4A7C15ULL * static_cast<std::uint64_t>(seq + 1));
  Rng rng(splitmix64(mix));
  int k = static_cast<int>(rng.below(static_cast<std::uint32_t>(stock.total())));
  for (int r = kSpy; r <= kBomb; ++r) {
    if (k < stock[r]) return r;
    k -= stock[r];
  }
  return kNoCard;
}

const Event& LiveGame::append(Event e) {
  e.seq = static_cast<int>(log_.size());
  if (e.type == EventType::kCreate) bad_input("the game already exists");
  // Rights first, before anything that reads the state: a leader's refusal must not tell them anything.
  if (!may_record(e.actor, e)) bad_input(refusal(e.actor, e.type));
  if (e.type == EventType::kDeal && !e.chosen && e.team >= 0 && e.team <= 1) e.rank = draw_blind(e.team, e.seq);
  if (e.type != EventType::kUndo) {
    EventResult result;
    LiveState next = state_;  // apply() checks before it changes anything, but keep the state exact regardless
    next.apply(e, result);
    state_ = std::move(next);
    log_.push_back(e);
    results_.push_back(result);
    return log_.back();
  }
  // An undo may make later events impossible (undoing a deal before that card's duel): replay the whole log
  // with the undo and refuse it if any event no longer holds, naming that event.
  if (e.target < 1 || e.target >= e.seq) bad_input("undo: no event #" + std::to_string(e.target) + " to undo");
  if (!results_[e.target].active) bad_input("undo: event #" + std::to_string(e.target) + " is already undone");
  std::vector<Event> log = log_;
  log.push_back(e);
  LiveState state;
  std::vector<EventResult> results;
  try {
    replay(log, state, results);
  } catch (const BadInput& err) {
    bad_input("cannot undo #" + std::to_string(e.target) + ": " + err.what() + "; undo that event first");
  }
  log_ = std::move(log);
  state_ = std::move(state);
  results_ = std::move(results);
  return log_.back();
}

namespace {
Event make(EventType type, int actor, std::int64_t time_ms) {
  Event e;
  e.type = type;
  e.actor = actor;
  e.time_ms = time_ms;
  return e;
}
}  // namespace

const Event& LiveGame::deal_blind(int actor, int team, int player, std::int64_t time_ms) {
  Event e = make(EventType::kDeal, actor, time_ms);
  e.team = team;
  e.player = player;
  return append(e);
}

const Event& LiveGame::deal_chosen(int actor, int team, int player, int rank, std::int64_t time_ms) {
  Event e = make(EventType::kDeal, actor, time_ms);
  e.team = team;
  e.player = player;
  e.rank = rank;
  e.chosen = true;
  return append(e);
}

const Event& LiveGame::duel(int actor, int tagger_team, int tagger, int tagged, std::int64_t time_ms) {
  Event e = make(EventType::kDuel, actor, time_ms);
  e.team = tagger_team;
  e.player = tagger;
  e.other = tagged;
  return append(e);
}

const Event& LiveGame::flag_taken(int actor, int team, int player, std::int64_t time_ms) {
  Event e = make(EventType::kFlagTaken, actor, time_ms);
  e.team = team;
  e.player = player;
  return append(e);
}

const Event& LiveGame::flag_returned(int actor, int flag_team, std::int64_t time_ms) {
  Event e = make(EventType::kFlagReturned, actor, time_ms);
  e.team = flag_team;
  return append(e);
}

const Event& LiveGame::flag_home(int actor, int team, std::int64_t time_ms) {
  Event e = make(EventType::kFlagHome, actor, time_ms);
  e.team = team;
  return append(e);
}

const Event& LiveGame::undo(int actor, int target, std::int64_t time_ms) {
  Event e = make(EventType::kUndo, actor, time_ms);
  e.target = target;
  return append(e);
}

}  // namespace strat::live
