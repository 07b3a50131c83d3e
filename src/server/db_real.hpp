#pragma once
// Real numbers (ratings) through Db: written as text with every digit a double holds, so a stored rating reads
// back as the one computed, on both engines.
#include <cstdio>
#include <string>

#include "server/db.hpp"

namespace strat::server {

inline std::string exact(double x) {
  char text[32];
  std::snprintf(text, sizeof text, "%.17g", x);
  return text;
}

inline double real(const DbRow& row, std::size_t col) { return std::stod(row.text(col)); }

}  // namespace strat::server
