#include "core/options.hpp"

#include <charconv>

#include "core/error.hpp"
#include "core/text.hpp"

namespace strat {

Options Options::parse(std::string_view text, std::string_view what) {
  Options o;
  o.what_ = std::string(what);
  std::size_t pos = 0;
  while (pos <= text.size() && !text.empty()) {
    auto comma = text.find(',', pos);
    auto item = text.substr(pos, comma == std::string_view::npos ? std::string_view::npos : comma - pos);
    if (item.empty()) bad_input(std::string("empty ") + std::string(what) + " in " + strat::quoted(text));
    auto eq = item.find('=');
    std::string key(item.substr(0, eq));
    std::string value = eq == std::string_view::npos ? "" : std::string(item.substr(eq + 1));
    if (key.empty()) bad_input(std::string("missing ") + std::string(what) + " name in " + strat::quoted(text));
    if (o.values_.count(key)) bad_input(std::string(what) + " " + strat::quoted(key) + " given twice");
    o.values_[key] = value;
    if (comma == std::string_view::npos) break;
    pos = comma + 1;
  }
  return o;
}

std::pair<std::string, Options> Options::parse_spec(std::string_view spec, std::string_view what) {
  auto colon = spec.find(':');
  std::string name(spec.substr(0, colon));
  Options o = colon == std::string_view::npos ? Options() : parse(spec.substr(colon + 1), what);
  o.what_ = std::string(what);
  return {name, o};
}

bool Options::flag(const std::string& key) const {
  auto it = values_.find(key);
  if (it == values_.end()) return false;
  const auto& v = it->second;
  if (v.empty() || v == "1" || v == "true" || v == "yes" || v == "on") return true;
  if (v == "0" || v == "false" || v == "no" || v == "off") return false;
  bad_input(what_ + " " + strat::quoted(key) + " expects no value or true/false, got " + strat::quoted(v));
}

std::string Options::get(const std::string& key, const std::string& fallback) const {
  auto it = values_.find(key);
  return it == values_.end() ? fallback : it->second;
}

std::int64_t Options::get_int(const std::string& key, std::int64_t fallback, std::int64_t lo, std::int64_t hi) const {
  auto it = values_.find(key);
  if (it == values_.end()) return fallback;
  const auto& v = it->second;
  std::int64_t out = 0;
  auto [p, ec] = std::from_chars(v.data(), v.data() + v.size(), out);
  if (ec != std::errc() || p != v.data() + v.size())
    bad_input(what_ + " " + strat::quoted(key) + " expects a whole number, got " + strat::quoted(v));
  if (out < lo || out > hi)
    bad_input(what_ + " " + strat::quoted(key) + " must be between " + std::to_string(lo) + " and " + std::to_string(hi) +
              ", got " + v);
  return out;
}

void Options::check_known(std::initializer_list<std::string_view> known) const {
  for (const auto& [k, v] : values_) {
    bool ok = false;
    for (auto name : known) ok = ok || name == k;
    if (!ok) {
      std::string list;
      for (auto name : known) list += (list.empty() ? "" : ", ") + std::string(name);
      bad_input("unknown " + what_ + " " + strat::quoted(k) + (list.empty() ? "" : " (known: " + list + ")"));
    }
  }
}

std::string Options::to_string() const {
  std::string out;
  for (const auto& [k, v] : values_) {
    if (!out.empty()) out += ',';
    out += k;
    if (!v.empty()) out += '=' + v;
  }
  return out;
}

}  // namespace strat
