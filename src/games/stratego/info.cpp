#include "games/stratego/info.hpp"

#include <algorithm>
#include <array>
#include <iterator>
#include <string_view>
#include <vector>

#include "core/text.hpp"
#include "games/stratego/notation.hpp"
#include "games/stratego/setup.hpp"

namespace strat::stratego {

Info::Info(const State& truth, int player)
    : player_(player), side_(truth.to_move()), ply_(truth.ply()), to_place_(truth.to_place()), outcome_(truth.outcome()),
      config_(truth.config()) {
  const bool setup_hidden = player >= 0 && to_place_;
  for (int s = 0; s < kCells; ++s) board_[s] = visible_cell(truth.cell(s), player, setup_hidden);
  for (int p = 0; p < 2; ++p) {
    run_[p] = truth.run(p);
    for (int r = 0; r < kRanks; ++r)
      alive_[p][r] = setup_hidden && p != player ? config_.army()[r] : static_cast<std::uint8_t>(truth.alive(p, r));
  }
}

Army Info::unknown_enemy_ranks() const {
  Army pool{};
  if (player_ < 0) return pool;
  const int enemy = player_ ^ 1;
  for (int r = 1; r < kRanks; ++r) pool[r] = alive_[enemy][r];
  for (int s = 0; s < kCells; ++s) {
    const std::uint8_t c = board_[s];
    if ((c & kWall) || (c & kRankMask) == 0 || (c & kRankMask) == kUnknownRank) continue;
    if (((c & kBlue) ? 1 : 0) == enemy) --pool[c & kRankMask];
  }
  return pool;
}

namespace {
// Draws one index of `candidates` with probability proportional to `weight`, removes and returns it.
int draw_weighted(std::vector<int>& candidates, const std::vector<double>& weight, Rng& rng) {
  double total = 0;
  for (int q : candidates) total += weight[q];
  double x = rng.uniform() * total;
  std::size_t i = 0;
  for (; i + 1 < candidates.size(); ++i) {
    x -= weight[candidates[i]];
    if (x < 0) break;
  }
  int q = candidates[i];
  candidates[i] = candidates.back();
  candidates.pop_back();
  return q;
}
}  // namespace

State Info::sample(Rng& rng, bool informed) const {
  if (to_place_ && player_ >= 0) return sample_setup(rng, informed);
  State s(config_);
  std::vector<int> unmoved, all;
  const int enemy = player_ ^ 1;
  for (int q = 0; q < kCells; ++q) {
    const std::uint8_t c = board_[q];
    if ((c & kWall) || (c & kRankMask) == 0) continue;
    const int owner = (c & kBlue) ? 1 : 0;
    if ((c & kRankMask) == kUnknownRank) {
      (c & kMoved ? all : unmoved).push_back(q);
      continue;
    }
    s.put(q, owner, c & kRankMask, c & (kKnown | kMoved));
  }
  Army pool = unknown_enemy_ranks();
  // Weights for immovable pieces: uniform, or shaped like human setups (Flag at the back, Bombs around it).
  std::vector<double> weight(kCells, 1.0);
  auto depth = [&](int q) { return enemy == 0 ? row_of(q) : 9 - row_of(q); };  // 0 = the enemy's back row
  if (informed)
    for (int q : unmoved) weight[q] = depth(q) == 0 ? 8.0 : depth(q) == 1 ? 2.5 : depth(q) == 2 ? 1.0 : 0.4;
  int flag_sq = -1;
  if (pool[kFlag]) {
    flag_sq = draw_weighted(unmoved, weight, rng);
    s.put(flag_sq, enemy, kFlag, board_[flag_sq] & (kKnown | kMoved));
  }
  if (informed && flag_sq >= 0)
    for (int d : kDirs) weight[flag_sq + d] *= 6.0;
  for (int i = 0; i < pool[kBomb]; ++i) {
    const int q = draw_weighted(unmoved, weight, rng);
    s.put(q, enemy, kBomb, board_[q] & (kKnown | kMoved));
  }
  all.insert(all.end(), unmoved.begin(), unmoved.end());
  std::vector<int> ranks;
  for (int r = kSpy; r <= kMarshal; ++r)
    for (int i = 0; i < pool[r]; ++i) ranks.push_back(r);
  rng.shuffle(ranks.begin(), ranks.end());
  for (std::size_t i = 0; i < all.size() && i < ranks.size(); ++i)
    s.put(all[i], enemy, ranks[i], board_[all[i]] & (kKnown | kMoved));
  for (int p = 0; p < 2; ++p) s.set_run(p, run_[p]);
  s.set_side(side_);
  s.set_ply(ply_);
  s.refresh_outcome();
  return s;
}

State Info::sample_setup(Rng& rng, bool informed) const {
  State s = State::setup_start(config_);
  for (int q = 0; q < kCells; ++q)
    if (holds(player_, q)) s.put(q, player_, board_[q] & kRankMask);
  const int n = config_.army_size(), placed = 2 * n - to_place_;
  const int enemy = player_ ^ 1, enemy_placed = enemy == 0 ? std::min(placed, n) : placed - std::min(placed, n);
  if (enemy_placed) {
    // Any part of a whole setup is a placement the enemy could have made so far (it places in any order). A
    // whole setup drawn like a person's (informed) or uniformly, then enemy_placed of its pieces.
    Setup whole{};
    if (informed) {
      whole = generate_setup(config_, rng);
    } else {
      std::size_t i = 0;
      for (int r = 1; r < kRanks; ++r)
        for (int k = 0; k < config_.army()[r]; ++k) whole[i++] = static_cast<std::uint8_t>(r);
      rng.shuffle(whole.begin(), whole.end());
    }
    std::vector<int> occupied;
    for (int i = 0; i < 40; ++i)
      if (whole[i]) occupied.push_back(i);
    rng.shuffle(occupied.begin(), occupied.end());
    for (int k = 0; k < enemy_placed; ++k) {
      const int i = occupied[k], row = i / 10, col = i % 10;
      s.put(enemy == 0 ? sq(col, row) : sq(9 - col, 9 - row), enemy, whole[i]);  // setup.hpp's orientation
    }
  }
  s.set_side(side_);
  s.set_ply(ply_);
  s.set_to_place(to_place_);
  return s;
}

void Info::learn_rank(int s, int rank) {
  board_[s] = static_cast<std::uint8_t>((board_[s] & ~kRankMask) | rank | kKnown);
}

void Info::learn_moved(int s) { board_[s] |= kMoved; }

std::string Info::to_string() const { return format_cells(board_, side_, ply_, run_); }

// Written by hand rather than through nlohmann::json: the server sends this view twice per move to every
// client, and building a JSON tree of 100 cells cost about 65 us a view. The output is byte-identical to
// the tree's dump (keys in sorted order), which tests/games/stratego/view_json_test.cpp checks on thousands of
// random positions.
std::string Info::to_json() const {
  // Rank codes in the sorted order nlohmann's std::map keys take: "10" < "2" < ... < "9" < "B" < "F" < "S".
  static constexpr int kSorted[] = {kMarshal, kScout, 3, 4, 5, 6, 7, 8, kGeneral, kBomb, kFlag, kSpy};
  static_assert(std::size(kSorted) == kRanks - 1);
  static const auto codes = [] {  // rank_code of every rank, made once: this runs twice per move per client
    std::array<std::string, kRanks> c;
    for (int r = 1; r < kRanks; ++r) c[r] = rank_code(r);
    return c;
  }();
  const char* names[2] = {State::player_name(0), State::player_name(1)};
  const int name_order[2] = {1, 0};  // "blue" < "red"
  static_assert(std::string_view("blue") < std::string_view("red"));
  std::string out;
  out.reserve(4608);
  // "\"10\":", "\"2\":", ... in kSorted order, each but the first after its comma.
  static const auto count_keys = [] {
    std::array<std::string, std::size(kSorted)> k;
    for (std::size_t i = 0; i < k.size(); ++i) {
      k[i] = i ? "," : "";
      append_json_string(k[i], codes[kSorted[i]]);
      k[i] += ':';
    }
    return k;
  }();
  auto counts = [&](const char* key, auto value) {
    out += '"';
    out += key;
    out += "\":{";
    for (int i = 0; i < 2; ++i) {
      const int p = name_order[i];
      if (i) out += ',';
      append_json_string(out, names[p]);
      out += ":{";
      for (std::size_t k = 0; k < std::size(kSorted); ++k) {
        out += count_keys[k];
        const int n = value(p, kSorted[k]);
        if (n >= 0 && n < 10) out += static_cast<char>('0' + n);
        else out += std::to_string(n);
      }
      out += '}';
    }
    out += '}';
  };
  // The text of every possible occupied cell, made once: [known][moved][owner][rank or kUnknownRank].
  constexpr int kSlots = kRankMask + 1;
  static const auto cell_texts = [&] {
    std::array<std::string, 2 * 2 * 2 * kSlots> t;
    for (int known = 0; known < 2; ++known)
      for (int moved = 0; moved < 2; ++moved)
        for (int owner = 0; owner < 2; ++owner)
          for (int rank = 1; rank < kSlots; ++rank) {
            if (rank >= kRanks && rank != kUnknownRank) continue;
            std::string& c = t[((known * 2 + moved) * 2 + owner) * kSlots + rank];
            c = known ? "{\"known\":true" : "{\"known\":false";
            c += moved ? ",\"moved\":true,\"owner\":" : ",\"moved\":false,\"owner\":";
            append_json_string(c, names[owner]);
            c += ",\"rank\":";
            append_json_string(c, rank == kUnknownRank ? std::string_view("?") : std::string_view(codes[rank]));
            c += '}';
          }
    return t;
  }();
  const Army& army = config_.army();
  out += '{';
  counts("alive", [&](int p, int r) { return alive_[p][r]; });
  out += ",\"cells\":[";
  for (int row = 0; row < 10; ++row)
    for (int col = 0; col < 10; ++col) {
      if (row || col) out += ',';
      const std::uint8_t c = board_[sq(col, row)];
      if (is_lake_square(col, row)) { out += "\"lake\""; continue; }
      const int rank = c & kRankMask;
      if (rank == 0) { out += "null"; continue; }
      const int known = (c & kKnown) ? 1 : 0, moved = (c & kMoved) ? 1 : 0, owner = (c & kBlue) ? 1 : 0;
      out += cell_texts[((known * 2 + moved) * 2 + owner) * kSlots + rank];
    }
  out += "],\"game\":\"stratego\",";
  // During the setup phase nothing is lost yet: what is missing is still to be placed.
  counts("lost", [&](int p, int r) { return to_place_ ? 0 : army[r] - alive_[p][r]; });
  out += ",\"outcome\":{\"reason\":";
  append_json_string(out, outcome_.reason);
  out += ",\"status\":";
  out += outcome_.status == Status::Ongoing ? "\"ongoing\"" : outcome_.status == Status::Draw ? "\"draw\"" : "\"win\"";
  if (outcome_.status == Status::Win) {
    out += ",\"winner\":";
    append_json_string(out, names[outcome_.winner]);
  }
  out += "},\"perspective\":";
  if (player_ < 0) out += "null";
  else append_json_string(out, names[player_]);
  out += ",\"ply\":";
  out += std::to_string(ply_);
  out += ",\"to_move\":";
  append_json_string(out, names[side_]);
  if (to_place_) {  // only in the setup phase of setup=actions: the placements left, both sides together
    out += ",\"to_place\":";
    out += std::to_string(to_place_);
  }
  out += ",\"variant\":";
  out += config_.barrage ? "\"barrage\"" : "\"classic\"";
  out += ",\"view\":";
  append_json_string(out, to_string());
  out += '}';
  return out;
}

int Info::strongest_hidden() const {
  int top = 0;
  for (int s = kWidth; s < 11 * kWidth; ++s) {
    const std::uint8_t c = board_[s];
    if ((c & kRankMask) && !(c & kWall) && ((c & kBlue) ? 1 : 0) == player_ && !(c & kKnown) && movable(c & kRankMask))
      top = std::max(top, c & kRankMask);
  }
  return top;
}

}  // namespace strat::stratego
