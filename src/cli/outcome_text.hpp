#pragma once
// Shared wording of results and players for the CLI verbs.
#include <nlohmann/json.hpp>
#include <optional>
#include <string>

#include "core/any_state.hpp"

namespace strat::cli {

// "red wins (flag)", "draw (ply limit)", "ongoing".
std::string outcome_text(const AnyState& s);
nlohmann::json outcome_json(const AnyState& s);
// A result reached outside the rules, as a record writes it: "blue wins (resign)", "red wins (time)",
// "draw (agreement)", "red wins (protocol: no answer within 2000 ms)" (an outside program in the arena broke
// its protocol). Empty for any other text.
std::optional<Outcome> outside_rules_result(const AnyState& s, const std::string& text);
// Checks a record's `claimed` result against the state its moves reached, and ends that state with the claimed
// result when it was reached outside the rules and the moves leave the game open. Returns an error, or "".
std::string settle_claimed_result(AnyState& s, const std::string& claimed);
// A player by name ("red"), initial ("r") or number (0/1); throws BadInput otherwise.
int parse_player(const AnyState& s, const std::string& text);

}  // namespace strat::cli
