#include "cli/outcome_text.hpp"

#include "core/error.hpp"
#include "core/text.hpp"

namespace strat::cli {

std::string outcome_text(const AnyState& s) {
  Outcome o = s.outcome();
  switch (o.status) {
    case Status::Ongoing: return "ongoing";
    case Status::Draw: return std::string("draw (") + o.reason + ")";
    case Status::Win: return s.player_name(o.winner) + " wins (" + o.reason + ")";
  }
  return "ongoing";
}

nlohmann::json outcome_json(const AnyState& s) {
  Outcome o = s.outcome();
  nlohmann::json j{{"status", o.status == Status::Ongoing ? "ongoing" : o.status == Status::Draw ? "draw" : "win"},
                   {"reason", o.reason}};
  if (o.status == Status::Win) j["winner"] = s.player_name(o.winner);
  return j;
}

std::optional<Outcome> outside_rules_result(const AnyState& s, const std::string& text) {
  if (text == "draw (agreement)") return Outcome::draw("agreement");
  for (int p = 0; p < 2; ++p) {
    const std::string wins = s.player_name(p) + " wins (";
    for (const char* reason : {"resign", "time", "protocol"})
      if (text == wins + reason + ")") return Outcome::win(p, reason);
    // An outside program's broken protocol, with what it did: "blue wins (protocol: illegal move '0 3 UP')".
    if (text.rfind(wins + "protocol: ", 0) == 0 && text.back() == ')') return Outcome::win(p, "protocol");
  }
  return std::nullopt;
}

std::string settle_claimed_result(AnyState& s, const std::string& claimed) {
  const std::string reached = outcome_text(s);
  if (claimed.empty() || claimed == reached) return "";
  const auto outside = outside_rules_result(s, claimed);
  if (outside && !s.outcome().over()) {
    s.end(*outside);
    return "";
  }
  if (outside)
    return "the record's result " + strat::quoted(claimed) + " ends the game outside the rules, but its moves already end it: " +
           strat::quoted(reached);
  for (const char* reason : {"(resign)", "(time)", "(agreement)", "(protocol"})
    if (claimed.find(reason) != std::string::npos)
      return "the record's result " + strat::quoted(claimed) + " is not possible: a resignation or a loss on time gives '" +
             s.player_name(0) + " wins (resign)', '" + s.player_name(1) + " wins (time)' and the like, an agreement " +
             "'draw (agreement)'";
  return "the record's result is " + strat::quoted(claimed) + " but the moves give " + strat::quoted(reached);
}

int parse_player(const AnyState& s, const std::string& text) {
  for (int p = 0; p < 2; ++p) {
    auto name = s.player_name(p);
    if (text == name || text == std::to_string(p) || (text.size() == 1 && text[0] == name[0])) return p;
  }
  bad_input("unknown player " + strat::quoted(text) + " (expected " + s.player_name(0) + " or " + s.player_name(1) + ")");
}

}  // namespace strat::cli
