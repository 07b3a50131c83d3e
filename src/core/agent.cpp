#include "core/agent.hpp"

#include <time.h>

#include <atomic>

namespace strat {

Budget Budget::from(const Options& o, long default_iterations) {
  Budget b;
  b.time_ms = static_cast<double>(o.get_int("time", 0, 0, 3'600'000));
  b.iterations = static_cast<long>(o.get_int("iterations", b.time_ms > 0 ? 0 : default_iterations, 0, 1'000'000'000));
  return b;
}

namespace {
std::atomic<SearchClock> g_search_clock{SearchClock::Wall};
}  // namespace

void set_search_clock(SearchClock clock) { g_search_clock.store(clock, std::memory_order_relaxed); }
SearchClock search_clock() { return g_search_clock.load(std::memory_order_relaxed); }

std::int64_t search_clock_ns() {
  if (search_clock() == SearchClock::ThreadCpu) {
    timespec t{};
    clock_gettime(CLOCK_THREAD_CPUTIME_ID, &t);
    return static_cast<std::int64_t>(t.tv_sec) * 1'000'000'000 + t.tv_nsec;
  }
  return std::chrono::duration_cast<std::chrono::nanoseconds>(std::chrono::steady_clock::now().time_since_epoch())
      .count();
}

}  // namespace strat
