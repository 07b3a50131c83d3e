#pragma once
// What a game declares about its options: one typed Parameter per option (name, type, default, allowed values
// or range, one line of documentation), written once in the game's folder. From that one list come the option
// checks of GameSpec::parse (an unknown option or a bad value is one line naming what is allowed), the
// `parameters` array of `strat games --json` and of the server's GET /api/games (so a lobby can build its
// form), and the table of docs/games/parameters.md (`strat games --markdown`).
#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

#include <nlohmann/json_fwd.hpp>

#include "core/options.hpp"

namespace strat {

struct Parameter {
  enum class Type { Bool, Int, Enum, String };
  std::string name;
  Type type = Type::Bool;
  std::string default_value;        // as written in a spec: "false", "300", "classic", ""
  std::vector<std::string> values;  // Enum: the allowed values
  std::int64_t min = 0, max = 0;    // Int: the allowed range, inclusive
  std::string doc;                  // one line

  static Parameter flag(std::string name, std::string doc);
  static Parameter integer(std::string name, std::int64_t fallback, std::int64_t min, std::int64_t max, std::string doc);
  // The first value is the default. A parameter named "variant" declares the game's variants: a bare value
  // selects it ("stratego:barrage").
  static Parameter choice(std::string name, std::vector<std::string> values, std::string doc);
  static Parameter text(std::string name, std::string fallback, std::string doc);

  // "true/false", "0..100000", "classic, barrage", "text".
  std::string allowed() const;
  // Throws BadInput with one line naming `game`, the parameter and what it allows when `value` is not allowed.
  void check(std::string_view game, const std::string& value, std::string_view what = "game option") const;
};

const char* type_name(Parameter::Type type);

// Throws BadInput for an option that is not among `parameters` (listing them) or has a bad value. `what` names the kind
// of option in the message ("game option", "agent option").
void check_options(std::string_view game, const std::vector<Parameter>& parameters, const Options& options,
                   std::string_view what = "game option");

nlohmann::json parameters_json(const std::vector<Parameter>& parameters);

}  // namespace strat
