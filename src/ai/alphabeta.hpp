#pragma once
// Game-independent alpha-beta: negamax with iterative deepening, a transposition table and time control.
// Requirements on S beyond GameState: `std::uint64_t hash() const` (Zobrist, including side to move) and
// `double evaluate(int player) const` in [-1, 1]. Optional hooks, detected at compile time:
//  - `int move_order(const Move&) const`: higher is searched first (captures, promotions);
//  - `bool quiet() const` with `void noisy_moves(std::vector<Move>&) const`: quiescence search over noisy moves
//    at the horizon until the position is quiet.
// Games whose engines need more (history/killer tables, make/unmake) build on this or write their own.
#include <algorithm>
#include <cmath>
#include <cstdint>
#include <limits>
#include <vector>

#include "core/agent.hpp"
#include "core/game.hpp"

namespace strat {

template <class S>
concept HashedGame = EvaluatedGame<S> && requires(const S s) { { s.hash() } -> std::convertible_to<std::uint64_t>; };
template <class S>
concept HasMoveOrder = requires(const S s, const typename S::Move& m) { { s.move_order(m) } -> std::convertible_to<int>; };
template <class S>
concept HasQuiescence = requires(const S s, std::vector<typename S::Move>& v) {
  { s.quiet() } -> std::same_as<bool>;
  { s.noisy_moves(v) };
};

struct AlphaBetaConfig {
  int max_depth = 64;
  double time_ms = 1000;
  int tt_log2 = 20;  // 2^20 entries
  static AlphaBetaConfig from(const Options& o, int default_time_ms) {
    AlphaBetaConfig c;
    c.time_ms = static_cast<double>(o.get_int("time", default_time_ms, 0, 3'600'000));
    c.max_depth = static_cast<int>(o.get_int("depth", c.time_ms > 0 ? 64 : 6, 1, 64));
    return c;
  }
};

template <HashedGame S>
class AlphaBeta {
 public:
  using Move = typename S::Move;
  static constexpr int kWin = 1'000'000;
  static constexpr int kScale = 10'000;  // evaluate() in [-1, 1] maps to [-kScale, kScale]

  explicit AlphaBeta(AlphaBetaConfig config) : config_(config), table_(std::size_t{1} << config.tt_log2) {}

  Move choose(const S& root) {
    deadline_ = Deadline(config_.time_ms);
    stopped_ = false;
    nodes_ = 0;
    std::vector<Move> moves;
    root.legal_moves(moves);
    Move best = moves.front();
    if (moves.size() == 1) return best;
    for (int depth = 1; depth <= config_.max_depth; ++depth) {
      Move iteration_best = best;
      int score = root_search(root, moves, depth, iteration_best);
      if (stopped_) break;
      best = iteration_best;
      last_depth_ = depth;
      last_score_ = score;
      if (std::abs(score) >= kWin - 1000) break;  // a forced result is known
      // Search the best move first next iteration.
      std::iter_swap(moves.begin(), std::find(moves.begin(), moves.end(), best));
    }
    return best;
  }

  int last_depth() const { return last_depth_; }
  int last_score() const { return last_score_; }
  std::uint64_t nodes() const { return nodes_; }

 private:
  enum Bound : std::uint8_t { kExact, kLower, kUpper };
  struct Entry {
    std::uint64_t key = 0;
    int score = 0;
    std::int16_t depth = -1;
    Bound bound = kExact;
    std::uint16_t best = 0;  // index of the best move in generation order + 1 (0: none)
  };

  int root_search(const S& root, std::vector<Move>& moves, int depth, Move& best) {
    int alpha = -kWin - 1, beta = kWin + 1;
    int best_score = -kWin - 1;
    const int me = root.to_move();
    for (const Move& m : moves) {
      S child = root;
      child.apply(m, nullptr);
      int score = child.to_move() == me ? search(child, depth - 1, alpha, beta, 1)
                                         : -search(child, depth - 1, -beta, -alpha, 1);
      if (stopped_) return best_score;
      if (score > best_score) {
        best_score = score;
        best = m;
      }
      alpha = std::max(alpha, score);
    }
    return best_score;
  }

  int search(const S& s, int depth, int alpha, int beta, int ply) {
    if ((++nodes_ & 1023) == 0 && deadline_.passed()) stopped_ = true;
    if (stopped_) return 0;
    const Outcome o = s.outcome();
    const int me = s.to_move();
    if (o.over()) return o.status == Status::Draw ? 0 : (o.winner == me ? kWin - ply : -kWin + ply);
    if (depth <= 0) return quiesce(s, alpha, beta, ply, 8);

    const std::uint64_t key = s.hash();
    Entry& e = table_[key & (table_.size() - 1)];
    int tt_best = -1;
    if (e.key == key) {
      tt_best = static_cast<int>(e.best) - 1;
      if (e.depth >= depth) {
        if (e.bound == kExact) return e.score;
        if (e.bound == kLower && e.score >= beta) return e.score;
        if (e.bound == kUpper && e.score <= alpha) return e.score;
      }
    }
    std::vector<Move> moves;
    s.legal_moves(moves);
    order_.resize(moves.size());
    std::vector<int> order(moves.size());
    for (std::size_t i = 0; i < moves.size(); ++i) order[i] = static_cast<int>(i);
    std::vector<int> keys(moves.size(), 0);
    if constexpr (HasMoveOrder<S>)
      for (std::size_t i = 0; i < moves.size(); ++i) keys[i] = s.move_order(moves[i]);
    if (tt_best >= 0 && tt_best < static_cast<int>(moves.size())) keys[tt_best] = std::numeric_limits<int>::max();
    std::stable_sort(order.begin(), order.end(), [&](int a, int b) { return keys[a] > keys[b]; });

    const int alpha0 = alpha;
    int best_score = -kWin - 1, best_index = 0;
    for (int i : order) {
      S child = s;
      child.apply(moves[i], nullptr);
      int score = child.to_move() == me ? search(child, depth - 1, alpha, beta, ply + 1)
                                         : -search(child, depth - 1, -beta, -alpha, ply + 1);
      if (stopped_) return 0;
      if (score > best_score) {
        best_score = score;
        best_index = i;
      }
      alpha = std::max(alpha, score);
      if (alpha >= beta) break;
    }
    e.key = key;
    e.score = best_score;
    e.depth = static_cast<std::int16_t>(depth);
    e.best = static_cast<std::uint16_t>(std::min(best_index + 1, 65535));
    e.bound = best_score <= alpha0 ? kUpper : (best_score >= beta ? kLower : kExact);
    return best_score;
  }

  int quiesce(const S& s, int alpha, int beta, int ply, int budget) {
    const int me = s.to_move();
    int stand = static_cast<int>(std::lround(s.evaluate(me) * kScale));
    if constexpr (HasQuiescence<S>) {
      if (budget <= 0 || s.quiet()) return stand;
      std::vector<Move> noisy;
      s.noisy_moves(noisy);
      if (noisy.empty()) return stand;
      // Forced noisy moves (e.g. compulsory captures) leave no stand-pat option.
      int best = -kWin - 1;
      for (const Move& m : noisy) {
        S child = s;
        child.apply(m, nullptr);
        const Outcome o = child.outcome();
        int score;
        if (o.over()) score = o.status == Status::Draw ? 0 : (o.winner == me ? kWin - ply : -kWin + ply);
        else if (child.to_move() == me) score = quiesce(child, alpha, beta, ply + 1, budget - 1);
        else score = -quiesce(child, -beta, -alpha, ply + 1, budget - 1);
        best = std::max(best, score);
        alpha = std::max(alpha, score);
        if (alpha >= beta) break;
      }
      return best;
    } else {
      return stand;
    }
  }

  AlphaBetaConfig config_;
  std::vector<Entry> table_;
  std::vector<int> order_;
  Deadline deadline_{0};
  bool stopped_ = false;
  std::uint64_t nodes_ = 0;
  int last_depth_ = 0, last_score_ = 0;
};

}  // namespace strat
