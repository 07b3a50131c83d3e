#pragma once
// Shared wording of results and players for the CLI verbs.
#include <nlohmann/json.hpp>
#include <string>

#include "core/any_state.hpp"

namespace strat::cli {

// "red wins (flag)", "draw (ply limit)", "ongoing".
std::string outcome_text(const AnyState& s);
nlohmann::json outcome_json(const AnyState& s);
// A player by name ("red"), initial ("r") or number (0/1); throws BadInput otherwise.
int parse_player(const AnyState& s, const std::string& text);

}  // namespace strat::cli
