#include "core/assert.hpp"

#include <cstdio>
#include <cstdlib>

namespace strat {

void assert_failed(const char* condition, const std::string& message, const char* file, int line) {
  std::fprintf(stderr, "strat: internal check failed at %s:%d: %s: %s\n", file, line, condition, message.c_str());
  std::fflush(stderr);
  std::abort();
}

}  // namespace strat
