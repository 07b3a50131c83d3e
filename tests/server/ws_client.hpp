#pragma once
// A blocking WebSocket client for the server tests that talk to a real `strat serve` listener.
#include <boost/asio/io_context.hpp>
#include <boost/asio/ip/tcp.hpp>
#include <boost/beast/core.hpp>
#include <boost/beast/websocket.hpp>
#include <memory>
#include <nlohmann/json.hpp>
#include <string>

#include "protocol_log.hpp"

namespace strat::server_test {

struct WsClient {
  boost::asio::io_context io;
  boost::beast::websocket::stream<boost::asio::ip::tcp::socket> ws{io};
  std::string channel = "game";  // "live" on /ws/live (protocol_log.hpp)
  nlohmann::json read() {
    boost::beast::flat_buffer b;
    ws.read(b);
    const std::string text = boost::beast::buffers_to_string(b.data());
    log_protocol(channel, text);
    return nlohmann::json::parse(text);
  }
  void write(const nlohmann::json& m) { ws.write(boost::asio::buffer(m.dump())); }
};

// Opens `path` (e.g. "/ws?token=...") on the loopback listener at `port`.
inline std::unique_ptr<WsClient> ws_connect(unsigned short port, const std::string& path) {
  auto w = std::make_unique<WsClient>();
  if (path.rfind("/ws/live", 0) == 0) w->channel = "live";
  if (path.rfind("/ws/lobby", 0) == 0) w->channel = "lobby";
  w->ws.next_layer().connect(boost::asio::ip::tcp::endpoint(boost::asio::ip::make_address("127.0.0.1"), port));
  w->ws.handshake("127.0.0.1", path);
  return w;
}

}  // namespace strat::server_test
