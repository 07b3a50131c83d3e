// strat: one command for every game (see docs/cli.md and ../shared/contract.md).
#include "cli/app.hpp"

int main(int argc, char** argv) { return strat::cli::run(argc, argv); }
