#include "games/dhamet/movegen.hpp"

namespace strat::dhamet {

Bits man_capturers(const Board& b);

namespace {

enum class Mode { Collect, Count, Loose, Max };

// Depth-first search over capturing sequences. Captured pieces leave the board as they are jumped (D-10), and
// the moving piece leaves its origin, so both kinds of freed point may be crossed or landed on again.
template <Mode M>
struct Captures {
  Bits enemy = 0, occ = 0;  // occ: every piece except the one moving
  std::uint8_t path[kMaxPath];
  int from = 0;
  int best = 0;
  std::uint64_t count = 0;
  Bits achievers = 0;
  std::vector<Move>* out = nullptr;

  void record(int k) {
    if constexpr (M == Mode::Loose) {
      push(k);
    } else {
      if (k > best) {
        best = k;
        if constexpr (M == Mode::Collect) out->clear();
        if constexpr (M == Mode::Count) count = 0;
        if constexpr (M == Mode::Max) achievers = 0;
      }
      if (k == best) {
        if constexpr (M == Mode::Collect) push(k);
        if constexpr (M == Mode::Count) ++count;
        if constexpr (M == Mode::Max) achievers |= bit(from);
      }
    }
  }

  void push(int k) {
    Move m;
    m.from = static_cast<std::uint8_t>(from);
    m.n = static_cast<std::uint8_t>(k);
    m.caps = static_cast<std::uint8_t>(k);
    for (int i = 0; i < k; ++i) m.path[i] = path[i];
    out->push_back(m);
  }

  void man(int s, int k) {
    bool extended = false;
    const auto& jumps = kGeo.jumps[s];
    const int n = kGeo.jump_count[s];
    for (int i = 0; i < n; ++i) {
      const int over = jumps[i].over, land = jumps[i].land;
      if (!has(enemy, over) || has(occ, land)) continue;
      extended = true;
      const Bits ob = bit(over);
      enemy ^= ob;
      occ ^= ob;
      path[k] = static_cast<std::uint8_t>(land);
      if constexpr (M == Mode::Loose) record(k + 1);
      man(land, k + 1);
      enemy ^= ob;
      occ ^= ob;
    }
    if (M != Mode::Loose && !extended && k > 0) record(k);
  }

  // D-14: slide over empty points, jump exactly one enemy piece, land directly beyond it.
  void sultan(int s, int k) {
    bool extended = false;
    const int nd = kGeo.dir_count[s];
    for (int i = 0; i < nd; ++i) {
      const int d = kGeo.dirs[s][i];
      int t = kGeo.next[s][d];
      while (t >= 0 && !has(occ, t)) t = kGeo.next[t][d];
      if (t < 0 || !has(enemy, t)) continue;
      const int land = kGeo.next[t][d];
      if (land < 0 || has(occ, land)) continue;
      extended = true;
      const Bits ob = bit(t);
      enemy ^= ob;
      occ ^= ob;
      path[k] = static_cast<std::uint8_t>(land);
      if constexpr (M == Mode::Loose) record(k + 1);
      sultan(land, k + 1);
      enemy ^= ob;
      occ ^= ob;
    }
    if (M != Mode::Loose && !extended && k > 0) record(k);
  }

  void run(const Board& b) {
    const int c = b.side, e = 1 - c;
    enemy = b.pieces(e);
    const Bits all = b.occupied();
    for (Bits x = man_capturers(b); x;) {
      from = pop_lsb(x);
      occ = all & ~bit(from);
      man(from, 0);
    }
    for (Bits x = b.sultans[c]; x;) {
      from = pop_lsb(x);
      occ = all & ~bit(from);
      sultan(from, 0);
    }
  }
};

Move step(int from, int to) {
  Move m;
  m.from = static_cast<std::uint8_t>(from);
  m.n = 1;
  m.path[0] = static_cast<std::uint8_t>(to);
  return m;
}

// Men's step targets per direction (D-06): forward along the column, or forward diagonally from an open point.
struct ManSteps {
  Bits targets[3];
  int offset[3];  // target - origin
};

ManSteps man_steps(const Board& b, int c) {
  const Bits men = b.men[c], empty = b.empty();
  const Bits diag = men & kGeo.open;
  if (c == kWhite)
    return {{(men << 9) & empty, ((diag & ~kGeo.col_i) << 10) & empty, ((diag & ~kGeo.col_a) << 8) & empty},
            {9, 10, 8}};
  return {{(men >> 9) & empty, ((diag & ~kGeo.col_i) >> 8) & empty, ((diag & ~kGeo.col_a) >> 10) & empty},
          {-9, -8, -10}};
}

void sultan_slides(const Board& b, int c, std::vector<Move>& out) {
  const Bits occ = b.occupied();
  for (Bits x = b.sultans[c]; x;) {
    const int s = pop_lsb(x);
    const int nd = kGeo.dir_count[s];
    for (int i = 0; i < nd; ++i) {
      const int d = kGeo.dirs[s][i];
      for (int t = kGeo.next[s][d]; t >= 0 && !has(occ, t); t = kGeo.next[t][d]) out.push_back(step(s, t));
    }
  }
}

int sultan_slide_count(const Board& b, int c) {
  const Bits occ = b.occupied();
  int n = 0;
  for (Bits x = b.sultans[c]; x;) {
    const int s = pop_lsb(x);
    const int nd = kGeo.dir_count[s];
    for (int i = 0; i < nd; ++i) {
      const int d = kGeo.dirs[s][i];
      for (int t = kGeo.next[s][d]; t >= 0 && !has(occ, t); t = kGeo.next[t][d]) ++n;
    }
  }
  return n;
}

void generate_steps(const Board& b, std::vector<Move>& out) {
  const ManSteps ms = man_steps(b, b.side);
  for (int k = 0; k < 3; ++k)
    for (Bits x = ms.targets[k]; x;) {
      const int to = pop_lsb(x);
      out.push_back(step(to - ms.offset[k], to));
    }
  sultan_slides(b, b.side, out);
}

}  // namespace

namespace {
// Men of `men` that can jump in direction d: an enemy next to them that way and an empty point beyond.
template <int d>
Bits jumpers(Bits men, Bits enemy, Bits empty) {
  constexpr int o = kOpposite[d];
  return men & shift<o>(enemy & shift<o>(empty));
}
}  // namespace

Bits man_capturers(const Board& b) {
  const int c = b.side;
  const Bits men = b.men[c], enemy = b.pieces(1 - c), empty = b.empty();
  return jumpers<0>(men, enemy, empty) | jumpers<1>(men, enemy, empty) | jumpers<2>(men, enemy, empty) |
         jumpers<3>(men, enemy, empty) | jumpers<4>(men, enemy, empty) | jumpers<5>(men, enemy, empty) |
         jumpers<6>(men, enemy, empty) | jumpers<7>(men, enemy, empty);
}

bool has_capture(const Board& b) {
  if (man_capturers(b)) return true;
  const int c = b.side, e = 1 - c;
  const Bits enemy = b.pieces(e), occ = b.occupied();
  for (Bits x = b.sultans[c]; x;) {
    const int s = pop_lsb(x);
    for (int i = 0, nd = kGeo.dir_count[s]; i < nd; ++i) {
      const int d = kGeo.dirs[s][i];
      int t = kGeo.next[s][d];
      while (t >= 0 && !has(occ, t)) t = kGeo.next[t][d];
      if (t < 0 || !has(enemy, t)) continue;
      const int land = kGeo.next[t][d];
      if (land >= 0 && !has(occ, land)) return true;
    }
  }
  return false;
}

int step_mobility(const Board& b, int c) {
  const ManSteps ms = man_steps(b, c);
  return popcount(ms.targets[0]) + popcount(ms.targets[1]) + popcount(ms.targets[2]) + sultan_slide_count(b, c);
}

bool has_step(const Board& b) { return step_mobility(b, b.side) > 0; }

void generate_strict(const Board& b, std::vector<Move>& out) {
  out.clear();
  if (has_capture(b)) {
    Captures<Mode::Collect> cap;
    cap.out = &out;
    cap.run(b);
    return;
  }
  generate_steps(b, out);
}

std::uint64_t count_strict(const Board& b) {
  if (has_capture(b)) {
    Captures<Mode::Count> cap;
    cap.run(b);
    return cap.count;
  }
  return static_cast<std::uint64_t>(step_mobility(b, b.side));
}

void generate_loose(const Board& b, std::vector<Move>& out) {
  out.clear();
  Captures<Mode::Loose> cap;
  cap.out = &out;
  cap.run(b);
  generate_steps(b, out);
}

int max_capture(const Board& b, Bits* achievers) {
  if (!has_capture(b)) {
    if (achievers) *achievers = 0;
    return 0;
  }
  Captures<Mode::Max> cap;
  cap.run(b);
  if (achievers) *achievers = cap.achievers;
  return cap.best;
}

}  // namespace strat::dhamet
