#include "games/stratego/info.hpp"

#include <nlohmann/json.hpp>
#include <vector>

#include "games/stratego/notation.hpp"

namespace strat::stratego {

Info::Info(const State& truth, int player)
    : player_(player), side_(truth.to_move()), ply_(truth.ply()), outcome_(truth.outcome()), config_(truth.config()) {
  for (int s = 0; s < kCells; ++s) {
    std::uint8_t c = truth.cell(s);
    if (player >= 0 && truth.is_piece(s) && truth.owner_at(s) != player && !(c & kKnown))
      c = static_cast<std::uint8_t>((c & ~kRankMask) | kUnknownRank);
    board_[s] = c;
  }
  for (int p = 0; p < 2; ++p) {
    run_[p] = truth.run(p);
    for (int r = 0; r < kRanks; ++r) alive_[p][r] = static_cast<std::uint8_t>(truth.alive(p, r));
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

void Info::learn_rank(int s, int rank) {
  board_[s] = static_cast<std::uint8_t>((board_[s] & ~kRankMask) | rank | kKnown);
}

void Info::learn_moved(int s) { board_[s] |= kMoved; }

std::string Info::to_string() const { return format_cells(board_, side_, ply_, run_); }

std::string Info::to_json() const {
  using nlohmann::json;
  auto name = [](int p) { return std::string(State::player_name(p)); };
  json cells = json::array();
  for (int row = 0; row < 10; ++row)
    for (int col = 0; col < 10; ++col) {
      const int q = sq(col, row);
      const std::uint8_t c = board_[q];
      if (is_lake_square(col, row)) { cells.push_back("lake"); continue; }
      if ((c & kRankMask) == 0) { cells.push_back(nullptr); continue; }
      const int rank = c & kRankMask;
      cells.push_back({{"owner", name((c & kBlue) ? 1 : 0)},
                       {"rank", rank == kUnknownRank ? std::string("?") : rank_code(rank)},
                       {"known", (c & kKnown) != 0},
                       {"moved", (c & kMoved) != 0}});
    }
  json alive = json::object(), lost = json::object();
  const Army& army = config_.army();
  for (int p = 0; p < 2; ++p) {
    json a = json::object(), l = json::object();
    for (int r = 1; r < kRanks; ++r) {
      a[rank_code(r)] = alive_[p][r];
      l[rank_code(r)] = army[r] - alive_[p][r];
    }
    alive[name(p)] = a;
    lost[name(p)] = l;
  }
  json outcome = {{"status", outcome_.status == Status::Ongoing ? "ongoing" : outcome_.status == Status::Draw ? "draw" : "win"},
                  {"reason", outcome_.reason}};
  if (outcome_.status == Status::Win) outcome["winner"] = name(outcome_.winner);
  return json{{"game", "stratego"},
              {"variant", config_.barrage ? "barrage" : "classic"},
              {"perspective", player_ < 0 ? json(nullptr) : json(name(player_))},
              {"to_move", name(side_)},
              {"ply", ply_},
              {"cells", cells},
              {"alive", alive},
              {"lost", lost},
              {"view", to_string()},
              {"outcome", outcome}}
      .dump();
}

}  // namespace strat::stratego
