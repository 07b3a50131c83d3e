#include "core/agent.hpp"

namespace strat {

Budget Budget::from(const Options& o, long default_iterations) {
  Budget b;
  b.time_ms = static_cast<double>(o.get_int("time", 0, 0, 3'600'000));
  b.iterations = static_cast<long>(o.get_int("iterations", b.time_ms > 0 ? 0 : default_iterations, 0, 1'000'000'000));
  return b;
}

}  // namespace strat
