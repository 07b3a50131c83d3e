// strat: one command for every game (see docs/cli.md and ../shared/contract.md).
#include "cli/app.hpp"
#ifdef STRAT_HAS_SERVER
#include "server/serve_verb.hpp"
#endif

int main(int argc, char** argv) {
#ifdef STRAT_HAS_SERVER
  strat::server::install_serve_verb();  // adds `strat serve` through cli::add_verb_installer
#endif
  return strat::cli::run(argc, argv);
}
