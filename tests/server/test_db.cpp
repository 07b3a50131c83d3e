#include "server/test_db.hpp"

#include <cstdlib>
#include <map>
#include <random>

#include "server/db.hpp"

namespace strat::server_test {

bool on_postgresql() {
  const char* url = std::getenv("STRAT_TEST_POSTGRES");
  return url && *url;
}

std::string test_db(const std::string& sqlite_path) {
  if (!on_postgresql()) return sqlite_path;
  static std::map<std::string, std::string> schemas;
  static int made = 0;
  const bool fresh = sqlite_path == ":memory:";
  if (!fresh) {
    auto it = schemas.find(sqlite_path);
    if (it != schemas.end()) return it->second;
  }
  const std::string url = std::getenv("STRAT_TEST_POSTGRES");
  const std::string schema = "t" + std::to_string(++made) + "_" + std::to_string(std::random_device{}() % 1000000);
  server::open_db(url)->script("CREATE SCHEMA " + schema);
  const std::string out = url + (url.find('?') == std::string::npos ? "?" : "&") + "options=-csearch_path%3D" + schema;
  if (!fresh) schemas.emplace(sqlite_path, out);
  return out;
}

}  // namespace strat::server_test
