// Games declare their options once (GameInfo::parameters): the declaration agrees with what the game accepts,
// GameSpec::parse refuses anything else in one line naming what is allowed, and docs/games/parameters.md is
// the registry's table.
#include <gtest/gtest.h>

#include <fstream>
#include <sstream>

#include <nlohmann/json.hpp>

#include "core/error.hpp"
#include "core/registry.hpp"

using namespace strat;

namespace {

// Values a parameter allows, to try on the game: every choice, both ends of a range and the default.
std::vector<std::string> samples(const Parameter& p) {
  switch (p.type) {
    case Parameter::Type::Bool: return {"", "true", "false"};
    case Parameter::Type::Int: return {std::to_string(p.min), std::to_string(p.max), p.default_value};
    case Parameter::Type::Enum: return p.values;
    case Parameter::Type::String: return p.default_value.empty() ? std::vector<std::string>{} : std::vector{p.default_value};
  }
  return {};
}

std::string refusal(const std::string& spec) {
  try {
    GameSpec::parse(spec);
  } catch (const BadInput& e) {
    return e.what();
  }
  return "(accepted)";
}

}  // namespace

TEST(Parameters, EveryDeclaredValueIsAcceptedByTheGame) {
  for (const auto& g : Registry::global().games()) {
    for (const auto& p : g.parameters) {
      if (p.name == "repetitions") continue;  // its range has a hole the game refuses itself (1), tried below
      for (const auto& v : samples(p)) {
        const std::string text = g.name + ":" + p.name + (v.empty() ? "" : "=" + v);
        SCOPED_TRACE(text);
        const GameSpec spec = GameSpec::parse(text);
        EXPECT_NO_THROW(spec.new_game(1)) << text;
        EXPECT_NO_THROW(spec.agent("random", 1)) << text;
      }
    }
  }
  EXPECT_NO_THROW(GameSpec::parse("dhamet:repetitions=0").new_game(1));
  EXPECT_THROW(GameSpec::parse("dhamet:repetitions=1").new_game(1), BadInput);
}

TEST(Parameters, BadOptionsAreRefusedInOneLineNamingWhatIsAllowed) {
  for (const auto& g : Registry::global().games()) {
    SCOPED_TRACE(g.name);
    const std::string unknown = refusal(g.name + ":bogus=1");
    EXPECT_NE(unknown.find("unknown game option 'bogus' of " + g.name), std::string::npos) << unknown;
    for (const auto& p : g.parameters) {
      EXPECT_NE(unknown.find(p.name), std::string::npos) << unknown;
      std::string bad;
      if (p.type == Parameter::Type::Int) bad = std::to_string(p.max + 1);
      else if (p.type == Parameter::Type::Enum && p.name != "variant") bad = "nonsense";
      else if (p.type == Parameter::Type::Bool) bad = "maybe";
      else continue;
      const std::string why = refusal(g.name + ":" + p.name + "=" + bad);
      EXPECT_NE(why.find(p.allowed()), std::string::npos) << why;
      EXPECT_EQ(why.find('\n'), std::string::npos) << why;
    }
  }
  EXPECT_EQ(refusal("stratego:two_square=six"),
            "game option 'two_square' of stratego must be one of five, isf, classic, got 'six'");
  EXPECT_EQ(refusal("strata7:quiet_plies=-1"),
            "game option 'quiet_plies' of strata7 expects a whole number in 0..1000000, got '-1'");
}

TEST(Parameters, VariantsAreTheVariantParametersValues) {
  for (const auto& g : Registry::global().games()) {
    std::vector<std::string> declared;
    for (const auto& p : g.parameters)
      if (p.name == "variant") declared = p.values;
    EXPECT_EQ(g.variants, declared) << g.name;
  }
}

TEST(Parameters, JsonCarriesEveryField) {
  const auto j = parameters_json({Parameter::integer("n", 3, 0, 9, "a count"), Parameter::choice("v", {"a", "b"}, "pick"),
                                  Parameter::flag("f", "a flag"), Parameter::text("t", "x", "some text")});
  EXPECT_EQ(j.dump(),
            R"([{"default":3,"doc":"a count","max":9,"min":0,"name":"n","type":"int"},)"
            R"({"default":"a","doc":"pick","name":"v","type":"enum","values":["a","b"]},)"
            R"({"default":false,"doc":"a flag","name":"f","type":"bool"},)"
            R"({"default":"x","doc":"some text","name":"t","type":"string"}])");
}

// Regenerate with: build/strat games --markdown > docs/games/parameters.md
TEST(Parameters, DocsTableIsTheRegistrys) {
  std::ifstream file(std::string(STRAT_SOURCE_DIR) + "/docs/games/parameters.md");
  std::stringstream text;
  text << file.rdbuf();
  EXPECT_EQ(text.str(), parameters_markdown(Registry::global().games()))
      << "docs/games/parameters.md is stale: run build/strat games --markdown > docs/games/parameters.md";
}
