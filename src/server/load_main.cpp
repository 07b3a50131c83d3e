// strat-load: opens many concurrent computer-vs-computer games on a running `strat serve` over WebSockets
// (loopback only) and checks that no move is lost or duplicated. Each game is a friend game whose two seats
// are played by this tool, each over its own WebSocket, with random legal moves ("the computer" here is the
// tool, so the figures measure the server: validation, commit, broadcast). Reports moves per second and the
// move latency: from the moment the mover's move is chosen (just before it is written to its socket) to the
// moment the server's `move` message for it (the broadcast, sent after the database commit) has been read on
// the same connection. The tool reads only the members of that message it needs (json_scan.hpp), so that its
// own CPU stays well below the server's and its queue does not add to the latency it reports.
//
// On a cluster (docs/server.md, "Running several servers") it behaves as browsers do: a `moved` answer on a
// socket or a 421 on an HTTP route is followed with `node=NAME`, and a socket that a node's death (or its lease
// running out) closes is opened again through the balancer. A move sent but not acknowledged when its connection
// went is judged by the snapshot of the next connection: stored (counted as "stored unacknowledged", never as
// acknowledged) or not, and then played again. `--sources N` spreads the games over N client addresses
// (127.0.0.1 ... 127.0.0.N), as N clients would come, since a balancer routes by the client's address.
//
//   strat-load --port 8080 [--games 200] [--game stratego] [--max-plies 300] [--seed 1] [--sources 1]
#include <CLI/CLI.hpp>
#include <algorithm>
#include <boost/asio/co_spawn.hpp>
#include <boost/asio/connect.hpp>
#include <boost/asio/detached.hpp>
#include <boost/asio/ip/tcp.hpp>
#include <boost/asio/steady_timer.hpp>
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
#include <thread>
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
  int sources = 1;             // client addresses 127.0.0.1 ... 127.0.0.N
  double patience_s = 30;      // how long a game may go without a connection before it is given up
};

// What the tool had to retry on a cluster: not failures, but shown, since a quiet run has none.
struct Retries {
  int reconnections = 0;   // game sockets opened again after they closed or failed
  int moved = 0;           // `moved` answers and 421s followed
  int http = 0;            // HTTP calls sent again after a failed connection or a 502/503/504
  int unacked_stored = 0;  // moves whose acknowledgement was lost with their connection, found stored
  int unacked_resent = 0;  // moves whose acknowledgement was lost with their connection, found not stored
};
Retries retries;

// The loopback address of client number `source` (0-based): 127.0.0.(1 + source).
asio::ip::address source_address(int source) {
  return asio::ip::address_v4(asio::ip::address_v4::loopback().to_uint() + static_cast<unsigned>(source));
}

// A target with `node=NAME` added, once a `moved` answer or a 421 named the node playing the game.
std::string routed(const std::string& target, const std::string& node) {
  if (node.empty()) return target;
  return target + (target.find('?') == std::string::npos ? "?" : "&") + "node=" + node;
}

// One HTTP call on a connection of its own from client address `source`. A 421 naming a node is sent again
// with `node=NAME` (remembered in `node`); a failed connection or a 502/503/504 (a node dying, the balancer
// without a node for a moment) is sent again for up to --patience seconds.
json http_call(const Options& o, http::verb verb, const std::string& target, const json& body, int source,
               std::string& node) {
  auto given_up_at = Clock::now() + std::chrono::duration<double>(o.patience_s);
  for (;;) {
    std::string failure;
    try {
      asio::io_context io;
      beast::tcp_stream stream(io);
      stream.socket().open(tcp::v4());
      stream.socket().bind(tcp::endpoint(source_address(source), 0));
      stream.connect(tcp::endpoint(asio::ip::make_address(o.host), o.port));
      http::request<http::string_body> req{verb, routed(target, node), 11};
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
      int status = res.result_int();
      if (status == 502 || status == 503 || status == 504) {
        failure = "status " + std::to_string(status);
      } else {
        json out = json::parse(res.body());
        if (status == 421 && out.contains("node") && out["node"].is_string()) {
          // Sent to that node at once; if it was named already, the balancer has it down for now: later.
          bool known = out["node"] == node;
          node = out["node"];
          ++retries.moved;
          if (!known) continue;
          failure = out.value("error", "");
        } else if (status >= 400) {
          throw std::invalid_argument(target + ": " + out.value("error", res.body()));
        } else {
          return out;
        }
      }
    } catch (const boost::system::system_error& e) {
      failure = e.what();
    }
    if (Clock::now() > given_up_at) throw std::runtime_error(target + ": " + failure);
    ++retries.http;
    std::this_thread::sleep_for(std::chrono::milliseconds(200));
  }
}

struct Game {
  std::string id;
  int source = 0;     // the client address its connections come from
  std::string node;   // the node playing it, once a `moved` answer or a 421 named it
  std::string watch;  // --server-agents: the token this tool watches with
  std::string tokens[2];  // seat 0's token; seat 1's invite until its connection claims it, then its seat link
  std::map<int, std::string> acked;           // moves acknowledged to their sender, by ply
  std::map<int, std::string> unacked_stored;  // moves whose acknowledgement was lost, found stored, by ply
  std::vector<std::string> seen[2];        // the move sequence each seat's connection received
  int duplicates = 0, gaps = 0, errors = 0;
  bool over = false;
  bool resigned[2] = {false, false};
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

// Connects the game socket of one token from the game's client address, with Nagle's delay off: move latency is
// what this tool measures.
asio::awaitable<void> open_socket(Socket& ws, const Options& o, const Game& g, const std::string& token) {
  auto& socket = beast::get_lowest_layer(ws).socket();
  socket.open(tcp::v4());
  socket.bind(tcp::endpoint(source_address(g.source), 0));
  co_await socket.async_connect(tcp::endpoint(asio::ip::make_address(o.host), o.port), asio::use_awaitable);
  socket.set_option(tcp::no_delay(true));
  co_await ws.async_handshake(o.host, routed("/ws?token=" + token, g.node), asio::use_awaitable);
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

// Reads the next message into `buffer`: its text, with its members as raw text in `fields` (json_scan.hpp).
asio::awaitable<std::string_view> read_message(Socket& ws, beast::flat_buffer& buffer, RawMembers& fields) {
  buffer.clear();
  co_await ws.async_read(buffer, asio::use_awaitable);
  std::string_view text(static_cast<const char*>(buffer.data().data()), buffer.size());
  scan_object(text, fields);
  co_return text;
}

// Errors a node sends before it closes a game's socket because it no longer plays the game (its lease ran out,
// another node took the game, the database is away): the client reconnects, as the browser does.
bool passing_error(const std::string& message) {
  for (const char* why : {"no longer plays this game", "rejoining the cluster", "database is unavailable"})
    if (message.find(why) != std::string::npos) return true;
  return false;
}

// Why a connection ended without the game's end: the socket is opened again.
struct Reconnect {
  bool at_once = false;  // a `moved` answer: the node to go to is known
  bool never = false;    // the seat cannot be reached again: its invite was claimed by a connection that went
};

// One seat's move in flight: sent, its acknowledgement (the server's `move` message for it) not yet read.
struct Pending {
  int ply = -1;
  std::string move;
  Clock::time_point sent_at{};
};

// Plays one connection of a seat until the game ends (true) or the connection goes (false).
asio::awaitable<bool> play_connection(Socket& ws, const Options& o, Game& g, int seat, Stats& stats,
                                      std::mt19937_64& rng, Pending& pending, Reconnect& reconnect) {
  beast::flat_buffer buffer;
  bool setup_asked = false;
  bool resynced = false;  // the first snapshot of this connection settled a move left pending by the last one
  std::string out_text;  // kept outside co_await expressions (GCC 12 mishandles braced temporaries there)
  RawMembers fields;     // the message's members as raw text (json_scan.hpp): only what is read gets parsed
  std::vector<std::string_view> legal;
  // The message this seat sends next, if it is its turn: a random legal move, or resignation at the cap.
  // `legal_raw` is the message's "legal" member as raw JSON text.
  auto next = [&](std::string_view legal_raw, int ply, std::string_view phase) -> std::optional<json> {
    scan_array(legal_raw, legal);
    if (phase != "play" || legal.empty() || g.over) return std::nullopt;
    if (pending.ply == ply) return std::nullopt;  // a second snapshot of the same position: already answered
    if (ply >= o.max_plies) {
      if (g.resigned[seat]) return std::nullopt;
      g.resigned[seat] = true;
      return json{{"type", "resign"}};
    }
    pending = {ply, string_of(legal[rng() % legal.size()]), Clock::now()};
    return json{{"type", "move"}, {"move", pending.move}, {"ply", ply}};
  };
  for (;;) {
    std::string_view text = co_await read_message(ws, buffer, fields);
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
      if (to_int(member(fields, "seat")) == seat && ply == pending.ply) {
        stats.latency_ms.push_back(std::chrono::duration<double, std::milli>(Clock::now() - pending.sent_at).count());
        pending.ply = -1;
        if (!g.acked.emplace(ply, move_text).second) ++g.duplicates;
        ++stats.moves;
      }
      if (member(fields, "result") != "null") {
        g.over = true;
        co_return true;
      }
      if (auto out = next(member(fields, "legal"), ply + 1, "play")) {
        out_text = out->dump();
        co_await ws.async_write(asio::buffer(out_text), asio::use_awaitable);
      }
      continue;
    }
    json m = json::parse(text);
    if (type == "\"state\"") {
      auto& seen = g.seen[seat];
      seen.clear();
      for (const auto& mv : m["moves"]) seen.push_back(shown(mv["move"]));
      if (!resynced && pending.ply >= 0) {
        // The last connection went with a move unacknowledged: the store (this snapshot) says whether it landed.
        if (pending.ply < static_cast<int>(seen.size()) && seen[pending.ply] == pending.move) {
          g.unacked_stored.emplace(pending.ply, pending.move);
          ++retries.unacked_stored;
        } else {
          ++retries.unacked_resent;
        }
        pending.ply = -1;
      }
      resynced = true;
      if (m["phase"] == "over") co_return true;
      if (m["phase"] == "setup" && !setup_asked && !m["setup"]["done"][seat].get<bool>()) {
        setup_asked = true;
        out_text = json{{"type", "random_setup"}}.dump();
        co_await ws.async_write(asio::buffer(out_text), asio::use_awaitable);
      }
      if (auto out = next(member(fields, "legal"), m["ply"], m["phase"].get<std::string>())) {
        out_text = out->dump();
        co_await ws.async_write(asio::buffer(out_text), asio::use_awaitable);
      }
    } else if (type == "\"setup_suggestion\"") {
      out_text = json{{"type", "setup"}, {"setup", m["setup"]}}.dump();
      co_await ws.async_write(asio::buffer(out_text), asio::use_awaitable);
    } else if (type == "\"claimed\"") {
      g.tokens[seat] = m["token"];  // the invite is spent: reconnections use the seat's own link
    } else if (type == "\"moved\"") {
      // At once to a node newly named; named again, it is down for the balancer: later, as after a failure.
      reconnect.at_once = m["node"] != g.node;
      g.node = m["node"];
      ++retries.moved;
      co_return false;
    } else if (type == "\"error\"") {
      std::string message = m.value("message", "");
      if (passing_error(message)) co_return false;
      ++g.errors;
      // The connection that claimed the invite went before it read its `claimed` message: the seat's own link
      // is unknown, as it would be to a browser in that case.
      reconnect.never = message.find("invite link was used already") != std::string::npos;
      std::cerr << "game " << g.id << " seat " << seat << ": " << message << "\n";
      if (reconnect.never) co_return false;
    }
  }
}

// One seat of a friend game, over as many connections as it takes: a connection that goes before the game's end
// is opened again (at once after `moved`, else after 0.2 s, doubling up to 2 s), until --patience seconds pass
// without one that opens.
asio::awaitable<void> play_seat(const Options& o, Game& g, int seat, Stats& stats, std::mt19937_64 rng) {
  ++stats.open_connections;
  Pending pending;
  auto wait = std::chrono::milliseconds(200);
  auto last_open = Clock::now();
  asio::steady_timer timer(co_await asio::this_coro::executor);
  for (bool first = true;; first = false) {
    Reconnect reconnect;
    std::string failure;
    bool over = false, opened = false;
    Socket ws(co_await asio::this_coro::executor);
    try {
      co_await open_socket(ws, o, g, g.tokens[seat]);
      opened = true;
      wait = std::chrono::milliseconds(200);
      over = co_await play_connection(ws, o, g, seat, stats, rng, pending, reconnect);
    } catch (const std::exception& e) {
      failure = e.what();
    }
    if (opened) last_open = Clock::now();
    if (over) {
      beast::error_code ec;
      co_await ws.async_close(websocket::close_code::normal, asio::redirect_error(asio::use_awaitable, ec));
      break;
    }
    if (reconnect.never || Clock::now() - last_open > std::chrono::duration<double>(o.patience_s)) {
      ++stats.failures;
      std::cerr << "game " << g.id << " seat " << seat << ": connection failed: " << failure << "\n";
      break;
    }
    if (!first || !failure.empty()) ++retries.reconnections;
    if (reconnect.at_once) continue;
    timer.expires_after(wait);
    co_await timer.async_wait(asio::use_awaitable);
    wait = std::min(wait * 2, std::chrono::milliseconds(2000));
  }
  --stats.open_connections;
}

// --server-agents: follows one selfplay game; the gap between consecutive moves is the server's turn-around
// (agent search on the pool, validation, commit, broadcast).
asio::awaitable<void> watch_game(const Options& o, Game& g, Stats& stats) {
  ++stats.open_connections;
  try {
    Socket ws(co_await asio::this_coro::executor);
    co_await open_socket(ws, o, g, g.watch);
    beast::flat_buffer buffer;
    RawMembers fields;
    Clock::time_point last = Clock::now();
    for (;;) {
      std::string_view text = co_await read_message(ws, buffer, fields);
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
  app.add_option("--sources", o.sources, "client addresses 127.0.0.1 ... 127.0.0.N, the games spread over them")
      ->default_val(1)
      ->check(CLI::Range(1, 250));
  app.add_option("--patience", o.patience_s, "seconds a game may go without a connection before it is given up")
      ->default_val(30)
      ->check(CLI::PositiveNumber);
  app.add_flag("--server-agents", o.server_agents,
               "the server's agents play both seats (mode selfplay, agent random); bound the games with the game's "
               "own limit, e.g. --game stratego:ply_limit=300");
  CLI11_PARSE(app, argc, argv);
  if (o.host != "127.0.0.1") {
    std::cerr << "strat-load: loopback only (127.0.0.1), got " << o.host << "\n";
    return 2;
  }
  try {
    std::vector<Game> games(o.games);
    // Server agents start playing as soon as a game is created, so their clock starts before the creations.
    auto created_from = Clock::now();
    for (std::size_t i = 0; i < games.size(); ++i) {
      auto& g = games[i];
      g.source = static_cast<int>(i % o.sources);
      json request = o.server_agents ? json{{"game", o.game}, {"mode", "selfplay"}, {"agent", "random"}}
                                     : json{{"game", o.game}, {"mode", "friend"}};
      json made = http_call(o, http::verb::post, "/api/games", request, g.source, g.node);
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

    // What the server stored must be exactly what was acknowledged (and the moves whose acknowledgement was lost
    // with a connection, found stored by the next one), and what both seats saw.
    int lost = 0, duplicated = 0, mismatched = 0, unfinished = 0, errors = 0;
    for (auto& g : games) {
      const std::string& token = o.server_agents ? g.watch : g.tokens[0];
      json st = http_call(o, http::verb::get, "/api/state?token=" + token, nullptr, g.source, g.node);
      std::vector<std::string> stored;
      for (const auto& m : st["moves"]) stored.push_back(m["move"]);
      if (st["phase"] != "over") ++unfinished;
      bool same = true;
      if (o.server_agents) {
        lost += static_cast<int>(std::max(stored.size(), g.seen[0].size()) - std::min(stored.size(), g.seen[0].size()));
        same = same_record(g.seen[0], stored);
      } else {
        for (const auto& [ply, move] : g.acked)
          if (ply >= static_cast<int>(stored.size()) || stored[ply] != move) ++lost;
        for (std::size_t ply = 0; ply < stored.size(); ++ply) {
          auto acked = g.acked.find(static_cast<int>(ply));
          auto found = g.unacked_stored.find(static_cast<int>(ply));
          const std::string* told = acked != g.acked.end() ? &acked->second
                                    : found != g.unacked_stored.end() ? &found->second : nullptr;
          if (!told || *told != stored[ply]) same = false;
        }
        same = same && same_record(g.seen[0], stored) && same_record(g.seen[1], stored);
      }
      if (!same) ++mismatched;
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
    std::cout << "reconnections " << retries.reconnections << ", moved followed " << retries.moved
              << ", HTTP calls retried " << retries.http << ", unacknowledged moves found stored "
              << retries.unacked_stored << " / not stored and played again " << retries.unacked_resent << "\n";
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
