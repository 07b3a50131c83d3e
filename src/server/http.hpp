#pragma once
// The network side: an HTTP listener that serves the built front end (web/dist), the JSON API and the
// WebSocket endpoint /ws?token=... (protocol in docs/server.md).
#include <boost/asio/io_context.hpp>
#include <chrono>
#include <cstddef>
#include <cstdint>
#include <functional>
#include <string>

#include "server/hub.hpp"

namespace strat::server {

class LiveHub;
class Accounts;
class Matchmaking;
class TournamentRunner;

// What one client may hold (docs/security.md, "Availability"): a connection beyond a limit is answered 503 and
// closed at once.
struct ConnectionLimits {
  // Connections open at once, all clients together; 0: the process's file descriptor limit (RLIMIT_NOFILE)
  // less kReservedDescriptors, so that the database and the agents always have descriptors left.
  std::size_t total = 0;
  // Per IPv4 address, or per IPv6 /64 network; 0: no such limit (behind a reverse proxy every client has the
  // proxy's address, and the proxy limits each client).
  std::size_t per_address = 64;
  // A new connection must deliver its first request (a WebSocket upgrade included) within this; a kept-alive
  // connection its next request within `idle`.
  std::chrono::milliseconds first_request{10000};
  std::chrono::milliseconds idle{60000};
  static constexpr std::size_t kReservedDescriptors = 32;
  std::size_t resolved_total() const;  // `total`, or the one from the descriptor limit
};

struct ServeConfig {
  std::string host = "127.0.0.1";
  unsigned short port = 8080;
  std::string web_root;  // directory of the built front end
  LiveHub* live = nullptr;  // live team games (live_http.hpp); none when null
  Accounts* accounts = nullptr;  // the account routes (account_http.hpp); none when null
  Matchmaking* matchmaking = nullptr;  // seeks, pools and the live lobby (seek_http.hpp); none when null
  TournamentRunner* tournaments = nullptr;  // the tournament routes (tournament_http.hpp); none when null
  // The server is reached over TLS (a reverse proxy in front): session cookies carry Secure. It cannot tell by
  // itself, since it speaks plain HTTP.
  bool secure_cookies = false;
  ConnectionLimits limits;
};

// Binds and starts accepting; returns the port actually bound (useful with port 0).
unsigned short start_listener(boost::asio::io_context& io, Hub& hub, const ServeConfig& config);

// The default front-end directory: web/dist beside the current directory, else the source tree's.
std::string default_web_root();

}  // namespace strat::server
