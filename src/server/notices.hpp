#pragma once
// Notices between the servers sharing one database (docs/server.md, "Running several servers"): a server that wrote
// something the others show (a seek, a pool entry, a game made for a player) says so on a channel, and every other
// server re-reads it at once instead of at its next tick. PostgreSQL: NOTIFY, and LISTEN on a connection of its own
// whose socket the I/O thread watches (never blocking it), reconnected when lost; a notice carries a word, never
// data. SQLite (one server): nothing to tell, nothing heard. The servers' periodic re-reads stay as a safety net for
// a notice lost with a connection.
#include <boost/asio/io_context.hpp>
#include <functional>
#include <memory>
#include <string>
#include <string_view>

namespace strat::server {

class Notices {
 public:
  // The channel of the live lobby: seeks, pools and pairing notices. Payloads: "seeks", "pools", "paired".
  static constexpr std::string_view kLobby = "strat_lobby";

  virtual ~Notices() = default;
  // Tells the other servers; after the write's commit. Never throws: a notice that cannot be sent is left to the
  // others' periodic re-read.
  virtual void notify(std::string_view channel, std::string_view payload) = 0;
  // `heard` runs on the I/O thread for every notice of `channel` from another server, and with an empty payload
  // each time listening (re)starts, since notices sent while it was down are lost. Before the first run of the
  // io_context.
  virtual void listen(std::string_view channel, std::function<void(std::string_view payload)> heard) = 0;
  // Whether notices are being heard now (tests wait for it).
  virtual bool listening() const = 0;
};

// For the database `where` (db.hpp's open_db syntax): PostgreSQL's LISTEN/NOTIFY, or nothing for SQLite.
std::unique_ptr<Notices> open_notices(boost::asio::io_context& io, const std::string& where);

}  // namespace strat::server
