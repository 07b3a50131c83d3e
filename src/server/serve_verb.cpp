#include "server/serve_verb.hpp"

#include <CLI/CLI.hpp>
#include <boost/asio/io_context.hpp>
#include <boost/asio/signal_set.hpp>
#include <boost/system/system_error.hpp>
#include <cstdlib>
#include <iostream>
#include <stdexcept>
#include <thread>

#include "cli/app.hpp"
#include "core/error.hpp"
#include "server/accounts.hpp"
#include "server/http.hpp"
#include "server/hub.hpp"
#include "server/leases.hpp"
#include "server/live_hub.hpp"
#include "server/live_store.hpp"
#include "server/matchmaking.hpp"
#include "server/notices.hpp"
#include "server/ratings.hpp"
#include "server/strength_ratings.hpp"
#include "server/store.hpp"
#include "server/tournament_runner.hpp"

namespace strat::server {

namespace {

struct ServeArgs {
  ServeConfig config;
  std::string db;  // empty: $STRAT_DB, else strat.db
  unsigned agent_threads = 0;
  bool test_seeds = false;
  std::string node;  // empty: $STRAT_NODE, else a random name when the database is PostgreSQL
  std::int64_t lease_ms = Leases::kDefaultLeaseMs;
};

int serve(ServeArgs args, std::ostream& out, std::ostream& err) {
  if (args.db.empty()) {
    const char* env_db = std::getenv("STRAT_DB");
    args.db = env_db && *env_db ? env_db : "strat.db";
  }
  // A database that cannot be opened is the user's to fix (a path, a URL, a server down): said in one line.
  auto open = [&](auto make) {
    try {
      return make();
    } catch (const std::runtime_error& e) {
      bad_input(e.what());
    }
  };
  auto store_ptr = open([&] { return std::make_unique<Store>(args.db); });
  Store& store = *store_ptr;
  boost::asio::io_context io(1);
  unsigned threads = args.agent_threads ? args.agent_threads : std::max(1u, std::thread::hardware_concurrency());
  Hub hub(io, store, threads, args.test_seeds);
  // Several servers (docs/server.md, "Several servers: owners, leases and fencing"): on a shared database, or
  // with a node name, this server plays only the games it holds a lease on. Otherwise it is the only server.
  if (args.node.empty())
    if (const char* env_node = std::getenv("STRAT_NODE"); env_node && *env_node) args.node = env_node;
  if (args.node.empty() && is_postgresql_url(args.db)) args.node = random_node_name();
  std::unique_ptr<Leases> leases;
  if (!args.node.empty()) {
    leases = open([&] { return std::make_unique<Leases>(store, args.node, args.lease_ms); });
    hub.set_leases(leases.get());
  }
  // Accounts and ratings: own tables, own connections to the same database. Ratings come before the games'
  // restore, which rates a rated game that ended just before the stop.
  auto accounts_ptr = open([&] { return std::make_unique<Accounts>(args.db); });
  auto ratings_ptr = open([&] { return std::make_unique<Ratings>(args.db); });
  hub.set_ratings(ratings_ptr.get());
  auto strength_ratings_ptr = open([&] { return std::make_unique<StrengthRatings>(args.db); });
  hub.set_strength_ratings(strength_ratings_ptr.get());
  // Tournaments: own tables, own connection; their games' ends are watched from the restore on.
  auto tournaments_ptr = open([&] { return std::make_unique<Tournaments>(args.db); });
  TournamentRunner tournaments(io, hub, *tournaments_ptr);
  tournaments.watch_games();
  if (!leases) hub.restore_all();  // with leases, each game is loaded when a request needs it
  tournaments.start();
  // Live team games: own tables, own connection to the same database.
  auto live_store_ptr = open([&] { return std::make_unique<LiveStore>(args.db); });
  LiveStore& live_store = *live_store_ptr;
  LiveHub live(live_store);
  if (leases) {  // each live game is loaded when a request needs it, and dropped with the lease
    live.set_leases(leases.get());
    hub.on_renewal([&live](bool kept) { live.drop_lost(kept); });
  } else {
    live.restore_all();
  }
  ServeConfig config = args.config;
  config.live = &live;
  config.accounts = accounts_ptr.get();
  // Seeks and quick pairing: own tables, own connection to the same database; the other servers' changes heard
  // through Notices (PostgreSQL's LISTEN/NOTIFY; nothing on SQLite).
  auto seeks_ptr = open([&] { return std::make_unique<Seeks>(args.db); });
  auto notices = open([&] { return open_notices(io, args.db); });
  Matchmaking matchmaking(io, hub, *seeks_ptr, default_pools(), notices.get());
  matchmaking.start();
  config.matchmaking = &matchmaking;
  config.tournaments = &tournaments;
  if (config.web_root.empty()) config.web_root = default_web_root();
  unsigned short port = 0;
  try {
    port = start_listener(io, hub, config);
  } catch (const boost::system::system_error& e) {
    throw std::runtime_error("cannot listen on " + config.host + ":" + std::to_string(config.port) + ": " +
                             e.code().message());
  }
  boost::asio::signal_set signals(io, SIGINT, SIGTERM);
  signals.async_wait([&](const boost::system::error_code&, int) { io.stop(); });
  if (leases)
    out << "strat serve: node " << leases->node() << " (epoch " << leases->epoch() << ", lease "
        << leases->lease_ms() << " ms) on " << redacted_db(args.db) << " (" << store.engine() << ")";
  else
    out << "strat serve: " << hub.rooms() << " games restored from " << redacted_db(args.db) << " ("
        << store.engine() << ")";
  out << "; front end from " << config.web_root << "\n";
  out << "strat serve: listening on http://" << config.host << ":" << port << "/ (at most "
      << config.limits.resolved_total() << " connections";
  if (config.limits.per_address > 0) out << ", " << config.limits.per_address << " per address";
  out << ")" << std::endl;
  io.run();
  hub.release_games();  // a clean stop: other nodes take this node's games at once
  out << "strat serve: stopped" << std::endl;
  return 0;
}

}  // namespace

void install_serve_verb() {
  cli::add_verb_installer([](CLI::App& app, std::ostream& out, std::ostream& err) {
    auto args = std::make_shared<ServeArgs>();
    auto* sub = app.add_subcommand("serve", "The web platform: play every game in a browser (docs/server.md)");
    sub->add_option("--port", args->config.port, "TCP port (0: any free port)")->default_val(8080);
    sub->add_option("--db", args->db,
                    "SQLite database file, created if missing, or a PostgreSQL URL (postgresql://user@host/db) "
                    "that several servers may share (docs/server.md, \"Storage\"); default: $STRAT_DB, else strat.db")
        ;
    sub->add_option("--host", args->config.host, "Address to listen on (0.0.0.0 to let friends on the network in)")
        ->default_val("127.0.0.1");
    sub->add_option("--web", args->config.web_root, "Directory of the built front end (default: web/dist)");
    sub->add_option("--agent-threads", args->agent_threads, "Threads for computer players (default: all cores)");
    sub->add_option("--max-connections", args->config.limits.total,
                    "Connections open at once, all clients together (default: the file descriptor limit, ulimit -n, less " +
                        std::to_string(ConnectionLimits::kReservedDescriptors) + ")")
        ->check(CLI::PositiveNumber);
    sub->add_option("--max-per-address", args->config.limits.per_address,
                    "Connections open at once from one IPv4 address or IPv6 /64 network (0: no such limit, for a "
                    "server behind a reverse proxy, where every client has the proxy's address)")
        ->default_val(args->config.limits.per_address)
        ->check(CLI::NonNegativeNumber);
    sub->add_flag("--secure-cookies", args->config.secure_cookies,
                  "Mark session cookies Secure: for a server reached over HTTPS through a reverse proxy");
    sub->add_option("--node", args->node,
                    "This server's name among several on one database (docs/server.md, \"Several servers\"): it "
                    "plays only the games it holds a lease on. Default: $STRAT_NODE, else a random name (n-...) on "
                    "PostgreSQL; without either, on SQLite, the server is the only one and plays every game");
    sub->add_option("--lease-ms", args->lease_ms,
                    "With a node name (--node, $STRAT_NODE, or on PostgreSQL): how long a node's lease on its games "
                    "lasts without renewal (renewed every fifth of it, at most every second); another node takes the "
                    "games over once it ran out")
        ->default_val(args->lease_ms)
        ->check(CLI::Range(std::int64_t{100}, std::int64_t{600000}));
    sub->add_flag("--test-seeds", args->test_seeds,
                  "Tests only: let POST /api/games choose the seed of every game, hidden deals included");
    sub->callback([args, &out, &err] {
      int status = serve(*args, out, err);
      if (status != 0) throw CLI::RuntimeError(status);
    });
  });
}

}  // namespace strat::server
