#include "cli/verbs.hpp"
namespace strat::cli {
void install_later_verbs(CLI::App&, Context&) {}
}
