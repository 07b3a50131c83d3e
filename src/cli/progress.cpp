#include "cli/progress.hpp"

#include <unistd.h>

#include <cstdio>
#include <iostream>

namespace strat::cli {

bool stderr_is_terminal(const std::ostream& err) { return &err == &std::cerr && isatty(STDERR_FILENO); }

Progress::Progress(std::ostream& err, std::string label, bool enabled)
    : err_(err), label_(std::move(label)), enabled_(enabled) {}

Progress::~Progress() { done(); }

void Progress::update(double fraction, const std::string& detail) {
  if (!enabled_ || finished_) return;
  auto now = std::chrono::steady_clock::now();
  if (fraction < 1.0 && now - last_ < std::chrono::milliseconds(100)) return;
  last_ = now;
  if (fraction < 0) fraction = 0;
  if (fraction > 1) fraction = 1;
  const int width = 30, filled = static_cast<int>(fraction * width);
  std::string bar(filled, '#');
  bar += std::string(width - filled, '.');
  char pct[16];
  std::snprintf(pct, sizeof pct, "%3d%%", static_cast<int>(fraction * 100));
  err_ << "\r" << label_ << " [" << bar << "] " << pct << " " << detail << "   " << std::flush;
}

void Progress::done() {
  if (!enabled_ || finished_) return;
  finished_ = true;
  err_ << "\r\x1b[2K" << std::flush;
}

}  // namespace strat::cli
