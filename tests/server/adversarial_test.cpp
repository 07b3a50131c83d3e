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
#include <linux/sockios.h>
#include <poll.h>
#include <signal.h>
#include <sys/ioctl.h>
#include <sys/socket.h>
#include <unistd.h>

#include <atomic>
#include <cstdio>
#include <filesystem>
#include <fstream>
#include <functional>
#include <future>
#include <map>
#include <set>
#include <thread>

#include "server/test_db.hpp"
#include "server/http.hpp"
#include "server/hub.hpp"
#include "server/leases.hpp"
#include "server/live_hub.hpp"
#include "server/live_store.hpp"
#include "server/ws_writer.hpp"
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
    store_ = std::make_unique<Store>(server_test::test_db(db_));
    live_store_ = std::make_unique<LiveStore>(server_test::test_db(db_));
    hub_ = std::make_unique<Hub>(io_, *store_, 1);
    live_ = std::make_unique<LiveHub>(*live_store_);
    // On PostgreSQL the server is a node of a cluster, as `strat serve` always is there: games and live games
    // are played under its lease (docs/server.md, "Several servers: owners, leases and fencing").
    if (server_test::on_postgresql()) {
      leases_ = std::make_unique<Leases>(*store_, "hostile-" + random_token().substr(0, 8));
      hub_->set_leases(leases_.get());
      live_->set_leases(leases_.get());
    }
    ServeConfig config;
    config.port = 0;
    config.web_root = (dir_ / "web").string();
    config.live = live_.get();
    config.limits = limits_;
    port_ = start_listener(io_, *hub_, config);
    thread_ = std::thread([this] { io_.run(); });
  }
  void TearDown() override {
    io_.stop();
    thread_.join();
    live_.reset();
    hub_.reset();
    leases_.reset();
    live_store_.reset();
    store_.reset();
    fs::remove_all(dir_);
  }

  // Sends raw bytes (no client library to tidy them up) and reads the whole answer. `from`: the loopback
  // address the request comes from (all of 127.0.0.0/8 is this machine).
  Reply raw(const std::string& bytes, const std::string& from = "127.0.0.1") {
    asio::io_context io;
    tcp::socket socket(io);
    socket.open(tcp::v4());
    socket.bind(tcp::endpoint(asio::ip::make_address(from), 0));
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

  // A connection that sends nothing, from a loopback address.
  std::unique_ptr<tcp::socket> idle_connection(asio::io_context& io, const std::string& from = "127.0.0.1") {
    auto socket = std::make_unique<tcp::socket>(io);
    socket->open(tcp::v4());
    socket->bind(tcp::endpoint(asio::ip::make_address(from), 0));
    socket->connect(tcp::endpoint(asio::ip::make_address("127.0.0.1"), port_));
    return socket;
  }

  // Runs `f` on the server's I/O thread (Hub and Room calls belong there) and waits for it.
  void on_server(const std::function<void()>& f) {
    std::promise<void> done;
    asio::post(io_, [&] {
      f();
      done.set_value();
    });
    done.get_future().wait();
  }

  // A finished Stratego game between two friends, `plies` long (random moves, ended by the ply limit), stored
  // and restored into the hub: its snapshot holds every move.
  server_test::StoredTestGame long_game(int plies) {
    const std::string spec = "stratego:ply_limit=" + std::to_string(plies);
    for (std::uint64_t seed = 1; seed < 60; ++seed) {
      auto state = GameSpec::parse(spec).new_game(seed);
      const std::string start = state->position();
      std::vector<std::string> moves;
      Rng rng(seed);
      while (!state->outcome().over()) {
        const auto legal = state->legal_moves();
        moves.push_back(legal[rng.below(static_cast<std::uint32_t>(legal.size()))]);
        state->apply(moves.back());
      }
      if (std::string(state->outcome().reason) != "ply-limit") continue;
      server_test::StoredTestGame made;
      on_server([&] {  // the store is the server's: group commit flushes it on the I/O thread
        made = server_test::store_game(*store_, spec, "friend", start, moves, "", seed);
        hub_->restore_all();
      });
      return made;
    }
    ADD_FAILURE() << "no random game reached " << plies << " plies";
    return {};
  }
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
  ConnectionLimits limits_;  // set by a test's fixture before SetUp
  asio::io_context io_;
  std::unique_ptr<Store> store_;
  std::unique_ptr<LiveStore> live_store_;
  std::unique_ptr<Hub> hub_;
  std::unique_ptr<Leases> leases_;
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


// What a socket receives within `limit`, until the server closes it: the text and whether it was closed.
struct Heard {
  std::string text;
  bool closed = false;
};
Heard hear(tcp::socket& socket, std::chrono::milliseconds limit) {
  Heard h;
  const auto end = std::chrono::steady_clock::now() + limit;
  char buf[4096];
  for (;;) {
    const auto left = std::chrono::duration_cast<std::chrono::milliseconds>(end - std::chrono::steady_clock::now());
    if (left.count() <= 0) return h;
    pollfd p{socket.native_handle(), POLLIN, 0};
    if (::poll(&p, 1, static_cast<int>(left.count())) <= 0) return h;
    const ssize_t n = ::recv(socket.native_handle(), buf, sizeof buf, 0);
    if (n <= 0) {
      h.closed = true;
      return h;
    }
    h.text.append(buf, static_cast<std::size_t>(n));
  }
}

// Reads WebSocket messages for at most `limit`, until `stop` says so or the connection ends; counts them by
// type, and keeps how the server closed it.
struct Drained {
  std::map<std::string, int> types;
  int messages = 0;
  bool stopped = false, closed = false;
  websocket::close_reason reason;
};
Drained read_for(server_test::WsClient& w, std::chrono::milliseconds limit, const std::function<bool(const json&)>& stop) {
  Drained d;
  beast::flat_buffer buffer;
  std::function<void()> next = [&] {
    w.ws.async_read(buffer, [&](beast::error_code ec, std::size_t) {
      if (ec) {
        d.closed = ec == websocket::error::closed;
        d.reason = w.ws.reason();
        return;
      }
      json m = json::parse(beast::buffers_to_string(buffer.data()), nullptr, false);
      buffer.clear();
      ++d.messages;
      ++d.types[m.is_object() ? m.value("type", std::string()) : std::string()];
      if (stop(m)) {
        d.stopped = true;
        return;
      }
      next();
    });
  };
  next();
  w.io.restart();
  w.io.run_for(limit);
  return d;
}

// This process's resident memory, in bytes (the server runs in it).
std::size_t resident_bytes() {
  std::ifstream statm("/proc/self/statm");
  std::size_t pages = 0, resident = 0;
  statm >> pages >> resident;
  return resident * static_cast<std::size_t>(::sysconf(_SC_PAGESIZE));
}

// Tight limits, so that the tests below reach them with a handful of sockets.
class HostileLimits : public Hostile {
 protected:
  HostileLimits() {
    limits_.total = 6;
    limits_.per_address = 4;
    limits_.first_request = std::chrono::milliseconds(300);
  }
};

// A client that connects and sends nothing, or trickles a request that never ends, holds its descriptor only
// until the first-request timeout: the old server waited two minutes per request.
TEST_F(HostileLimits, AConnectionWithoutARequestInTimeIsClosed) {
  asio::io_context io;
  const auto start = std::chrono::steady_clock::now();
  auto silent = idle_connection(io);
  auto trickle = idle_connection(io);
  const std::string head = "GET / HTTP/1.1\r\nHost: x\r\n";
  ::send(trickle->native_handle(), head.data(), head.size(), MSG_NOSIGNAL);
  for (int i = 0; i < 10; ++i) {  // one more header line every 50 ms, never the blank line that ends them
    std::this_thread::sleep_for(std::chrono::milliseconds(50));
    const std::string line = "X-Slow-" + std::to_string(i) + ": 1\r\n";
    ::send(trickle->native_handle(), line.data(), line.size(), MSG_NOSIGNAL);
  }
  EXPECT_TRUE(hear(*silent, std::chrono::seconds(3)).closed) << "a silent connection is closed";
  EXPECT_TRUE(hear(*trickle, std::chrono::seconds(3)).closed) << "a trickled request is closed";
  EXPECT_LT(std::chrono::steady_clock::now() - start, std::chrono::seconds(3));
  // A client that asks in time is served, and a kept-alive connection may ask again.
  EXPECT_EQ(get("/").status, 200);
}

// One address may hold `per_address` connections, everyone together `total`; beyond, a connection gets one
// 503 line and is closed, and a place comes back when a connection closes. The old server had no limit.
TEST_F(HostileLimits, OneAddressHoldsAtMostItsShareOfConnections) {
  asio::io_context io;
  std::vector<std::unique_ptr<tcp::socket>> held;
  for (int i = 0; i < 4; ++i) held.push_back(idle_connection(io, "127.0.0.1"));
  auto extra = idle_connection(io, "127.0.0.1");
  Heard refused = hear(*extra, std::chrono::seconds(3));
  EXPECT_TRUE(refused.closed);
  EXPECT_EQ(refused.text.rfind("HTTP/1.1 503", 0), 0u) << refused.text;
  EXPECT_NE(refused.text.find("too many connections from your address (4 open)"), std::string::npos) << refused.text;
  // Another address is served meanwhile...
  Reply other = raw("GET / HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n", "127.0.0.2");
  EXPECT_EQ(other.status, 200);
  // ...until everyone together holds the total.
  held.push_back(idle_connection(io, "127.0.0.2"));
  held.push_back(idle_connection(io, "127.0.0.2"));
  auto third = idle_connection(io, "127.0.0.3");
  Heard full = hear(*third, std::chrono::seconds(3));
  EXPECT_NE(full.text.find("at its limit of 6 connections"), std::string::npos) << full.text;
  // Closing one gives its place back.
  held.front()->close();
  int status = 0;
  for (int i = 0; i < 100 && status != 200; ++i) {
    std::this_thread::sleep_for(std::chrono::milliseconds(20));
    status = raw("GET / HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n", "127.0.0.3").status;
  }
  EXPECT_EQ(status, 200);
}

// The audit's attack: a watch link of a long finished game stops reading and asks for the state 4,000 times.
// The old server queued one 71 KB snapshot per request (about 290 MB); now a request while a snapshot still
// waits to go out is answered by that one, so the server's memory stays flat.
TEST_F(Hostile, AStateFloodOnASocketThatDoesNotReadCostsNoMemory) {
  const auto game = long_game(1400);
  const std::string watch = game.tokens.at("watch");
  const std::size_t snapshot = get("/api/state?token=" + watch).body.size();
  EXPECT_GT(snapshot, 50000u) << "a long game's snapshot";
  auto ws = connect("/ws?token=" + watch);
  const std::string request = json{{"type", "state"}}.dump();
#ifdef STRAT_SANITIZED
  // The sanitizer keeps freed memory in quarantine, so the process's memory says nothing here: only the
  // snapshots sent are checked.
  for (int i = 0; i < 4000; ++i) ws->ws.write(asio::buffer(request));
#else
  std::atomic<bool> sampling{true};
  const std::size_t before = resident_bytes();
  std::atomic<std::size_t> peak{before};
  std::thread sampler([&] {
    while (sampling) {
      peak = std::max(peak.load(), resident_bytes());
      std::this_thread::sleep_for(std::chrono::milliseconds(2));
    }
  });
  for (int i = 0; i < 4000; ++i) ws->ws.write(asio::buffer(request));
  // Every request reached the server (nothing left in this socket's send queue); then it has answered them all
  // once its memory has not grown for a second (at most 30 s).
  for (int i = 0; i < 500; ++i) {
    int unsent = 0;
    ::ioctl(ws->ws.next_layer().native_handle(), SIOCOUTQ, &unsent);
    if (unsent == 0) break;
    std::this_thread::sleep_for(std::chrono::milliseconds(10));
  }
  for (int i = 0; i < 30; ++i) {
    const std::size_t seen = peak;
    std::this_thread::sleep_for(std::chrono::seconds(1));
    if (peak == seen) break;
  }
  sampling = false;
  sampler.join();
  const double grown_mb = static_cast<double>(peak - std::min(peak.load(), before)) / (1 << 20);
  std::cout << "[ hostile ] 4000 state requests on a stalled socket, " << snapshot << "-byte snapshots: peak memory +"
            << grown_mb << " MB\n";
  EXPECT_LT(grown_mb, 48.0) << "the server's memory grew with the requests";
#endif
  // The connection still works once the client reads: what it was sent, then a pong.
  ws->write({{"type", "ping"}});
  Drained d = read_for(*ws, std::chrono::seconds(20), [](const json& m) { return m["type"] == "pong"; });
  EXPECT_TRUE(d.stopped) << "no pong";
  EXPECT_LT(d.types["state"], 1000) << "requests were coalesced";
  std::cout << "[ hostile ] " << d.types["state"] << " snapshots sent for 4001 asked\n";
}

// A client that does not read while snapshots are broadcast to it (here: another player coming and going
// again and again) is disconnected once 1 MiB waits for it, with a close frame saying why, rather than the
// server queueing 4,096 messages whatever their size.
TEST_F(Hostile, ASlowReaderIsDisconnectedWithAReasonOnceItsQueueIsFull) {
  const auto game = long_game(1400);
  const std::string watch = game.tokens.at("watch"), seat = game.tokens.at("seat0");
  const std::size_t snapshot = get("/api/state?token=" + watch).body.size();
  auto slow = std::make_unique<Ws>();
  slow->ws.next_layer().open(tcp::v4());
  slow->ws.next_layer().set_option(asio::socket_base::receive_buffer_size(8192));
  slow->ws.next_layer().connect(tcp::endpoint(asio::ip::make_address("127.0.0.1"), port_));
  slow->ws.handshake("127.0.0.1", "/ws?token=" + watch);
  // Enough snapshots to fill the kernel's buffers (tcp_wmem's maximum) and the 1 MiB queue, twice over.
  std::size_t wmem[3] = {0, 0, 4u << 20};
  std::ifstream("/proc/sys/net/ipv4/tcp_wmem") >> wmem[0] >> wmem[1] >> wmem[2];
  const std::size_t cycles = 2 * (wmem[2] + (1u << 20)) / (2 * snapshot) + 10;
  for (std::size_t i = 0; i < cycles; ++i) {  // each join and each leave sends everyone a snapshot
    auto player = connect("/ws?token=" + seat);
    player->read();
    player->ws.close(websocket::close_code::normal);
  }
  Drained d = read_for(*slow, std::chrono::seconds(8), [](const json&) { return false; });
  EXPECT_TRUE(d.closed) << "the slow reader was not disconnected (" << d.messages << " messages)";
  EXPECT_EQ(d.reason.code, websocket::close_code::policy_error);
  EXPECT_EQ(std::string(d.reason.reason.c_str()), WsWriter::kOverflowReason);
  EXPECT_LT(static_cast<std::size_t>(d.messages), 2 * cycles) << "what waited was dropped";
  std::cout << "[ hostile ] slow reader: " << cycles << " join/leave cycles of " << snapshot << "-byte snapshots, "
            << d.messages << " messages read, then closed: " << d.reason.reason.c_str() << "\n";
}

// The audit's first fault: once accept failed for want of descriptors (EMFILE), the old server's accept loop
// ended and the listener closed for good, the process alive and silent. A `strat serve` under `ulimit -n 64`
// (and limits set above it, so that accept really fails) gets 100 idle connections, which are then closed: the
// next request is served, and the log has one line for the failures and one for the recovery.
TEST(HostileProcess, TheServerKeepsAcceptingAfterRunningOutOfDescriptors) {
#ifdef STRAT_SANITIZED
  // UBSan's vptr check reads memory through a pipe of its own, which a process out of descriptors cannot open: it
  // then reports every virtual call as one on a bad object. The Release build runs this test.
  GTEST_SKIP() << "a sanitized process cannot be checked while it has no descriptor left";
#endif
  const fs::path dir = fs::temp_directory_path() / ("strat-emfile-" + random_token());
  fs::create_directories(dir / "web");
  std::ofstream(dir / "web" / "index.html") << kIndex;
  const std::string log = (dir / "serve.log").string();
  const std::string command = "ulimit -n 64 && echo $$ && exec " + std::string(STRAT_BINARY) + " serve --port 0 --db " +
                              (dir / "strat.db").string() + " --web " + (dir / "web").string() +
                              " --agent-threads 1 --max-connections 1000 --max-per-address 1000 2>" + log;
  FILE* out = ::popen(("/bin/sh -c '" + command + "'").c_str(), "r");
  ASSERT_NE(out, nullptr);
  char line[512];
  ASSERT_NE(std::fgets(line, sizeof line, out), nullptr);
  const pid_t pid = std::stoi(line);
  unsigned short port = 0;
  while (port == 0 && std::fgets(line, sizeof line, out)) {
    const std::string text = line;
    const auto at = text.find("http://127.0.0.1:");
    if (at != std::string::npos) port = static_cast<unsigned short>(std::stoi(text.substr(at + 17)));
  }
  ASSERT_NE(port, 0) << "the server did not start";
  asio::io_context io;
  const tcp::endpoint server(asio::ip::make_address("127.0.0.1"), port);
  std::vector<tcp::socket> idle;
  for (int i = 0; i < 100; ++i) {
    idle.emplace_back(io);
    idle.back().connect(server);
  }
  std::this_thread::sleep_for(std::chrono::milliseconds(500));  // the server runs out of descriptors
  for (auto& s : idle) s.close();
  idle.clear();
  std::string answer;
  for (int attempt = 0; attempt < 50 && answer.find(kIndex) == std::string::npos; ++attempt) {
    tcp::socket s(io);
    beast::error_code ec;
    s.connect(server, ec);
    if (!ec) {
      const std::string request = "GET / HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n";
      asio::write(s, asio::buffer(request), ec);
      answer = hear(s, std::chrono::seconds(2)).text;
    }
    if (answer.find(kIndex) == std::string::npos) std::this_thread::sleep_for(std::chrono::milliseconds(100));
  }
  ::kill(pid, SIGTERM);
  ::pclose(out);
  std::ifstream in(log);
  std::string text((std::istreambuf_iterator<char>(in)), std::istreambuf_iterator<char>());
  fs::remove_all(dir);
  EXPECT_NE(answer.find(kIndex), std::string::npos) << "no answer after the descriptors ran out";
  auto count = [&](const std::string& what) {
    std::size_t n = 0;
    for (auto at = text.find(what); at != std::string::npos; at = text.find(what, at + 1)) ++n;
    return n;
  };
  EXPECT_EQ(count("cannot accept connections (Too many open files)"), 1u) << text;
  EXPECT_EQ(count("accepting connections again"), 1u) << text;
}

}  // namespace
}  // namespace strat::server
