#pragma once
// The engines behind open_db (db.hpp).
#include <memory>
#include <string>

#include "server/db.hpp"

namespace strat::server {
std::unique_ptr<Db> open_sqlite(const std::string& path);
std::unique_ptr<Db> open_postgresql(const std::string& url);
}  // namespace strat::server
