#include "server/http.hpp"

#include <boost/asio/co_spawn.hpp>
#include <boost/asio/detached.hpp>
#include <boost/asio/ip/tcp.hpp>
#include <boost/asio/redirect_error.hpp>
#include <boost/asio/steady_timer.hpp>
#include <boost/asio/use_awaitable.hpp>
#include <boost/beast/core.hpp>
#include <boost/beast/http.hpp>
#include <boost/beast/websocket.hpp>
#include <deque>
#include <filesystem>
#include <fstream>
#include <iostream>
#include <sstream>

#include "core/error.hpp"
#include "core/text.hpp"
#include "server/account_http.hpp"
#include "server/accounts.hpp"
#include "server/connections.hpp"
#include "server/headers.hpp"
#include "server/leases.hpp"
#include "server/live_http.hpp"
#include "server/query.hpp"
#include "server/ratings.hpp"
#include "server/seek_http.hpp"
#include "server/strength_ratings.hpp"
#include "server/time_class.hpp"
#include "server/static_files.hpp"
#include "server/tournament_http.hpp"
#include "server/ws_writer.hpp"

namespace strat::server {

namespace asio = boost::asio;
namespace beast = boost::beast;
namespace http = beast::http;
namespace websocket = beast::websocket;
using tcp = asio::ip::tcp;
using nlohmann::json;
using Request = http::request<http::string_body>;
using Response = http::response<http::string_body>;

constexpr std::uint32_t kHeaderLimit = 16 * 1024;
constexpr std::uint64_t kBodyLimit = 256 * 1024;
constexpr std::chrono::milliseconds kAcceptPause{100};  // between attempts while accept fails
constexpr std::chrono::seconds kAcceptLogEvery{10};

std::string default_web_root() {
  if (std::filesystem::exists("web/dist/index.html")) return std::filesystem::absolute("web/dist").string();
  return STRAT_WEB_DIST;
}

namespace {

Response make_response(const Request& req, http::status status, std::string body, const std::string& type) {
  Response res{status, req.version()};
  res.set(http::field::server, "strat");
  add_security_headers(res);
  res.set(http::field::content_type, type);
  res.set(http::field::cache_control, "no-store");
  res.keep_alive(req.keep_alive());
  res.body() = std::move(body);
  res.prepare_payload();
  return res;
}

Response json_response(const Request& req, const json& body, http::status status = http::status::ok) {
  return make_response(req, status, body.dump(), "application/json");
}

Response error_response(const Request& req, http::status status, const std::string& message) {
  // The message may quote raw request bytes: invalid UTF-8 is replaced rather than refused by the JSON writer.
  json body{{"error", strat::one_line(message)}};
  return make_response(req, status, body.dump(-1, ' ', false, json::error_handler_t::replace), "application/json");
}

Response static_file(const Request& req, StaticFiles& files) {
  if (req.method() != http::verb::get && req.method() != http::verb::head)
    return error_response(req, http::status::method_not_allowed, "only GET and HEAD are served here");
  std::string_view target = req.target();
  std::string_view path = target.substr(0, target.find('?'));
  auto file = files.find(path);
  // The build's compressed copy when the client takes gzip (every text file of the build has one).
  const bool gzip = file && !file->gzip.empty() && StaticFiles::accepts_gzip(req[http::field::accept_encoding]);
  std::string body;
  if (file) {
    std::ifstream in(gzip ? file->gzip : file->path, std::ios::binary);
    std::ostringstream text;
    text << in.rdbuf();
    if (in) body = text.str();
    else file.reset();  // removed since it was indexed
  }
  if (!file) {
    if (!files.has_index())
      return make_response(req, http::status::service_unavailable,
                           "The front end is not built: run `make` (npm run build in web/).\n", "text/plain");
    return error_response(req, http::status::not_found, "not found");
  }
  auto res = make_response(req, http::status::ok, std::move(body), file->mime);
  if (path.rfind("/assets/", 0) == 0) res.set(http::field::cache_control, "public, max-age=31536000, immutable");
  if (!file->gzip.empty()) res.set(http::field::vary, "Accept-Encoding");
  if (gzip) res.set(http::field::content_encoding, "gzip");
  return res;
}

json parse_body(const Request& req) {
  if (req.body().empty()) return json::object();
  try {
    return json::parse(req.body());
  } catch (const json::exception&) {
    bad_input("the request body is not valid JSON");
  }
}

int ply_param(const std::string& target) { return query_int(target, "ply", 0); }

// The game, variant and time class a table of ratings is asked for; `no_game` is the refusal without a game.
struct BoardQuery {
  std::string game, variant, time_class;
};
BoardQuery board_query(const std::string& target, const std::string& no_game) {
  BoardQuery q{query_param(target, "game"), query_param(target, "variant"), query_param(target, "class")};
  if (q.game.empty()) bad_input(no_game);
  Registry::global().get(q.game);  // an unknown game is refused, naming the known ones
  if (!q.time_class.empty() && !valid_time_class(q.time_class))
    bad_input("class must be bullet, blitz, rapid or classical");
  return q;
}

// GET /api/leaderboard and /api/users/NAME (docs/server.md, "Rated games"): public, read only.
Response ratings_api(Ratings& ratings, const Request& req, const std::string& path, const std::string& target) {
  if (path == "/api/leaderboard") {
    const BoardQuery q = board_query(target, "the leaderboard needs ?game=NAME");
    return json_response(req, ratings.leaderboard(q.game, q.variant, q.time_class));
  }
  const std::string name = path.substr(std::string("/api/users/").size());
  auto profile = ratings.profile(name);
  if (!profile) return error_response(req, http::status::not_found, "no user " + strat::quoted(name));
  return json_response(req, *profile);
}

// /api/... routes. Paths: /api/health, /api/games, /api/lobby, /api/state, /api/games/ID/{join,replay,views,analysis,record},
// /api/leaderboard, /api/users/NAME, /api/strength-ratings, /api/tournaments[/ID[/ACTION]]. `accounts` (null without accounts) names the account of a rated game's seat.
Response api(Hub& hub, const Request& req, AccountRoutes* accounts, Matchmaking* matchmaking,
             TournamentRunner* tournaments) {
  std::string target(req.target());
  std::string path = target.substr(0, target.find('?'));
  auto method = req.method();
  try {
    // The balancer's health check (docs/server.md, "Running several servers"): cheap, touches nothing.
    if (path == "/api/health" && method == http::verb::get) return json_response(req, json{{"ok", true}});
    hub.settle();
    const auto user = [&] { return accounts ? accounts->user_of(req) : std::int64_t{0}; };
    if (path == "/api/games" && method == http::verb::get) return json_response(req, hub.catalog());
    if (path == "/api/games" && method == http::verb::post)
      return json_response(req, hub.create(parse_body(req), user()), http::status::created);
    if (hub.ratings() && method == http::verb::get &&
        (path == "/api/leaderboard" || path.rfind("/api/users/", 0) == 0))
      return ratings_api(*hub.ratings(), req, path, target);
    if (hub.strength_ratings() && method == http::verb::get && path == "/api/strength-ratings") {
      const BoardQuery q = board_query(target, "the strengths' ratings need ?game=NAME");
      return json_response(req, hub.strength_ratings()->board(q.game, q.variant, q.time_class));
    }
    if (tournaments && is_tournament_api(path)) {
      auto a = tournament_api(*tournaments, method, path, [&] { return parse_body(req); }, user());
      return json_response(req, a.body, a.status);
    }
    if (path == "/api/lobby" && method == http::verb::get) return json_response(req, hub.lobby());
    if (matchmaking && is_seek_route(path)) {
      auto [status, answer] = seek_route(*matchmaking, req, parse_body(req), user());
      return json_response(req, answer, status);
    }
    if (path == "/api/state" && method == http::verb::get) return json_response(req, hub.state(query_param(target, "token")));
    // "Your games": the player's secret travels in the Authorization header, never in a URL.
    if (path == "/api/players" && method == http::verb::post) return json_response(req, hub.new_player(), http::status::created);
    if (path == "/api/players/me/games") {
      std::string auth(req[http::field::authorization]);
      std::string player = auth.rfind("Bearer ", 0) == 0 ? auth.substr(7) : "";
      if (method == http::verb::get) return json_response(req, hub.player_games(player));
      if (method == http::verb::post) return json_response(req, hub.add_player_game(player, parse_body(req)));
    }
    const std::string prefix = "/api/games/";
    if (path.rfind(prefix, 0) == 0) {
      std::string rest = path.substr(prefix.size());
      auto slash = rest.find('/');
      std::string id = rest.substr(0, slash), action = slash == std::string::npos ? "" : rest.substr(slash + 1);
      if (action == "join" && method == http::verb::post) return json_response(req, hub.take_open_seat(id, user()));
      if (action == "replay" && method == http::verb::get) return json_response(req, hub.replay(id, ply_param(target)));
      if (action == "views" && method == http::verb::get)
        return json_response(req, hub.views(id, query_param(target, "token"), ply_param(target)));
      if (action == "analysis" && method == http::verb::get) return json_response(req, hub.analysis(id));
      if (action == "record" && method == http::verb::get) {
        auto res = make_response(req, http::status::ok, hub.record(id), "text/plain; charset=utf-8");
        res.set(http::field::content_disposition, "attachment; filename=\"strat-" + id + ".txt\"");
        return res;
      }
    }
    return error_response(req, http::status::not_found, "no API route " + std::string(req.method_string()) + " " + strat::quoted(path));
  } catch (const Moved& e) {
    // 421 Misdirected Request: the node that plays the game is named, for the balancer's routing.
    return json_response(req, json{{"error", e.what()}, {"node", e.node}}, http::status::misdirected_request);
  } catch (const NotOwner& e) {
    return error_response(req, http::status::service_unavailable, e.what());
  } catch (const DbUnavailable& e) {
    std::cerr << "strat serve: " << e.what() << "\n";
    return error_response(req, http::status::service_unavailable, kDbUnavailableAnswer);
  } catch (const NotLoggedIn& e) {
    return error_response(req, http::status::unauthorized, e.what());
  } catch (const BadInput& e) {
    return error_response(req, http::status::bad_request, e.what());
  } catch (const std::exception& e) {
    std::cerr << "strat serve: internal error on " << path << ": " << e.what() << "\n";
    return error_response(req, http::status::internal_server_error, "internal error");
  }
}

// One WebSocket client of one room. Writes are queued: the Room may send several messages at once.
class WsSession : public Client, public std::enable_shared_from_this<WsSession> {
 public:
  WsSession(tcp::socket socket, Hub& hub) : ws_(std::move(socket)), hub_(hub) {}
  // A client that does not read is dropped once this many bytes wait to be sent to it (docs/security.md): a
  // few snapshots of the longest games (about 150 KB at 3,000 plies) and many moves.
  static constexpr std::size_t kQueueBytes = 1 << 20;

  // `user`: the account of the request's session cookie (0: none), for an invite that claims a rated seat.
  asio::awaitable<void> run(Request req, std::int64_t user) {
    std::string token = query_param(std::string(req.target()), "token");
    // Pings keep a quiet player's connection open; a peer that stops answering is dropped after a minute.
    websocket::stream_base::timeout timeouts{std::chrono::seconds(30), std::chrono::seconds(60), true};
    ws_.set_option(timeouts);
    ws_.read_message_max(64 * 1024);
    co_await ws_.async_accept(req, asio::use_awaitable);
    std::string why;
    Access access;
    std::vector<TokenGrant> claimed;
    std::string owner;
    room_ = open_here([&] { return hub_.open(token, access, why, &claimed, user); }, owner, why);
    if (!room_) {  // another node plays the game (the client reconnects through the balancer), or why not
      co_await writer_.refuse(weak_from_this(), owner, why);
      co_return;
    }
    if (!claimed.empty()) {
      json tokens = json::array();
      for (const auto& g : claimed) tokens.push_back({{"token", g.token}, {"role", to_string(g.role)}, {"acts", g.acts}, {"sees", g.sees}});
      send(json{{"type", "claimed"}, {"token", claimed.front().token}, {"tokens", tokens}}.dump());
    }
    room_->join(this, access);
    beast::flat_buffer buffer;
    try {
      while (room_) {
        buffer.clear();
        co_await ws_.async_read(buffer, asio::use_awaitable);
        if (!room_) break;  // dropped while the message was read
        json message;
        try {
          message = json::parse(beast::buffers_to_string(buffer.data()));
        } catch (const json::exception&) {
          send(json{{"type", "error"}, {"request", ""}, {"message", "messages must be JSON objects"}}.dump());
          continue;
        }
        hub_.handle(*room_, this, message);
      }
    } catch (const std::exception&) {
      // Closed by the peer or a network error: just leave.
    }
    writer_.mark_closed();
    if (room_) room_->leave(this);
  }

  void send(std::string text) override { writer_.send(std::move(text), weak_from_this()); }
  void disconnect(std::string last) override {
    room_ = nullptr;
    send(std::move(last));
    writer_.close_after_queue(weak_from_this(), WsWriter::kMovedReason);
  }
  void send_snapshot(std::string text) override { writer_.send(std::move(text), weak_from_this(), true); }
  bool snapshot_waiting() const override { return writer_.snapshot_waiting(); }

 private:
  websocket::stream<beast::tcp_stream> ws_;
  WsWriter writer_{ws_, kQueueBytes};
  Hub& hub_;
  Room* room_ = nullptr;
};

// The one-line answer before a close, to a request the server will not read or a connection it will not keep.
Response closing_error(http::status status, const std::string& message) {
  Response res{status, 11};
  res.set(http::field::server, "strat");
  add_security_headers(res);
  res.set(http::field::content_type, "application/json");
  res.set(http::field::cache_control, "no-store");
  res.keep_alive(false);
  res.body() = json{{"error", message}}.dump();
  res.prepare_payload();
  return res;
}

// A request the server will not read answers with one line, then the connection closes: what the client sent
// beyond the header is read and dropped for a moment, so that closing does not reset the connection before the
// client has read the answer.
asio::awaitable<void> refuse_and_close(beast::tcp_stream& stream, beast::flat_buffer& buffer, http::status status,
                                       const std::string& message) {
  Response res = closing_error(status, message);
  beast::error_code ec;
  stream.expires_after(std::chrono::seconds(5));
  co_await http::async_write(stream, res, asio::redirect_error(asio::use_awaitable, ec));
  if (ec) co_return;
  stream.socket().shutdown(tcp::socket::shutdown_send, ec);
  std::size_t dropped = 0;
  char scratch[16384];
  while (!ec && dropped < (8u << 20)) {
    dropped += co_await stream.async_read_some(asio::buffer(scratch), asio::redirect_error(asio::use_awaitable, ec));
  }
}

// One connection, from its first request to its close; `ticket` holds its place in the connection table.
asio::awaitable<void> http_session(tcp::socket socket, Hub& hub, std::shared_ptr<StaticFiles> files, LiveHub* live,
                                   Matchmaking* matchmaking, TournamentRunner* tournaments, std::shared_ptr<AccountRoutes> accounts, std::string address,
                                   ConnectionLimits limits, std::unique_ptr<ConnectionTable::Ticket> ticket) {
  beast::tcp_stream stream(std::move(socket));
  beast::flat_buffer buffer;
  bool first = true;
  try {
    for (;;) {
      // The whole request must arrive in time: a client that connects and sends nothing, or trickles its
      // headers, holds its descriptor only that long.
      stream.expires_after(first ? limits.first_request : limits.idle);
      first = false;
      http::request_parser<http::string_body> parser;
      parser.header_limit(kHeaderLimit);
      parser.body_limit(kBodyLimit);
      beast::error_code ec;
      co_await http::async_read(stream, buffer, parser, asio::redirect_error(asio::use_awaitable, ec));
      if (ec == http::error::body_limit) {
        co_await refuse_and_close(stream, buffer, http::status::payload_too_large,
                                  "request body over " + std::to_string(kBodyLimit / 1024) + " KiB");
        co_return;
      }
      if (ec == http::error::header_limit) {
        co_await refuse_and_close(stream, buffer, http::status::request_header_fields_too_large,
                                  "request line and headers over " + std::to_string(kHeaderLimit / 1024) + " KiB");
        co_return;
      }
      if (ec && ec.category() == http::make_error_code(http::error::bad_target).category() && ec != http::error::end_of_stream &&
          ec != http::error::partial_message) {
        co_await refuse_and_close(stream, buffer, http::status::bad_request, "malformed HTTP request");
        co_return;
      }
      if (ec) break;
      Request req = parser.release();
      if (websocket::is_upgrade(req)) {
        stream.expires_never();
        if (live && is_live_ws(req.target())) {
          co_await run_live_ws(stream.release_socket(), *live, std::move(req));
          co_return;
        }
        if (matchmaking && is_lobby_ws(req.target())) {
          co_await run_lobby_ws(stream.release_socket(), *matchmaking, std::move(req));
          co_return;
        }
        const std::int64_t user = accounts ? accounts->user_of(req) : 0;
        auto ws = std::make_shared<WsSession>(stream.release_socket(), hub);
        co_await ws->run(std::move(req), user);
        co_return;
      }
      std::string target(req.target());
      Response res;
      if (accounts && AccountRoutes::handles(target))
        res = co_await accounts->answer(std::move(req), address);
      else
        res = live && is_live_api(target)     ? live_api(*live, req)
              : target.rfind("/api/", 0) == 0 ? api(hub, req, accounts.get(), matchmaking, tournaments)
                                              : static_file(req, *files);
      bool keep = res.keep_alive();
      co_await http::async_write(stream, res, asio::use_awaitable);
      if (!keep) break;
    }
  } catch (const std::exception&) {
    // The client went away or sent garbage: nothing to do.
  }
  beast::error_code ec;
  stream.socket().shutdown(tcp::socket::shutdown_send, ec);
}

// A connection beyond a limit: one 503 line written at once (the socket's buffer is empty), then closed.
void refuse_connection(tcp::socket& socket, const std::string& why) {
  Response res = closing_error(http::status::service_unavailable, why);
  res.set(http::field::retry_after, "5");
  std::ostringstream out;
  out << res;
  const std::string text = out.str();
  beast::error_code ec;
  socket.non_blocking(true, ec);
  socket.write_some(asio::buffer(text), ec);
  socket.shutdown(tcp::socket::shutdown_both, ec);
  socket.close(ec);
}

// Accepts for as long as the listener is open, whatever accept says: out of descriptors (EMFILE, ENFILE),
// out of memory or a connection reset before it was taken, the loop pauses briefly and tries again. One line
// is logged when accepting starts failing and one when it works again, at most once every kAcceptLogEvery
// (a burst of connections can run out of descriptors several times in a row).
asio::awaitable<void> accept_loop(tcp::acceptor acceptor, Hub& hub, ServeConfig config) {
  auto files = std::make_shared<StaticFiles>(config.web_root);
  auto table = std::make_shared<ConnectionTable>(config.limits);
  auto accounts =
      config.accounts ? std::make_shared<AccountRoutes>(*config.accounts, hub, config.secure_cookies) : nullptr;
  asio::steady_timer pause(acceptor.get_executor());
  std::size_t failures = 0;  // in a row
  bool logged = false;
  auto logged_at = std::chrono::steady_clock::now() - kAcceptLogEvery;
  for (;;) {
    beast::error_code ec;
    tcp::socket socket = co_await acceptor.async_accept(asio::redirect_error(asio::use_awaitable, ec));
    if (ec) {
      if (ec == asio::error::operation_aborted || !acceptor.is_open()) co_return;
      ++failures;
      if (!logged && std::chrono::steady_clock::now() - logged_at >= kAcceptLogEvery) {
        std::cerr << "strat serve: cannot accept connections (" << ec.message() << "); retrying every "
                  << kAcceptPause.count() << " ms" << std::endl;
        logged = true;
        logged_at = std::chrono::steady_clock::now();
      }
      pause.expires_after(kAcceptPause);
      co_await pause.async_wait(asio::redirect_error(asio::use_awaitable, ec));
      continue;
    }
    if (logged) std::cerr << "strat serve: accepting connections again after " << failures << " failed attempts" << std::endl;
    logged = false;
    failures = 0;
    const tcp::endpoint peer = socket.remote_endpoint(ec);
    if (ec) continue;  // gone already
    std::string why;
    auto ticket = table->admit(peer.address(), why);
    if (!ticket) {
      refuse_connection(socket, why);
      continue;
    }
    socket.set_option(tcp::no_delay(true), ec);
    asio::co_spawn(
        acceptor.get_executor(),
        http_session(std::move(socket), hub, files, config.live, config.matchmaking, config.tournaments, accounts,
                     config.limits.per_address ? address_key(peer.address()) : "", config.limits, std::move(ticket)),
        asio::detached);
  }
}

}  // namespace

unsigned short start_listener(asio::io_context& io, Hub& hub, const ServeConfig& config) {
  tcp::endpoint endpoint{asio::ip::make_address(config.host), config.port};
  tcp::acceptor acceptor(io);
  acceptor.open(endpoint.protocol());
  acceptor.set_option(asio::socket_base::reuse_address(true));
  acceptor.bind(endpoint);
  acceptor.listen(asio::socket_base::max_listen_connections);
  unsigned short port = acceptor.local_endpoint().port();
  hub.enable_group_commit();
  asio::co_spawn(io, accept_loop(std::move(acceptor), hub, config), asio::detached);
  return port;
}

}  // namespace strat::server
