#include "games/stratego/belief_node.hpp"

#include <algorithm>
#include <bit>
#include <cstring>

#include "core/rng.hpp"
#include "games/stratego/eval_model.hpp"

namespace strat::stratego {

namespace {

struct Keys {
  std::uint64_t cell[kCells][256];
  std::uint64_t run[2][kCells][kCells / 11 + 1];
  std::uint64_t side;
  Keys() {
    std::uint64_t x = 0x5712a7e90b5e1ULL;
    for (auto& row : cell)
      for (auto& k : row) k = splitmix64(x);
    for (auto& p : run)
      for (auto& row : p)
        for (auto& k : row) k = splitmix64(x);
    side = splitmix64(x);
  }
};
const Keys& keys() {
  static const Keys k;
  return k;
}

// Piece values for ordering attacks (the evaluation has its own, learned).
constexpr int kOrderValue[kRanks] = {0, 60, 12, 30, 15, 25, 45, 80, 140, 250, 400, 12, 10000};

bool long_step(const Move& m) {
  const int step = m.to > m.from ? m.to - m.from : m.from - m.to;
  return step != 1 && step != kWidth;
}

}  // namespace

BeliefNode::BeliefNode(const Info& info, const RootKnowledge& knowledge) : k_(&knowledge) {
  const int me = knowledge.me, enemy = me ^ 1;
  pool_ = info.unknown_enemy_ranks();
  int enemy_slots = 0, my_slots = 0;
  for (int s = 0; s < kCells; ++s) {
    const std::uint8_t c = info.cell(s);
    board_[s] = c;
    if ((c & kWall) || !(c & kRankMask)) continue;
    const int owner = (c & kBlue) ? 1 : 0;
    if (owner == enemy && (c & kRankMask) == kUnknownRank) {
      const int slot = enemy_slots++;
      slot_[s] = static_cast<std::uint8_t>(slot);
      RankSet m = 0;
      for (int r = 1; r < kRanks; ++r)
        if (pool_[r] && knowledge.prior[slot][r] > 0 && (movable(r) || !(c & kMoved))) m |= rank_bit(r);
      if (!m)  // beliefs that gave this piece nothing: every rank the facts allow
        for (int r = 1; r < kRanks; ++r)
          if (pool_[r] && (movable(r) || !(c & kMoved))) m |= rank_bit(r);
      mask_[slot] = m;
    } else if (owner == me && !(c & kKnown)) {
      slot_[s] = static_cast<std::uint8_t>(my_slots++);
    }
  }
  for (int p = 0; p < 2; ++p) {
    run_[p] = info.run(p);
    for (int r = 0; r < kRanks; ++r) alive_[p][r] = static_cast<std::uint8_t>(info.alive(p, r));
  }
  ply_ = info.ply();
  ply_limit_ = info.config().ply_limit;
  for (int p = 0; p < 2; ++p) run_limit_[p] = info.config().run_limit_of(p);
  side_ = static_cast<std::uint8_t>(info.to_move());
  // A rank set of one rank is that rank.
  for (int s = 0; s < kCells; ++s)
    if (unknown(s) && owner_at(s) == enemy && std::has_single_bit(mask_[slot_[s]]))
      show(s, std::countr_zero(mask_[slot_[s]]));
  key_ = 0;
  slot_key_ = 0;
  for (int s = 0; s < kCells; ++s)
    if (is_piece(s)) {
      toggle_key(s);
      occ_[owner_at(s)] |= bit(s);
    }
  outcome_ = info.outcome();
  if (!outcome_.over() && !has_move(side_))
    outcome_ = has_move(side_ ^ 1) ? Outcome::win(side_ ^ 1, "no-moves") : Outcome::draw("no-moves");
}

std::uint64_t BeliefNode::square_key(int s) const {
  std::uint64_t k = keys().cell[s][board_[s]];
  if (unknown(s)) k ^= mix64(static_cast<std::uint64_t>(mask_[slot_[s]]) << 8 | static_cast<std::uint64_t>(s));
  return k;
}

void BeliefNode::toggle_key(int s) {
  key_ ^= square_key(s);
  // Which unknown piece stands where: its slot holds its beliefs, which the hash leaves out (the table shares the
  // values of pieces that differ only in that).
  if (unknown(s)) slot_key_ ^= mix64(0xe7a1ULL << 32 | static_cast<std::uint64_t>(slot_[s]) << 8 | static_cast<std::uint64_t>(s));
}

std::uint64_t BeliefNode::eval_key() const {
  std::uint64_t words[4] = {};
  static_assert(sizeof(alive_) <= sizeof(words));
  std::memcpy(words, alive_.data(), sizeof(alive_));
  std::uint64_t k = key_ ^ slot_key_ ^ (side_ ? keys().side : 0);
  for (std::uint64_t w : words) k = mix64(k ^ w);
  return k;
}

std::uint64_t BeliefNode::run_key() const {
  std::uint64_t k = side_ ? keys().side : 0;
  for (int p = 0; p < 2; ++p)
    if (run_[p].count) k ^= keys().run[p][run_[p].from][run_[p].to / 11] ^ mix64(run_[p].to * 64 + run_[p].count + p);
  return k;
}

void BeliefNode::distribution(int s, float (&p)[kRanks]) const {
  std::fill(std::begin(p), std::end(p), 0.f);
  if (!unknown(s)) {
    p[board_[s] & kRankMask] = 1;
    return;
  }
  const RankSet m = mask_[slot_[s]];
  const auto& prior = k_->prior[slot_[s]];
  float total = 0;
  for (int r = 1; r < kRanks; ++r)
    if (m & rank_bit(r)) total += (p[r] = std::max(prior[r], 1e-4f));
  if (!(board_[s] & kMoved) && (m & (rank_bit(kFlag) | rank_bit(kBomb)))) {
    const int was = k_->open[slot_[s]], now = open_sides(s);
    if (now != was) {
      total -= p[kFlag] + p[kBomb];
      p[kFlag] *= k_->flag_factor[now] / k_->flag_factor[was];
      p[kBomb] *= k_->bomb_factor[now] / k_->bomb_factor[was];
      total += p[kFlag] + p[kBomb];
    }
  }
  for (int r = 1; r < kRanks; ++r) p[r] /= total;
}

void BeliefNode::set_cell(int s, std::uint8_t c, std::uint8_t slot) {
  if (is_piece(s)) {
    toggle_key(s);
    occ_[owner_at(s)] &= ~bit(s);
  }
  board_[s] = c;
  slot_[s] = slot;
  if (is_piece(s)) {
    toggle_key(s);
    occ_[owner_at(s)] |= bit(s);
  }
}

void BeliefNode::remove(int s) {
  const std::uint8_t c = board_[s];
  const int owner = owner_at(s);
  const int rank = c & kRankMask;
  if (rank != kUnknownRank) --alive_[owner][rank];
  set_cell(s, 0, 0);
  if (run_[owner].to == s) run_[owner] = Run{};
}

void BeliefNode::show(int s, int rank) {
  toggle_key(s);
  board_[s] = static_cast<std::uint8_t>((board_[s] & ~kRankMask) | rank | kKnown);
  toggle_key(s);
  if (pool_[rank]) --pool_[rank];
  if (pool_[rank]) return;
  // Every piece of this rank is placed: no other unknown piece has it.
  const int enemy = k_->me ^ 1;
  for (int q = kWidth; q < 11 * kWidth; ++q)
    if (unknown(q) && owner_at(q) == enemy && (mask_[slot_[q]] & rank_bit(rank))) restrict(q, static_cast<RankSet>(~rank_bit(rank)));
}

void BeliefNode::restrict(int s, RankSet allowed) {
  RankSet& m = mask_[slot_[s]];
  const RankSet next = static_cast<RankSet>(m & allowed);
  if (next == m) return;
  toggle_key(s);
  if (next) {
    m = next;
  } else {
    // The root's beliefs ruled out what the facts now leave: fall back on the facts (the ranks not yet placed).
    RankSet any = 0;
    for (int r = 1; r < kRanks; ++r)
      if (pool_[r]) any |= rank_bit(r);
    m = static_cast<RankSet>(any & allowed) ? static_cast<RankSet>(any & allowed) : any;
  }
  toggle_key(s);
  if (std::has_single_bit(m)) show(s, std::countr_zero(m));
}

bool BeliefNode::may_move(int s) const {
  const int r = board_[s] & kRankMask;
  return r == kUnknownRank ? (mask_[slot_[s]] & kMovableRanks) != 0 : movable(r);
}

bool BeliefNode::has_move(int player) const {
  const bool* ok = kTargets.ok[player];
  for (u128 b = occ_[player]; b; b &= b - 1) {
    const int s = ctz128(b);
    if (!may_move(s)) continue;
    if (ok[board_[s + kWidth]] | ok[board_[s - kWidth]] | ok[board_[s + 1]] | ok[board_[s - 1]]) return true;
  }
  return false;
}

void BeliefNode::piece_moves(int s, bool attacks_only, std::vector<Move>& out) const {
  const int p = owner_at(s);
  const bool* ok = kTargets.ok[p];
  const int r = board_[s] & kRankMask;
  const bool scout = r == kScout || (r == kUnknownRank && (mask_[slot_[s]] & rank_bit(kScout)));
  const auto from = static_cast<std::uint8_t>(s);
  for (int d : kDirs) {
    int to = s + d;
    if (!ok[board_[to]]) continue;
    if (board_[to] || !attacks_only) out.push_back(Move{from, static_cast<std::uint8_t>(to)});
    if (!scout || board_[to]) continue;
    for (to += d; ok[board_[to]]; to += d) {
      if (board_[to] || !attacks_only) out.push_back(Move{from, static_cast<std::uint8_t>(to)});
      if (board_[to]) break;
    }
  }
}

void BeliefNode::drop_blind_attacks(std::vector<Move>& out) const {
  // The enemy does not attack a piece of mine it does not know unless the attack looks worth it to the enemy, nor, with
  // a piece of unknown rank, one it knows when no rank the piece may have wins or trades; with nothing else to do, it
  // still moves.
  if (side_ == k_->me || !k_->blind) return;
  auto blind = [&](const Move& m) {
    if (!board_[m.to]) return false;
    if (chance_optional(m)) {
      const RankSet may = mask_[slot_[m.from]] & kMovableRanks;
      for (int r = kSpy; r <= kMarshal; ++r)
        if ((may & rank_bit(r)) && attacks_as(m, r)) return false;
      return true;
    }
    return !(board_[m.to] & kKnown) && !worth_blind_attack(m);
  };
  const auto kept = std::count_if(out.begin(), out.end(), [&](const Move& m) { return !blind(m); });
  if (kept && kept < static_cast<std::ptrdiff_t>(out.size())) out.erase(std::remove_if(out.begin(), out.end(), blind), out.end());
}

void BeliefNode::legal_moves(std::vector<Move>& out) const {
  out.clear();
  const int p = side_;
  for (u128 b = occ_[p]; b; b &= b - 1) {
    const int s = ctz128(b);
    if (may_move(s)) piece_moves(s, false, out);
  }
  const Run& run = run_[p];
  if (run.count >= run_limit_[p]) {
    const Move banned{run.to, run.from};
    out.erase(std::remove(out.begin(), out.end(), banned), out.end());
  }
  drop_blind_attacks(out);
}

void BeliefNode::noisy_moves(std::vector<Move>& out) const {
  out.clear();
  for (u128 b = occ_[side_]; b; b &= b - 1) {
    const int s = ctz128(b);
    if (may_move(s) && !unknown(s)) piece_moves(s, true, out);
  }
  out.erase(std::remove_if(out.begin(), out.end(), [&](const Move& m) { return unknown(m.to); }), out.end());
  if (side_ != k_->me && k_->blind) {
    // An unknown enemy piece beside my known Marshal may be the Spy: a threat the horizon must not hide (a Marshal
    // that takes a piece on the last ply beside the Spy). Its attack is an optional chance, Spy or Marshal. Other
    // known pieces are left out: most ranks beat them, and their threats take depth 5 to 2.7 times the nodes.
    const std::size_t known_attacks = out.size();
    for (u128 b = occ_[side_]; b; b &= b - 1) {
      const int s = ctz128(b);
      if (unknown(s) && may_move(s)) piece_moves(s, true, out);
    }
    out.erase(std::remove_if(out.begin() + static_cast<std::ptrdiff_t>(known_attacks), out.end(),
                             [&](const Move& m) {
                               return !(board_[m.to] & kKnown) || (board_[m.to] & kRankMask) != kMarshal;
                             }),
              out.end());
  }
  drop_blind_attacks(out);
  std::sort(out.begin(), out.end(), [&](const Move& a, const Move& b) { return move_order(a) > move_order(b); });
}

bool BeliefNode::worth_blind_attack(const Move& m) const {
  const auto& gain = k_->blind_gain[slot_[m.to]][(board_[m.to] & kMoved) ? 1 : 0];
  if (!unknown(m.from)) return gain[board_[m.from] & kRankMask] >= 0;
  if (long_step(m)) return gain[kScout] >= 0;
  float p[kRanks];
  distribution(m.from, p);
  float total = 0;
  for (int r = kSpy; r <= kMarshal; ++r) total += p[r] * gain[r];
  return total >= 0;
}

bool BeliefNode::chance_optional(const Move& m) const {
  return k_->blind && side_ != k_->me && board_[m.to] && unknown(m.from) && !long_step(m);
}

bool BeliefNode::attacks_as(const Move& m, int r) const {
  const std::uint8_t d = board_[m.to];
  if (d & kKnown) return combat(r, d & kRankMask) >= 0;
  return k_->blind_gain[slot_[m.to]][(d & kMoved) ? 1 : 0][r] >= 0;
}

int BeliefNode::chances(const Move& m, Chance* out) const {
  if (!board_[m.to]) return 0;
  const bool attacker_unknown = unknown(m.from), defender_unknown = unknown(m.to);
  if (!attacker_unknown && !defender_unknown) return 0;
  const int s = attacker_unknown ? m.from : m.to;
  float p[kRanks];
  distribution(s, p);
  if (attacker_unknown) {
    if (long_step(m)) {
      out[0] = Chance{1.0, kScout};
      return 1;
    }
    // The enemy chose this attack knowing its rank, and what it knew of the defender.
    const std::uint8_t d = board_[m.to];
    const bool seen = d & kKnown;
    const bool optional = chance_optional(m);
    bool attacks[kRanks] = {};
    float total = 0, accepted = 0;
    for (int r = 1; r < kRanks; ++r) {
      if (!movable(r)) p[r] = 0.f;
      total += p[r];
      attacks[r] = optional && p[r] > 0 && attacks_as(m, r);
      if (attacks[r]) accepted += p[r];
    }
    if (total <= 0) return 0;
    if (accepted > 0) {
      // Only the ranks that would attack, at their beliefs: the rest of the chance is the enemy's declining.
      for (int r = 1; r < kRanks; ++r) p[r] = attacks[r] ? p[r] / total : 0.f;
    } else {
      // Without that choice, how often each rank attacks such a piece weighs the beliefs.
      total = 0;
      for (int r = 1; r < kRanks; ++r) {
        p[r] *= seen ? k_->attack_known[r][d & kRankMask] : k_->attack_blind[r][(d & kMoved) ? 1 : 0];
        total += p[r];
      }
      if (total <= 0) return 0;
      for (int r = 1; r < kRanks; ++r) p[r] /= total;
    }
  }
  // The other piece's rank, which the player knows (its own, or a known enemy piece's).
  const int other = board_[attacker_unknown ? m.to : m.from] & kRankMask;
  // A rank less likely than kMerge goes with the likeliest rank of the same combat result: its own branch would cost a
  // search for little.
  constexpr float kMerge = 0.03f;
  int n = 0;
  double merged[3] = {0, 0, 0};
  int best_of[3] = {0, 0, 0};
  for (int r = 1; r < kRanks; ++r) {
    if (p[r] <= 0) continue;
    const int result = attacker_unknown ? combat(r, other) : combat(other, r);
    if (!best_of[result + 1] || p[r] > p[best_of[result + 1]]) best_of[result + 1] = r;
  }
  for (int r = 1; r < kRanks; ++r) {
    if (p[r] <= 0) continue;
    const int result = attacker_unknown ? combat(r, other) : combat(other, r);
    if (p[r] < kMerge && r != best_of[result + 1]) merged[result + 1] += p[r];
  }
  for (int r = 1; r < kRanks; ++r) {
    if (p[r] <= 0) continue;
    const int result = attacker_unknown ? combat(r, other) : combat(other, r);
    if (p[r] < kMerge && r != best_of[result + 1]) continue;
    double q = p[r];
    if (r == best_of[result + 1]) q += merged[result + 1];
    out[n++] = Chance{q, static_cast<std::uint8_t>(r)};
  }
  std::sort(out, out + n, [](const Chance& a, const Chance& b) {
    return a.probability > b.probability || (a.probability == b.probability && a.rank < b.rank);
  });
  return n;
}

void BeliefNode::apply_chance(const Move& m, const Chance& c) {
  const int s = unknown(m.from) ? m.from : m.to;
  if (unknown(s)) {
    if (s == m.from) restrict(s, kMovableRanks);
    if (unknown(s)) show(s, c.rank);
  }
  apply(m, nullptr);
}

void BeliefNode::apply(const Move& m, Events*) {
  const int me = side_;
  if (unknown(m.from)) {
    if (long_step(m)) show(m.from, kScout);
    else restrict(m.from, kMovableRanks);
  }
  // A chance move played without its result (not by the search): the likeliest rank.
  for (const int s : {m.from, m.to}) {
    if (!board_[m.to] || !unknown(s)) continue;
    float p[kRanks];
    distribution(s, p);
    if (s == m.from)
      for (int r = 1; r < kRanks; ++r) p[r] = movable(r) ? p[r] : 0.f;
    show(s, static_cast<int>(std::max_element(std::begin(p), std::end(p)) - std::begin(p)));
  }
  const std::uint8_t a = board_[m.from];
  const std::uint8_t d = board_[m.to];
  if (!d) {
    const bool reveal = long_step(m);
    const std::uint8_t slot = slot_[m.from];
    set_cell(m.from, 0, 0);
    set_cell(m.to, static_cast<std::uint8_t>(a | kMoved | (reveal ? kKnown : 0)), slot);
    Run& r = run_[me];
    if (r.count && m.from == r.to && m.to == r.from) {
      r.from = m.from;
      r.to = m.to;
      ++r.count;
    } else {
      r = Run{m.from, m.to, 1};
    }
    after_move();
    return;
  }
  resolve(m, a & kRankMask, d & kRankMask);
}

void BeliefNode::resolve(const Move& m, int ar, int dr) {
  const int me = side_;
  run_[me] = Run{};
  const std::uint8_t a = board_[m.from];
  const std::uint8_t d = board_[m.to];
  const int winner = combat(ar, dr);
  if (winner >= 0) remove(m.to);
  if (winner <= 0) remove(m.from);
  if (winner == 1) {
    set_cell(m.from, 0, 0);
    set_cell(m.to, static_cast<std::uint8_t>(a | kMoved | kKnown), 0);
  } else if (winner == -1) {
    set_cell(m.to, static_cast<std::uint8_t>(d | kKnown), 0);
  }
  if (dr == kFlag) {
    ++ply_;
    side_ ^= 1;
    outcome_ = Outcome::win(me, "flag");
    return;
  }
  after_move();
}

void BeliefNode::after_move() {
  ++ply_;
  side_ ^= 1;
  if (!has_move(side_)) {
    outcome_ = has_move(side_ ^ 1) ? Outcome::win(side_ ^ 1, "no-moves") : Outcome::draw("no-moves");
    return;
  }
  if (ply_ >= ply_limit_) outcome_ = Outcome::draw("ply-limit");
}

int BeliefNode::evaluate_points(int player) const {
  const EvalModel& model = k_->model ? *k_->model : EvalModel::trained();
  int e;
  if (EvalCache* cache = k_->eval_cache) {
    const std::uint64_t key = eval_key() ^ cache->salt;
    EvalCache::Entry& entry = cache->entries[key & (EvalCache::kSize - 1)];
    if (entry.key != key) entry = EvalCache::Entry{key, model.score(*this)};
    e = entry.score;
  } else {
    e = model.score(*this);
  }
  return player == k_->me ? e : -e;
}

void BeliefNode::order_root(std::vector<Move>& moves) const {
  const auto& order = k_->root_order;
  auto rank = [&](const Move& m) {
    const auto at = std::find(order.begin(), order.end(), m);
    return at == order.end() ? order.size() : static_cast<std::size_t>(at - order.begin());
  };
  std::stable_sort(moves.begin(), moves.end(), [&](const Move& a, const Move& b) { return rank(a) < rank(b); });
}

int BeliefNode::move_order(const Move& m) const {
  const std::uint8_t d = board_[m.to];
  if (!d) return 0;
  if (chance_optional(m)) return -kNoisyOrder;  // last: its value depends on the alternatives searched before it
  if (unknown(m.from) || unknown(m.to)) return kNoisyOrder + 200;
  const int ar = board_[m.from] & kRankMask, dr = d & kRankMask;
  const int result = combat(ar, dr);
  if (result > 0) return kNoisyOrder + 1000 + kOrderValue[dr] - kOrderValue[ar] / 10;
  if (result == 0) return kNoisyOrder + 500 + kOrderValue[dr] - kOrderValue[ar];
  return kNoisyOrder - kOrderValue[ar] - 1;
}

}  // namespace strat::stratego
