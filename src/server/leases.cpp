#include "server/leases.hpp"

#include <algorithm>

#include "server/secure_random.hpp"

namespace strat::server {

namespace {

// The schema's first version: one row per node and epoch, `expires` on the database's clock and `alive` on the
// node's (docs/server.md), and each game's owner.
const Migration kFirstVersion{1,
                              "CREATE TABLE IF NOT EXISTS nodes (name TEXT NOT NULL, epoch BIGINT NOT NULL,"
                              " expires BIGINT NOT NULL, alive BIGINT NOT NULL, PRIMARY KEY (name, epoch));"
                              "CREATE TABLE IF NOT EXISTS game_owners (game_id TEXT PRIMARY KEY REFERENCES games(id),"
                              " node TEXT NOT NULL, epoch BIGINT NOT NULL)"};

// The owners of live team games. No reference to live_games: LiveStore creates that table, on its own connection,
// after the node has started.
const Migration kLiveOwners{2,
                            "CREATE TABLE IF NOT EXISTS live_owners (game_id TEXT PRIMARY KEY, node TEXT NOT NULL,"
                            " epoch BIGINT NOT NULL)"};

// The fence checks games in statements of 1, 2, 4, ... 64 ids (the last id repeated to fill one): a handful of
// statement texts, each prepared once per connection, whatever the size of a commit's group.
constexpr std::size_t kIdsPerCheck = 64;

}  // namespace

std::string random_node_name() { return "n-" + random_token().substr(0, 8); }

Leases::Leases(Store& store, std::string node, std::int64_t lease_ms)
    : store_(store), db_(store.db()), node_(std::move(node)), lease_ms_(lease_ms) {
  const bool pg = db_.engine() == "postgresql";
  now_ = pg ? "CAST(EXTRACT(EPOCH FROM clock_timestamp()) * 1000 AS BIGINT)"
            : "CAST((julianday('now') - 2440587.5) * 86400000 AS INTEGER)";
  lock_share_ = pg ? " FOR SHARE" : "";
  lock_update_ = pg ? " FOR UPDATE" : "";
  migrate(db_, "leases", {kFirstVersion, kLiveOwners});
  start_epoch(now_ms());
  store_.set_fence(this);
}

Leases::~Leases() { store_.set_fence(nullptr); }

void Leases::start_epoch(std::int64_t alive) {
  DbTransaction tx(db_);
  epoch_ = db_.run("INSERT INTO nodes (name, epoch, expires, alive) SELECT CAST(? AS TEXT), "
                   "COALESCE(MAX(epoch), 0) + 1, " + now_ + " + CAST(? AS BIGINT), CAST(? AS BIGINT) FROM nodes "
                   "WHERE name=? RETURNING epoch",
                   {node_, lease_ms_, alive, node_})
               .rows.at(0)
               .integer(0);
  tx.commit();
  for (auto& held : held_) held.clear();
  renewed_ = std::chrono::steady_clock::now();
}

bool Leases::renew(std::int64_t alive) {
  // An expired lease is never renewed: once another node may have judged it expired, this epoch is over.
  const bool kept = db_.run("UPDATE nodes SET expires=" + now_ + " + CAST(? AS BIGINT), alive=? WHERE name=? AND "
                            "epoch=? AND expires > " + now_,
                            {lease_ms_, alive, node_, epoch_})
                        .changed == 1;
  if (!kept) start_epoch(alive);
  renewed_ = std::chrono::steady_clock::now();
  return kept;
}

void Leases::release() {
  db_.run("UPDATE nodes SET expires=0, alive=? WHERE name=? AND epoch=?", {now_ms(), node_, epoch_});
  for (auto& held : held_) held.clear();
}

void Leases::check_live(Db& db) {
  if (db.run("SELECT 1 FROM nodes WHERE name=? AND epoch=? AND expires > " + now_ + lock_share_, {node_, epoch_})
          .rows.empty())
    throw NotOwner("the lease of node " + node_ + " ran out");
}

Leases::Owner Leases::acquire(const std::string& id, Games games) {
  const std::string table = owners_table(games);
  DbTransaction tx(db_);
  try {
    check_live(db_);
  } catch (const NotOwner&) {
    return {};
  }
  Owner mine{true, node_, std::nullopt, false};
  if (db_.run("INSERT INTO " + table + " (game_id, node, epoch) VALUES (?,?,?) ON CONFLICT (game_id) DO NOTHING",
              {id, node_, epoch_})
          .changed == 1) {
    tx.commit();
    held_of(games).insert(id);
    return mine;
  }
  // Locked until the end: a write of the owner's that checked its fence first commits before this goes on.
  const auto row = db_.run("SELECT node, epoch FROM " + table + " WHERE game_id=?" + lock_update_, {id}).rows.at(0);
  const std::string owner = row.text(0);
  const std::int64_t epoch = row.integer(1);
  if (owner != node_ || epoch != epoch_) {
    const auto prev = db_.run("SELECT alive, CASE WHEN expires > " + now_ + " THEN 1 ELSE 0 END FROM nodes WHERE "
                              "name=? AND epoch=?",
                              {owner, epoch})
                          .rows;
    if (!prev.empty() && prev[0].integer(1) == 1) return {false, owner, std::nullopt, true};
    db_.run("UPDATE " + table + " SET node=?, epoch=? WHERE game_id=?", {node_, epoch_, id});
    mine.had_owner = true;
    if (!prev.empty()) mine.previous_alive = prev[0].integer(0);
  }
  tx.commit();
  held_of(games).insert(id);
  return mine;
}

std::string Leases::owner(const std::string& id, Games games) {
  const auto rows = db_.run("SELECT o.node FROM " + std::string(owners_table(games)) + " o JOIN nodes n ON n.name=o.node AND n.epoch=o.epoch "
                            "WHERE o.game_id=? AND n.expires > " + now_,
                            {id})
                        .rows;
  return rows.empty() ? "" : rows[0].text(0);
}

std::vector<std::string> Leases::orphans(std::int64_t limit) {
  std::vector<std::string> out;
  const std::string sql = "SELECT o.game_id FROM game_owners o JOIN games g ON g.id=o.game_id WHERE g.summary='' "
                          "AND g.result='' AND NOT EXISTS (SELECT 1 FROM nodes n WHERE n.name=o.node AND "
                          "n.epoch=o.epoch AND n.expires > " + now_ + ") ORDER BY random() LIMIT ?";
  for (const auto& r : db_.run(sql, {limit}).rows)
    out.push_back(r.text(0));
  return out;
}

std::vector<std::string> Leases::held_in(Games games, Db& db, const std::vector<std::string>& ids) {
  std::vector<std::string> out;
  std::set<std::string> found;
  for (std::size_t from = 0; from < ids.size(); from += kIdsPerCheck) {
    const std::size_t n = std::min(kIdsPerCheck, ids.size() - from);
    std::size_t slots = 1;
    while (slots < n) slots *= 2;
    std::string sql = "SELECT o.game_id FROM " + std::string(owners_table(games)) + " o JOIN nodes n ON n.name=o.node AND n.epoch=o.epoch WHERE "
                      "o.node=? AND o.epoch=? AND n.expires > " + now_ + " AND o.game_id IN (?";
    for (std::size_t i = 1; i < slots; ++i) sql += ",?";
    sql += ")" + lock_share_;
    std::vector<DbValue> params{node_, epoch_};
    for (std::size_t i = 0; i < slots; ++i) params.emplace_back(ids[from + std::min(i, n - 1)]);
    for (const auto& r : db.run(sql, params).rows)
      if (found.insert(r.text(0)).second) out.push_back(r.text(0));
  }
  for (const auto& id : ids)
    if (!found.count(id)) held_of(games).erase(id);
  return out;
}

void Leases::take_new_in(Games games, Db& db, const std::string& id) {
  check_live(db);
  db.run("INSERT INTO " + std::string(owners_table(games)) + " (game_id, node, epoch) VALUES (?,?,?)",
         {id, node_, epoch_});
  held_of(games).insert(id);
}

}  // namespace strat::server
