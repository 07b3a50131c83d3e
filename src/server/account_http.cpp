#include "server/account_http.hpp"

#include <boost/asio/co_spawn.hpp>
#include <boost/asio/use_awaitable.hpp>
#include <boost/beast/http.hpp>
#include <iostream>
#include <nlohmann/json.hpp>
#include <set>
#include <utility>

#include "core/error.hpp"
#include "core/text.hpp"
#include "server/accounts.hpp"
#include "server/headers.hpp"
#include "server/hub.hpp"

// GCC 12 pairs the coroutine frame's allocation (Asio's recycling allocator, which calls ::operator new) with
// Asio's class-specific sized delete, and warns of a mismatch that is not there (the allocator frees with
// ::operator delete).
#if defined(__GNUC__) && !defined(__clang__)
#pragma GCC diagnostic ignored "-Wmismatched-new-delete"
#endif

namespace strat::server {

namespace asio = boost::asio;
namespace http = boost::beast::http;
using nlohmann::json;
using Request = AccountRoutes::Request;
using Response = AccountRoutes::Response;

namespace {

const std::string kPrefix = "/api/account/";

// Refusals with their own status: 401 without a session, 403 for a cross-site request.
struct Refusal {
  http::status status;
  std::string message;
};

Response answer_json(const Request& req, http::status status, const json& body) {
  Response res{status, req.version()};
  res.set(http::field::server, "strat");
  add_security_headers(res);
  res.set(http::field::content_type, "application/json");
  res.set(http::field::cache_control, "no-store");
  res.keep_alive(req.keep_alive());
  res.body() = body.dump(-1, ' ', false, json::error_handler_t::replace);
  res.prepare_payload();
  return res;
}

std::string cookie(const Request& req, std::string_view name) {
  std::string_view all = req[http::field::cookie];
  while (!all.empty()) {
    const auto semi = all.find(';');
    std::string_view part = all.substr(0, semi);
    while (!part.empty() && part.front() == ' ') part.remove_prefix(1);
    const auto eq = part.find('=');
    if (eq != std::string_view::npos && part.substr(0, eq) == name) return std::string(part.substr(eq + 1));
    if (semi == std::string_view::npos) break;
    all.remove_prefix(semi + 1);
  }
  return "";
}

// An Origin, when the browser sends one (it does on every POST and WebSocket), names this host.
bool same_origin(const Request& req) {
  std::string_view origin = req[http::field::origin];
  if (origin.empty()) return true;
  for (std::string_view scheme : {"http://", "https://"})
    if (origin.substr(0, scheme.size()) == scheme) return origin.substr(scheme.size()) == req[http::field::host];
  return false;
}

// Cross-site forgery: a state-changing request must be JSON, which a page of another site can send only after
// a CORS preflight this server never grants; and an Origin, when the browser sends one, must be this host.
// SameSite=Lax already keeps the cookie off other sites' POSTs; this holds also for browsers that ignore it.
void check_same_site(const Request& req) {
  std::string_view type = req[http::field::content_type];
  type = type.substr(0, type.find(';'));
  while (!type.empty() && type.back() == ' ') type.remove_suffix(1);
  std::string lowered(type);
  for (char& c : lowered) c = static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
  if (lowered != "application/json")
    throw Refusal{http::status::forbidden, "account requests must be sent as application/json"};
  if (!same_origin(req)) throw Refusal{http::status::forbidden, "cross-site request refused"};
}

json body_of(const Request& req) {
  if (req.body().empty()) return json::object();
  try {
    json body = json::parse(req.body());
    if (!body.is_object()) bad_input("the request body must be a JSON object");
    return body;
  } catch (const json::exception&) {
    bad_input("the request body is not valid JSON");
  }
}

std::string text(const json& body, const char* key, bool required = true) {
  auto it = body.find(key);
  if (it == body.end() || it->is_null()) {
    if (required) bad_input(std::string(key) + " is missing");
    return "";
  }
  if (!it->is_string()) bad_input(std::string(key) + " must be a string");
  return it->get<std::string>();
}

std::string session_cookie(const std::string& token, bool secure, bool clear) {
  std::string c = std::string(kSessionCookie) + "=" + (clear ? "" : token) + "; HttpOnly; SameSite=Lax; Path=/";
  c += clear ? "; Max-Age=0" : "; Max-Age=" + std::to_string(AccountLimits{}.session_idle.count() / 1000);
  if (secure) c += "; Secure";
  return c;
}

}  // namespace

AccountRoutes::AccountRoutes(Accounts& accounts, Hub& hub, bool secure_cookies)
    : accounts_(accounts), hub_(hub), secure_cookies_(secure_cookies) {}

AccountRoutes::~AccountRoutes() { workers_.join(); }

bool AccountRoutes::handles(std::string_view target) { return target.substr(0, kPrefix.size()) == kPrefix; }

std::int64_t AccountRoutes::user_of(const Request& req) {
  // Another site's page must not seat the browser's account in a rated game it then plays itself.
  if (!same_origin(req)) return 0;
  const std::string token = cookie(req, kSessionCookie);
  if (token.empty()) return 0;
  const auto session = accounts_.who(token);
  return session ? session->user_id : 0;
}

std::string address_key(const asio::ip::address& address) {
  if (address.is_v4()) return address.to_string();
  if (address.to_v6().is_v4_mapped())
    return asio::ip::make_address_v4(asio::ip::v4_mapped, address.to_v6()).to_string();
  auto bytes = address.to_v6().to_bytes();
  std::fill(bytes.begin() + 8, bytes.end(), 0);
  return asio::ip::address_v6(bytes).to_string() + "/64";
}

asio::awaitable<Response> AccountRoutes::answer(Request req, std::string address) {
  std::string target(req.target());
  const std::string path = target.substr(0, target.find('?'));
  const std::string action = path.substr(kPrefix.size());
  const bool post = req.method() == http::verb::post;
  // Runs `f` on a worker thread; the coroutine resumes on the I/O thread with its result or its exception.
  auto on_worker = [this](auto f) {
    return asio::co_spawn(
        workers_, [f = std::move(f)]() -> asio::awaitable<decltype(f())> { co_return f(); }, asio::use_awaitable);
  };
  Refusal refusal{http::status::ok, ""};
  try {
    const std::string token = cookie(req, kSessionCookie);
    if (post && (action == "signup" || action == "login")) {
      check_same_site(req);
      const json body = body_of(req);
      const std::string username = text(body, "username"), password = text(body, "password");
      const std::string player = text(body, "player", false);
      if (!player.empty()) hub_.player_games(player);  // refuses an unknown identity before any hashing
      const bool signup = action == "signup";
      AccountSession session = co_await on_worker([&, signup] {
        AccountSession s =
            signup ? accounts_.sign_up(username, password) : accounts_.log_in(username, password, address);
        if (!player.empty()) accounts_.link_player(s.user_id, player);
        return s;
      });
      // A login replaces the session the browser held: its old token is ended, never carried over.
      if (!token.empty()) co_await on_worker([&] { return accounts_.log_out(token), true; });
      Response res =
          answer_json(req, signup ? http::status::created : http::status::ok, {{"username", session.username}});
      res.set(http::field::set_cookie, session_cookie(session.token, secure_cookies_, false));
      co_return res;
    }
    if (post && (action == "logout" || action == "logout-all")) {
      check_same_site(req);
      const bool everywhere = action == "logout-all";
      co_await on_worker(
          [&] { return everywhere ? accounts_.log_out_everywhere(token) : accounts_.log_out(token), true; });
      Response res = answer_json(req, http::status::ok, json::object());
      res.set(http::field::set_cookie, session_cookie("", secure_cookies_, true));
      co_return res;
    }
    if (post && action == "password") {
      check_same_site(req);
      const json body = body_of(req);
      const std::string old_password = text(body, "old"), new_password = text(body, "new");
      co_await on_worker([&] { return accounts_.change_password(token, old_password, new_password, address), true; });
      co_return answer_json(req, http::status::ok, json::object());
    }
    if (req.method() == http::verb::get && action == "me") {
      auto found = co_await on_worker([&] {
        auto s = accounts_.who(token);
        return std::make_pair(s, s ? accounts_.players(s->user_id) : std::vector<std::string>{});
      });
      if (!found.first) throw NotLoggedIn();
      // Distinct games: two of the account's browsers may have registered the same one.
      std::set<std::string> games;
      for (const auto& player : found.second) {
        const json listed = hub_.player_games(player);
        for (const auto& g : listed["games"]) games.insert(g.value("id", ""));
      }
      co_return answer_json(
          req, http::status::ok,
          {{"username", found.first->username}, {"players", found.second.size()}, {"games", games.size()}});
    }
    refusal = {http::status::not_found, "no API route " + std::string(req.method_string()) + " " + strat::quoted(path)};
  } catch (const Refusal& r) {
    refusal = r;
  } catch (const NotLoggedIn& e) {
    refusal = {http::status::unauthorized, e.what()};
  } catch (const TooManyAttempts& e) {
    refusal = {http::status::too_many_requests, e.what()};
  } catch (const BadInput& e) {
    refusal = {http::status::bad_request, e.what()};
  } catch (const DbUnavailable& e) {
    std::cerr << "strat serve: " << strat::one_line(e.what()) << "\n";
    refusal = {http::status::service_unavailable, kDbUnavailableAnswer};
  } catch (const std::exception& e) {
    std::cerr << "strat serve: internal error on " << path << ": " << strat::one_line(e.what()) << "\n";
    refusal = {http::status::internal_server_error, "internal error"};
  }
  co_return answer_json(req, refusal.status, {{"error", strat::one_line(refusal.message)}});
}

}  // namespace strat::server
