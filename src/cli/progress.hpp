#pragma once
// A progress bar on stderr, shown only when stderr is a terminal (so logs and tests stay clean).
#include <chrono>
#include <iosfwd>
#include <string>

namespace strat::cli {

class Progress {
 public:
  Progress(std::ostream& err, std::string label, bool enabled);
  ~Progress();
  void update(double fraction, const std::string& detail = "");
  void done();

 private:
  std::ostream& err_;
  std::string label_;
  bool enabled_;
  bool finished_ = false;
  std::chrono::steady_clock::time_point last_{};
};

bool stderr_is_terminal(const std::ostream& err);

}  // namespace strat::cli
