#pragma once
// The verbs of the command-line contract. Each install_* adds one subcommand; the chosen one runs after
// parsing, inside run()'s error handling.
#include <functional>
#include <iosfwd>
#include <string>

namespace CLI { class App; }

namespace strat::cli {

struct Context {
  std::ostream& out;
  std::ostream& err;
  std::function<int()> action;
  int run() { return action ? action() : 0; }
};

void install_verbs(CLI::App& app, Context& ctx);

void install_games(CLI::App& app, Context& ctx);
void install_legal(CLI::App& app, Context& ctx);
void install_apply(CLI::App& app, Context& ctx);
void install_view(CLI::App& app, Context& ctx);
void install_perft(CLI::App& app, Context& ctx);
void install_selfplay(CLI::App& app, Context& ctx);
void install_replay(CLI::App& app, Context& ctx);
void install_arena(CLI::App& app, Context& ctx);
void install_bench(CLI::App& app, Context& ctx);
void install_play(CLI::App& app, Context& ctx);
void install_agent(CLI::App& app, Context& ctx);

}  // namespace strat::cli
