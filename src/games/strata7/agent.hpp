#pragma once
// The `strata7` agent: the game's own alpha-beta search (search.hpp) over State::evaluate_points.
// Options: time=MS (default 1000), depth=N (with time=0 the search is deterministic: used by the tests; the
// default depth is then 4), qplies=N (quiescence plies, default 6).
#include <memory>
#include <string_view>

#include "core/agent.hpp"
#include "games/strata7/search.hpp"

namespace strat::strata7 {

class Agent {
 public:
  explicit Agent(SearchConfig config) : search_(config) {}
  Move choose(const State& s) { return search_.choose(s); }
  const Search& search() const { return search_; }

 private:
  Search search_;
};

// `agents`: the game's agent list (GameInfo::agent_list()), named when `spec` is none of them.
std::unique_ptr<AnyAgent> make_agent(std::string_view spec, std::uint64_t seed, std::string_view agents);

}  // namespace strat::strata7
