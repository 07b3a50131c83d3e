// strat-load: opens many concurrent computer-vs-computer games on a running `strat serve` over WebSockets
// (loopback only) and checks that no move is lost or duplicated. Each game is a friend game whose two seats
// are played by this tool, each over its own WebSocket, with random legal moves ("the computer" here is the
// tool, so the figures measure the server: validation, commit, broadcast). Reports moves per second and the
// move latency: from the moment the mover's move is chosen (just before it is written to its socket) to the
// moment the server's `move` message for it (the broadcast, sent after the database commit) has been read on
// the same connection. The tool reads only the members of that message it needs (json_scan.hpp), so that its
// own CPU stays well below the server's and its queue does not add to the latency it reports.
//
//   strat-load --port 8080 [--games 200] [--game stratego] [--max-plies 300] [--seed 1]
#include <CLI/CLI.hpp>
#include <algorithm>
#include <boost/asio/co_spawn.hpp>
#include <boost/asio/connect.hpp>
#include <boost/asio/detached.hpp>
#include <boost/asio/ip/tcp.hpp>
#include <boost/asio/use_awaitable.hpp>
#include <boost/beast/core.hpp>
#include <boost/beast/http.hpp>
#include <boost/beast/websocket.hpp>
#include <charconv>
#include <chrono>
#include <iostream>
#include <map>
#include <nlohmann/json.hpp>
#include <optional>
#include <random>
#include <boost/asio/redirect_error.hpp>

#include "server/json_scan.hpp"

namespace asio = boost::asio;
namespace beast = boost::beast;
namespace http = beast::http;
namespace websocket = beast::websocket;
using tcp = asio::ip::tcp;
using nlohmann::json;
using Clock = std::chrono::steady_clock;
using strat::server::member;
using strat::server::RawMembers;
using strat::server::scan_array;
using strat::server::scan_object;

namespace {

struct Options {
  std::string host = "127.0.0.1";
  unsigned short port = 8080;
  int games = 200;
  std::string game = "stratego";
  int max_plies = 300;
  unsigned seed = 1;
  bool server_agents = false;  // the server's own agents play both seats; this tool only watches
};

json http_call(const Options& o, http::verb verb, const std::string& target, const json& body = nullptr) {
  asio::io_context io;
  tcp::resolver resolver(io);
  beast::tcp_stream stream(io);
  stream.connect(resolver.resolve(o.host, std::to_string(o.port)));
  http::request<http::string_body> req{verb, target, 11};
  req.set(http::field::host, o.host);
  if (!body.is_null()) {
    req.set(http::field::content_type, "application/json");
    req.body() = body.dump();
  }
  req.prepare_payload();
  http::write(stream, req);
  beast::flat_buffer buffer;
  http::response<http::string_body> res;
  http::read(stream, buffer, res);
  beast::error_code ec;
  stream.socket().shutdown(tcp::socket::shutdown_both, ec);
  json out = json::parse(res.body());
  if (res.result_int() >= 400) throw std::runtime_error(target + ": " + out.value("error", res.body()));
  return out;
}

struct Game {
  std::string id;
  std::string watch;  // --server-agents: the token this tool watches with
  std::string tokens[2];  // seat 0's token; seat 1's invite (claimed by its connection)
  std::vector<std::string> acked;          // moves acknowledged to their sender, by ply
  std::vector<std::string> seen[2];        // the move sequence each seat's connection received
  int duplicates = 0, gaps = 0, errors = 0;
  bool over = false;
  bool resigned = false;
};

// A move as a connection was told it: hidden-information games without public moves show the other side's
// moves as null, kept as "?" (a wildcard when comparing with the stored record).
std::string shown(const json& move) { return move.is_null() ? "?" : move.get<std::string>(); }

bool same_record(const std::vector<std::string>& seen, const std::vector<std::string>& stored) {
  if (seen.size() != stored.size()) return false;
  for (std::size_t i = 0; i < seen.size(); ++i)
    if (seen[i] != "?" && seen[i] != stored[i]) return false;
  return true;
}

struct Stats {
  std::vector<double> latency_ms;
  long moves = 0;
  int open_connections = 0;
  int failures = 0;
};

using Socket = websocket::stream<beast::tcp_stream>;

// Connects the game socket of one token, with Nagle's delay off: move latency is what this tool measures.
asio::awaitable<void> open_socket(Socket& ws, const Options& o, const std::string& token) {
  tcp::resolver resolver(ws.get_executor());
  auto results = co_await resolver.async_resolve(o.host, std::to_string(o.port), asio::use_awaitable);
  co_await beast::get_lowest_layer(ws).async_connect(results, asio::use_awaitable);
  beast::get_lowest_layer(ws).socket().set_option(tcp::no_delay(true));
  co_await ws.async_handshake(o.host, "/ws?token=" + token, asio::use_awaitable);
}

int to_int(std::string_view raw) {
  int v = 0;
  std::from_chars(raw.data(), raw.data() + raw.size(), v);
  return v;
}

// A JSON string member's text ("" for anything else); parsed by the JSON library, so escapes are honoured.
std::string string_of(std::string_view raw) {
  if (raw.empty() || raw.front() != '"') return "";
  if (raw.find('\\') == std::string_view::npos) return std::string(raw.substr(1, raw.size() - 2));
  return json::parse(raw).get<std::string>();
}

asio::awaitable<void> play_seat(const Options& o, Game& g, int seat, Stats& stats, std::mt19937_64 rng) {
  ++stats.open_connections;
  try {
    Socket ws(co_await asio::this_coro::executor);
    co_await open_socket(ws, o, g.tokens[seat]);
    beast::flat_buffer buffer;
    Clock::time_point sent_at{};
    int pending_ply = -1;
    bool setup_asked = false;
    std::string out_text;  // kept outside co_await expressions (GCC 12 mishandles braced temporaries there)
    RawMembers fields;     // the message's members as raw text (json_scan.hpp): only what is read gets parsed
    std::vector<std::string_view> legal;
    // The message this seat sends next, if it is its turn: a random legal move, or resignation at the cap.
    // `legal_raw` is the message's "legal" member as raw JSON text.
    auto next = [&](std::string_view legal_raw, int ply, std::string_view phase) -> std::optional<json> {
      scan_array(legal_raw, legal);
      if (phase != "play" || legal.empty() || g.over) return std::nullopt;
      if (pending_ply == ply) return std::nullopt;  // a second snapshot of the same position: already answered
      if (ply >= o.max_plies) {
        if (g.resigned) return std::nullopt;
        g.resigned = true;
        return json{{"type", "resign"}};
      }
      std::string move = string_of(legal[rng() % legal.size()]);
      pending_ply = ply;
      sent_at = Clock::now();
      return json{{"type", "move"}, {"move", move}, {"ply", ply}};
    };
    for (;;) {
      buffer.clear();
      co_await ws.async_read(buffer, asio::use_awaitable);
      std::string_view text(static_cast<const char*>(buffer.data().data()), buffer.size());
      scan_object(text, fields);
      std::string_view type = member(fields, "type");
      if (type == "\"move\"") {
        // The one message of every move: read by its members, the view and structured legal moves skipped.
        int ply = to_int(member(fields, "ply"));
        std::string_view move = member(fields, "move");
        std::string move_text = move == "null" ? "?" : string_of(move);
        auto& seen = g.seen[seat];
        if (ply < static_cast<int>(seen.size())) ++g.duplicates;
        else if (ply > static_cast<int>(seen.size())) ++g.gaps;
        else seen.push_back(move_text);
        if (to_int(member(fields, "seat")) == seat && ply == pending_ply) {
          stats.latency_ms.push_back(std::chrono::duration<double, std::milli>(Clock::now() - sent_at).count());
          pending_ply = -1;
          if (static_cast<int>(g.acked.size()) == ply) g.acked.push_back(move_text);
          else ++g.duplicates;
          ++stats.moves;
        }
        if (member(fields, "result") != "null") {
          g.over = true;
          break;
        }
        if (auto out = next(member(fields, "legal"), ply + 1, "play")) {
          out_text = out->dump();
          co_await ws.async_write(asio::buffer(out_text), asio::use_awaitable);
        }
        continue;
      }
      json m = json::parse(text);
      if (type == "\"state\"") {
        if (m["phase"] == "over") break;
        if (m["phase"] == "setup" && !setup_asked && !m["setup"]["done"][seat].get<bool>()) {
          setup_asked = true;
          out_text = json{{"type", "random_setup"}}.dump();
          co_await ws.async_write(asio::buffer(out_text), asio::use_awaitable);
        }
        auto& seen = g.seen[seat];
        seen.clear();
        for (const auto& mv : m["moves"]) seen.push_back(shown(mv["move"]));
        if (auto out = next(member(fields, "legal"), m["ply"], m["phase"].get<std::string>())) {
          out_text = out->dump();
          co_await ws.async_write(asio::buffer(out_text), asio::use_awaitable);
        }
      } else if (type == "\"setup_suggestion\"") {
        out_text = json{{"type", "setup"}, {"setup", m["setup"]}}.dump();
        co_await ws.async_write(asio::buffer(out_text), asio::use_awaitable);
      } else if (type == "\"error\"") {
        ++g.errors;
        std::cerr << "game " << g.id << " seat " << seat << ": " << m.value("message", "") << "\n";
      }
    }
    beast::error_code ec;
    co_await ws.async_close(websocket::close_code::normal, asio::redirect_error(asio::use_awaitable, ec));
  } catch (const std::exception& e) {
    ++stats.failures;
    std::cerr << "game " << g.id << " seat " << seat << ": connection failed: " << e.what() << "\n";
  }
  --stats.open_connections;
}

// --server-agents: follows one selfplay game; the gap between consecutive moves is the server's turn-around
// (agent search on the pool, validation, commit, broadcast).
asio::awaitable<void> watch_game(const Options& o, Game& g, Stats& stats) {
  ++stats.open_connections;
  try {
    Socket ws(co_await asio::this_coro::executor);
    co_await open_socket(ws, o, g.watch);
    beast::flat_buffer buffer;
    RawMembers fields;
    Clock::time_point last = Clock::now();
    for (;;) {
      buffer.clear();
      co_await ws.async_read(buffer, asio::use_awaitable);
      std::string_view text(static_cast<const char*>(buffer.data().data()), buffer.size());
      scan_object(text, fields);
      std::string_view type = member(fields, "type");
      auto& seen = g.seen[0];
      if (type == "\"state\"") {
        json m = json::parse(text);
        seen.clear();
        for (const auto& mv : m["moves"]) seen.push_back(shown(mv["move"]));
        if (m["phase"] == "over") break;
      } else if (type == "\"move\"") {
        int ply = to_int(member(fields, "ply"));
        std::string_view move = member(fields, "move");
        if (ply < static_cast<int>(seen.size())) ++g.duplicates;
        else if (ply > static_cast<int>(seen.size())) ++g.gaps;
        else seen.push_back(move == "null" ? "?" : string_of(move));
        auto now = Clock::now();
        stats.latency_ms.push_back(std::chrono::duration<double, std::milli>(now - last).count());
        last = now;
        ++stats.moves;
        if (member(fields, "result") != "null") break;
      } else if (type == "\"error\"") {
        ++g.errors;
      }
    }
    beast::error_code ec;
    co_await ws.async_close(websocket::close_code::normal, asio::redirect_error(asio::use_awaitable, ec));
  } catch (const std::exception& e) {
    ++stats.failures;
    std::cerr << "game " << g.id << ": connection failed: " << e.what() << "\n";
  }
  --stats.open_connections;
}

double percentile(std::vector<double> v, double p) {
  if (v.empty()) return 0;
  std::sort(v.begin(), v.end());
  return v[std::min(v.size() - 1, static_cast<std::size_t>(p * (v.size() - 1) + 0.5))];
}

}  // namespace

int main(int argc, char** argv) {
  Options o;
  CLI::App app{"strat-load: concurrent computer-vs-computer games against a running strat serve (loopback only)"};
  app.add_option("--port", o.port, "the server's port")->required();
  app.add_option("--host", o.host, "loopback address of the server")->default_val("127.0.0.1");
  app.add_option("--games", o.games, "concurrent games")->default_val(200);
  app.add_option("--game", o.game, "game spec")->default_val("stratego");
  app.add_option("--max-plies", o.max_plies, "plies per game before it is resigned")->default_val(300);
  app.add_option("--seed", o.seed, "seed of the random movers")->default_val(1);
  app.add_flag("--server-agents", o.server_agents,
               "the server's agents play both seats (mode selfplay, agent random); bound the games with the game's "
               "own limit, e.g. --game stratego:ply_limit=300");
  CLI11_PARSE(app, argc, argv);
  if (o.host != "127.0.0.1" && o.host != "localhost" && o.host != "::1") {
    std::cerr << "strat-load: loopback only (127.0.0.1), got " << o.host << "\n";
    return 2;
  }
  try {
    std::vector<Game> games(o.games);
    // Server agents start playing as soon as a game is created, so their clock starts before the creations.
    auto created_from = Clock::now();
    for (auto& g : games) {
      json request = o.server_agents ? json{{"game", o.game}, {"mode", "selfplay"}, {"agent", "random"}}
                                     : json{{"game", o.game}, {"mode", "friend"}};
      json made = http_call(o, http::verb::post, "/api/games", request);
      g.id = made["id"];
      for (const auto& t : made["tokens"]) {
        if (t["role"] == "seat0") g.tokens[0] = t["token"];
        if (t["role"] == "invite1") g.tokens[1] = t["token"];
        if (t["role"] == "watch" || t["role"] == "watch0") g.watch = t["token"];
      }
    }
    asio::io_context io(1);
    Stats stats;
    std::mt19937_64 seeder(o.seed);
    auto t0 = Clock::now();
    for (auto& g : games) {
      if (o.server_agents) {
        asio::co_spawn(io, watch_game(o, g, stats), asio::detached);
        continue;
      }
      for (int seat = 0; seat < 2; ++seat)
        asio::co_spawn(io, play_seat(o, g, seat, stats, std::mt19937_64(seeder())), asio::detached);
    }
    io.run();
    double seconds = std::chrono::duration<double>(Clock::now() - (o.server_agents ? created_from : t0)).count();

    // What the server stored must be exactly what was acknowledged, and what both seats saw.
    int lost = 0, duplicated = 0, mismatched = 0, unfinished = 0, errors = 0;
    for (auto& g : games) {
      json st = http_call(o, http::verb::get, "/api/state?token=" + (o.server_agents ? g.watch : g.tokens[0]));
      std::vector<std::string> stored;
      for (const auto& m : st["moves"]) stored.push_back(m["move"]);
      if (st["phase"] != "over") ++unfinished;
      const auto& told = o.server_agents ? g.seen[0] : g.acked;
      lost += static_cast<int>(stored.size() > told.size() ? stored.size() - told.size() : told.size() - stored.size());
      if (o.server_agents ? !same_record(g.seen[0], stored)
                          : (stored != g.acked || !same_record(g.seen[0], stored) || !same_record(g.seen[1], stored)))
        ++mismatched;
      duplicated += g.duplicates + g.gaps;
      errors += g.errors;
    }
    if (o.server_agents) {  // every stored move counts, including those played before the watcher joined
      long total = 0;
      for (auto& g : games) total += static_cast<long>(g.seen[0].size());
      stats.moves = total;
    }
    std::cout << "games " << o.games << " (" << o.game << ", "
              << (o.server_agents ? "server agents, 1 watching WebSocket each" : "2 WebSockets each") << "), moves "
              << stats.moves << " in " << seconds << " s\n";
    std::cout << "moves_per_second " << static_cast<long>(stats.moves / seconds) << "\n";
    std::cout << (o.server_agents ? "move_interval_ms p50 " : "latency_ms p50 ") << percentile(stats.latency_ms, 0.5) << " p99 " << percentile(stats.latency_ms, 0.99)
              << " max " << percentile(stats.latency_ms, 1.0) << "\n";
    std::cout << "lost " << lost << ", duplicated " << duplicated << ", mismatched games " << mismatched
              << ", unfinished " << unfinished << ", errors " << errors << ", failed connections " << stats.failures
              << "\n";
    bool ok = lost == 0 && duplicated == 0 && mismatched == 0 && unfinished == 0 && errors == 0 && stats.failures == 0;
    std::cout << (ok ? "load: ok" : "load: FAILED") << "\n";
    return ok ? 0 : 1;
  } catch (const std::exception& e) {
    std::cerr << "strat-load: " << e.what() << "\n";
    return 1;
  }
}
