#pragma once
// Bad input (malformed positions, illegal moves, unknown games or options) is reported by throwing BadInput
// with one clear line; the CLI turns it into exit status 2, the server into an error message.
#include <stdexcept>
#include <string>

namespace strat {

class BadInput : public std::runtime_error {
 public:
  using std::runtime_error::runtime_error;
};

[[noreturn]] inline void bad_input(const std::string& what) { throw BadInput(what); }

}  // namespace strat
