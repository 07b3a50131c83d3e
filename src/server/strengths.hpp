#pragma once
// The computer's strengths (docs/server.md, "Computer strengths"): the agent spec the lobby plays for each, as
// web/src/strength.ts writes it. A game counts for a strength's rating only when its computer plays exactly that
// spec, so a game made through the API with any other setting is never taken for one of them.
#include <optional>
#include <string>

#include "core/registry.hpp"

namespace strat::server {

// "beginner", "club", "strong", "maximum", weakest first.
inline constexpr const char* kStrengths[] = {"beginner", "club", "strong", "maximum"};

// The agent spec of `strength` in `game`: `random` for Beginner (and for every strength of a game whose own
// agent is `random`), else the game's own agent (the last of its agents) with a thinking time; "" for a name
// that is no strength.
std::string strength_agent(const GameInfo& game, const std::string& strength);
// The strength whose agent spec is `agent` in `game`, the weakest first when several share it.
std::optional<std::string> strength_of(const GameInfo& game, const std::string& agent);
// The strength's place in kStrengths; the count of strengths for a name that is none.
int strength_rank(const std::string& strength);

}  // namespace strat::server
