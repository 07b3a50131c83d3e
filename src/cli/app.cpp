#include "cli/app.hpp"

#include "core/text.hpp"

#include <CLI/CLI.hpp>
#include <iostream>
#include <vector>

#include "cli/verbs.hpp"
#include "core/error.hpp"

namespace strat::cli {

namespace {
std::vector<VerbInstaller>& installers() {
  static std::vector<VerbInstaller> list;
  return list;
}
}  // namespace

void add_verb_installer(VerbInstaller installer) { installers().push_back(std::move(installer)); }

int run(int argc, char** argv) { return run(argc, argv, std::cout, std::cerr); }

int run(int argc, char** argv, std::ostream& out, std::ostream& err) {
  CLI::App app{"strat: play, analyse and research a family of two-player strategy games.\n"
               "Games are named with optional variant and flags after a colon, e.g. stratego:barrage.",
               "strat"};
  app.require_subcommand(1);
  app.set_help_all_flag("--help-all", "Show the help of every verb");
  Context ctx{out, err, {}};
  install_verbs(app, ctx);
  for (auto& install : installers()) install(app, out, err);
  try {
    app.parse(argc, argv);
    return ctx.run();
  } catch (const CLI::CallForHelp&) {
    out << app.help();
    return 0;
  } catch (const CLI::CallForAllHelp&) {
    out << app.help("", CLI::AppFormatMode::All);
    return 0;
  } catch (const CLI::ParseError& e) {
    // Subcommand help arrives as a CallForHelp raised inside the subcommand's parse.
    if (e.get_exit_code() == 0) {
      for (auto* sub : app.get_subcommands())
        if (sub->count_all()) {
          out << sub->help();
          return 0;
        }
      out << app.help();
      return 0;
    }
    err << "strat: " << one_line(e.what()) << " (see strat --help)\n";
    return 2;
  } catch (const BadInput& e) {
    err << "strat: " << one_line(e.what()) << "\n";
    return 2;
  } catch (const std::exception& e) {
    err << "strat: internal error: " << one_line(e.what()) << "\n";
    return 1;
  }
}

}  // namespace strat::cli
