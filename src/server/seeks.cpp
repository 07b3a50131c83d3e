#include "server/seeks.hpp"

#include "core/error.hpp"
#include "server/secure_random.hpp"
#include "server/store.hpp"

namespace strat::server {

namespace {

const std::vector<Migration>& migrations() {
  static const std::vector<Migration> list = {
      {1,
       "CREATE TABLE IF NOT EXISTS seeks (id TEXT PRIMARY KEY, player TEXT "
       "NOT NULL, user_id BIGINT NOT NULL,"
       " username TEXT NOT NULL, rating BIGINT NOT NULL, game TEXT NOT "
       "NULL, clock_initial_ms BIGINT NOT NULL,"
       " clock_increment_ms BIGINT NOT NULL, rated BIGINT NOT NULL, "
       "rating_min BIGINT NOT NULL,"
       " rating_max BIGINT NOT NULL, created BIGINT NOT NULL, seen BIGINT "
       "NOT NULL);"
       "CREATE INDEX IF NOT EXISTS seeks_by_player ON seeks (player);"
       "CREATE TABLE IF NOT EXISTS pool_entries (pool TEXT NOT NULL, player "
       "TEXT NOT NULL, user_id BIGINT NOT NULL,"
       " rating BIGINT NOT NULL, joined BIGINT NOT NULL, seen BIGINT NOT "
       "NULL, PRIMARY KEY (pool, player));"
       "CREATE TABLE IF NOT EXISTS pairing_notices (player TEXT NOT NULL, "
       "game_id TEXT NOT NULL,"
       " token TEXT NOT NULL, at BIGINT NOT NULL, PRIMARY KEY (player, "
       "game_id))"},
  };
  return list;
}

// "(?,?,?)" for `n` values, and the values.
std::string placeholders(std::size_t n) {
  std::string s = "(";
  for (std::size_t i = 0; i < n; ++i) s += i ? ",?" : "?";
  return s + ")";
}

const char* kSeekColumns =
    "id, player, user_id, username, rating, game, clock_initial_ms, "
    "clock_increment_ms, rated, rating_min,"
    " rating_max, created";

Seek seek_of(const DbRow& r) {
  Seek s;
  s.id = r.text(0);
  s.player = r.text(1);
  s.user = r.integer(2);
  s.username = r.text(3);
  s.rating = static_cast<int>(r.integer(4));
  s.game = r.text(5);
  s.clock_initial_ms = r.integer(6);
  s.clock_increment_ms = r.integer(7);
  s.rated = r.integer(8) != 0;
  s.rating_min = static_cast<int>(r.integer(9));
  s.rating_max = static_cast<int>(r.integer(10));
  s.created_ms = r.integer(11);
  return s;
}

}  // namespace

Seeks::Seeks(const std::string& where, std::function<std::int64_t()> clock) : clock_(std::move(clock)) {
  db_ = open_db(where);
  migrate(*db_, "seeks", migrations());
}

Seeks::~Seeks() = default;

std::int64_t Seeks::now() const { return clock_ ? clock_() : now_ms(); }

void Seeks::expire() {
  const std::int64_t before = now() - kExpiryMs;
  db_->run("DELETE FROM seeks WHERE seen<?", {before});
  db_->run("DELETE FROM pool_entries WHERE seen<?", {before});
  db_->run("DELETE FROM pairing_notices WHERE at<?", {now() - kNoticeMs});
}

std::string Seeks::add(Seek s) {
  std::lock_guard lock(mutex_);
  expire();
  DbTransaction tx(*db_);
  const auto open = db_->run(
                           "SELECT COUNT(*) FROM seeks WHERE player=? OR "
                           "(user_id<>0 AND user_id=?)",
                           {s.player, s.user})
                        .rows.at(0)
                        .integer(0);
  if (open >= kMaxSeeksPerPlayer)
    bad_input("at most " + std::to_string(kMaxSeeksPerPlayer) + " open seeks at once: cancel one first");
  s.id = random_token().substr(0, 16);
  s.created_ms = now();
  db_->run(std::string("INSERT INTO seeks (") + kSeekColumns + ", seen) VALUES (?,?,?,?,?,?,?,?,?,?,?,?,?)",
           {s.id, s.player, s.user, s.username, static_cast<std::int64_t>(s.rating), s.game, s.clock_initial_ms,
            s.clock_increment_ms, std::int64_t{s.rated}, static_cast<std::int64_t>(s.rating_min),
            static_cast<std::int64_t>(s.rating_max), s.created_ms, s.created_ms});
  tx.commit();
  return s.id;
}

void Seeks::cancel(const std::string& id, const std::string& player) {
  std::lock_guard lock(mutex_);
  if (db_->run("DELETE FROM seeks WHERE id=? AND player=?", {id, player}).changed == 0)
    bad_input("you have no open seek " + id);
}

std::optional<Seek> Seeks::find(const std::string& id) {
  std::lock_guard lock(mutex_);
  expire();
  const auto rows = db_->run(std::string("SELECT ") + kSeekColumns + " FROM seeks WHERE id=?", {id}).rows;
  if (rows.empty()) return std::nullopt;
  return seek_of(rows[0]);
}

bool Seeks::take(const std::string& id) {
  std::lock_guard lock(mutex_);
  return db_->run("DELETE FROM seeks WHERE id=?", {id}).changed == 1;
}

std::vector<Seek> Seeks::list() {
  std::lock_guard lock(mutex_);
  expire();
  std::vector<Seek> seeks;
  for (const auto& r : db_->run(std::string("SELECT ") + kSeekColumns + " FROM seeks ORDER BY created, id").rows)
    seeks.push_back(seek_of(r));
  return seeks;
}

void Seeks::join_pool(const std::string& pool, const PoolEntry& e) {
  std::lock_guard lock(mutex_);
  // Joining again keeps the first arrival's time: the gap it allows has been widening since.
  db_->run(
      "INSERT INTO pool_entries (pool, player, user_id, rating, joined, "
      "seen) VALUES (?,?,?,?,?,?)"
      " ON CONFLICT (pool, player) DO UPDATE SET "
      "user_id=excluded.user_id, rating=excluded.rating,"
      " seen=excluded.seen",
      {pool, e.player, e.user, static_cast<std::int64_t>(e.rating), e.joined_ms, now()});
}

void Seeks::leave_pool(const std::string& pool, const std::string& player) {
  std::lock_guard lock(mutex_);
  db_->run("DELETE FROM pool_entries WHERE pool=? AND player=?", {pool, player});
}

std::vector<PoolEntry> Seeks::pool(const std::string& pool) {
  std::lock_guard lock(mutex_);
  expire();
  std::vector<PoolEntry> entries;
  for (const auto& r : db_->run("SELECT player, user_id, rating, joined FROM pool_entries "
                                "WHERE pool=? ORDER BY joined, player",
                                {pool})
                           .rows)
    entries.push_back({r.text(0), r.integer(1), static_cast<int>(r.integer(2)), r.integer(3)});
  return entries;
}

bool Seeks::take_pair(const std::string& pool, const std::string& a, const std::string& b) {
  std::lock_guard lock(mutex_);
  DbTransaction tx(*db_);
  for (const auto& player : {a, b})
    if (db_->run("DELETE FROM pool_entries WHERE pool=? AND player=?", {pool, player}).changed != 1) return false;
  tx.commit();
  return true;
}

std::vector<std::pair<std::string, std::string>> Seeks::pool_members() {
  std::lock_guard lock(mutex_);
  std::vector<std::pair<std::string, std::string>> members;
  for (const auto& r : db_->run("SELECT pool, player FROM pool_entries").rows)
    members.emplace_back(r.text(0), r.text(1));
  return members;
}

void Seeks::touch(const std::vector<std::string>& players) {
  if (players.empty()) return;
  std::lock_guard lock(mutex_);
  std::vector<DbValue> params{now()};
  for (const auto& p : players) params.emplace_back(p);
  const std::string in = placeholders(players.size());
  db_->run("UPDATE seeks SET seen=? WHERE player IN " + in, params);
  db_->run("UPDATE pool_entries SET seen=? WHERE player IN " + in, params);
}

void Seeks::add_notice(const PairingNotice& n) {
  std::lock_guard lock(mutex_);
  db_->run(
      "INSERT INTO pairing_notices (player, game_id, token, at) VALUES "
      "(?,?,?,?) ON CONFLICT DO NOTHING",
      {n.player, n.game_id, n.token, now()});
}

std::vector<PairingNotice> Seeks::take_notices(const std::vector<std::string>& players) {
  if (players.empty()) return {};
  std::lock_guard lock(mutex_);
  std::vector<DbValue> params(players.begin(), players.end());
  std::vector<PairingNotice> notices;
  for (const auto& r : db_->run("SELECT player, game_id, token FROM pairing_notices WHERE "
                                "player IN " +
                                    placeholders(players.size()) + " ORDER BY at",
                                params)
                           .rows) {
    // Only the deleting server delivers it: two servers holding the same player's connections tell it once.
    if (db_->run("DELETE FROM pairing_notices WHERE player=? AND game_id=?", {r.text(0), r.text(1)}).changed == 1)
      notices.push_back({r.text(0), r.text(1), r.text(2)});
  }
  return notices;
}

std::string Seeks::username(std::int64_t user) {
  if (user == 0) return "";
  std::lock_guard lock(mutex_);
  const auto rows = db_->run("SELECT username FROM users WHERE id=?", {user}).rows;
  return rows.empty() ? "" : rows[0].text(0);
}

}  // namespace strat::server
