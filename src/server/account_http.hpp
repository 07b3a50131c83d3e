#pragma once
// The account routes, /api/account/... (docs/server.md, "Accounts and ratings"): sign-up, login, logout, logout
// everywhere, password change and "who am I", with the session in an HttpOnly cookie. Password hashing and the
// database run on a small pool of worker threads, never on the I/O thread that plays every game; what touches
// the Hub (player identities joining the account) runs on the I/O thread.
// clang-format off
#include <utility>  // first: Boost 1.74's awaitable.hpp uses std::exchange without including it
// clang-format on
#include <boost/asio/awaitable.hpp>
#include <boost/asio/ip/address.hpp>
#include <boost/asio/thread_pool.hpp>
#include <boost/beast/http/message.hpp>
#include <boost/beast/http/string_body.hpp>
#include <cstdint>
#include <string>
#include <string_view>

namespace strat::server {

class Accounts;
class Hub;

inline constexpr const char* kSessionCookie = "strat_session";

class AccountRoutes {
 public:
  using Request = boost::beast::http::request<boost::beast::http::string_body>;
  using Response = boost::beast::http::response<boost::beast::http::string_body>;

  // `secure_cookies`: the server is reached over TLS (a reverse proxy in front), so cookies carry Secure.
  AccountRoutes(Accounts& accounts, Hub& hub, bool secure_cookies);
  ~AccountRoutes();

  static bool handles(std::string_view target);
  // The account of the request's session cookie, 0 without a live session or for a request from another
  // site's page (rated games' seats, Hub::create). A single lookup, no password hashing: it runs on the
  // calling thread.
  std::int64_t user_of(const Request& req);
  // `address`: the client's (address_key), for the failed-login limit per address; "" when the server runs with
  // --max-per-address 0 (behind a reverse proxy).
  boost::asio::awaitable<Response> answer(Request req, std::string address);

 private:
  Accounts& accounts_;
  Hub& hub_;
  bool secure_cookies_;
  // Two at a time: each hash holds 64 MiB, so a burst of logins waits its turn instead of taking the memory.
  boost::asio::thread_pool workers_{2};
};

// The address a client's failed logins count against: an IPv4 address, or an IPv6 /64 network (one host may
// hold a whole /64).
std::string address_key(const boost::asio::ip::address& address);

}  // namespace strat::server
