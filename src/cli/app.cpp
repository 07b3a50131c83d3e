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

namespace {

// The first word is a verb, `help [VERB]`, or a help flag; anything else is named in one line (CLI11 alone would
// only say that a verb is required). Returns the exit status when this answered, -1 to parse `args` on
// (`help VERB` becomes `VERB --help`).
int first_word(CLI::App& app, std::vector<const char*>& args, std::ostream& out, std::ostream& err) {
  if (args.size() < 2) return -1;
  const std::string first = args[1];
  const auto verbs = app.get_subcommands([](CLI::App*) { return true; });
  const auto find = [&](const std::string& word) -> CLI::App* {
    for (auto* v : verbs)
      if (v->check_name(word)) return v;
    return nullptr;
  };
  const auto unknown_verb = [&](const std::string& word) {
    std::string names;
    for (auto* v : verbs) names += (names.empty() ? "" : ", ") + v->get_name();
    err << "strat: unknown verb " << strat::quoted(word) << " (verbs: " << names << "; see strat --help)\n";
    return 2;
  };
  if (first == "help") {
    if (args.size() == 2) {
      out << app.help();
      return 0;
    }
    if (!find(args[2])) return unknown_verb(args[2]);
    args = {args[0], args[2], "--help"};
    return -1;
  }
  if (first == "-h" || first == "--help" || first == "--help-all") return -1;
  if (first.rfind('-', 0) == 0) {
    err << "strat: unknown option " << strat::quoted(first) << " (options go after the verb; see strat --help)\n";
    return 2;
  }
  return find(first) ? -1 : unknown_verb(first);
}

}  // namespace

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
  std::vector<const char*> args(argv, argv + argc);
  if (int status = first_word(app, args, out, err); status >= 0) return status;
  try {
    app.parse(static_cast<int>(args.size()), args.data());
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
