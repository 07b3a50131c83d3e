#include "games/stratego/v2/search.hpp"

#include <algorithm>
#include <cmath>
#include <cstdlib>
#include <limits>

#include "core/agent.hpp"

namespace strat::stratego::v2 {

namespace {

constexpr int kInf = 1'000'000;
// A win is worth two and a half Marshals: more than any exchange a short search sees, but not so much that a faint
// chance of taking the Flag, averaged over the worlds, buys a real risk: a Marshal does not attack a piece that is
// the Flag in one world of six and a Bomb in one of two.
constexpr int kWin = 1000;
// When every root move loses: a root score this near the loss's is a loss in (almost) every world, and moves this near
// the best one lose as surely (a loss a few plies later); the evaluation then prices a race no defender wins at
// kHopeLost (see choose()).
constexpr int kHopeLoss = 8, kHopeLost = 2000;
constexpr int kQuiescencePlies = 4;
// A win is worth at least this beyond the root's evaluation (see choose()).
constexpr int kWinMargin = 1000;
// A flight from a chaser into a position the player left before costs this much (see choose()), and each repeat
// from the kGrowth-th on once more.
constexpr int kLoop = 150, kGrowth = 6;
// Percent: an unknown enemy piece that moved and beats or trades with a fleeing piece beside it with at least this
// chance counts as its chaser.
constexpr int kChaser = 50;
// Percent of an unmoved enemy piece's chance of being the Flag that a root attack by a Major or higher counts.
constexpr int kLure = 25;
// Percent: the least chance of being the Spy that an unknown enemy piece beside one's known Marshal needs to be
// searched as the Spy and not.
constexpr int kSuspect = 5;

}  // namespace

std::vector<Parameter> SearchConfig::parameters() {
  return {
      Parameter::integer("time", 1000, 0, 3'600'000, "milliseconds per move (0 with nodes: no clock)"),
      Parameter::integer("nodes", 0, 0, 1'000'000'000, "nodes per move at most (0: no limit)"),
      Parameter::integer("samples", SearchConfig{}.samples, 1, 1000, "worlds drawn from the beliefs per depth"),
      Parameter::integer("depth", SearchConfig{}.max_depth, 1, 30, "plies of search at most"),
  };
}

SearchConfig SearchConfig::from(const Options& o) {
  check_options("stratego", parameters(), o, "agent option");
  SearchConfig c;
  c.nodes = static_cast<long>(o.get_int("nodes", 0, 0, 1'000'000'000));
  c.time_ms = static_cast<double>(o.get_int("time", c.nodes > 0 ? 0 : 1000, 0, 3'600'000));
  c.samples = static_cast<int>(o.get_int("samples", SearchConfig{}.samples, 1, 1000));
  c.max_depth = static_cast<int>(o.get_int("depth", SearchConfig{}.max_depth, 1, 30));
  return c;
}

void SearchAgent::tick() {
  ++nodes_;
  if (!may_abort_) return;
  if (config_.nodes > 0 && nodes_ >= config_.nodes) throw Aborted{};
  if (config_.time_ms > 0 && (nodes_ & 63) == 0 && static_cast<double>(search_clock_ns() - start_ns_) >= deadline_ns_)
    throw Aborted{};
}

namespace {
int terminal_score(const State& s, int ply, int win) {
  const Outcome o = s.outcome();
  if (o.status != Status::Win) return 0;
  return o.winner == s.to_move() ? win - ply : -(win - ply);
}
// Can a piece of `owner`'s enemy take the Flag on `flag` with its next move: an enemy piece that moves next to it, or
// an enemy Scout with an open line to it? Pieces of rank `shy` and up do not count (0: all count; see choose()).
bool flag_attacked(const State& s, int flag, int owner, int shy) {
  for (int d : kDirs) {
    int q = flag + d;
    std::uint8_t c = s.cell(q);
    if (c == 0) {
      do c = s.cell(q += d);
      while (c == 0);
      if (!(c & kWall) && (c & kRankMask) == kScout && ((c >> 4) & 1) != owner) return true;
      continue;
    }
    if (!(c & kWall) && movable(c & kRankMask) && ((c >> 4) & 1) != owner && (!shy || (c & kRankMask) < shy))
      return true;
  }
  return false;
}

}  // namespace

bool SearchAgent::blind(const State& s, const Move& m) const {
  if (s.to_move() != root_player_) {
    const std::uint8_t c = s.cell(m.to);
    if (!(c & kRankMask) || (c & kKnown)) return false;
    // The enemy does not know which of the player's unmoved pieces is the Flag (see choose()).
    return !(c & kMoved) && shy_ && s.rank_at(m.from) >= shy_;
  }
  // The player attacks only the enemy pieces it knows, or knows by elimination: every rank the piece may have loses to
  // the attacker (a piece that moved is no Bomb). The outcome is then the same in every world.
  const std::uint8_t c = s.cell(m.to);
  if (!(c & kRankMask) || (c & kKnown)) return false;
  const bool certain = s.rank_at(m.from) > strongest_unknown_ && ((c & kMoved) || !unknown_bombs_);
  return !certain;
}

void SearchAgent::order(const State& s, std::vector<Move>& moves, int ply) const {
  std::vector<std::pair<int, Move>> scored;
  scored.reserve(moves.size());
  const int me = s.to_move();
  for (const Move& m : moves) {
    int key = 0;
    const int ar = s.rank_at(m.from);
    if (s.is_piece(m.to)) {
      const int dr = s.rank_at(m.to), result = combat(ar, dr);
      key = result > 0    ? 100000 + piece_value(s, me ^ 1, dr) * 16 - piece_value(s, me, ar)
            : result == 0 ? 50000 + piece_value(s, me ^ 1, dr) - piece_value(s, me, ar)
                          : -100000 - piece_value(s, me, ar);
    } else if (ply < static_cast<int>(killers_.size()) && (m == killers_[ply][0] || m == killers_[ply][1])) {
      key = 80000;
    } else {
      // Forward moves first: they are the ones that make progress.
      key = (me == 0 ? row_of(m.to) - row_of(m.from) : row_of(m.from) - row_of(m.to));
    }
    scored.push_back({key, m});
  }
  std::stable_sort(scored.begin(), scored.end(), [](const auto& a, const auto& b) { return a.first > b.first; });
  for (std::size_t i = 0; i < moves.size(); ++i) moves[i] = scored[i].second;
}

int SearchAgent::quiesce(const State& s, int alpha, int beta, int ply, int qply) {
  tick();
  if (s.outcome().over()) return terminal_score(s, ply, win_);
  int stand = evaluate(s, s.to_move(), eval_context_);
  // A Flag under attack falls next move unless the attacker is taken: standing pat is no answer, so the search sees an
  // intruder one move before it arrives (two plies past the horizon) and not only when the Flag is taken. Only one's
  // own Flag: the enemy's stands where this world drew it, and the player could not take it there (below the root it
  // attacks only pieces it knows). Counting it made every line that ends with the player to move next to some unmoved
  // piece a win in the worlds that drew the Flag there, and those phantom wins outweighed a General left en prise.
  const int own_flag = flag_race_.flag;
  if (s.to_move() == root_player_ && own_flag >= 0 && flag_attacked(s, own_flag, root_player_, shy_))
    stand = -(win_ - ply - 1);
  if (stand >= beta || qply >= kQuiescencePlies || ply >= static_cast<int>(move_stack_.size()) - 1) return stand;
  int best = stand;
  alpha = std::max(alpha, stand);
  auto& moves = move_stack_[ply];
  s.legal_moves(moves);
  std::erase_if(moves, [&](const Move& m) { return !s.is_piece(m.to) || blind(s, m); });
  order(s, moves, ply);
  for (const Move& m : moves) {
    if (combat(s.rank_at(m.from), s.rank_at(m.to)) < 0) break;  // ordered: only losing attacks remain
    State c = s;
    c.apply(m, nullptr);
    const int v = -quiesce(c, -beta, -alpha, ply + 1, qply + 1);
    if (v > best) best = v;
    if (v > alpha) alpha = v;
    if (alpha >= beta) break;
  }
  return best;
}

namespace {
enum Bound : std::uint8_t { kExact, kLower, kUpper };

// The whole position, eight cells at a time: cheaper than the evaluation's one pass over the board.
std::uint64_t position_key(const State& s) {
  const auto& cells = s.cells();
  std::uint64_t h = mix64(0x9e3779b97f4a7c15ULL + s.to_move());
  for (int i = 0; i < kCells; i += 8) {
    std::uint64_t word = 0;
    for (int k = 0; k < 8 && i + k < kCells; ++k) word |= static_cast<std::uint64_t>(cells[i + k]) << (8 * k);
    h = mix64(h ^ (word + static_cast<std::uint64_t>(i) * 0x9e3779b97f4a7c15ULL));
  }
  for (int p = 0; p < 2; ++p) {
    const Run& r = s.run(p);
    h = mix64(h ^ (r.from | r.to << 8 | r.count << 16 | static_cast<std::uint64_t>(p + 1) << 32));
  }
  return h | 1;  // never 0, the empty slot
}

// The position as `viewer` sees it (the enemy's unrevealed ranks masked), the side to move and no two-square runs: the
// same in every world, so a position the player saw before is known again whatever the worlds drew.
std::uint64_t public_key(const State& s, int viewer) {
  std::uint64_t h = mix64(0x6a09e667f3bcc909ULL + s.to_move());
  for (int q = kWidth; q < 11 * kWidth; ++q) {
    std::uint8_t c = s.cell(q);
    if ((c & kRankMask) && !(c & kWall) && s.owner_at(q) != viewer && !(c & kKnown))
      c = static_cast<std::uint8_t>((c & ~kRankMask) | kUnknownRank);
    h = mix64(h ^ (static_cast<std::uint64_t>(c) << 16 | static_cast<std::uint64_t>(q)));
  }
  return h;
}

// World w with the ranks of the same side's pieces on a and b traded, each square keeping its flags: the counts stay
// exact and the rest of the world as drawn. put() ends a two-square run through its square, so the runs are w's.
State traded(const State& w, int a, int b) {
  State c = w;
  const int owner = w.owner_at(a), at_a = w.rank_at(a);
  c.put(a, owner, w.rank_at(b), w.cell(a) & (kKnown | kMoved));
  c.put(b, owner, at_a, w.cell(b) & (kKnown | kMoved));
  for (int side = 0; side < 2; ++side) c.set_run(side, w.run(side));
  return c;
}
}  // namespace

int SearchAgent::search(const State& s, int depth, int alpha, int beta, int ply) {
  tick();
  if (s.outcome().over()) return terminal_score(s, ply, win_);
  if (depth <= 0) return quiesce(s, alpha, beta, ply, 0);
  const std::uint64_t key = position_key(s);
  Entry* slot = &table_[key & ((std::uint64_t{1} << kTableBits) - 1)];
  Move hint{};
  if (slot->key == key && slot->generation == generation_) {
    hint = slot->move;
    if (slot->depth >= depth) {
      const int v = slot->score;
      if (slot->bound == kExact || (slot->bound == kLower && v >= beta) || (slot->bound == kUpper && v <= alpha))
        return v;
    }
  }
  const int alpha0 = alpha;
  auto& moves = move_stack_[ply];
  s.legal_moves(moves);
  if (std::erase_if(moves, [&](const Move& m) { return blind(s, m); }) && moves.empty())
    return quiesce(s, alpha, beta, ply, 0);
  order(s, moves, ply);
  if (hint.from != hint.to)
    if (auto it = std::find(moves.begin(), moves.end(), hint); it != moves.end())
      std::rotate(moves.begin(), it, it + 1);
  const std::vector<Move> list = moves;  // the stack slot is reused by the children
  int best = -kInf;
  Move best_move = list.front();
  for (const Move& m : list) {
    State c = s;
    c.apply(m, nullptr);
    const int v = -search(c, depth - 1, -beta, -alpha, ply + 1);
    if (v > best) best = v, best_move = m;
    if (v > alpha) alpha = v;
    if (alpha >= beta) {
      if (!s.is_piece(m.to) && ply < static_cast<int>(killers_.size()) && !(killers_[ply][0] == m)) {
        killers_[ply][1] = killers_[ply][0];
        killers_[ply][0] = m;
      }
      break;
    }
  }
  // Win scores count plies from the root, so they are not kept: another path reaches them at another ply.
  if (std::abs(best) < win_ - 200 &&
      (slot->key != key || slot->generation != generation_ || slot->depth <= depth)) {
    slot->key = key;
    slot->generation = generation_;
    slot->score = best;
    slot->depth = static_cast<std::int8_t>(depth);
    slot->bound = best >= beta ? kLower : best <= alpha0 ? kUpper : kExact;
    slot->move = best_move;
  }
  return best;
}

double SearchAgent::gamble_score(const State& w, const Move& m, const Beliefs& beliefs, int depth) {
  // An attack on an unknown piece is a chance node. Its score in one world hangs on the one rank the target drew
  // there, and a deep search gets few worlds: a Flag at one chance in four came out as none or one in two, and a
  // Marshal took it on a Bomb. So in each world the target takes in turn every rank it may have (trading ranks with
  // another unknown piece of that rank, so the counts stay exact and the rest of the world stays as drawn), and the
  // results are weighed by the beliefs.
  const int was = w.rank_at(m.to);
  const std::uint8_t flags_to = w.cell(m.to) & (kKnown | kMoved);
  auto p = beliefs.at(m.to);
  // A Major or higher testing an unmoved piece is lured by its chance of being the Flag: at 10% a Flag worth 1000
  // outweighs a Major lost on a Bomb, so the top pieces test exactly the pieces whose chance the beliefs overrate (in
  // arena games, top pieces found far fewer Flags and more Bombs among the unmoved pieces they tested than the beliefs
  // expected, where the lower ranks found as many as expected). So the top pieces count only kLure% of that chance,
  // and the rest as a Bomb, which guards a Flag.
  if (!(flags_to & kMoved) && w.rank_at(m.from) >= kMajor) {
    const double hope = p[kFlag] * (100 - kLure) / 100.0;
    p[kFlag] -= hope;
    p[kBomb] += hope;
  }
  double total = 0, weight = 0;
  std::vector<int> partners;
  for (int r = 1; r < kRanks; ++r) {
    if (p[r] < 0.02) continue;
    State c = w;
    if (r != was) {
      partners.clear();
      for (int q : beliefs.unknown())
        if (q != m.to && w.rank_at(q) == r && beliefs.at(q)[was] > 0) partners.push_back(q);
      if (partners.empty()) continue;
      c = traded(w, partners[rng_.below(static_cast<std::uint32_t>(partners.size()))], m.to);
    }
    c.apply(m, nullptr);
    total += p[r] * -search(c, depth - 1, -kInf, kInf, 1);
    weight += p[r];
  }
  if (weight > 0) return total / weight;
  State c = w;
  c.apply(m, nullptr);
  return -search(c, depth - 1, -kInf, kInf, 1);
}

double SearchAgent::exposed_score(const State& w, const Move& m, int suspect, const Beliefs& beliefs, int depth) {
  // The Spy takes a Marshal it knows when it stands next to it on its move; in a world the suspect is the Spy or not,
  // and with four or five worlds whether one drew it there decides whether the Marshal steps beside it, while a Spy
  // walks straight at a known Marshal. So in each world the suspect
  // is the Spy (trading ranks with the world's Spy) and then not (trading with another unknown piece that may be the
  // Spy), and the two searches are weighed by the beliefs.
  const int enemy = w.owner_at(suspect), was = w.rank_at(suspect);
  const double p = beliefs.at(suspect)[kSpy];
  auto search_after = [&](const State& c) {
    State d = c;
    d.apply(m, nullptr);
    return static_cast<double>(-search(d, depth - 1, -kInf, kInf, 1));
  };
  std::vector<int> partners;
  for (int q : beliefs.unknown()) {
    if (q == suspect || w.owner_at(q) != enemy || beliefs.at(q)[was] <= 0) continue;
    const int r = w.rank_at(q);
    if (was == kSpy ? r != kSpy && beliefs.at(suspect)[r] > 0 && beliefs.at(q)[kSpy] > 0 : r == kSpy)
      partners.push_back(q);
  }
  if (partners.empty()) return search_after(w);
  const State other = traded(w, partners[rng_.below(static_cast<std::uint32_t>(partners.size()))], suspect);
  const double spy = search_after(was == kSpy ? w : other), not_spy = search_after(was == kSpy ? other : w);
  return p * spy + (1 - p) * not_spy;
}

Move SearchAgent::choose(const State& root) {
  start_ns_ = search_clock_ns();
  // Stop early enough that the answer, not only the search, is within the budget.
  deadline_ns_ = config_.time_ms * 1e6 * 0.95;
  nodes_ = 0;
  killers_ = {};
  // Fresh for every move (a new generation, not a 6 MB clear): the rule on blind attacks below the root depends on
  // what the root knows.
  if (table_.empty()) table_.resize(std::size_t{1} << kTableBits);
  ++generation_;
  move_stack_.assign(kQuiescencePlies + config_.max_depth + 4, {});
  const int me = root.to_move();
  root_player_ = me;
  // Everything below reads this player's Info only: the worlds are drawn from it.
  const Info seen = root.info(me);
  if (seen.ply() < history_ply_) left_.clear();
  history_ply_ = seen.ply();
  evidence_.observe(seen);
  const Beliefs beliefs(seen, &evidence_.weights());
  const Info& info = beliefs.info();
  const auto unplaced = beliefs.expected_counts();
  strongest_unknown_ = 0;
  for (int r = kMarshal; r >= kSpy && !strongest_unknown_; --r)
    if (unplaced[r] > 0.5) strongest_unknown_ = r;
  unknown_bombs_ = unplaced[kBomb] > 0.5;
  flag_field_ = flag_field(beliefs, me ^ 1);
  // Inside a world the enemy sees every rank, so it knows which of the player's unmoved pieces is the Flag: a known
  // enemy Major beside the player's open Flag takes it in every world, every root move scores the same loss, and the
  // choice among them is noise. The enemy does not know it, and its Majors and up do not test pieces that may be Bombs.
  // So while the player has Bombs and more than one unmoved piece the enemy does not know, the enemy's Major and up
  // attack no such piece below the root; the lower ranks, which probe, still may, and a Miner still comes through the
  // Bombs. The evaluation's guard still weighs every intruder near the Flag. An enemy with no piece below a Major left
  // has nothing else to probe with, so its top pieces test: a lone Marshal walks to the Flag and takes it.
  shy_ = 0;
  int probers = 0;
  for (int r = kSpy; r < kMajor; ++r) probers += info.alive(me ^ 1, r);
  if (info.alive(me, kBomb) > 0 && probers > 0) {
    int hidden = 0;
    for (int q = kWidth; q < 11 * kWidth; ++q) {
      const std::uint8_t c = info.cell(q);
      if ((c & kRankMask) && !(c & kWall) && ((c & kBlue) ? 1 : 0) == me && !(c & (kKnown | kMoved))) ++hidden;
    }
    if (hidden > 1) shy_ = kMajor;
  }
  // One's own Flag never moves and is the same in every world (the worlds draw enemy ranks only).
  flag_race_ = flag_race(info);
  eval_context_ = {&flag_field_, &flag_race_};
  // The strongest rank any moved enemy piece the player does not know may have: the player's pieces above it beat every
  // such piece, and hunt them (EvalContext::sweep). Below the root they attack one only when the search's elimination
  // allows it (every unknown piece's rank, moved or not, loses); else the root weighs the attack over its ranks.
  int bound = 0;
  for (int q : beliefs.unknown()) {
    if (!(info.cell(q) & kMoved)) continue;
    int r = kMarshal;
    while (r > kSpy && beliefs.at(q)[r] <= 0) --r;
    bound = std::max(bound, r);
  }
  if (bound > 0 && bound < kMarshal) eval_context_.sweeper = me, eval_context_.sweep = bound;
  std::vector<State> worlds{beliefs.sample(rng_)};
  // Far ahead (or behind), the evaluation passes a fixed win's value: the search then scores keeping a big lead above
  // taking the Flag, and a root gamble on a likely Flag below passing it by. So a win is worth at least kWinMargin
  // beyond the root's evaluation, and the same in every world and node of this move.
  win_ = std::max(kWin, std::abs(evaluate(worlds[0], me, eval_context_)) + kWinMargin);
  std::vector<Move> moves;
  worlds[0].legal_moves(moves);
  last_depth_ = 0;
  last_samples_ = 0;
  last_scores_.clear();
  if (moves.size() <= 1) return moves.empty() ? Move{} : moves[0];
  const int n = static_cast<int>(moves.size());
  // Small random offsets: equal moves are not always taken in the same order (fewer repeated shuffles).
  std::vector<double> jitter(n), accepted(n, 0.0);
  for (int i = 0; i < n; ++i) {
    jitter[i] = rng_.uniform() * 0.5;
    // Going straight back where the piece came from makes no progress: a little less for each time in a row.
    const Run& r = info.run(me);
    if (r.count && moves[i].from == r.to && moves[i].to == r.from) jitter[i] -= 4.0 * r.count;
    // A Colonel, General or Marshal does not test an unknown piece that never moved: that is what Bombs are for,
    // and a lower piece (a Miner best) learns the same for less. The worlds weigh the Bomb by its probability; this
    // adds what a lost top piece costs beyond its material (the game's initiative).
    const std::uint8_t target = info.cell(moves[i].to);
    const int attacker = worlds[0].rank_at(moves[i].from);
    if ((target & kRankMask) == kUnknownRank && !(target & kMoved) && attacker >= kColonel)
      jitter[i] -= attacker == kMarshal ? 400 : attacker == kGeneral ? 300 : 120;
  }
  // Loops: where an enemy piece that beats (or trades with) one of the player's pieces follows it, the piece flees
  // every move (the search sees it taken otherwise), the piece that could end the chase never has a move to spare, and
  // the game is drawn at the ply limit, the same few squares for thousands of plies. So a flight from beside such a
  // piece into a position the player already left twice (as it sees it: a plain move, the enemy's ranks masked, the
  // same in every world) costs kLoop: giving up the chased piece, or bringing the hunter at its price, then scores
  // above going round again. A trade counts: a General chased by the enemy's General goes round as surely. Only a
  // flight: a guard that shadows an enemy Scout back and forth to keep it off the Flag's line repeats too, and costing
  // that lets the Scout through. The chaser is a known piece, or an unknown one that has moved and that the beliefs
  // give at least kChaser% to beat or trade with the fleeing piece: a chaser that never fights is never revealed.
  auto fleeing = [&](const Move& m) {
    const int rank = info.cell(m.from) & kRankMask;
    for (int d : kDirs) {
      const int q = m.from + d;
      const std::uint8_t c = info.cell(q);
      const int r = c & kRankMask;
      const bool theirs = r && !(c & kWall) && ((c & kBlue) ? 1 : 0) != me;
      if (!theirs) continue;
      if (r <= kMarshal && combat(r, rank) >= 0) return true;  // known, not a Bomb, beats or trades
      if (r == kUnknownRank && (c & kMoved)) {
        double p = 0;
        for (int e = kSpy; e <= kMarshal; ++e)
          if (combat(e, rank) >= 0) p += beliefs.at(q)[e];
        if (100 * p >= kChaser) return true;
      }
    }
    return false;
  };
  // The position a plain move leaves, as the player sees it (0 for an attack: it changes the board for good).
  auto left_after = [&](const Move& m) -> std::uint64_t {
    if (worlds[0].cell(m.to)) return 0;
    State c = worlds[0];
    c.apply(m, nullptr);
    return public_key(c, me);
  };
  // How many times over the cost each flight pays: once from its second repeat, and once more for every repeat from
  // the kGrowth-th, so that a chase that goes round for good ends up costing the whole lead, down to the draw's -kLoop
  // (a piece worth more than one cost flees for good otherwise), while the chases that end after a few rounds are left
  // alone.
  std::vector<int> looping(n, 0);
  for (int i = 0; i < n; ++i) {
    if (!fleeing(moves[i])) continue;
    const std::uint64_t key = left_after(moves[i]);
    const auto it = key ? left_.find(key) : left_.end();
    if (it != left_.end() && it->second >= 2)
      looping[i] = std::max(1, it->second - kGrowth + 1);
  }
  std::vector<int> order(n);
  for (int i = 0; i < n; ++i) order[i] = i;
  // Root moves are searched with a window just below the best so far in this world: a move that falls far below counts
  // at that bound (it would not be chosen anyway) and costs much less. Not an attack on a piece we do not know: its
  // result differs from world to world (a Bomb in some, a Scout in others), and an average over worlds that counts
  // the losses at the bound but the gains in full would make every gamble look good (a Marshal on a likely Bomb
  // "costs" 60). Those few moves get their exact score in every world, weighed over the target's ranks (gamble_score).
  // A move below the window counts at the bound its search returned (the search fails soft: the move is worth at most
  // that), not at the window's edge: in a quiet position each world's best move is another one, so the averages of
  // good moves and of a move that loses the Flag in every world would all come out near the edge, and the jitter would
  // choose between them.
  constexpr int kMargin = 60;
  std::vector<char> gamble(n);
  for (int i = 0; i < n; ++i) gamble[i] = (info.cell(moves[i].to) & kRankMask) == kUnknownRank;
  // The moves that leave the player's known Marshal beside an unknown enemy piece that may be the Spy (more than
  // kSuspect percent), with that piece (the likeliest Spy of those beside it); -1 for the others.
  std::vector<int> suspect(n, -1);
  if (info.alive(me ^ 1, kSpy) > 0) {
    int marshal = -1;
    for (int q = kWidth; q < 11 * kWidth && marshal < 0; ++q) {
      const std::uint8_t c = info.cell(q);
      if ((c & kRankMask) == kMarshal && !(c & kWall) && ((c & kBlue) ? 1 : 0) == me && (c & kKnown)) marshal = q;
    }
    for (int i = 0; i < n && marshal >= 0; ++i) {
      if (gamble[i]) continue;
      const int at = moves[i].from == marshal ? moves[i].to : marshal;
      double likeliest = kSuspect / 100.0;
      for (int d : kDirs) {
        const int q = at + d;
        const std::uint8_t c = info.cell(q);
        if ((c & kRankMask) != kUnknownRank || (c & kWall) || q == moves[i].to) continue;
        if (beliefs.at(q)[kSpy] > likeliest) likeliest = beliefs.at(q)[kSpy], suspect[i] = q;
      }
    }
  }
  std::vector<double> sum(n);
  int done = 0;
  // Searches worlds [done, limit) at `depth`, adding every finished world's scores to sum; false if stopped.
  auto run_depth = [&](int depth, int limit) {
    try {
      for (int k = done; k < limit; ++k) {
        // The first world at depth 1 always finishes: there must be an answer.
        may_abort_ = !(depth == 1 && k == 0);
        if (k >= static_cast<int>(worlds.size())) worlds.push_back(beliefs.sample(rng_));
        const State& w = worlds[k];
        std::vector<int> v(n);
        int best = -kInf;
        for (int i : order) {
          if (gamble[i]) {
            v[i] = static_cast<int>(std::lround(gamble_score(w, moves[i], beliefs, depth)));
            best = std::max(best, v[i]);
            continue;
          }
          if (suspect[i] >= 0) {
            v[i] = static_cast<int>(std::lround(exposed_score(w, moves[i], suspect[i], beliefs, depth)));
            best = std::max(best, v[i]);
            continue;
          }
          State c = w;
          c.apply(moves[i], nullptr);
          const int alpha = best == -kInf ? -kInf : best - kMargin;
          v[i] = -search(c, depth - 1, -kInf, -alpha, 1);
          best = std::max(best, v[i]);
        }
        for (int i = 0; i < n; ++i) sum[i] += v[i];
        ++done;
      }
    } catch (const Aborted&) {
      may_abort_ = true;
      return false;
    }
    may_abort_ = true;
    return true;
  };
  auto elapsed = [&] { return static_cast<double>(search_clock_ns() - start_ns_); };
  double previous_cost = 0;
  for (int depth = 1; depth <= config_.max_depth; ++depth) {
    std::fill(sum.begin(), sum.end(), 0.0);
    done = 0;
    const double begun = elapsed();
    bool finished = run_depth(depth, config_.samples);
    const double cost = elapsed() - begun;
    // The next depth costs several times this one (the ratio of the last two, at least 3). When it cannot finish in the
    // time left, the time goes into more worlds at this depth instead: a wider average.
    const double ratio = previous_cost > 0 ? std::max(3.0, cost / previous_cost) : 6.0;
    previous_cost = cost;
    const bool last = depth == config_.max_depth || (config_.time_ms > 0 && elapsed() + cost * ratio > deadline_ns_);
    if (finished && last && config_.time_ms > 0 && config_.nodes == 0)
      finished = run_depth(depth, 50 * config_.samples);
    // A depth counts when enough worlds were searched; else the shallower, wider answer stands.
    if (done >= std::max(2, config_.samples / 2) || depth == 1) {
      for (int i = 0; i < n; ++i) accepted[i] = sum[i] / std::max(1, done);
      last_depth_ = depth;
      last_samples_ = done;
      std::sort(order.begin(), order.end(), [&](int a, int b) { return accepted[a] > accepted[b]; });
    }
    if (!finished || last) break;
    if (config_.nodes > 0 && nodes_ >= config_.nodes) break;
  }
  // A draw is worth -kLoop to this player: a lead keeps all but kLoop of itself, a small one drops to the draw, and a
  // score already below the draw stays where it is (behind, going round is no worse than the search says).
  const double cost = kLoop;
  for (int i = 0; i < n; ++i)
    if (looping[i] && accepted[i] > -cost) accepted[i] = std::max(accepted[i] - cost * looping[i], -cost);
  int best = 0;
  for (int i = 1; i < n; ++i)
    if (accepted[i] + jitter[i] > accepted[best] + jitter[best]) best = i;
  // When every world loses whatever the player does (the enemy, who sees every rank inside a world, takes the Flag
  // beside it), the choice among the losses is not left to the jitter: the move whose position is best by the
  // evaluation, as if the enemy does not strike, is taken. The enemy does not know which piece is the Flag, and may
  // stand beside it for many moves while the one piece that beats it, a move away, goes elsewhere. Attacks on unknown
  // pieces keep their scores: one world's draw would decide them. The evaluation prices a race no defender wins at
  // kHopeLost (EvalContext::lost): the nearer the nearest piece that beats the intruder, the better (at the guard's
  // share alone a late defender is as late at one move as at five).
  if (accepted[best] < -win_ + kHopeLoss) {
    EvalContext hoping = eval_context_;
    hoping.lost = kHopeLost;
    const double least = accepted[best] - kHopeLoss;
    double hoped = -kInf;
    for (int i = 0; i < n; ++i) {
      if (gamble[i] || accepted[i] < least) continue;
      State after = worlds[0];
      after.apply(moves[i], nullptr);
      const double v = evaluate(after, me, hoping) + jitter[i];
      if (v > hoped) hoped = v, best = i;
    }
  }
  last_scores_.clear();
  for (int i = 0; i < n; ++i) last_scores_.push_back({moves[i], accepted[i] + jitter[i]});
  if (const std::uint64_t key = left_after(moves[best])) ++left_[key];
  return moves[best];
}

}  // namespace strat::stratego::v2
