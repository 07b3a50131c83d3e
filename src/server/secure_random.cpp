#include "server/secure_random.hpp"

#include <sys/random.h>

#include <cerrno>
#include <stdexcept>

namespace strat::server {

namespace {
void fill(void* out, std::size_t size) {
  auto* p = static_cast<unsigned char*>(out);
  while (size > 0) {
    ssize_t got = getrandom(p, size, 0);
    if (got < 0) {
      if (errno == EINTR) continue;
      throw std::runtime_error("getrandom failed: no secure random source");
    }
    p += got;
    size -= static_cast<std::size_t>(got);
  }
}
}  // namespace

std::uint64_t secure_random_u64() {
  std::uint64_t v = 0;
  fill(&v, sizeof v);
  return v;
}

std::string random_token() {
  unsigned char bytes[16];
  fill(bytes, sizeof bytes);
  static const char* hex = "0123456789abcdef";
  std::string out;
  out.reserve(32);
  for (unsigned char b : bytes) {
    out += hex[b >> 4];
    out += hex[b & 15];
  }
  return out;
}

}  // namespace strat::server
