#pragma once
// Seeded randomness: every random choice in strat (setups, deals, shuffles, agents) comes from an Rng built
// from an explicit seed, so games, tests and self-play runs are reproducible.
#include <cstdint>
#include <utility>

namespace strat {

// SplitMix64's finalizer: every bit of x reaches every bit of the result (hash keys, seeds).
inline std::uint64_t mix64(std::uint64_t z) {
  z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ULL;
  z = (z ^ (z >> 27)) * 0x94D049BB133111EBULL;
  return z ^ (z >> 31);
}

inline std::uint64_t splitmix64(std::uint64_t& x) { return mix64(x += 0x9E3779B97F4A7C15ULL); }

// xoshiro256**: fast, small state, good statistical quality; cheap to copy into playouts.
class Rng {
 public:
  explicit Rng(std::uint64_t seed = 0) { reseed(seed); }

  void reseed(std::uint64_t seed) {
    std::uint64_t x = seed;
    for (auto& w : s_) w = splitmix64(x);
  }

  std::uint64_t next() {
    const std::uint64_t result = rotl(s_[1] * 5, 7) * 9;
    const std::uint64_t t = s_[1] << 17;
    s_[2] ^= s_[0];
    s_[3] ^= s_[1];
    s_[1] ^= s_[2];
    s_[0] ^= s_[3];
    s_[2] ^= t;
    s_[3] = rotl(s_[3], 45);
    return result;
  }

  // Uniform integer in [0, n), n > 0 (Lemire's multiply-shift; the tiny bias is irrelevant for n << 2^32).
  std::uint32_t below(std::uint32_t n) {
    return static_cast<std::uint32_t>((static_cast<std::uint64_t>(next() >> 32) * n) >> 32);
  }

  double uniform() { return static_cast<double>(next() >> 11) * 0x1.0p-53; }

  template <class It>
  void shuffle(It first, It last) {
    auto n = last - first;
    for (auto i = n - 1; i > 0; --i) {
      auto j = below(static_cast<std::uint32_t>(i + 1));
      using std::swap;
      swap(first[i], first[j]);
    }
  }

  // A new independent stream, e.g. one per game of a self-play run.
  Rng split() { return Rng(next()); }

  using result_type = std::uint64_t;
  static constexpr result_type min() { return 0; }
  static constexpr result_type max() { return ~result_type{0}; }
  result_type operator()() { return next(); }

 private:
  static std::uint64_t rotl(std::uint64_t x, int k) { return (x << k) | (x >> (64 - k)); }
  std::uint64_t s_[4];
};

}  // namespace strat
