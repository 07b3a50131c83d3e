// `strat games --json` keeps its fields and adds each game's declared parameters; `--markdown` prints the
// table of docs/games/parameters.md.
#include <gtest/gtest.h>

#include <algorithm>
#include <nlohmann/json.hpp>
#include <string>
#include <vector>

#include "core/registry.hpp"
#include "run_cli.hpp"

using nlohmann::json;

TEST(GamesVerb, JsonListsEveryGameWithItsParameters) {
  const auto r = run_strat("games --json");
  ASSERT_EQ(r.status, 0) << r.err;
  const json list = json::parse(r.out);
  ASSERT_EQ(list.size(), strat::Registry::global().games().size());
  for (const auto& g : list) {
    for (const char* key : {"name", "title", "summary", "variants", "agents", "hidden_information", "chance"})
      EXPECT_TRUE(g.contains(key)) << key << " in " << g.dump();
    const auto& info = strat::Registry::global().get(g["name"].get<std::string>());
    EXPECT_EQ(g["parameters"], strat::parameters_json(info.parameters)) << g.dump();
  }
}

TEST(GamesVerb, MarkdownIsTheGeneratedTable) {
  const auto r = run_strat("games --markdown");
  ASSERT_EQ(r.status, 0) << r.err;
  EXPECT_EQ(r.out, strat::parameters_markdown(strat::Registry::global().games()));
  EXPECT_NE(r.out.find("| `ply_limit` | int | `3000` | 1..1000000 |"), std::string::npos) << r.out;
}

TEST(GamesVerb, JsonListsTheOwnAgentsDeclaredOptions) {
  const auto r = run_strat("games --json");
  ASSERT_EQ(r.status, 0) << r.err;
  for (const auto& g : json::parse(r.out)) {
    if (g["name"] != "stratego") continue;
    const auto& options = g["agent_parameters"]["stratego"];
    ASSERT_TRUE(options.is_array()) << g.dump();
    std::vector<std::string> names;
    for (const auto& p : options) names.push_back(p["name"]);
    EXPECT_NE(std::find(names.begin(), names.end(), "time"), names.end());
    EXPECT_LE(names.size(), 10u) << "at most about ten options";
  }
  // An option the agent does not declare is refused in one line naming the known ones.
  const auto bad = run_strat("selfplay stratego --agents stratego:fog=2,random --games 1");
  EXPECT_NE(bad.status, 0);
  EXPECT_NE(bad.err.find("unknown agent option 'fog' of stratego"), std::string::npos) << bad.err;
}
