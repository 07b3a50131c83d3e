// docs/games/parameters.md, generated from the registry: tests/core/parameters_test.cpp fails when the file
// differs, and `strat games --markdown > docs/games/parameters.md` rewrites it.
#include <string>

#include "core/registry.hpp"

namespace strat {

namespace {
std::string cell(std::string text) {  // a Markdown table cell: no pipes
  std::string out;
  for (char c : text) out += c == '|' ? std::string("\\|") : std::string(1, c);
  return out;
}
}  // namespace

std::string parameters_markdown(const std::vector<GameInfo>& games) {
  std::string out =
      "# Game parameters\n\n"
      "Generated from each game's declared parameters (src/games/<folder>/register.cpp); do not edit by hand.\n"
      "Regenerate with `build/strat games --markdown > docs/games/parameters.md` (a test fails while it differs).\n"
      "Options go after the game's name and a colon: `stratego:barrage,ply_limit=2000`; a bare variant name\n"
      "selects that variant, a bare bool name sets it.\n";
  for (const auto& g : games) {
    out += "\n## " + g.name + "\n\n";
    auto table = [&](const std::vector<Parameter>& parameters) {
      out += "| name | type | default | allowed | meaning |\n|---|---|---|---|---|\n";
      for (const auto& p : parameters)
        out += "| `" + p.name + "` | " + type_name(p.type) + " | " + (p.default_value.empty() ? "" : "`" + p.default_value + "`") +
               " | " + cell(p.allowed()) + " | " + cell(p.doc) + " |\n";
    };
    if (g.parameters.empty()) out += "No parameters.\n";
    else table(g.parameters);
    for (const auto& [agent, parameters] : g.agent_parameters) {
      out += "\n### Agent `" + agent + "`\n\nOptions after the agent's name and a colon: `" + agent + ":" +
             (parameters.empty() ? std::string() : parameters.front().name + "=" + parameters.front().default_value) + "`.\n\n";
      table(parameters);
    }
  }
  return out;
}

}  // namespace strat
