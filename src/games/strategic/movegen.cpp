// Officer moves. Two stages:
//  1. A relaxed search that forgets the "never twice on a cell" rule (T-07) except for the Officers passed
//     over: empty cells fall into connected regions, and the states are (region, captured set). Its results
//     are a superset of the legal moves, and exactly the legal moves when no capture is possible (every cell
//     of a region touching the start is reachable by a simple path), which is the common case.
//  2. When captures exist, an exact search over paths, cut into segments between jumps, that only tries to
//     confirm the candidates of stage 1 and stops as soon as all are confirmed. Inside a segment only the
//     cells matter, and only through what later segments may touch: if the rest of the move cannot come back
//     into the segment's region, any path will do; otherwise only induced paths (no cell adjacent to an
//     earlier one but its predecessor) are tried, since any path contains an induced one using a subset of
//     its cells, and paths that leave the same cells free for the rest of the move are tried once.
//     A branch is dropped when the cells it can still reach cannot complete any unconfirmed candidate.
#include "games/strategic/movegen.hpp"

#include <algorithm>

namespace strat::strategic {

Mask reach(const Board& b, int from, Mask visited, Mask empty, Mask jumpable) {
  Mask r = bit(from);
  const Mask free = empty & ~visited, jump = jumpable & ~visited;
  while (true) {
    Mask grown = r | (b.neighbours(r) & free);
    for (int d = 0; d < 4; ++d) {
      const Mask landing = b.step(b.step(grown, d) & jump, d) & free;
      grown |= landing | b.step(landing, opposite(d));
    }
    if (grown == r) return r;
    r = grown;
  }
}

namespace {

struct Candidates {
  Mask captured;
  Mask ends;       // relaxed ends with this captured set
  Mask confirmed;  // ends with a real path found
  Mask regions;    // relaxed: regions (bit per region id) visited with this captured set
};

class OfficerSearch {
 public:
  OfficerSearch(const Board& b, Mask empty, Mask jumpable, int start, const std::vector<Mask>& regions,
                const std::int8_t* region_of, std::vector<Candidates>& cands, std::vector<Mask>& seen,
                std::vector<std::pair<int, Mask>>& queue)
      : b_(b), empty_(empty), jump_(jumpable), start_(start), regions_(regions), region_of_(region_of),
        cands_(cands), seen_(seen), queue_(queue) {}

  void run(std::vector<Move>& out) {
    const Mask first = b_.flood(bit(start_), empty_);
    Mask can_jump = 0;
    for (int d = 0; d < 4; ++d) can_jump |= b_.step(b_.step(first | bit(start_), d) & jump_, d) & empty_;
    if (!can_jump) {  // no capture possible: every cell of the start's regions, once
      for (Mask e = first; e; e &= e - 1)
        out.push_back({0, static_cast<std::uint8_t>(start_), static_cast<std::uint8_t>(lowest(e)), Kind::Officer});
      return;
    }
    cands_.clear();
    relaxed(first);
    if (cands_.size() > 1) {
      std::sort(cands_.begin(), cands_.end(), [](const Candidates& a, const Candidates& c) { return a.captured < c.captured; });
      unconfirmed_ = 0;
      for (const auto& c : cands_) unconfirmed_ += count(c.ends);
      seen_.clear();
      // A first pass tries one shortest path per jump, which confirms nearly everything; the exhaustive pass
      // then only works for what is left.
      greedy_ = true;
      explore(start_, bit(start_), 0, false);
      greedy_ = false;
      explore(start_, bit(start_), 0, false);
    } else if (!cands_.empty()) {
      cands_[0].confirmed = cands_[0].ends;
    }
    for (const auto& c : cands_)
      for (Mask e = c.confirmed; e; e &= e - 1)
        out.push_back({c.captured, static_cast<std::uint8_t>(start_), static_cast<std::uint8_t>(lowest(e)), Kind::Officer});
  }

 private:
  Candidates* find(Mask captured) {
    for (auto& c : cands_)
      if (c.captured == captured) return &c;
    return nullptr;
  }

  // Stage 1: breadth-first over (region, captured set); region -1 is the start cell itself.
  void relaxed(Mask first) {
    queue_.clear();
    for (Mask r = first; r;) {
      const int id = region_of_[lowest(r)];
      visit(id, 0);
      r &= ~regions_[static_cast<std::size_t>(id)];
    }
    queue_.push_back({-1, 0});
    for (std::size_t i = 0; i < queue_.size(); ++i) {
      const auto [id, captured] = queue_[i];
      const Mask from = id < 0 ? bit(start_) : regions_[static_cast<std::size_t>(id)];
      for (int d = 0; d < 4; ++d) {
        const Mask over = b_.step(from, d) & jump_ & ~captured;
        for (Mask z = b_.step(over, d) & empty_; z; z &= z - 1) {
          const int landing = lowest(z);
          const int jumped = b_.next[static_cast<std::size_t>(landing)][static_cast<std::size_t>(opposite(d))];
          visit(region_of_[landing], captured | bit(jumped));
        }
      }
    }
  }

  void visit(int id, Mask captured) {
    Candidates* c = find(captured);
    if (!c) {
      cands_.push_back({captured, 0, 0, 0});
      c = &cands_.back();
    }
    if (c->regions >> id & 1) return;
    c->regions |= bit(id);
    c->ends |= regions_[static_cast<std::size_t>(id)];
    queue_.push_back({id, captured});
  }

  void confirm(Mask captured, Mask ends) {
    Candidates* c = find(captured);
    if (!c) return;  // cannot happen: exact results are a subset of the relaxed ones
    const Mask fresh = ends & c->ends & ~c->confirmed;
    c->confirmed |= fresh;
    unconfirmed_ -= count(fresh);
  }

  // Can a continuation that may still touch `touch` (and has captured `captured`) confirm anything new?
  bool useful(Mask touch, Mask captured) const {
    for (const auto& c : cands_) {
      const Mask open = c.ends & ~c.confirmed;
      if (open && (c.captured & captured) == captured && (c.captured & ~captured & ~touch) == 0 && (open & touch))
        return true;
    }
    return false;
  }

  // Stage 2: the Officer stands on `at` (the start, or a landing cell when `landed`), having used `visited`.
  void explore(int at, Mask visited, Mask captured, bool landed) {
    if (unconfirmed_ == 0) return;
    if (!useful(reach(b_, at, visited, empty_, jump_), captured)) return;
    const Mask region = b_.flood(bit(at), empty_ & ~visited);
    confirm(captured, region | (landed ? bit(at) : 0));
    if (unconfirmed_ == 0) return;
    const Mask from = region | bit(at);
    for (int d = 0; d < 4; ++d) {
      const Mask over = b_.step(from, d) & jump_ & ~visited;
      for (Mask zs = b_.step(over, d) & empty_ & ~visited; zs; zs &= zs - 1) {
        const int z = lowest(zs);
        const int y = b_.next[static_cast<std::size_t>(z)][static_cast<std::size_t>(opposite(d))];
        const int q = b_.next[static_cast<std::size_t>(y)][static_cast<std::size_t>(opposite(d))];
        const Mask jumped = bit(y) | bit(z);
        if (q == at) {
          explore(z, visited | jumped, captured | bit(y), true);
        } else {
          const Mask later = reach(b_, z, visited | bit(q) | jumped, empty_, jump_);
          if (!useful(later, captured | bit(y))) {
            // Even the shortest way to q leaves nothing unconfirmed within reach after this jump.
          } else if ((later & region) == 0) {
            explore(z, visited | region | jumped, captured | bit(y), true);
          } else {
            Jump j{q, y, z, later, visited, captured, seen_.size(), {}};
            if (greedy_) {
              const Mask path = shortest_path(at, q, region & ~bit(z));
              if (path) explore(z, visited | path | jumped, captured | bit(y), true);
              // Ends the shortest path cut off: route the rest of the move first (z to the end), then look for
              // a way to q around it.
              const Candidates* c = find(captured | bit(y));
              for (Mask open = c ? c->ends & ~c->confirmed & later : 0; open && unconfirmed_; open &= open - 1) {
                const int e = lowest(open);
                if (!(c->ends & ~c->confirmed & bit(e))) continue;
                const Mask tail = e == z ? 0 : shortest_path(z, e, empty_ & ~visited & ~bit(q));
                if (e != z && !tail) continue;
                const Mask head = shortest_path(at, q, region & ~bit(z) & ~tail);
                if (head) explore(z, visited | head | jumped, captured | bit(y), true);
              }
            } else {
              const Mask allowed = region & ~bit(z);
              std::fill(std::begin(j.distance), std::end(j.distance), std::int8_t{64});
              Mask seen = bit(q), frontier = bit(q);
              for (std::int8_t dist = 0; frontier; ++dist) {
                for (Mask f = frontier; f; f &= f - 1) j.distance[lowest(f)] = dist;
                frontier = b_.neighbours(frontier) & allowed & ~seen;
                seen |= frontier;
              }
              paths(at, bit(at), allowed, j);
            }
            seen_.resize(j.seen_base);
          }
        }
        if (unconfirmed_ == 0) return;
      }
    }
  }

  // The cells (start excluded, `to` included) of one shortest path from `from` to `to` inside `allowed`,
  // 0 if there is none. Shortest paths are induced, so the exhaustive pass would try it too.
  Mask shortest_path(int from, int to, Mask allowed) const {
    Mask layers[64];
    int n = 0;
    Mask seen = bit(from), frontier = bit(from);
    while (!(frontier & bit(to))) {
      layers[n++] = frontier;
      frontier = b_.neighbours(frontier) & allowed & ~seen;
      if (!frontier) return 0;
      seen |= frontier;
    }
    Mask path = bit(to);
    int cur = to;
    for (int i = n - 1; i >= 1; --i) {
      cur = lowest(b_.neighbours(bit(cur)) & layers[i]);
      path |= bit(cur);
    }
    return path;
  }

  struct Jump {
    int q, y, z;
    Mask later, visited, captured;
    std::size_t seen_base;
    std::int8_t distance[64];  // steps to q inside the segment's cells (64: unreachable)
  };

  // Induced paths from the segment's start to j.q inside `allowed`; `segment` holds the cells used so far.
  // Steps towards q are tried first, so witnesses for the candidates still open tend to come early.
  void paths(int cur, Mask segment, Mask allowed, const Jump& j) {
    int order[4], n_order = 0;
    for (int d = 0; d < 4; ++d) {
      const int n = b_.next[static_cast<std::size_t>(cur)][static_cast<std::size_t>(d)];
      if (n < 0) continue;
      const Mask nb = bit(n);
      if (!(allowed & nb) || (segment & nb)) continue;
      if ((b_.neighbours(nb) & segment) != bit(cur)) continue;
      int i = n_order++;
      for (; i > 0 && j.distance[order[i - 1]] > j.distance[n]; --i) order[i] = order[i - 1];
      order[i] = n;
    }
    for (int k = 0; k < n_order; ++k) {
      const int n = order[k];
      const Mask nb = bit(n);
      if (n == j.q) {
        const Mask key = (segment | nb) & j.later;
        if (std::find(seen_.begin() + static_cast<std::ptrdiff_t>(j.seen_base), seen_.end(), key) != seen_.end()) continue;
        seen_.push_back(key);
        explore(j.z, j.visited | segment | nb | bit(j.y) | bit(j.z), j.captured | bit(j.y), true);
      } else if ((b_.flood(nb, allowed & ~segment & ~nb) & bit(j.q)) &&
                 useful(reach(b_, j.z, j.visited | segment | nb | bit(j.q) | bit(j.y) | bit(j.z), empty_, jump_),
                        j.captured | bit(j.y))) {
        // Extend only while q stays reachable and the cells used so far still leave something to confirm.
        paths(n, segment | nb, allowed, j);
      }
      if (unconfirmed_ == 0) return;
    }
  }

  const Board& b_;
  Mask empty_, jump_;
  int start_;
  const std::vector<Mask>& regions_;
  const std::int8_t* region_of_;
  std::vector<Candidates>& cands_;
  std::vector<Mask>& seen_;
  std::vector<std::pair<int, Mask>>& queue_;
  int unconfirmed_ = 0;
  bool greedy_ = false;
};

struct Scratch {
  std::vector<Mask> regions;
  std::int8_t region_of[64];
  std::vector<Candidates> cands;
  std::vector<Mask> seen;
  std::vector<std::pair<int, Mask>> queue;
};

}  // namespace

namespace {
void split_regions(const Board& b, Mask empty, Scratch& scratch) {
  scratch.regions.clear();
  for (Mask left = empty; left;) {
    const int c = lowest(left);
    const Mask region = b.flood(bit(c), empty) | bit(c);
    for (Mask m = region; m; m &= m - 1) scratch.region_of[lowest(m)] = static_cast<std::int8_t>(scratch.regions.size());
    scratch.regions.push_back(region);
    left &= ~region;
  }
}

void one_officer(const State& s, int p, int start, Scratch& scratch, std::vector<Move>& out) {
  OfficerSearch search(s.board(), s.empty(), s.jumpable(p, start), start, scratch.regions, scratch.region_of,
                       scratch.cands, scratch.seen, scratch.queue);
  search.run(out);
}
}  // namespace

void officer_moves_from(const State& s, int p, int start, std::vector<Move>& out) {
  thread_local Scratch scratch;
  split_regions(s.board(), s.empty(), scratch);
  one_officer(s, p, start, scratch, out);
}

void State::officer_moves(int p, std::vector<Move>& out) const {
  if (!officers_[p]) return;
  thread_local Scratch scratch;
  split_regions(board(), empty(), scratch);
  for (Mask m = officers_[p]; m; m &= m - 1) one_officer(*this, p, lowest(m), scratch, out);
}

}  // namespace strat::strategic
