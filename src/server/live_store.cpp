#include "server/live_store.hpp"

namespace strat::server {

namespace {
const std::vector<Migration>& migrations() {
  static const std::vector<Migration> list = {
      {1,
       "CREATE TABLE IF NOT EXISTS live_games (id TEXT PRIMARY KEY, created BIGINT NOT NULL, updated BIGINT NOT NULL);"
       "CREATE TABLE IF NOT EXISTS live_events (game_id TEXT NOT NULL REFERENCES live_games(id),"
       " seq INTEGER NOT NULL, event TEXT NOT NULL, PRIMARY KEY (game_id, seq));"
       "CREATE TABLE IF NOT EXISTS live_tokens (token TEXT PRIMARY KEY,"
       " game_id TEXT NOT NULL REFERENCES live_games(id), role INTEGER NOT NULL)"},
  };
  return list;
}
}  // namespace

LiveStore::LiveStore(const std::string& where) : db_(open_db(where)) { migrate(*db_, "live", migrations()); }

LiveStore::~LiveStore() = default;

void LiveStore::create(const std::string& id, const std::string& create_event, const std::vector<LiveTokenRow>& tokens,
                       std::int64_t now) {
  DbTransaction tx(*db_);
  db_->run("INSERT INTO live_games (id, created, updated) VALUES (?,?,?)", {id, now, now});
  if (fence_) fence_->take_new(*db_, id);
  db_->run("INSERT INTO live_events (game_id, seq, event) VALUES (?,0,?)", {id, create_event});
  for (const auto& t : tokens)
    db_->run("INSERT INTO live_tokens (token, game_id, role) VALUES (?,?,?)", {t.token, id, std::int64_t{t.role}});
  tx.commit();
}

void LiveStore::add_event(const std::string& id, int seq, const std::string& event_json, std::int64_t now) {
  DbTransaction tx(*db_);
  if (fence_ && fence_->held(*db_, {id}).empty()) throw NotOwner("this server no longer plays live game " + id);
  db_->run("INSERT INTO live_events (game_id, seq, event) VALUES (?,?,?)", {id, std::int64_t{seq}, event_json});
  db_->run("UPDATE live_games SET updated=? WHERE id=?", {now, id});
  tx.commit();
}

std::vector<std::string> LiveStore::game_ids() {
  std::vector<std::string> out;
  for (const auto& r : db_->run("SELECT id FROM live_games ORDER BY created, id").rows) out.push_back(r.text(0));
  return out;
}

std::vector<std::string> LiveStore::events(const std::string& id) {
  std::vector<std::string> out;
  for (const auto& r : db_->run("SELECT event FROM live_events WHERE game_id=? ORDER BY seq", {id}).rows)
    out.push_back(r.text(0));
  return out;
}

std::vector<LiveTokenRow> LiveStore::tokens(const std::string& id) {
  std::vector<LiveTokenRow> out;
  for (const auto& r : db_->run("SELECT token, role FROM live_tokens WHERE game_id=? ORDER BY role", {id}).rows)
    out.push_back({r.text(0), id, static_cast<int>(r.integer(1))});
  return out;
}

std::optional<LiveTokenRow> LiveStore::token(const std::string& token) {
  const auto rows = db_->run("SELECT game_id, role FROM live_tokens WHERE token=?", {token}).rows;
  if (rows.empty()) return std::nullopt;
  return LiveTokenRow{token, rows[0].text(0), static_cast<int>(rows[0].integer(1))};
}

}  // namespace strat::server
