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

int parse_player(const AnyState& s, const std::string& text) {
  for (int p = 0; p < 2; ++p) {
    auto name = s.player_name(p);
    if (text == name || text == std::to_string(p) || (text.size() == 1 && text[0] == name[0])) return p;
  }
  bad_input("unknown player " + strat::quoted(text) + " (expected " + s.player_name(0) + " or " + s.player_name(1) + ")");
}

}  // namespace strat::cli
