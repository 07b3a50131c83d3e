#pragma once
#include <pybind11/pybind11.h>

namespace strat::pyapi {
// Registers strat.VectorEnv (vector_env.cpp).
void bind_vector_env(pybind11::module_& m);
}  // namespace strat::pyapi
