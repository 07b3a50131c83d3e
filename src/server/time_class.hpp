#pragma once
// A rated game's time class (docs/server.md, "Rated games"), Lichess's way: from the estimated duration of one
// side's time for a 40-move game, base + 40 x increment, so that 2+1 and 3+0 are both bullet.
#include <cstdint>
#include <string>

namespace strat::server {

// "bullet" (under 3 min), "blitz" (under 8), "rapid" (under 25), "classical" (25 and more); "" without a clock,
// which no rated game may lack.
std::string time_class(std::int64_t initial_ms, std::int64_t increment_ms);
bool valid_time_class(const std::string& name);

}  // namespace strat::server
