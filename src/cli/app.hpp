#pragma once
#include <functional>
#include <iosfwd>

namespace CLI { class App; }

namespace strat::cli {

// Runs the CLI; returns the exit status (0 ok, 2 bad input, 1 internal failure).
int run(int argc, char** argv);
// Same, with explicit streams (for tests).
int run(int argc, char** argv, std::ostream& out, std::ostream& err);

// Verbs added from outside the CLI library (the server adds `serve`).
using VerbInstaller = std::function<void(CLI::App& app, std::ostream& out, std::ostream& err)>;
void add_verb_installer(VerbInstaller installer);

}  // namespace strat::cli
