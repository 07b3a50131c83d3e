// The server over real sockets: HTTP API, WebSocket join and invite exchange, static files.
#include <gtest/gtest.h>

#include <boost/asio/io_context.hpp>
#include <boost/beast/core.hpp>
#include <boost/beast/http.hpp>
#include <boost/beast/websocket.hpp>
#include <filesystem>
#include <fstream>
#include <thread>

#include "core/registry.hpp"
#include "server/test_db.hpp"
#include "server/http.hpp"
#include "server/hub.hpp"
#include "test_games.hpp"
#include "ws_client.hpp"

namespace strat::server {
namespace {

namespace asio = boost::asio;
namespace beast = boost::beast;
namespace http = beast::http;
namespace websocket = beast::websocket;
using tcp = asio::ip::tcp;
using nlohmann::json;

class LiveServer : public ::testing::Test {
 protected:
  void SetUp() override {
    server_test::register_test_games();
    dir_ = std::filesystem::temp_directory_path() / ("strat-http-test-" + random_token());
    std::filesystem::create_directories(dir_ / "web");
    std::ofstream(dir_ / "web" / "index.html") << "<!doctype html><title>strat</title>";
    // The build's compressed copies (web/build.mjs), here stand-ins the server passes on as they are; and one
    // left older than its file by a hand edit, which must not be served.
    std::filesystem::create_directories(dir_ / "web" / "assets");
    std::ofstream(dir_ / "web" / "index.html.gz") << "GZ(index)";
    std::ofstream(dir_ / "web" / "assets" / "app-1.js") << "console.log(1)";
    std::ofstream(dir_ / "web" / "assets" / "app-1.js.gz") << "GZ(app)";
    std::ofstream(dir_ / "web" / "assets" / "edited.css") << "body{}";
    std::ofstream(dir_ / "web" / "assets" / "edited.css.gz") << "GZ(stale)";
    const auto now = std::filesystem::last_write_time(dir_ / "web" / "assets" / "edited.css");
    std::filesystem::last_write_time(dir_ / "web" / "assets" / "edited.css.gz", now - std::chrono::hours(1));
    store_ = std::make_unique<Store>(server_test::test_db((dir_ / "test.db").string()));
    hub_ = std::make_unique<Hub>(io_, *store_, 1);
    ServeConfig config;
    config.port = 0;
    config.web_root = (dir_ / "web").string();
    port_ = start_listener(io_, *hub_, config);
    thread_ = std::thread([this] { io_.run(); });
  }
  void TearDown() override {
    io_.stop();
    thread_.join();
    hub_.reset();
    store_.reset();
    std::filesystem::remove_all(dir_);
  }

  std::pair<int, std::string> request(http::verb verb, const std::string& target, const std::string& body = "") {
    asio::io_context io;
    beast::tcp_stream stream(io);
    stream.connect(tcp::endpoint(asio::ip::make_address("127.0.0.1"), port_));
    http::request<http::string_body> req{verb, target, 11};
    req.set(http::field::host, "127.0.0.1");
    req.body() = body;
    req.prepare_payload();
    http::write(stream, req);
    beast::flat_buffer buffer;
    http::response<http::string_body> res;
    http::read(stream, buffer, res);
    server_test::log_protocol(std::string(http::to_string(verb)) + " " + target.substr(0, target.find('?')), res.body());
    return {res.result_int(), res.body()};
  }

  // A GET with extra request headers; the whole response.
  http::response<http::string_body> fetch(const std::string& target, const std::vector<std::pair<std::string, std::string>>& headers = {}) {
    asio::io_context io;
    beast::tcp_stream stream(io);
    stream.connect(tcp::endpoint(asio::ip::make_address("127.0.0.1"), port_));
    http::request<http::string_body> req{http::verb::get, target, 11};
    req.set(http::field::host, "127.0.0.1");
    for (const auto& [name, value] : headers) req.set(name, value);
    http::write(stream, req);
    beast::flat_buffer buffer;
    http::response<http::string_body> res;
    http::read(stream, buffer, res);
    return res;
  }

  using Ws = server_test::WsClient;
  std::unique_ptr<Ws> connect(const std::string& token) { return server_test::ws_connect(port_, "/ws?token=" + token); }

  asio::io_context io_;
  std::filesystem::path dir_;
  std::unique_ptr<Store> store_;
  std::unique_ptr<Hub> hub_;
  unsigned short port_ = 0;
  std::thread thread_;
};

// Modes are one of four names; anything else is refused in one line, nothing made or stored.
TEST_F(LiveServer, AGameOfAnUnknownModeIsRefused) {
  for (const char* body : {R"({"game":"secrets","mode":"tournament"})", R"({"game":"secrets","mode":"Friend"})",
                           R"({"game":"secrets","mode":7})"}) {
    auto [status, text] = request(http::verb::post, "/api/games", body);
    EXPECT_EQ(status, 400) << body;
    EXPECT_TRUE(text.find("unknown mode") != std::string::npos || text.find("must be a string") != std::string::npos)
        << text;
  }
  EXPECT_EQ(hub_->rooms(), 0u);
}

TEST_F(LiveServer, ApiAndWebSocketInviteExchange) {
  auto [status, games] = request(http::verb::get, "/api/games");
  EXPECT_EQ(status, 200);
  EXPECT_NE(games.find("\"secrets\""), std::string::npos);

  auto [made_status, made_text] = request(http::verb::post, "/api/games", R"({"game":"secrets","mode":"friend"})");
  ASSERT_EQ(made_status, 201) << made_text;
  json made = json::parse(made_text);
  std::string seat0, invite;
  for (const auto& t : made["tokens"]) {
    if (t["role"] == "seat0") seat0 = t["token"];
    if (t["role"] == "invite1") invite = t["token"];
  }
  auto [peek_status, peek] = request(http::verb::get, "/api/state?token=" + invite);
  EXPECT_EQ(peek_status, 400);
  EXPECT_NE(peek.find("invite"), std::string::npos) << "a GET never takes the seat";

  auto blue = connect(invite);
  json claimed = blue->read();
  ASSERT_EQ(claimed["type"], "claimed");
  json state = blue->read();
  EXPECT_EQ(state["type"], "state");
  EXPECT_EQ(state["acts"], json::array({1}));

  auto again = connect(invite);
  json refused = again->read();
  EXPECT_EQ(refused["type"], "error");
  EXPECT_EQ(refused["request"], "join");

  auto red = connect(seat0);
  EXPECT_EQ(red->read()["phase"], "setup");
  red->write({{"type", "setup"}, {"setup", "zircon,quokka,fjord"}});
  EXPECT_EQ(red->read()["setup"]["done"], json::array({true, false}));
  blue->read();  // the same news for blue
  blue->write({{"type", "setup"}, {"setup", "wombat,glyph,vortex"}});
  json play = red->read();
  EXPECT_EQ(play["phase"], "play");
  std::string red_text = play.dump();
  for (const auto& w : {"wombat", "glyph", "vortex"}) EXPECT_EQ(red_text.find(w), std::string::npos) << w;
  red->ws.write(asio::buffer(std::string("not json")));
  EXPECT_EQ(red->read()["type"], "error");
  red->write({{"type", "move"}, {"move", "hit 1"}, {"ply", 0}});
  json moved = red->read();
  while (moved["type"] != "move") moved = red->read();
  EXPECT_EQ(moved["events"], json::array({"reveal 1 zirconxwombat"}));
  EXPECT_EQ(store_->moves(made["id"]).size(), 1u);

  auto [record_status, record] = request(http::verb::get, "/api/games/" + made["id"].get<std::string>() + "/record");
  EXPECT_EQ(record_status, 400) << "no record while the game is on";
}

TEST_F(LiveServer, StaticFilesAndBadRequests) {
  auto [s1, index] = request(http::verb::get, "/");
  EXPECT_EQ(s1, 200);
  EXPECT_NE(index.find("<title>strat</title>"), std::string::npos);
  EXPECT_EQ(request(http::verb::get, "/play/some/route").first, 200) << "app routes get index.html";
  EXPECT_EQ(request(http::verb::get, "/../../etc/passwd").first, 404) << "only the web root's own files exist";
  EXPECT_EQ(request(http::verb::get, "/missing.js").first, 404);
  EXPECT_EQ(request(http::verb::post, "/api/games", "{not json").first, 400);
  EXPECT_EQ(request(http::verb::post, "/api/games", R"({"game":"chess"})").first, 400);
  EXPECT_EQ(request(http::verb::get, "/api/nothing").first, 404);
  auto bad = connect("0123456789abcdef0123456789abcdef");
  json m = bad->read();
  EXPECT_EQ(m["type"], "error");
  EXPECT_EQ(m["message"], "unknown or malformed game link");
}

// GET /api/games lists each game's declared parameters (GameInfo::parameters), so the lobby can build its form.
TEST_F(LiveServer, CatalogListsEachGamesParameters) {
  auto [status, body] = request(http::verb::get, "/api/games");
  ASSERT_EQ(status, 200) << body;
  const json catalog = json::parse(body);
  ASSERT_TRUE(catalog["games"].is_array());
  int with_parameters = 0;
  for (const auto& g : catalog["games"]) {
    const auto& info = strat::Registry::global().get(g["name"].get<std::string>());
    ASSERT_TRUE(g.contains("variants") && g.contains("agents") && g.contains("setup")) << g.dump();
    EXPECT_EQ(g["parameters"], strat::parameters_json(info.parameters)) << g.dump();
    with_parameters += !info.parameters.empty();
  }
  EXPECT_GE(with_parameters, 5);
  json stratego;
  for (const auto& g : catalog["games"])
    if (g["name"] == "stratego") stratego = g;
  ASSERT_FALSE(stratego.is_null());
  EXPECT_EQ(stratego["parameters"][0]["name"], "variant");
  EXPECT_EQ(stratego["parameters"][0]["values"], json({"classic", "barrage"}));
}


// Every answer, page, asset, API or error, forbids framing, sniffing, referrers and any script or style but the
// server's own (seat links carry their token in the URL: a link followed from a game page must not send it on).
TEST_F(LiveServer, EveryAnswerCarriesTheSecurityHeaders) {
  for (const std::string target : {"/", "/play/abc", "/assets/app-1.js", "/assets/missing.js", "/api/games",
                                   "/api/nothing", "/api/state?token=x", "/api/games/x/views?ply=zz"}) {
    auto res = fetch(target);
    const std::string csp(res["Content-Security-Policy"]);
    EXPECT_NE(csp.find("default-src 'self'"), std::string::npos) << target << ": " << csp;
    EXPECT_NE(csp.find("script-src 'self';"), std::string::npos) << target;
    EXPECT_NE(csp.find("style-src 'self';"), std::string::npos) << target;
    EXPECT_NE(csp.find("frame-ancestors 'none'"), std::string::npos) << target;
    EXPECT_EQ(csp.find("unsafe"), std::string::npos) << target;
    EXPECT_EQ(res["X-Content-Type-Options"], "nosniff") << target;
    EXPECT_EQ(res["Referrer-Policy"], "no-referrer") << target;
    EXPECT_EQ(res["X-Frame-Options"], "DENY") << target;
  }
}

// The build's .gz copy goes to a client whose Accept-Encoding takes gzip, with Content-Encoding; every answer
// from a file that has one says Vary: Accept-Encoding, so that no cache hands the compressed bytes to a client
// that did not ask for them. A copy older than its file is never served.
TEST_F(LiveServer, StaticFilesAreServedCompressedWhenTheClientTakesGzip) {
  struct Case {
    std::string target, accept;
    std::string body;
    bool gzip;
  };
  const std::vector<Case> cases = {
      {"/assets/app-1.js", "gzip, deflate, br", "GZ(app)", true},
      {"/assets/app-1.js", "", "console.log(1)", false},
      {"/assets/app-1.js", "br", "console.log(1)", false},
      {"/assets/app-1.js", "identity", "console.log(1)", false},
      {"/assets/app-1.js", "gzip;q=0", "console.log(1)", false},
      {"/assets/app-1.js", "*;q=0.5, gzip;q=0.000", "console.log(1)", false},
      {"/assets/app-1.js", "*", "GZ(app)", true},
      {"/assets/app-1.js", "br;q=1, GZIP;q=0.5", "GZ(app)", true},
      {"/", "gzip", "GZ(index)", true},
      {"/play/abc", "gzip", "GZ(index)", true},
      {"/assets/edited.css", "gzip", "body{}", false},
  };
  for (const auto& c : cases) {
    auto res = c.accept.empty() ? fetch(c.target) : fetch(c.target, {{"Accept-Encoding", c.accept}});
    EXPECT_EQ(res.result_int(), 200) << c.target << " " << c.accept;
    EXPECT_EQ(res.body(), c.body) << c.target << " " << c.accept;
    EXPECT_EQ(res[http::field::content_encoding], c.gzip ? "gzip" : "") << c.target << " " << c.accept;
    const bool has_copy = c.target != "/assets/edited.css";
    EXPECT_EQ(res[http::field::vary], has_copy ? "Accept-Encoding" : "") << c.target << " " << c.accept;
  }
  EXPECT_EQ(fetch("/assets/app-1.js.gz").result_int(), 404) << "the copies are not files of their own";
}

// Numbers in a query are whole decimal numbers or refused with one line: "1.5" is not ply 1, "0x10" not ply 0.
TEST_F(LiveServer, QueryNumbersAreReadStrictly) {
  auto [status, made_text] = request(http::verb::post, "/api/games", R"({"game":"nim","mode":"friend"})");
  ASSERT_EQ(status, 201) << made_text;
  json made = json::parse(made_text);
  std::string seat0;
  for (const auto& t : made["tokens"])
    if (t["role"] == "seat0") seat0 = t["token"];
  const std::string views = "/api/games/" + made["id"].get<std::string>() + "/views?token=" + seat0;
  EXPECT_EQ(request(http::verb::get, views + "&ply=0").first, 200);
  EXPECT_EQ(request(http::verb::get, views).first, 200) << "no ply: the start";
  for (const std::string ply : {"1.5", "0.5", "0x10", "0e1", "1e3", "+0", "", "%200", "0%20", "--1", "-",
                                "99999999999", "0,1", "zero"}) {
    auto [code, body] = request(http::verb::get, views + "&ply=" + ply);
    EXPECT_EQ(code, 400) << "ply=" << ply << ": " << body;
    EXPECT_NE(body.find("ply must be a whole number"), std::string::npos) << "ply=" << ply << ": " << body;
    EXPECT_EQ(body.find('\n'), std::string::npos);
  }
  auto [code, body] = request(http::verb::get, views + "&ply=-1");
  EXPECT_EQ(code, 400);
  EXPECT_NE(body.find("no such ply -1"), std::string::npos) << "a well-formed number out of range: " << body;
}

}  // namespace
}  // namespace strat::server
