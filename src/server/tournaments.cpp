#include "server/tournaments.hpp"

#include "core/error.hpp"
#include "core/registry.hpp"
#include "core/text.hpp"
#include "server/accounts.hpp"
#include "server/secure_random.hpp"
#include "server/store.hpp"
#include "server/tournament_state.hpp"

namespace strat::server {

using nlohmann::json;

namespace {

// Version 1 of the tables. An entrant's account enters once (computer entrants have none); a board's game is found
// by its id when the game ends.
constexpr const char* kSchemaV1 =
    "CREATE TABLE IF NOT EXISTS tournaments (id TEXT PRIMARY KEY, kind TEXT NOT NULL, name TEXT NOT NULL,"
    " game TEXT NOT NULL, clock_initial_ms BIGINT NOT NULL, clock_increment_ms BIGINT NOT NULL,"
    " start_ms BIGINT NOT NULL, rounds BIGINT NOT NULL, duration_ms BIGINT NOT NULL, rated BIGINT NOT NULL,"
    " creator BIGINT NOT NULL, max_players BIGINT NOT NULL, status TEXT NOT NULL, round BIGINT NOT NULL,"
    " note TEXT NOT NULL, created BIGINT NOT NULL, finished BIGINT NOT NULL);"
    "CREATE INDEX IF NOT EXISTS tournaments_by_status ON tournaments (status, start_ms);"
    "CREATE TABLE IF NOT EXISTS tournament_entrants (tournament_id TEXT NOT NULL, number BIGINT NOT NULL,"
    " user_id BIGINT NOT NULL, agent TEXT NOT NULL, name TEXT NOT NULL, withdrawn BIGINT NOT NULL,"
    " joined BIGINT NOT NULL, PRIMARY KEY (tournament_id, number));"
    "CREATE UNIQUE INDEX IF NOT EXISTS tournament_entrants_by_user ON tournament_entrants (tournament_id, user_id)"
    " WHERE user_id > 0;"
    "CREATE TABLE IF NOT EXISTS tournament_games (tournament_id TEXT NOT NULL, round BIGINT NOT NULL,"
    " board BIGINT NOT NULL, red BIGINT NOT NULL, blue BIGINT NOT NULL, game_id TEXT NOT NULL,"
    " result BIGINT NOT NULL, red_token TEXT NOT NULL, blue_token TEXT NOT NULL, created BIGINT NOT NULL,"
    " ended BIGINT NOT NULL, PRIMARY KEY (tournament_id, round, board));"
    "CREATE INDEX IF NOT EXISTS tournament_games_by_game ON tournament_games (game_id)";

// Text columns first, then whole numbers, then `rated`: read by row_to_tournament in that order.
const char* kColumns =
    "id, kind, name, game, status, note, clock_initial_ms, clock_increment_ms, start_ms, rounds, duration_ms, creator,"
    " max_players, round, created, finished, rated";

using Loaded = Tournaments::Loaded;
std::string Loaded::*const kTexts[] = {&Loaded::id,   &Loaded::kind,   &Loaded::name,
                                       &Loaded::game, &Loaded::status, &Loaded::note};
std::int64_t Loaded::*const kWhole[] = {
    &Loaded::clock_initial_ms, &Loaded::clock_increment_ms, &Loaded::start_ms, &Loaded::rounds,  &Loaded::duration_ms,
    &Loaded::creator,          &Loaded::max_players,        &Loaded::round,    &Loaded::created, &Loaded::finished};
constexpr std::size_t kRatedColumn = std::size(kTexts) + std::size(kWhole);

Loaded row_to_tournament(const DbRow& r) {
  Loaded t;
  std::size_t col = 0;
  for (auto field : kTexts) t.*field = r.text(col++);
  for (auto field : kWhole) t.*field = r.integer(col++);
  t.rated = r.integer(kRatedColumn) != 0;
  return t;
}

// What the list and the page show of a tournament's settings.
json summary_json(const Tournaments::Loaded& t, std::int64_t players) {
  const GameSpec spec = GameSpec::parse(t.game);
  json j{{"id", t.id}, {"kind", t.kind}, {"name", t.name}, {"game", spec.info->name}, {"variant", spec.variant}};
  j.update({{"clock_initial_ms", t.clock_initial_ms}, {"clock_increment_ms", t.clock_increment_ms}});
  j.update({{"start_ms", t.start_ms}, {"rated", t.rated}, {"status", t.status}, {"round", t.round}});
  j.update({{"players", players}, {"max_players", t.max_players}});
  if (t.swiss())
    j["rounds"] = t.rounds;
  else
    j["duration_ms"] = t.duration_ms, j["end_ms"] = t.end_ms();
  return j;
}

std::string text_field(const json& body, const char* key) {
  auto it = body.find(key);
  if (it == body.end() || it->is_null()) return "";
  if (!it->is_string()) bad_input(std::string("\"") + key + "\" must be a string");
  return it->get<std::string>();
}

std::int64_t whole_field(const json& body, const char* key, std::int64_t fallback) {
  auto it = body.find(key);
  if (it == body.end() || it->is_null()) return fallback;
  if (!it->is_number_integer()) bad_input(std::string("\"") + key + "\" must be a whole number");
  return it->get<std::int64_t>();
}

json body_object(const json& body) {
  if (!body.is_object()) bad_input("the request body must be a JSON object");
  return body;
}

}  // namespace

Tournaments::Tournaments(const std::string& where, std::function<std::int64_t()> clock) : clock_(std::move(clock)) {
  db_ = open_db(where);
  migrate(*db_, "tournaments", {{1, kSchemaV1}});
}

Tournaments::~Tournaments() = default;

std::int64_t Tournaments::now() const { return clock_ ? clock_() : now_ms(); }

Tournaments::Loaded Tournaments::load(const std::string& id) {
  const auto rows = db_->run(std::string("SELECT ") + kColumns + " FROM tournaments WHERE id=?", {id}).rows;
  if (id.empty() || id.size() > 64 || rows.empty()) bad_input("no tournament " + strat::quoted(id));
  Loaded t = row_to_tournament(rows[0]);
  for (const auto& r : db_->run("SELECT number, user_id, agent, name, withdrawn, joined FROM tournament_entrants WHERE "
                                "tournament_id=? ORDER BY number",
                                {id})
                           .rows)
    t.entrants.push_back({r.integer(0), r.integer(1), r.text(2), r.text(3), r.integer(4) != 0, r.integer(5)});
  for (const auto& r : db_->run("SELECT round, board, red, blue, game_id, result, red_token, blue_token, created, "
                                "ended FROM tournament_games WHERE tournament_id=? ORDER BY round, board",
                                {id})
                           .rows)
    t.games.push_back({r.integer(0),
                       r.integer(1),
                       r.integer(2),
                       r.integer(3),
                       r.text(4),
                       r.integer(5),
                       {r.text(6), r.text(7)},
                       r.integer(8),
                       r.integer(9)});
  return t;
}

std::string Tournaments::username(std::int64_t user) {
  const auto rows = db_->run("SELECT username FROM users WHERE id=?", {user}).rows;
  return rows.empty() ? "" : rows[0].text(0);
}

json Tournaments::create(const json& raw, std::int64_t user, bool ratings_kept) {
  const json body = body_object(raw);
  if (user == 0) throw NotLoggedIn();
  const std::string kind = text_field(body, "kind");
  if (kind != "swiss" && kind != "arena") bad_input("kind must be swiss or arena");
  const std::string name = text_field(body, "name");
  if (name.empty() || name.size() > kMaxName)
    bad_input("a tournament needs a name of 1 to " + std::to_string(kMaxName) + " bytes");
  const std::string game = text_field(body, "game"), variant = text_field(body, "variant");
  if (game.empty()) bad_input("a tournament needs a game");
  // Only a variant's own rules: ratings and pairings compare like with like.
  if (game.find(':') != std::string::npos) bad_input("name the variant in \"variant\", not in \"game\"");
  const GameSpec spec = GameSpec::parse(variant.empty() ? game : game + ":" + variant);
  const std::int64_t initial = whole_field(body, "clock_initial_ms", 0);
  const std::int64_t increment = whole_field(body, "clock_increment_ms", 0);
  if (initial <= 0 || initial > 24LL * 3600 * 1000 || increment < 0 || increment > 3600 * 1000)
    bad_input("a tournament needs a clock: clock_initial_ms above 0 and up to 24 h, increment up to 1 h");
  const std::int64_t start = whole_field(body, "start_ms", 0);
  if (start <= 0) bad_input("a tournament needs start_ms (milliseconds since 1970)");
  if (start > now() + kMaxAheadMs) bad_input("a tournament starts within 30 days");
  std::int64_t rounds = 0, duration = 0;
  if (kind == "swiss") {
    rounds = whole_field(body, "rounds", 0);
    if (rounds < 1 || rounds > kMaxRounds) bad_input("rounds must be 1 to " + std::to_string(kMaxRounds));
  } else {
    duration = whole_field(body, "duration_ms", 0);
    if (duration < kMinArenaMs || duration > kMaxArenaMs) bad_input("duration_ms must be 1 minute to 24 hours");
  }
  const std::int64_t max_players = whole_field(body, "max_players", kMaxPlayers);
  if (max_players < 2 || max_players > kMaxPlayers)
    bad_input("max_players must be 2 to " + std::to_string(kMaxPlayers));
  auto rated_it = body.find("rated");
  if (rated_it != body.end() && !rated_it->is_null() && !rated_it->is_boolean())
    bad_input("\"rated\" must be true or false");
  const bool rated = rated_it != body.end() && rated_it->is_boolean() && rated_it->get<bool>();
  if (rated && !ratings_kept) bad_input("this server keeps no ratings: a tournament cannot be rated");

  std::lock_guard lock(mutex_);
  if (username(user).empty()) throw NotLoggedIn();  // the account was deleted since its login
  const std::string id = random_token().substr(0, 12);
  db_->run(std::string("INSERT INTO tournaments (") + kColumns + ") VALUES (?,?,?,?,?,?,?,?,?,?,?,?,?,?,?,?,?)",
           {id, kind, name, spec.to_string(), std::string("upcoming"), std::string(), initial, increment, start, rounds,
            duration, user, max_players, std::int64_t{0}, now(), std::int64_t{0}, rated ? 1 : 0});
  return {{"id", id}};
}

json Tournaments::list() {
  std::lock_guard lock(mutex_);
  json out{{"upcoming", json::array()}, {"running", json::array()}, {"finished", json::array()}};
  const std::string counted = std::string("SELECT ") + kColumns +
                              ", (SELECT COUNT(*) FROM tournament_entrants e WHERE e.tournament_id = t.id) FROM "
                              "tournaments t WHERE status=? ORDER BY ";
  for (const char* status : {"upcoming", "running", "finished"}) {
    const bool finished = std::string(status) == "finished";
    const std::string sql = counted + (finished ? "finished DESC, id LIMIT " + std::to_string(kFinishedListed)
                                                : std::string("start_ms, id"));
    for (const auto& r : db_->run(sql, {std::string(status)}).rows)
      out[status].push_back(summary_json(row_to_tournament(r), r.integer(kRatedColumn + 1)));
  }
  return out;
}

json Tournaments::get(const std::string& id, std::int64_t user) {
  std::lock_guard lock(mutex_);
  const Loaded t = load(id);
  json j = summary_json(t, static_cast<std::int64_t>(t.entrants.size()));
  j["note"] = t.note;
  j["creator"] = username(t.creator);
  json entrants = json::array();
  for (const auto& e : t.entrants)
    entrants.push_back({{"name", e.name}, {"computer", e.user == 0}, {"agent", e.agent}, {"withdrawn", e.withdrawn}});
  j["entrants"] = entrants;
  j["standings"] = standings_json(t);
  // Game ids only: each seat's link goes to its own account below, never into the public rounds.
  json rounds = json::array();
  auto name_of = [&](std::int64_t number) { return t.entrants[t.index_of(number)].name; };
  for (const auto& g : t.games) {
    if (rounds.empty() || rounds.back()["round"] != g.round)
      rounds.push_back({{"round", g.round}, {"games", json::array()}, {"bye", nullptr}});
    if (g.bye()) {
      rounds.back()["bye"] = name_of(g.red);
      continue;
    }
    const json result = g.result < 0    ? json(nullptr)
                        : g.result == 2 ? json("red")
                        : g.result == 0 ? json("blue")
                                        : json("draw");
    rounds.back()["games"].push_back({{"board", g.board},
                                      {"red", name_of(g.red)},
                                      {"blue", name_of(g.blue)},
                                      {"game", g.game_id.empty() ? json(nullptr) : json(g.game_id)},
                                      {"result", result}});
  }
  j["pairings"] = rounds;
  if (user != 0) {
    json me{{"entered", false}, {"withdrawn", false}, {"creator", user == t.creator}, {"game", nullptr}};
    for (const auto& e : t.entrants) {
      if (e.user != user) continue;
      me["entered"] = true;
      me["withdrawn"] = e.withdrawn;
      for (const auto& g : t.games) {
        if (!g.pending() || g.game_id.empty() || (g.red != e.number && g.blue != e.number)) continue;
        const int seat = g.red == e.number ? 0 : 1;
        me["game"] = {{"id", g.game_id}, {"token", g.tokens[seat]}, {"seat", seat}, {"round", g.round}};
      }
    }
    j["me"] = me;
  }
  return j;
}

namespace {

// Why an entrant cannot be added to `t` now ("" when it can): a Swiss takes entrants until its start, an arena until
// its end.
std::string closed_for_entry(const Tournaments::Loaded& t, std::int64_t now) {
  if (t.status == "finished") return "the tournament is over";
  if (t.swiss() && t.status != "upcoming") return "the tournament has started: a Swiss takes no new players";
  if (!t.swiss() && now >= t.end_ms()) return "the tournament is over";
  return "";
}

// With the caller's exclusive transaction: two servers number their entrants one at a time.
void add_entrant(Db& db, const Tournaments::Loaded& t, std::int64_t user, const std::string& agent,
                 const std::string& name, std::int64_t now) {
  if (static_cast<std::int64_t>(t.entrants.size()) >= t.max_players)
    bad_input("the tournament is full (" + std::to_string(t.max_players) + " players)");
  const std::int64_t number = t.entrants.empty() ? 1 : t.entrants.back().number + 1;
  db.run(
      "INSERT INTO tournament_entrants (tournament_id, number, user_id, agent, name, withdrawn, joined) VALUES "
      "(?,?,?,?,?,0,?)",
      {t.id, number, user, agent, name, now});
}

}  // namespace

json Tournaments::join(const std::string& id, std::int64_t user) {
  if (user == 0) throw NotLoggedIn();
  std::lock_guard lock(mutex_);
  DbTransaction tx(*db_, /*exclusive=*/true);
  const Loaded t = load(id);
  if (const std::string why = closed_for_entry(t, now()); !why.empty()) bad_input(why);
  for (const auto& e : t.entrants) {
    if (e.user != user) continue;
    if (!e.withdrawn) bad_input("you are in this tournament already");
    // Back in an arena after withdrawing: paired again from the next game on.
    db_->run("UPDATE tournament_entrants SET withdrawn=0 WHERE tournament_id=? AND number=?", {id, e.number});
    tx.commit();
    return {{"joined", true}};
  }
  const std::string name = username(user);
  if (name.empty()) throw NotLoggedIn();
  add_entrant(*db_, t, user, "", name, now());
  tx.commit();
  return {{"joined", true}};
}

json Tournaments::withdraw(const std::string& id, std::int64_t user) {
  if (user == 0) throw NotLoggedIn();
  std::lock_guard lock(mutex_);
  DbTransaction tx(*db_, /*exclusive=*/true);
  const Loaded t = load(id);
  if (t.status == "finished") bad_input("the tournament is over");
  for (const auto& e : t.entrants) {
    if (e.user != user || e.withdrawn) continue;
    // Before the start the entry is removed; after it the player is no longer paired and keeps its results.
    if (t.status == "upcoming")
      db_->run("DELETE FROM tournament_entrants WHERE tournament_id=? AND number=?", {id, e.number});
    else
      db_->run("UPDATE tournament_entrants SET withdrawn=1 WHERE tournament_id=? AND number=?", {id, e.number});
    tx.commit();
    return {{"withdrawn", true}};
  }
  bad_input("you are not in this tournament");
}

json Tournaments::add_computer(const std::string& id, std::int64_t user, const json& raw) {
  const json body = body_object(raw);
  if (user == 0) throw NotLoggedIn();
  const std::string agent = text_field(body, "agent");
  if (agent.empty()) bad_input("a computer entrant needs \"agent\" (a strength)");
  std::lock_guard lock(mutex_);
  DbTransaction tx(*db_, /*exclusive=*/true);
  const Loaded t = load(id);
  if (t.creator != user) bad_input("only the tournament's creator adds computer entrants");
  if (t.status != "upcoming") bad_input("the tournament has started: computer entrants join before the start");
  GameSpec::parse(t.game).agent(agent,
                                1);  // refuses an unknown strength in one line
  add_entrant(*db_, t, 0, agent, "Computer (" + agent + ")", now());
  tx.commit();
  return {{"joined", true}};
}

}  // namespace strat::server
