#pragma once
// The database a server test stores into. By default the SQLite file the test names; when the suite runs under
// scripts/with-postgres.sh (STRAT_TEST_POSTGRES holds the URL of a throwaway cluster), a schema of that
// PostgreSQL server made for this file name instead, the same one each time the test reopens the name (a server
// restart), and a new one for every ":memory:". So the whole suite runs on both engines.
#include <string>

namespace strat::server_test {
std::string test_db(const std::string& sqlite_path);
bool on_postgresql();
}  // namespace strat::server_test
