#include "server/live_http.hpp"

#include <boost/asio/steady_timer.hpp>
#include <boost/asio/this_coro.hpp>
#include <boost/asio/use_awaitable.hpp>
#include <boost/beast/core.hpp>
#include <boost/beast/websocket.hpp>
#include <deque>
#include <iostream>
#include <memory>
#include <nlohmann/json.hpp>

#include "core/error.hpp"
#include "games/stratego_live/card_sheet.hpp"
#include "games/stratego_live/cards.hpp"
#include "games/stratego_live/events.hpp"
#include "server/headers.hpp"
#include "server/leases.hpp"
#include "server/live_hub.hpp"
#include "server/query.hpp"
#include "server/ws_writer.hpp"

namespace strat::server {

namespace asio = boost::asio;
namespace beast = boost::beast;
namespace http = beast::http;
namespace websocket = beast::websocket;
using tcp = asio::ip::tcp;
using nlohmann::json;

namespace {

LiveResponse reply(const LiveRequest& req, http::status status, std::string body, const char* type) {
  LiveResponse res{status, req.version()};
  res.set(http::field::server, "strat");
  add_security_headers(res);
  res.set(http::field::content_type, type);
  res.set(http::field::cache_control, "no-store");
  res.keep_alive(req.keep_alive());
  res.body() = std::move(body);
  res.prepare_payload();
  return res;
}

LiveResponse json_reply(const LiveRequest& req, const json& body, http::status status = http::status::ok) {
  return reply(req, status, body.dump(), "application/json");
}

// A printable sheet: its own inline styles, no script (kInlineStylePolicy).
LiveResponse cards(const LiveRequest& req) {
  const std::string_view target = req.target();
  const int n = query_int(target, "cards", 0);
  if (n < 0) bad_input("cards must be 20, 30, 40 or 60");
  const int team = live::parse_team(query_param(target, "colour"));
  LiveResponse res = query_param(target, "format") == "html"
                         ? reply(req, http::status::ok, live::card_sheet_html(n, team), "text/html; charset=utf-8")
                         : reply(req, http::status::ok, live::card_sheet_svg(n, team), "image/svg+xml");
  res.set("Content-Security-Policy", kInlineStylePolicy);
  return res;
}

}  // namespace

bool is_live_api(std::string_view target) {
  auto p = path_of(target);
  return p == "/api/live" || p.rfind("/api/live/", 0) == 0;
}

bool is_live_ws(std::string_view target) { return path_of(target) == "/ws/live"; }

LiveResponse live_api(LiveHub& hub, const LiveRequest& req) {
  const std::string_view path = path_of(req.target());
  try {
    if (path == "/api/live" && req.method() == http::verb::post) {
      json body = json::parse(req.body().empty() ? std::string("{}") : req.body(), nullptr, false);
      if (body.is_discarded()) bad_input("the request body is not valid JSON");
      return json_reply(req, hub.create(body), http::status::created);
    }
    if (path == "/api/live/state" && req.method() == http::verb::get)
      return json_reply(req, hub.state(query_param(req.target(), "token")));
    if (path == "/api/live/cards" && req.method() == http::verb::get) return cards(req);
    return json_reply(req, json{{"error", "no API route " + std::string(path)}}, http::status::not_found);
  } catch (const Moved& e) {
    // Thrown only once the token named the game: 421 with the node that plays it, as for board games.
    return json_reply(req, json{{"error", e.what()}, {"node", e.node}}, http::status::misdirected_request);
  } catch (const NotOwner& e) {
    return json_reply(req, json{{"error", e.what()}}, http::status::service_unavailable);
  } catch (const DbUnavailable& e) {
    std::cerr << "strat serve: " << e.what() << "\n";
    return json_reply(req, json{{"error", kDbUnavailableAnswer}}, http::status::service_unavailable);
  } catch (const BadInput& e) {
    return json_reply(req, json{{"error", e.what()}}, http::status::bad_request);
  } catch (const std::exception& e) {
    std::cerr << "strat serve: internal error on " << path << ": " << e.what() << "\n";
    return json_reply(req, json{{"error", "internal error"}}, http::status::internal_server_error);
  }
}

namespace {
// One device following one live game. Writes are queued: a change is broadcast while a read is pending.
class LiveWsSession : public Client, public std::enable_shared_from_this<LiveWsSession> {
 public:
  LiveWsSession(tcp::socket socket, LiveHub& hub) : ws_(std::move(socket)), hub_(hub) {}
  // A device that does not read is dropped once this many bytes wait to be sent to it; it reconnects and
  // resyncs. A live view is a few KB.
  static constexpr std::size_t kQueueBytes = 256 * 1024;

  asio::awaitable<void> run(LiveRequest req) {
    const std::string token = query_param(req.target(), "token");
    // Phones sleep and lose the network outdoors: pings drop a dead peer, the client reconnects by itself.
    ws_.set_option(websocket::stream_base::timeout{std::chrono::seconds(30), std::chrono::seconds(60), true});
    ws_.read_message_max(16 * 1024);
    co_await ws_.async_accept(req, asio::use_awaitable);
    LiveHub::Seat seat;
    std::string why, owner;
    const bool opened = open_here([&] { return hub_.open(token, seat, why); }, owner, why);
    if (!opened) {  // another node plays the game (the client reconnects through the balancer), or why not
      co_await writer_.refuse(weak_from_this(), owner, why);
      co_return;
    }
    hub_.join(seat, this);
    beast::flat_buffer buffer;
    try {
      while (!dropped_) {
        buffer.clear();
        co_await ws_.async_read(buffer, asio::use_awaitable);
        if (dropped_) break;  // this node lost the game while the message was read
        json message = json::parse(beast::buffers_to_string(buffer.data()), nullptr, false);
        if (message.is_discarded()) {
          send(json{{"type", "error"}, {"request", ""}, {"message", "messages must be JSON objects"}}.dump());
          continue;
        }
        hub_.handle(seat, this, message);
      }
    } catch (const std::exception&) {
      // Closed by the peer or a network error: just leave.
    }
    writer_.mark_closed();
    hub_.leave(this);
  }

  void send(std::string text) override { writer_.send(std::move(text), weak_from_this()); }
  void disconnect(std::string last) override {
    dropped_ = true;
    send(std::move(last));
    writer_.close_after_queue(weak_from_this(), WsWriter::kMovedReason);
  }

 private:
  websocket::stream<beast::tcp_stream> ws_;
  WsWriter writer_{ws_, kQueueBytes};
  LiveHub& hub_;
  bool dropped_ = false;  // the hub dropped the game: the seat is no longer valid
};
}  // namespace

asio::awaitable<void> run_live_ws(tcp::socket socket, LiveHub& hub, LiveRequest req) {
  auto session = std::make_shared<LiveWsSession>(std::move(socket), hub);
  co_await session->run(std::move(req));
}

}  // namespace strat::server
