#pragma once
// The network side: an HTTP listener that serves the built front end (web/dist), the JSON API and the
// WebSocket endpoint /ws?token=... (protocol in docs/server.md).
#include <boost/asio/io_context.hpp>
#include <cstdint>
#include <functional>
#include <string>

#include "server/hub.hpp"

namespace strat::server {

class LiveHub;

struct ServeConfig {
  std::string host = "127.0.0.1";
  unsigned short port = 8080;
  std::string web_root;  // directory of the built front end
  LiveHub* live = nullptr;  // live team games (live_http.hpp); none when null
};

// Binds and starts accepting; returns the port actually bound (useful with port 0).
unsigned short start_listener(boost::asio::io_context& io, Hub& hub, const ServeConfig& config);

// The default front-end directory: web/dist beside the current directory, else the source tree's.
std::string default_web_root();

}  // namespace strat::server
