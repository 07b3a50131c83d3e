#pragma once
// Options after a colon, shared by game specs and agent specs: "stratego:barrage,two_square=isf",
// "mcts:iterations=2000,time=500". A bare word is a flag (or a variant name for games).
#include <cstdint>
#include <initializer_list>
#include <map>
#include <string>
#include <string_view>

namespace strat {

class Options {
 public:
  Options() = default;
  // Parses "a,b=3,c" (what = "game option" / "agent option", used in error messages).
  static Options parse(std::string_view text, std::string_view what);
  // Splits "name:options" into the name and its options.
  static std::pair<std::string, Options> parse_spec(std::string_view spec, std::string_view what);

  bool has(const std::string& key) const { return values_.count(key) != 0; }
  bool flag(const std::string& key) const;
  std::string get(const std::string& key, const std::string& fallback) const;
  std::int64_t get_int(const std::string& key, std::int64_t fallback, std::int64_t lo, std::int64_t hi) const;
  void set(const std::string& key, const std::string& value) { values_[key] = value; }
  void erase(const std::string& key) { values_.erase(key); }
  // Throws BadInput naming the first key that is not in `known`.
  void check_known(std::initializer_list<std::string_view> known) const;
  const std::map<std::string, std::string>& values() const { return values_; }
  std::string to_string() const;  // canonical "a,b=3"
  bool empty() const { return values_.empty(); }

 private:
  std::map<std::string, std::string> values_;
  std::string what_ = "option";
};

}  // namespace strat
