#include "games/strata7/search.hpp"

#include <algorithm>

namespace strat::strata7 {

namespace {
enum Bound : std::uint8_t { kExact, kLower, kUpper };
constexpr int kMaxPly = 127;
}  // namespace

SearchConfig SearchConfig::from(const Options& o) {
  SearchConfig c;
  c.time_ms = static_cast<double>(o.get_int("time", 1000, 0, 3'600'000));
  c.max_depth = static_cast<int>(o.get_int("depth", c.time_ms > 0 ? 64 : 4, 1, 64));
  c.quiescence_plies = static_cast<int>(o.get_int("qplies", 6, 0, 32));
  return c;
}

Search::Search(SearchConfig config)
    : config_(config), table_(std::size_t{1} << config.tt_log2), move_stack_(kMaxPly + 1), key_stack_(kMaxPly + 1) {}

bool Search::out_of_time() {
  if ((++nodes_ & 1023) == 0 && deadline_.passed()) stopped_ = true;
  return stopped_;
}

Move Search::choose(const State& root) {
  deadline_ = Deadline(config_.time_ms);
  stopped_ = false;
  nodes_ = 0;
  std::vector<Move> moves;
  root.legal_moves(moves);
  Move best = moves.front();
  if (moves.size() == 1) return best;
  for (int depth = 1; depth <= config_.max_depth; ++depth) {
    int alpha = -kWin - 1;
    Move iteration_best = best;
    for (const Move& m : moves) {
      State child = root;
      child.apply(m, nullptr);
      const int score = child_score(root, child, depth - 1, alpha, kWin + 1, 1);
      if (stopped_) break;
      if (score > alpha) {
        alpha = score;
        iteration_best = m;
      }
    }
    if (stopped_) break;
    best = iteration_best;
    last_depth_ = depth;
    last_score_ = alpha;
    if (alpha >= kWin - 1000 || alpha <= -kWin + 1000) break;  // a forced result is known
    std::iter_swap(moves.begin(), std::find(moves.begin(), moves.end(), best));
  }
  return best;
}

// The score of `child` for the player to move in `s` (placements keep the same player on move).
int Search::child_score(const State& s, const State& child, int depth, int alpha, int beta, int ply) {
  if (child.to_move() == s.to_move() && !child.outcome().over()) return negamax(child, depth, alpha, beta, ply);
  if (child.outcome().over()) {
    const int me = s.to_move();
    return child.outcome().status == Status::Draw ? 0 : child.outcome().winner == me ? kWin - ply : -kWin + ply;
  }
  return -negamax(child, depth, -beta, -alpha, ply);
}

int Search::negamax(const State& s, int depth, int alpha, int beta, int ply) {
  if (out_of_time()) return 0;
  if (depth <= 0 || ply >= kMaxPly) return quiesce(s, alpha, beta, ply, config_.quiescence_plies);
  const std::uint64_t key = s.hash();
  Entry& e = table_[key & (table_.size() - 1)];
  Move tt_move{};
  bool has_tt_move = false;
  if (e.key == key) {
    tt_move = e.best;
    has_tt_move = true;
    if (e.depth >= depth) {
      if (e.bound == kExact) return e.score;
      if (e.bound == kLower && e.score >= beta) return e.score;
      if (e.bound == kUpper && e.score <= alpha) return e.score;
    }
  }
  auto& moves = move_stack_[static_cast<std::size_t>(ply)];
  auto& keys = key_stack_[static_cast<std::size_t>(ply)];
  s.legal_moves(moves);
  keys.resize(moves.size());
  for (std::size_t i = 0; i < moves.size(); ++i) {
    const Move& m = moves[i];
    int k = s.move_order(m);
    if (has_tt_move && m == tt_move) k = 1 << 30;
    else if (m == killers_[ply][0]) k += 500;
    else if (m == killers_[ply][1]) k += 400;
    keys[i] = k;
  }
  const int alpha0 = alpha;
  int best = -kWin - 1;
  Move best_move = moves.front();
  for (std::size_t n = 0; n < moves.size(); ++n) {
    // Selection sort: cut-offs usually come early, so sorting everything would be wasted.
    std::size_t pick = n;
    for (std::size_t j = n + 1; j < moves.size(); ++j)
      if (keys[j] > keys[pick]) pick = j;
    std::swap(moves[n], moves[pick]);
    std::swap(keys[n], keys[pick]);
    const Move m = moves[n];
    State child = s;
    child.apply(m, nullptr);
    const int score = child_score(s, child, depth - 1, alpha, beta, ply + 1);
    if (stopped_) return 0;
    if (score > best) {
      best = score;
      best_move = m;
    }
    if (score > alpha) alpha = score;
    if (alpha >= beta) {
      if (keys[n] < 1000 && !(m == killers_[ply][0])) {
        killers_[ply][1] = killers_[ply][0];
        killers_[ply][0] = m;
      }
      break;
    }
  }
  e.key = key;
  e.score = best;
  e.depth = static_cast<std::int16_t>(depth);
  e.best = best_move;
  e.bound = best <= alpha0 ? kUpper : best >= beta ? kLower : kExact;
  return best;
}

// Stand pat, or play a move that scores (a capture or a reinforcement, found by the move-order heuristic and
// confirmed by the score after the move).
int Search::quiesce(const State& s, int alpha, int beta, int ply, int budget) {
  const int me = s.to_move();
  int stand = s.evaluate_points(me);
  if (budget <= 0 || ply >= kMaxPly || stand >= beta) return stand;
  if (stand > alpha) alpha = stand;
  auto& moves = move_stack_[static_cast<std::size_t>(ply)];
  s.legal_moves(moves);
  int best = stand;
  for (std::size_t i = 0; i < moves.size(); ++i) {
    const Move m = moves[i];
    if (s.move_order(m) < 1000) continue;
    State child = s;
    child.apply(m, nullptr);
    if (child.score(me) <= s.score(me) && !child.outcome().over()) continue;
    int score;
    if (child.outcome().over())
      score = child.outcome().status == Status::Draw ? 0 : child.outcome().winner == me ? kWin - ply : -kWin + ply;
    else if (child.to_move() == me)
      score = quiesce(child, alpha, beta, ply + 1, budget - 1);
    else
      score = -quiesce(child, -beta, -alpha, ply + 1, budget - 1);
    if (score > best) best = score;
    if (score > alpha) alpha = score;
    if (alpha >= beta) break;
  }
  return best;
}

}  // namespace strat::strata7
