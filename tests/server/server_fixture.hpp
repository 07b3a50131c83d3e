#pragma once
// What the server's tests share: a game's link by role, a browser on a seat
// driving the Hub directly, and a whole server (Store, Accounts, Ratings and
// Hub behind a loopback listener) reached over real sockets.
#include <gtest/gtest.h>

#include <boost/asio/io_context.hpp>
#include <boost/beast/core.hpp>
#include <boost/beast/http.hpp>
#include <filesystem>
#include <memory>
#include <stdexcept>
#include <string>
#include <thread>
#include <utility>
#include <vector>

#include <nlohmann/json.hpp>

#include "recorder.hpp"
#include "server/accounts.hpp"
#include "server/http.hpp"
#include "server/hub.hpp"
#include "server/ratings.hpp"
#include "server/room.hpp"
#include "server/secure_random.hpp"
#include "server/store.hpp"
#include "server/strength_ratings.hpp"
#include "server/test_db.hpp"
#include "test_games.hpp"

namespace strat::server_test {

// The link of `role` ("seat0", "invite1", ...) in a POST /api/games answer.
inline std::string link_of(const nlohmann::json &made,
                           const std::string &role) {
  for (const auto &t : made["tokens"])
    if (t["role"] == role)
      return t["token"];
  throw std::runtime_error("no token " + role);
}

// One browser on a seat, as the WebSocket session drives the Hub (`user`: the
// account the cookie names).
struct Seat {
  server::Hub &hub;
  Recorder rec;
  server::Room *room = nullptr;
  Seat(server::Hub &h, const std::string &token, std::int64_t user = 0)
      : hub(h) {
    server::Access a;
    std::string why;
    std::vector<server::TokenGrant> claimed;
    room = hub.open(token, a, why, &claimed, user);
    if (!room)
      throw std::runtime_error(why);
    room->join(&rec, a);
  }
  ~Seat() {
    if (room)
      room->leave(&rec);
  }
  Seat(const Seat &) = delete;
  Seat &operator=(const Seat &) = delete;
  void send(const nlohmann::json &m) { hub.handle(*room, &rec, m); }
  nlohmann::json state() {
    send({{"type", "state"}});
    return rec.last_of("state");
  }
};

// A server with accounts and ratings on a fresh database (SQLite, or PostgreSQL
// under STRAT_TEST_PG), listening on a free loopback port, its I/O thread
// running for the test's length.
class ServerFixture : public ::testing::Test {
protected:
  using Response =
      boost::beast::http::response<boost::beast::http::string_body>;
  using Headers = std::vector<std::pair<std::string, std::string>>;

  void SetUp() override {
    register_test_games();
    dir_ = std::filesystem::temp_directory_path() /
           ("strat-server-test-" + server::random_token());
    std::filesystem::create_directories(dir_);
    db_ = test_db((dir_ / "test.db").string());
    store_ = std::make_unique<server::Store>(db_);
    accounts_ = std::make_unique<server::Accounts>(db_);
    ratings_ = std::make_unique<server::Ratings>(db_);
    hub_ = std::make_unique<server::Hub>(io_, *store_, 1);
    hub_->set_ratings(ratings_.get());
    strength_ratings_ = std::make_unique<server::StrengthRatings>(db_);
    hub_->set_strength_ratings(strength_ratings_.get());
    server::ServeConfig config;
    config.port = 0;
    config.web_root = dir_.string();
    config.accounts = accounts_.get();
    config.secure_cookies = secure_cookies_;
    configure(config);
    port_ = server::start_listener(io_, *hub_, config);
    thread_ = std::thread([this] { io_.run(); });
  }
  void TearDown() override {
    stop_server();
    hub_.reset();
    strength_ratings_.reset();
    ratings_.reset();
    accounts_.reset();
    store_.reset();
    std::filesystem::remove_all(dir_);
  }

  // A request as the front end sends it: a JSON body, and a POST from the
  // server's own origin; `headers` are set last, so they can name another
  // origin or content type. `cookie` is the strat_session cookie's value.
  Response send(boost::beast::http::verb verb, const std::string &target,
                const nlohmann::json &body = nullptr,
                const std::string &cookie = "", const Headers &headers = {}) {
    namespace http = boost::beast::http;
    boost::asio::io_context io;
    boost::beast::tcp_stream stream(io);
    stream.connect(boost::asio::ip::tcp::endpoint(
        boost::asio::ip::make_address("127.0.0.1"), port_));
    http::request<http::string_body> req{verb, target, 11};
    const std::string host = "127.0.0.1:" + std::to_string(port_);
    req.set(http::field::host, host);
    if (!body.is_null()) {
      req.set(http::field::content_type, "application/json");
      req.body() = body.dump();
    }
    if (!body.is_null() || verb == http::verb::post)
      req.set(http::field::origin, "http://" + host);
    if (!cookie.empty())
      req.set(http::field::cookie, "theme=dark; strat_session=" + cookie);
    for (const auto &[name, value] : headers)
      req.set(name, value);
    req.prepare_payload();
    http::write(stream, req);
    boost::beast::flat_buffer buffer;
    Response res;
    http::read(stream, buffer, res);
    return res;
  }
  // The login session a response's Set-Cookie gives ("" when it clears the
  // cookie or sets none).
  static std::string session_of(const Response &res) {
    const std::string c(res[boost::beast::http::field::set_cookie]);
    const std::string start = "strat_session=";
    if (c.rfind(start, 0) != 0)
      return "";
    return c.substr(start.size(), c.find(';') - start.size());
  }
  // Signs `name` up (password "password-1") and returns the login session's
  // cookie value.
  std::string sign_up(const std::string &name) {
    return session_of(send(boost::beast::http::verb::post,
                           "/api/account/signup",
                           {{"username", name}, {"password", "password-1"}}));
  }
  static std::string error_of(const Response &res) {
    return nlohmann::json::parse(res.body()).value("error", "");
  }

  // A derived fixture's own parts of the server, made before it listens.
  virtual void configure(server::ServeConfig &) {}
  // Stops the I/O thread (TearDown's first step; a derived TearDown may take it
  // first, to end its own parts before the server's).
  void stop_server() {
    io_.stop();
    if (thread_.joinable())
      thread_.join();
  }

  bool secure_cookies_ = false; // set before SetUp
  boost::asio::io_context io_;
  std::filesystem::path dir_;
  std::string db_;
  std::unique_ptr<server::Store> store_;
  std::unique_ptr<server::Accounts> accounts_;
  std::unique_ptr<server::Ratings> ratings_;
  std::unique_ptr<server::StrengthRatings> strength_ratings_;
  std::unique_ptr<server::Hub> hub_;
  unsigned short port_ = 0;
  std::thread thread_;
};

} // namespace strat::server_test
