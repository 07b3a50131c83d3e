#pragma once
// Zobrist keys: one per (cell, player, Guard/Officer), plus side to move and the first-turn counter (T-11
// changes the legal moves, so positions differing only there must not share a key).
#include <array>
#include <cstdint>

#include "core/rng.hpp"

namespace strat::strategic {

struct Zobrist {
  std::array<std::array<std::uint64_t, 4>, 64> piece{};  // [cell][player * 2 + officer]
  std::uint64_t side = 0;
  std::array<std::uint64_t, 3> first{};
  static const Zobrist& get() {
    static const Zobrist z = [] {
      Zobrist t;
      std::uint64_t x = 0x5712a7e61cULL;
      for (auto& cell : t.piece)
        for (auto& k : cell) k = splitmix64(x);
      t.side = splitmix64(x);
      for (auto& k : t.first) k = splitmix64(x);
      return t;
    }();
    return z;
  }
};

}  // namespace strat::strategic
