// strat: one command for every game (see docs/cli.md and ../shared/contract.md).
#include "cli/app.hpp"
#include "cli/verbs_live.hpp"
#ifdef STRAT_HAS_SERVER
#include "server/serve_verb.hpp"
#endif

int main(int argc, char** argv) {
#ifdef STRAT_HAS_SERVER
  strat::server::install_serve_verb();  // adds `strat serve` through cli::add_verb_installer
#endif
  strat::cli::install_live_verb();  // adds `strat live` (card sheets of the live team game)
  return strat::cli::run(argc, argv);
}
