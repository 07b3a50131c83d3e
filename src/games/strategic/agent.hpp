#pragma once
// The `strategic` engine agent: the shared negamax (src/ai/negamax.hpp) over State::evaluate, with
// captures and Officer formation searched first (State::move_order), then killers. Budgets: time=MS,
// depth=N, nodes=N (see agent.cpp).
#include <memory>
#include <string_view>

#include "core/agent.hpp"

namespace strat::strategic {

std::unique_ptr<AnyAgent> make_engine(std::string_view spec, std::uint64_t seed);

}  // namespace strat::strategic
