#pragma once
// PostgreSQL's Notices (notices.hpp): NOTIFY through a Db connection, LISTEN on a libpq connection of its own.
#include <boost/asio/io_context.hpp>
#include <memory>
#include <string>

#include "server/notices.hpp"

namespace strat::server {
// Throws std::runtime_error (one line) when the database cannot be opened.
std::unique_ptr<Notices> open_postgresql_notices(boost::asio::io_context& io, const std::string& url);
}  // namespace strat::server
