#pragma once
// STRAT_ASSERT(cond, msg): internal invariants (a game's inconsistency(), a search's bookkeeping) checked in
// Debug builds and in the sanitizer build (which defines STRAT_SANITIZED and is built RelWithDebInfo, so with
// NDEBUG), compiled out in Release, where hot paths must not pay for them. A failure is a bug in strat, not bad
// input: it prints where and why, and aborts. `msg` (a string) is only evaluated when the check fails.
#include <string>

#if defined(STRAT_SANITIZED) || !defined(NDEBUG)
#define STRAT_CHECKED 1
#else
#define STRAT_CHECKED 0
#endif

namespace strat {

constexpr bool kChecked = STRAT_CHECKED;  // internal linkage: a test may turn checks on for one file

[[noreturn]] void assert_failed(const char* condition, const std::string& message, const char* file, int line);

}  // namespace strat

#if STRAT_CHECKED
#define STRAT_ASSERT(cond, msg) \
  ((cond) ? static_cast<void>(0) : ::strat::assert_failed(#cond, (msg), __FILE__, __LINE__))
#else
// Still compiled (so a check cannot rot in Release), never evaluated.
#define STRAT_ASSERT(cond, msg) \
  (false ? (static_cast<void>(cond), static_cast<void>(msg)) : static_cast<void>(0))
#endif
