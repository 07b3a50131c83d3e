#include "server/seek_http.hpp"

#include <boost/asio/redirect_error.hpp>
#include <boost/asio/use_awaitable.hpp>
#include <boost/beast/core.hpp>
#include <boost/beast/websocket.hpp>

#include "core/error.hpp"
#include "server/matchmaking.hpp"
#include "server/query.hpp"
#include "server/ws_writer.hpp"

#if defined(__GNUC__) && !defined(__clang__)
#pragma GCC diagnostic ignored "-Wmismatched-new-delete"  // as in account_http.cpp: GCC 12 and Asio's
                                                          // allocator
#endif

namespace strat::server {

using boost::asio::ip::tcp;
using nlohmann::json;
namespace asio = boost::asio;
namespace beast = boost::beast;
namespace http = beast::http;
namespace websocket = beast::websocket;

namespace {

std::string bearer(const SeekRequest& req) {
  const std::string_view auth = req[http::field::authorization];
  return auth.rfind("Bearer ", 0) == 0 ? std::string(auth.substr(7)) : "";
}

std::string pool_of(const json& body) {
  if (!body.is_object() || !body.contains("pool") || !body["pool"].is_string()) bad_input("the body needs \"pool\"");
  return body["pool"].get<std::string>();
}

// One browser's lobby page: the listing whenever it changes, and its "paired" notices.
class LobbyWs : public LobbyClient, public std::enable_shared_from_this<LobbyWs> {
 public:
  LobbyWs(tcp::socket socket, Matchmaking& matchmaking) : ws_(std::move(socket)), matchmaking_(matchmaking) {}
  static constexpr std::size_t kQueueBytes = 256 * 1024;

  asio::awaitable<void> run(SeekRequest req) {
    ws_.set_option(websocket::stream_base::timeout{std::chrono::seconds(30), std::chrono::seconds(60), true});
    ws_.read_message_max(4 * 1024);
    co_await ws_.async_accept(req, asio::use_awaitable);
    matchmaking_.attach(this, "");
    beast::flat_buffer buffer;
    try {
      for (;;) {
        buffer.clear();
        co_await ws_.async_read(buffer, asio::use_awaitable);
        const json message = json::parse(beast::buffers_to_string(buffer.data()), nullptr, false);
        hello(message);
      }
    } catch (const std::exception&) {
      // Closed by the peer or a network error: just leave.
    }
    writer_.mark_closed();
    matchmaking_.detach(this);
  }

  void send(std::string text) override { writer_.send(std::move(text), weak_from_this()); }

 private:
  void hello(const json& message) {
    const auto refuse = [this](const std::string& why) {
      send(json{{"type", "error"}, {"request", "hello"}, {"message", why}}.dump());
    };
    if (!message.is_object() || message.value("type", "") != "hello" || !message.contains("player") ||
        !message["player"].is_string())
      return refuse("send {\"type\":\"hello\",\"player\":SECRET}");
    try {
      const std::string player = message["player"].get<std::string>();
      matchmaking_.check_player(player);
      matchmaking_.attach(this, player);
    } catch (const BadInput& e) {
      refuse(e.what());
    }
  }

  websocket::stream<beast::tcp_stream> ws_;
  WsWriter writer_{ws_, kQueueBytes};
  Matchmaking& matchmaking_;
};

}  // namespace

bool is_seek_route(std::string_view path) {
  return path == "/api/seeks" || path.rfind("/api/seeks/", 0) == 0 || path.rfind("/api/pools/", 0) == 0;
}

std::pair<http::status, json> seek_route(Matchmaking& m, const SeekRequest& req, const json& body, std::int64_t user) {
  const std::string path(path_of(req.target()));
  const auto method = req.method();
  const std::string player = bearer(req);
  if (path == "/api/seeks" && method == http::verb::get) {
    if (!player.empty()) m.check_player(player);
    return {http::status::ok, m.listing(player)};
  }
  if (path == "/api/seeks" && method == http::verb::post)
    return {http::status::created, m.create_seek(body, player, user)};
  if (path == "/api/pools/join" && method == http::verb::post)
    return {http::status::ok, m.join_pool(pool_of(body), player, user)};
  if (path == "/api/pools/leave" && method == http::verb::post) {
    m.leave_pool(pool_of(body), player);
    return {http::status::ok, json::object()};
  }
  const std::string rest = path.rfind("/api/seeks/", 0) == 0 ? path.substr(11) : "";
  const auto slash = rest.find('/');
  const std::string id = rest.substr(0, slash), action = slash == std::string::npos ? "" : rest.substr(slash + 1);
  if (!id.empty() && action.empty() && method == http::verb::delete_) {
    m.cancel_seek(id, player);
    return {http::status::ok, json::object()};
  }
  if (!id.empty() && action == "accept" && method == http::verb::post)
    return {http::status::ok, m.accept(id, player, user)};
  return {http::status::not_found, {{"error", "no API route " + std::string(req.method_string()) + " '" + path + "'"}}};
}

bool is_lobby_ws(std::string_view target) { return path_of(target) == "/ws/lobby"; }

asio::awaitable<void> run_lobby_ws(tcp::socket socket, Matchmaking& matchmaking, SeekRequest req) {
  auto session = std::make_shared<LobbyWs>(std::move(socket), matchmaking);
  co_await session->run(std::move(req));
}

}  // namespace strat::server
