// `strat games --json` keeps its fields and adds each game's declared parameters; `--markdown` prints the
// table of docs/games/parameters.md.
#include <gtest/gtest.h>

#include <nlohmann/json.hpp>

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
