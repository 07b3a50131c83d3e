#include "core/parameters.hpp"

#include <algorithm>
#include <charconv>

#include <nlohmann/json.hpp>

#include "core/error.hpp"
#include "core/text.hpp"

namespace strat {

Parameter Parameter::flag(std::string name, std::string doc) {
  return {std::move(name), Type::Bool, "false", {}, 0, 0, std::move(doc)};
}

Parameter Parameter::integer(std::string name, std::int64_t fallback, std::int64_t min, std::int64_t max,
                             std::string doc) {
  return {std::move(name), Type::Int, std::to_string(fallback), {}, min, max, std::move(doc)};
}

Parameter Parameter::choice(std::string name, std::vector<std::string> values, std::string doc) {
  std::string fallback = values.empty() ? "" : values.front();
  return {std::move(name), Type::Enum, std::move(fallback), std::move(values), 0, 0, std::move(doc)};
}

Parameter Parameter::text(std::string name, std::string fallback, std::string doc) {
  return {std::move(name), Type::String, std::move(fallback), {}, 0, 0, std::move(doc)};
}

const char* type_name(Parameter::Type type) {
  switch (type) {
    case Parameter::Type::Bool: return "bool";
    case Parameter::Type::Int: return "int";
    case Parameter::Type::Enum: return "enum";
    case Parameter::Type::String: return "string";
  }
  return "?";
}

std::string Parameter::allowed() const {
  switch (type) {
    case Type::Bool: return "true/false";
    case Type::Int: return std::to_string(min) + ".." + std::to_string(max);
    case Type::Enum: {
      std::string out;
      for (const auto& v : values) out += (out.empty() ? "" : ", ") + v;
      return out;
    }
    case Type::String: return "text";
  }
  return "";
}

void Parameter::check(std::string_view game, const std::string& value, std::string_view what) const {
  const std::string where = std::string(what) + " " + strat::quoted(name) + " of " + std::string(game);
  switch (type) {
    case Type::Bool: {
      // The spellings Options::flag reads; a bare name ("huffing") is true.
      static const char* const ok[] = {"", "1", "0", "true", "false", "yes", "no", "on", "off"};
      if (std::find(std::begin(ok), std::end(ok), value) == std::end(ok))
        bad_input(where + " expects true/false, got " + strat::quoted(value));
      return;
    }
    case Type::Int: {
      std::int64_t n = 0;
      const auto [p, ec] = std::from_chars(value.data(), value.data() + value.size(), n);
      if (value.empty() || ec != std::errc() || p != value.data() + value.size() || n < min || n > max)
        bad_input(where + " expects a whole number in " + allowed() + ", got " + strat::quoted(value));
      return;
    }
    case Type::Enum:
      if (std::find(values.begin(), values.end(), value) == values.end())
        bad_input(where + " must be one of " + allowed() + ", got " + strat::quoted(value));
      return;
    case Type::String: return;
  }
}

void check_options(std::string_view game, const std::vector<Parameter>& parameters, const Options& options,
                   std::string_view what) {
  for (const auto& [key, value] : options.values()) {
    const auto p = std::find_if(parameters.begin(), parameters.end(), [&](const Parameter& x) { return x.name == key; });
    if (p == parameters.end()) {
      std::string known;
      for (const auto& x : parameters) known += (known.empty() ? "" : ", ") + x.name;
      bad_input("unknown " + std::string(what) + " " + strat::quoted(key) + " of " + std::string(game) + " (" +
                (known.empty() ? "it has none" : "known: " + known) + ")");
    }
    p->check(game, value, what);
  }
}

nlohmann::json parameters_json(const std::vector<Parameter>& parameters) {
  nlohmann::json out = nlohmann::json::array();
  for (const auto& p : parameters) {
    nlohmann::json j = {{"name", p.name}, {"type", type_name(p.type)}, {"doc", p.doc}};
    switch (p.type) {
      case Parameter::Type::Bool: j["default"] = p.default_value == "true"; break;
      case Parameter::Type::Int:
        j["default"] = std::stoll(p.default_value);
        j["min"] = p.min;
        j["max"] = p.max;
        break;
      case Parameter::Type::Enum:
        j["default"] = p.default_value;
        j["values"] = p.values;
        break;
      case Parameter::Type::String: j["default"] = p.default_value; break;
    }
    out.push_back(std::move(j));
  }
  return out;
}

}  // namespace strat
