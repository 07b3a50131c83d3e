// `strat serve` against a hostile client, over real sockets (docs/security.md): thousands of request paths
// that try to leave the web root, every API route and WebSocket with every kind of token, and the seeds of
// dealt games. Each test states what an attacker must never get.
#include <gtest/gtest.h>

#include <boost/asio/connect.hpp>
#include <boost/asio/io_context.hpp>
#include <boost/asio/ip/tcp.hpp>
#include <boost/asio/read.hpp>
#include <boost/asio/write.hpp>
#include <boost/beast/core.hpp>
#include <boost/beast/websocket.hpp>
#include <filesystem>
#include <fstream>
#include <set>
#include <thread>

#include "server/http.hpp"
#include "server/hub.hpp"
#include "server/live_hub.hpp"
#include "server/live_store.hpp"
#include "test_games.hpp"
#include "ws_client.hpp"

namespace strat::server {
namespace {

namespace asio = boost::asio;
namespace beast = boost::beast;
namespace websocket = beast::websocket;
namespace fs = std::filesystem;
using tcp = asio::ip::tcp;
using nlohmann::json;
using server_test::secret_words;

constexpr const char* kSecret = "TOPSECRET-5b1e-outside-the-web-root";
constexpr const char* kIndex = "<!doctype html><title>strat</title>";
constexpr const char* kScript = "console.log('app')";

struct Reply {
  int status = 0;
  std::string body;
  std::string raw;
};

class Hostile : public ::testing::Test {
 protected:
  void SetUp() override {
    server_test::register_test_games();
    dir_ = fs::temp_directory_path() / ("strat-hostile-" + random_token());
    fs::create_directories(dir_ / "web" / "assets");
    fs::create_directories(dir_ / "outside");
    std::ofstream(dir_ / "web" / "index.html") << kIndex;
    std::ofstream(dir_ / "web" / "assets" / "app-1.js") << kScript;
    std::ofstream(dir_ / "outside" / "secret.txt") << kSecret;
    std::ofstream(dir_ / "outside" / "secret.js") << kSecret;
    // Links inside the web root that point out of it: a file, a directory, and one through "..".
    fs::create_symlink(dir_ / "outside" / "secret.txt", dir_ / "web" / "leak.txt");
    fs::create_symlink(dir_ / "outside", dir_ / "web" / "outdir");
    fs::create_symlink("../../outside/secret.js", dir_ / "web" / "assets" / "up.js");
    db_ = (dir_ / "strat.db").string();
    store_ = std::make_unique<Store>(db_);
    live_store_ = std::make_unique<LiveStore>(db_);
    hub_ = std::make_unique<Hub>(io_, *store_, 1);
    live_ = std::make_unique<LiveHub>(*live_store_);
    ServeConfig config;
    config.port = 0;
    config.web_root = (dir_ / "web").string();
    config.live = live_.get();
    port_ = start_listener(io_, *hub_, config);
    thread_ = std::thread([this] { io_.run(); });
  }
  void TearDown() override {
    io_.stop();
    thread_.join();
    live_.reset();
    hub_.reset();
    live_store_.reset();
    store_.reset();
    fs::remove_all(dir_);
  }

  // Sends raw bytes (no client library to tidy them up) and reads the whole answer.
  Reply raw(const std::string& bytes) {
    asio::io_context io;
    tcp::socket socket(io);
    socket.connect(tcp::endpoint(asio::ip::make_address("127.0.0.1"), port_));
    asio::write(socket, asio::buffer(bytes));
    socket.shutdown(tcp::socket::shutdown_send);
    std::string text;
    beast::error_code ec;
    asio::read(socket, asio::dynamic_buffer(text), ec);
    Reply r;
    r.raw = text;
    if (text.rfind("HTTP/1.", 0) == 0 && text.size() > 12) r.status = std::stoi(text.substr(9, 3));
    auto end = text.find("\r\n\r\n");
    if (end != std::string::npos) r.body = text.substr(end + 4);
    return r;
  }
  Reply get(const std::string& target) {
    return raw("GET " + target + " HTTP/1.1\r\nHost: 127.0.0.1\r\nConnection: close\r\n\r\n");
  }
  Reply post(const std::string& target, const std::string& body) {
    return raw("POST " + target + " HTTP/1.1\r\nHost: 127.0.0.1\r\nConnection: close\r\nContent-Type: application/json\r\n"
               "Content-Length: " + std::to_string(body.size()) + "\r\n\r\n" + body);
  }

  // Nothing from outside the web root, and only the web root's own files with 200.
  void expect_nothing_leaked(const std::string& what, const Reply& r) {
    EXPECT_EQ(r.raw.find(kSecret), std::string::npos) << what;
    EXPECT_EQ(r.raw.find("SQLite format 3"), std::string::npos) << what;
    EXPECT_EQ(r.raw.find("root:x:0:0"), std::string::npos) << what;
    EXPECT_EQ(r.raw.find("PATH="), std::string::npos) << what;
    if (r.status == 200) EXPECT_TRUE(r.body == kIndex || r.body == kScript) << what << " served " << r.body.substr(0, 80);
  }

  using Ws = server_test::WsClient;
  std::unique_ptr<Ws> connect(const std::string& path) { return server_test::ws_connect(port_, path); }
  // A request answered, then a "state" asked for: everything the socket said until that state came back.
  std::vector<json> exchange(Ws& w, const json& message) {
    std::vector<json> got;
    w.write(message);
    w.write({{"type", "ping"}});
    for (;;) {
      json m = w.read();
      if (m["type"] == "pong") return got;
      got.push_back(m);
    }
  }

  fs::path dir_;
  std::string db_;
  asio::io_context io_;
  std::unique_ptr<Store> store_;
  std::unique_ptr<LiveStore> live_store_;
  std::unique_ptr<Hub> hub_;
  std::unique_ptr<LiveHub> live_;
  unsigned short port_ = 0;
  std::thread thread_;
};

// Every path an attacker might try to leave the web root with: absolute, `//`, encoded, backslashes, links,
// NUL, odd suffixes. The old server joined `//ABS/PATH` to the root as an absolute path and served any file.
TEST_F(Hostile, NoRequestPathReachesAFileOutsideTheWebRoot) {
  const std::string abs_secret = (dir_ / "outside" / "secret.txt").string().substr(1);
  const std::string abs_db = db_.substr(1);
  const std::vector<std::string> prefixes = {
      "/",          "//",          "///",        "/./",        "/assets/",     "/assets/../", "/../",
      "/%2e%2e/",   "/%2E%2E/",    "/..%2f",     "/%2e%2e%2f", "/.%2e/",       "/%252e%252e/", "\\",
      "/\\",        "/..\\",       "/%5c..%5c",  "/;/",        "/.//",         "/assets//"};
  const std::vector<std::string> climbs = {"", "../", "../../../../../../", "%2e%2e/", "..%2f..%2f", "....//"};
  const std::vector<std::string> targets = {abs_secret,        abs_db,          "etc/passwd",
                                            "proc/self/environ", "proc/self/cwd/strat.db", "outside/secret.txt",
                                            "leak.txt",          "outdir/secret.txt", "assets/up.js",
                                            "strat.db",          "../strat.db"};
  const std::vector<std::string> suffixes = {"", "%00", "?token=x"};
  int tried = 0;
  for (const auto& p : prefixes)
    for (const auto& c : climbs)
      for (const auto& t : targets)
        for (const auto& s : suffixes) {
          const std::string path = p + c + t + s;
          expect_nothing_leaked(path, get(path));
          ++tried;
        }
  // Raw bytes no client library would send: NUL and control bytes in the target, absolute-form targets,
  // other methods, very long targets.
  for (const std::string& target : std::vector<std::string>{
           "/" + abs_secret + std::string(1, '\0'), std::string("/leak.txt") + '\0' + ".html", "http://x/" + abs_secret,
        "file:///" + abs_secret, "*", abs_secret, "/" + std::string(20000, 'a'), "/" + std::string(200000, '/') + abs_secret,
        "/%2F" + abs_secret, "/%2f%2f" + abs_secret, "/leak.txt%00", "/outdir/", "/outdir"}) {
    for (const char* method : {"GET", "HEAD", "POST", "PUT", "DELETE", "OPTIONS", "TRACE"}) {
      Reply r = raw(std::string(method) + " " + target + " HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n");
      expect_nothing_leaked(std::string(method) + " " + target.substr(0, 60), r);
      ++tried;
    }
  }
  EXPECT_GE(tried, 2000);
  std::cout << "[ hostile ] " << tried << " request paths tried\n";
  // The web root's own files are still served, and app routes get the page.
  EXPECT_EQ(get("/").body, kIndex);
  EXPECT_EQ(get("/play/x7").body, kIndex);
  EXPECT_EQ(get("/assets/app-1.js").body, kScript);
  EXPECT_EQ(get("/leak.txt").status, 404);
  EXPECT_EQ(get("/assets/up.js").status, 404);
  EXPECT_EQ(get("/outdir/secret.txt").status, 404);
  EXPECT_EQ(get("//" + abs_secret).status, 404) << "the audit's request";
}

TEST_F(Hostile, OversizedRequestsAreAnsweredNotDropped) {
  Reply big = post("/api/games", "{\"game\":\"" + std::string(300 * 1024, 'x') + "\"}");
  EXPECT_EQ(big.status, 413) << big.raw.substr(0, 200);
  Reply long_line = get("/" + std::string(40 * 1024, 'a'));
  EXPECT_EQ(long_line.status, 431) << long_line.raw.substr(0, 200);
  Reply garbage = raw("\x16\x03\x01 hello\r\n\r\n");
  EXPECT_EQ(garbage.status, 400);
  // A huge game name comes back cut to one short line, not echoed whole.
  Reply named = post("/api/games", "{\"game\":\"" + std::string(100000, 'n') + "\\nsecond line\"}");
  EXPECT_EQ(named.status, 400);
  EXPECT_LT(named.body.size(), 1000u);
  EXPECT_EQ(named.body.find('\n'), std::string::npos);
}

// Seeds of games with hidden information or chance are the server's: no request can fix one, and two games
// created with the same request are dealt differently.
TEST_F(Hostile, NoRequestCanChooseTheSeedOfAHiddenOrDealtGame) {
  for (const char* game : {"secrets", "stratego", "stratego-cards", "strategic"}) {
    for (const char* seed : {"1", "0", "\"1\"", "-5", "1e3"}) {
      Reply r = post("/api/games", std::string("{\"game\":\"") + game + "\",\"mode\":\"hotseat\",\"seed\":" + seed + "}");
      EXPECT_EQ(r.status, 400) << game << " seed " << seed << ": " << r.body;
    }
  }
  EXPECT_EQ(post("/api/games", R"({"game":"nim","mode":"hotseat","seed":7})").status, 201)
      << "a perfect-information game without chance may keep its seed option";

  std::set<std::string> deals, armies;
  for (int i = 0; i < 6; ++i) {
    Reply cards = post("/api/games", R"({"game":"stratego-cards","mode":"computer"})");
    ASSERT_EQ(cards.status, 201) << cards.body;
    auto g = store_->game(json::parse(cards.body)["id"]);
    deals.insert(g->start);
    Reply stratego = post("/api/games", R"({"game":"stratego","mode":"computer","agent":"random"})");
    ASSERT_EQ(stratego.status, 201) << stratego.body;
    armies.insert(*store_->setup(json::parse(stratego.body)["id"], 1));
  }
  EXPECT_EQ(deals.size(), 6u) << "the same request, six different deals";
  EXPECT_EQ(armies.size(), 6u) << "the same request, six different computer armies";
}

TEST_F(Hostile, TheSeedOfARunningGameIsNeverSent) {
  Reply made = post("/api/games", R"({"game":"stratego-cards","mode":"computer","agent":"random"})");
  ASSERT_EQ(made.status, 201);
  json m = json::parse(made.body);
  const std::string seed = std::to_string(store_->game(m["id"])->seed);
  EXPECT_EQ(made.body.find(seed), std::string::npos);
  std::string seat;
  for (const auto& t : m["tokens"])
    if (t["role"] == "seat0") seat = t["token"];
  const std::string game = "/api/games/" + m["id"].get<std::string>();
  std::string everything = get("/api/state?token=" + seat).body + get("/api/lobby").body + get(game + "/record").body +
                           get(game + "/replay?ply=0").body;
  auto ws = connect("/ws?token=" + seat);
  // Play a few of our moves (the computer answers), reading everything the socket says.
  for (int i = 0; i < 6; ++i) {
    json state;
    for (const auto& got : exchange(*ws, {{"type", "state"}})) {
      everything += got.dump();
      if (got["type"] == "state") state = got;
    }
    if (state.is_null() || state["phase"] == "over") break;
    if (!state["legal"].empty())
      for (const auto& got : exchange(*ws, {{"type", "move"}, {"move", state["legal"][0]}, {"ply", state["ply"]}}))
        everything += got.dump();
    std::this_thread::sleep_for(std::chrono::milliseconds(20));  // the computer's answer
  }
  EXPECT_EQ(everything.find(seed), std::string::npos) << "the seed of a running game was sent";
}

// Every route and socket with every kind of token: nothing answers beyond the token's rights.
TEST_F(Hostile, EveryRouteAnswersOnlyWithinItsTokensRights) {
  auto create = [&](const std::string& body) {
    Reply r = post("/api/games", body);
    EXPECT_EQ(r.status, 201) << r.body;
    return json::parse(r.body);
  };
  auto token_of = [](const json& made, const std::string& role) {
    for (const auto& t : made["tokens"])
      if (t["role"] == role) return t["token"].get<std::string>();
    return std::string();
  };
  json secrets = create(R"({"game":"secrets","mode":"friend"})");
  json other = create(R"({"game":"secrets","mode":"friend"})");
  json nim = create(R"({"game":"nim","mode":"friend"})");
  json live = json::parse(post("/api/live", R"({"players_per_team":4})").body);
  const std::string id = secrets["id"];
  const std::string seat0 = token_of(secrets, "seat0"), watch0 = token_of(secrets, "watch0");
  const std::string invite = token_of(secrets, "invite1");

  // Blue takes the invite; the invite is spent, blue's own tokens are fresh.
  auto blue_ws = connect("/ws?token=" + invite);
  json claimed = blue_ws->read();
  ASSERT_EQ(claimed["type"], "claimed");
  std::string seat1, watch1;
  for (const auto& t : claimed["tokens"]) (t["role"] == "seat1" ? seat1 : watch1) = t["token"];
  blue_ws->read();
  auto red_ws = connect("/ws?token=" + seat0);
  red_ws->read();
  exchange(*red_ws, {{"type", "setup"}, {"setup", "zircon,quokka,fjord"}});
  exchange(*blue_ws, {{"type", "setup"}, {"setup", "wombat,glyph,vortex"}});

  struct Kind {
    std::string name, token;
    int acts;   // seats it may act for (bit mask); -1: refused outright
    int sees;   // seat whose words it may see (-1: all, -2: none in particular)
  };
  const std::string real = seat0;
  std::string upper = real;
  for (auto& c : upper) c = static_cast<char>(std::toupper(static_cast<unsigned char>(c)));
  const std::vector<Kind> kinds = {
      {"none", "", -1, -2},
      {"garbage", "not-a-token", -1, -2},
      {"unknown", "0123456789abcdef0123456789abcdef", -1, -2},
      {"upper-case seat", upper, -1, -2},
      {"seat with tail", real + "00", -1, -2},
      {"used invite", invite, -1, -2},
      {"live referee", live["tokens"]["referee"].get<std::string>(), -1, -2},
      {"live red", live["tokens"]["red"].get<std::string>(), -1, -2},
      {"seat0", seat0, 1, 0},
      {"seat1", seat1, 2, 1},
      {"watch0", watch0, 0, 0},
      {"watch1", watch1, 0, 1},
      {"other game's seat0", token_of(other, "seat0"), 1, 0},
      {"nim watcher", token_of(nim, "watch"), 0, -1},
  };
  int probes = 0;
  auto words_ok = [&](const Kind& k, const std::string& text, const std::string& what) {
    // The other seat's words stay hidden while the game runs, except those a played "hit N" revealed.
    std::set<std::string> revealed;
    for (const auto& mv : store_->moves(id))
      for (int p = 0; p < 2; ++p) revealed.insert(secret_words(p)[mv.move.back() - '1']);
    for (int p = 0; p < 2; ++p) {
      if (k.sees == -1 || k.sees == p) continue;
      for (const auto& w : secret_words(p))
        if (!revealed.count(w)) EXPECT_EQ(text.find(w), std::string::npos) << k.name << " " << what << ": " << w;
    }
  };
  for (const auto& k : kinds) {
    // GET /api/state: a token it does not know gets one fixed answer, whatever it looks like.
    Reply state = get("/api/state?token=" + k.token + "&token=" + seat1);
    ++probes;
    words_ok(k, state.body, "state");
    if (k.acts < 0) {
      EXPECT_EQ(state.status, 400) << k.name;
      EXPECT_TRUE(state.body.find("unknown or malformed game link") != std::string::npos ||
                  state.body.find("invite link was used") != std::string::npos)
          << k.name << ": " << state.body;
    } else {
      ASSERT_EQ(state.status, 200) << k.name;
      json s = json::parse(state.body);
      EXPECT_EQ(s["sees"], k.sees) << k.name;
      int acts = 0;
      for (const auto& a : s["acts"]) acts |= 1 << a.get<int>();
      EXPECT_EQ(acts, k.acts) << k.name;
    }
    // Live routes refuse every board-game token, and the board-game routes every live token.
    Reply live_state = get("/api/live/state?token=" + k.token);
    ++probes;
    if (k.name.rfind("live", 0) != 0) EXPECT_EQ(live_state.status, 400) << k.name;
    words_ok(k, live_state.body, "live state");
    // Records and replays wait for the end of the game, whoever asks.
    for (const std::string route : {"/record", "/replay?ply=1", "/replay?ply=-1", "/join"}) {
      const std::string target = "/api/games/" + id + route + (route.find('?') == std::string::npos ? "?" : "&") +
                                 "token=" + k.token;
      Reply r = route == "/join" ? post(target, "") : get(target);
      ++probes;
      EXPECT_EQ(r.status, route == "/join" ? 400 : r.status) << k.name << route;
      EXPECT_NE(r.status, 200) << k.name << route;
      words_ok(k, r.body, route);
    }
    // Stepping through the moves: only a token of this game, and each ply's view only as that token sees it.
    for (const std::string ply : {"0", "1", "-1", "x"}) {
      Reply r = get("/api/games/" + id + "/views?ply=" + ply + "&token=" + k.token);
      ++probes;
      words_ok(k, r.body, "views " + ply);
      const bool ours = k.acts >= 0 && k.name.find("other") == std::string::npos && k.name.find("nim") == std::string::npos;
      const bool played = ply == "0" || (ply == "1" && !store_->moves(id).empty());
      EXPECT_EQ(r.status, ours && played ? 200 : 400) << k.name << " ply " << ply << ": " << r.body;
      if (!ours && ply != "x")
        EXPECT_TRUE(r.body.find("unknown or malformed game link") != std::string::npos ||
                    r.body.find("invite link was used") != std::string::npos)
            << k.name << ": " << r.body;
    }
    Reply analysis = get("/api/games/" + id + "/analysis?token=" + k.token);
    ++probes;
    EXPECT_EQ(analysis.status, 400) << k.name << ": no analysis while the game is on";
    // The socket: every action, for either seat, with the seat overridden.
    auto ws = connect("/ws?token=" + k.token);
    json first = ws->read();
    ++probes;
    if (k.acts < 0) {
      EXPECT_EQ(first["type"], "error") << k.name;
      words_ok(k, first.dump(), "join");
      continue;
    }
    words_ok(k, first.dump(), "join");
    const std::vector<json> messages = {
        {{"type", "move"}, {"move", "hit 1"}, {"seat", 0}},   {{"type", "move"}, {"move", "hit 1"}, {"seat", 1}},
        {{"type", "move"}, {"move", "hit 9"}},                {{"type", "move"}, {"move", "take1"}},
        {{"type", "setup"}, {"setup", "wombat,glyph,vortex"}, {"seat", 1}},
        {{"type", "setup"}, {"setup", "zircon,quokka,fjord"}, {"seat", 0}},
        {{"type", "random_setup"}, {"seat", 1}},              {{"type", "draw"}, {"action", "offer"}, {"seat", 1}},
        {{"type", "draw"}, {"action", "accept"}, {"seat", 0}}, {{"type", "state"}},
        {{"type", "resign"}, {"seat", 1 - std::max(0, k.sees)}}};
    for (const auto& m : messages) {
      for (const auto& got : exchange(*ws, m)) words_ok(k, got.dump(), m.dump());
      ++probes;
    }
    // Nobody could resign or draw this game: each tried it only for a seat it does not hold.
    EXPECT_EQ(json::parse(get("/api/state?token=" + seat0).body)["phase"], "play") << k.name;
  }
  std::cout << "[ hostile ] " << kinds.size() << " token kinds, " << probes << " probes\n";
  EXPECT_GE(probes, 100);
}

}  // namespace
}  // namespace strat::server
