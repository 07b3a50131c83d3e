#include "games/dhamet/engine.hpp"

#include <algorithm>
#include <cstring>

namespace strat::dhamet {

namespace {
constexpr int kExact = 0, kLower = 1, kUpper = 2;
constexpr int kMaxPly = 120;
constexpr int kMateBound = Engine::kWin - 1000;

int to_tt(int score, int ply) { return score > kMateBound ? score + ply : score < -kMateBound ? score - ply : score; }
int from_tt(int score, int ply) { return score > kMateBound ? score - ply : score < -kMateBound ? score + ply : score; }
}  // namespace

EngineConfig EngineConfig::from(const Options& o) {
  o.check_known({"time", "depth", "nodes"});
  EngineConfig c;
  const bool limited = o.has("depth") || o.has("nodes");
  c.time_ms = static_cast<double>(o.get_int("time", limited ? 0 : 1000, 0, 3'600'000));
  c.max_depth = static_cast<int>(o.get_int("depth", 64, 1, 64));
  c.nodes = static_cast<long>(o.get_int("nodes", 0, 0, 4'000'000'000LL));
  return c;
}

Engine::Engine(EngineConfig config)
    : config_(config), table_(std::size_t{1} << config.tt_log2), lists_(kMaxPly + 2), keys_(kMaxPly + 2), idx_(kMaxPly + 2) {
  std::memset(history_, 0, sizeof history_);
}

bool Engine::out_of_budget() {
  if (stopped_) return true;
  if (!may_stop_) return false;
  if (config_.nodes > 0 && nodes_ >= static_cast<std::uint64_t>(config_.nodes)) stopped_ = true;
  if (config_.time_ms > 0 && (nodes_ & 1023) == 0 && std::chrono::steady_clock::now() >= deadline_) stopped_ = true;
  return stopped_;
}

bool Engine::repeated(std::uint64_t hash, int quiet, std::size_t base) const {
  if (rules_.repetitions == 0 || quiet < 4) return false;
  // path_.back() is this node; any earlier occurrence since the last irreversible move is a repetition.
  for (std::size_t i = base; i + 1 < path_.size(); ++i)
    if (path_[i] == hash) return true;
  return false;
}

void Engine::order(const Board& b, std::vector<Move>& moves, int ply, int tt_best) {
  auto& keys = keys_[ply];
  auto& idx = idx_[ply];
  keys.resize(moves.size());
  idx.resize(moves.size());
  const int c = b.side;
  for (std::size_t i = 0; i < moves.size(); ++i) {
    const Move& m = moves[i];
    int k;
    const bool promotes = m.n && has(b.men[c], m.from) && has(promotion_row(c), m.to());
    if (static_cast<int>(i) == tt_best) k = 1 << 30;
    else if (m.caps) {
      int sultans = 0, prev = m.from;
      for (int j = 0; j < m.n; ++j) {
        sultans += has(b.sultans[1 - c], m.path[j] - step_towards(prev, m.path[j]));
        prev = m.path[j];
      }
      k = (1 << 28) + sultans * 1000 + promotes * 500;
    } else if (promotes) k = (1 << 27) + 2;
    else if (m == killers_[ply][0]) k = (1 << 27) + 1;
    else if (m == killers_[ply][1]) k = 1 << 27;
    else k = m.n ? history_[c][m.from][m.to()] : 0;
    keys[i] = k;
  }
  // Insertion sort of indices, stable: lists are short, and the table remembers generation indices.
  for (std::size_t i = 0; i < moves.size(); ++i) {
    std::size_t j = i;
    for (; j > 0 && keys[idx[j - 1]] < keys[i]; --j) idx[j] = idx[j - 1];
    idx[j] = static_cast<int>(i);
  }
}

int Engine::quiesce(const Board& b, int alpha, int beta, int ply) {
  ++nodes_;
  if (out_of_budget()) return 0;
  if (ply >= kMaxPly) return evaluate(b, config_.weights);
  if (!has_capture(b)) {
    if (!has_step(b)) return -kWin + ply;  // D-15: no legal move loses
    return evaluate(b, config_.weights);
  }
  // Captures are compulsory (D-08): no standing pat while one exists.
  auto& moves = lists_[ply];
  generate_strict(b, moves);
  int best = -kWin;
  for (std::size_t i = 0; i < moves.size(); ++i) {
    Board child = b;
    child.play(lists_[ply][i]);
    const int score = -quiesce(child, -beta, -alpha, ply + 1);
    if (stopped_) return 0;
    if (score > best) best = score;
    if (score > alpha) alpha = score;
    if (alpha >= beta) break;
  }
  return best;
}

int Engine::search(const Board& b, int depth, int alpha, int beta, int ply, int quiet, std::size_t base) {
  if (out_of_budget()) return 0;
  if (rules_.draw_plies > 0 && quiet >= rules_.draw_plies) return 0;  // D-17
  if (repeated(b.hash, quiet, base)) return 0;                          // D-16
  if (depth <= 0 || ply >= kMaxPly) return quiesce(b, alpha, beta, ply);
  ++nodes_;

  Entry& e = table_[b.hash & (table_.size() - 1)];
  int tt_best = -1;
  if (e.key == b.hash) {
    tt_best = static_cast<int>(e.best) - 1;
    if (e.depth >= depth) {
      const int s = from_tt(e.score, ply);
      if (e.bound == kExact || (e.bound == kLower && s >= beta) || (e.bound == kUpper && s <= alpha)) return s;
    }
  }
  auto& moves = lists_[ply];
  legal_moves(b, rules_, moves);
  if (moves.empty()) return -kWin + ply;  // D-15
  // Forced replies (a lone capture sequence, a single step) cost no depth.
  if (moves.size() == 1 && ply < kMaxPly / 2) ++depth;
  order(b, moves, ply, tt_best < static_cast<int>(moves.size()) ? tt_best : -1);

  const int alpha0 = alpha;
  int best = -kWin - 1, best_index = 0;
  for (std::size_t k = 0; k < moves.size(); ++k) {
    const int i = idx_[ply][k];
    const Move& m = lists_[ply][i];
    Board child = b;
    play(child, m, rules_);
    const bool reset = irreversible(b, m);
    const std::size_t child_base = reset ? path_.size() : base;
    const int child_quiet = reset ? 0 : quiet + 1;
    path_.push_back(child.hash);
    int score;
    if (k == 0) {
      score = -search(child, depth - 1, -beta, -alpha, ply + 1, child_quiet, child_base);
    } else {
      const bool late_quiet = depth >= 3 && k >= 3 && !m.caps && keys_[ply][i] < (1 << 27);
      const int r = late_quiet ? 1 : 0;
      score = -search(child, depth - 1 - r, -alpha - 1, -alpha, ply + 1, child_quiet, child_base);
      if (score > alpha && (r || score < beta))
        score = -search(child, depth - 1, -beta, -alpha, ply + 1, child_quiet, child_base);
    }
    path_.pop_back();
    if (stopped_) return 0;
    if (score > best) {
      best = score;
      best_index = i;
    }
    if (score > alpha) alpha = score;
    if (alpha >= beta) {
      if (!m.caps && m.n) {
        if (!(m == killers_[ply][0])) {
          killers_[ply][1] = killers_[ply][0];
          killers_[ply][0] = m;
        }
        history_[b.side][m.from][m.to()] += depth * depth;
      }
      break;
    }
  }
  e.key = b.hash;
  e.score = to_tt(best, ply);
  e.depth = static_cast<std::int16_t>(depth);
  e.bound = static_cast<std::uint8_t>(best <= alpha0 ? kUpper : best >= beta ? kLower : kExact);
  e.best = static_cast<std::uint16_t>(std::min(best_index + 1, 65535));
  return best;
}

Move Engine::choose(const DhametState& s) {
  const auto start = std::chrono::steady_clock::now();
  deadline_ = start + std::chrono::microseconds(static_cast<long>(config_.time_ms * 1000));
  stopped_ = false;
  may_stop_ = false;
  nodes_ = 0;
  rules_ = s.rules();
  std::vector<Move> root;
  s.legal_moves(root);
  if (root.empty()) return Move{};  // the game is over: nothing to choose
  if (root.size() == 1) return root.front();
  for (auto& k : killers_) k[0] = k[1] = Move{};
  for (auto& side : history_)
    for (auto& from : side)
      for (int& h : from) h /= 4;
  const Board& b = s.board();
  path_ = s.history();
  std::vector<int> scores(root.size(), 0);
  Move best = root.front();
  last_depth_ = 0;
  for (int depth = 1; depth <= config_.max_depth; ++depth) {
    int alpha = -kWin - 1;
    const int beta = kWin + 1;
    Move iteration_best = root.front();
    int iteration_score = -kWin - 1;
    for (std::size_t i = 0; i < root.size(); ++i) {
      const Move& m = root[i];
      Board child = b;
      play(child, m, rules_);
      const bool reset = irreversible(b, m);
      const std::size_t child_base = reset ? path_.size() : 0;
      const int child_quiet = reset ? 0 : s.quiet_plies() + 1;
      path_.push_back(child.hash);
      int score;
      if (i == 0) {
        score = -search(child, depth - 1, -beta, -alpha, 1, child_quiet, child_base);
      } else {
        score = -search(child, depth - 1, -alpha - 1, -alpha, 1, child_quiet, child_base);
        if (score > alpha && !stopped_) score = -search(child, depth - 1, -beta, -alpha, 1, child_quiet, child_base);
      }
      path_.pop_back();
      if (stopped_) break;
      scores[i] = score;
      if (score > iteration_score) {
        iteration_score = score;
        iteration_best = m;
      }
      if (score > alpha) alpha = score;
    }
    may_stop_ = true;
    if (stopped_) break;
    best = iteration_best;
    last_depth_ = depth;
    last_score_ = iteration_score;
    if (std::abs(iteration_score) > kMateBound) break;
    if (config_.time_ms > 0 && std::chrono::steady_clock::now() >= deadline_) break;
    // Best first next iteration; the rest by this iteration's scores (stable for determinism).
    std::vector<std::size_t> idx(root.size());
    for (std::size_t i = 0; i < idx.size(); ++i) idx[i] = i;
    std::stable_sort(idx.begin(), idx.end(), [&](std::size_t a, std::size_t c) {
      const bool ab = root[a] == best, cb = root[c] == best;
      if (ab != cb) return ab;
      return scores[a] > scores[c];
    });
    std::vector<Move> sorted;
    std::vector<int> sorted_scores;
    for (auto i : idx) {
      sorted.push_back(root[i]);
      sorted_scores.push_back(scores[i]);
    }
    root.swap(sorted);
    scores.swap(sorted_scores);
  }
  return best;
}

}  // namespace strat::dhamet
