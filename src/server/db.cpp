#include "server/db.hpp"

#include <stdexcept>

#include "server/db_engines.hpp"

namespace strat::server {

std::int64_t DbRow::integer(std::size_t col) const {
  const std::string& s = values.at(col);
  return s.empty() ? 0 : std::stoll(s);
}

bool is_postgresql_url(std::string_view where) {
  return where.starts_with("postgresql://") || where.starts_with("postgres://");
}

std::string redacted_db(const std::string& where) {
  if (!is_postgresql_url(where)) return where;
  const auto scheme = where.find("://");
  const auto at = where.find('@');
  if (at == std::string::npos) return where;
  const auto colon = where.find(':', scheme + 3);
  if (colon == std::string::npos || colon > at) return where;
  return where.substr(0, colon) + ":***" + where.substr(at);
}

std::unique_ptr<Db> open_db(const std::string& where) {
  return is_postgresql_url(where) ? open_postgresql(where) : open_sqlite(where);
}

void migrate(Db& db, const std::string& component, const std::vector<Migration>& migrations) {
  // One exclusive transaction: servers starting together apply each migration once, and a failed one leaves the
  // schema as it was.
  DbTransaction tx(db, /*exclusive=*/true);
  db.script("CREATE TABLE IF NOT EXISTS schema_versions (component TEXT PRIMARY KEY, version INTEGER NOT NULL)");
  const auto rows = db.run("SELECT version FROM schema_versions WHERE component=?", {component}).rows;
  const std::int64_t have = rows.empty() ? 0 : rows[0].integer(0);
  std::int64_t now = have;
  for (const auto& m : migrations) {
    if (m.version <= have) continue;
    db.script(m.sql);
    if (m.after) m.after(db);
    now = m.version;
  }
  if (now != have)
    db.run("INSERT INTO schema_versions VALUES (?,?) ON CONFLICT (component) DO UPDATE SET version=excluded.version",
           {component, now});
  tx.commit();
}

}  // namespace strat::server
