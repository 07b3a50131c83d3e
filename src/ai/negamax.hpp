#pragma once
// The one negamax of the engine (used by Dhamet, Strata 7 and Strategic): principal variation search with
// iterative deepening, per-ply move stacks (no allocation per node), one transposition table whose mate
// scores are stored relative to the node, killer moves and history, optional late-move reductions and
// extensions, and a quiescence search (stand-pat, or forced when the game's noisy moves are compulsory).
// Budgets: time (ms), nodes and depth, whichever ends first; the first iteration always completes, so a
// move is always found. An iteration stopped by the budget after its first move still counts: the best move it
// searched in full is played.
//
// The search runs over a node type P: a game's state, or a lighter search-only position. Required:
//   using Move;  int to_move() const;  void legal_moves(std::vector<Move>&) const;  (clears first, in a
//   deterministic order)  void apply(const Move&, Events*);  std::uint64_t hash() const;  and an evaluation:
//   `int evaluate_points(int player) const` (points) or `double evaluate(int player) const` in [-1, 1].
// Optional hooks, detected at compile time (like those of core/game.hpp):
//   Outcome outcome() const                    terminal positions (otherwise: no legal move loses);
//   int move_order(const Move&) const          static ordering, higher first (captures, promotions);
//   static constexpr int kNoisyOrder           moves whose move_order is at least this are noisy: they are
//                                              neither killers nor history moves and are never reduced;
//   static constexpr int kKillerBonus          added to a killer's move_order (second killer: one less);
//   int history_index(const Move&) const       + static constexpr int kHistorySize: history heuristic
//                                              for quiet moves (index < 0: none);
//   static constexpr bool kLateMoveReductions  reduce late quiet moves by one ply (re-searched on a rise);
//   int extension(int move_count) const        extra plies for this node (e.g. 1 for a forced reply);
//   bool draw_by_rule(std::span<const std::uint64_t> path) const
//                                              draws the search must see (repetition, move counters): path
//                                              holds the game's hashes given to choose() then the search
//                                              path, this node last;
//   void noisy_moves(std::vector<Move>&) const quiescence over these moves at the horizon;
//   bool quiet() const                         cheap test that there is no noisy move;
//   bool quiescence_keep(const P& child) const false skips a noisy move after it is played;
//   static constexpr bool kForcedNoisy         noisy moves are compulsory (no standing pat while one exists);
//   bool has_no_moves() const                  at a quiet horizon: the side to move has no move and loses;
//   void order_root(std::vector<Move>&) const  orders the root's moves for the first iteration (best first);
//   static constexpr int kWinScore             the score of a win (default 1'000'000); evaluations must stay
//                                              within +-(kWinScore - 1000), the bound of forced results.
// Chance (expectimax, *-minimax): a game whose moves may have a result drawn by chance (an attack on a piece of
// unknown rank) declares
//   using Chance;                              one possible result of such a move, with its `double probability`
//   int chances(const Move&, Chance* out) const
//                                              fills out[0..n) with the move's results, most probable first, their
//                                              probabilities summing to 1, and returns n (0: the move is certain);
//                                              n <= P::kMaxChances
//   void apply_chance(const Move&, const Chance&)
//                                              plays the move with that result;
// and may declare
//   bool chance_optional(const Move&) const    the player making the move knows what decides it (its own piece's
//                                              rank, hidden from the searching player) and makes it only for some
//                                              results: chances() lists those, their probabilities summing to
//                                              1 or less, and the rest is the chance that it declines;
//   bool chance_seen(const Move&) const        of an optional move: its player also sees each listed result
//                                              before choosing (the rank it meets is known to it), so that it
//                                              declines the results that are worth less to it than its alternative.
// An optional chance move's value is the expectation over its listed results (each the better of the result and the
// alternative when seen) plus the declined chance times the alternative, the best of the side's moves that are not
// optional (an enemy piece of unknown rank attacks where its rank wins and does something else where it does not).
// The search plays optional moves after the others, so that the alternative is the best score found before them;
// where those all failed low it is their bound, which may overrate the optional move by the gap between that bound and
// their true value (never underrate it).
// A chance move's value is the expectation of its results' values, searched with Star2 pruning (Ballard 1983; Hauk,
// Buro and Schaeffer 2004). Each result's value has bounds, +-kWinScore at first, and the move is cut off as soon as
// the bounds decide the expectation against alpha or beta. Probing: where the results are searched kProbeDepth plies
// deep at least, only the first move (the table's, else the first ordered) of each result's position is searched
// first; it bounds the result's value from below when the player of the chance move moves again there, from above
// when the opponent does. Then each result is searched fully, most probable first (Star1), in the window that could
// still move the expectation across alpha or beta given the other results' bounds. NegamaxConfig::chance_probes off:
// Star1 alone.
#include <algorithm>
#include <cmath>
#include <concepts>
#include <cstdint>
#include <cstring>
#include <limits>
#include <span>
#include <utility>
#include <vector>

#include "core/agent.hpp"
#include "core/game.hpp"
#include "core/options.hpp"
#include "core/outcome.hpp"

namespace strat {

namespace negamax {
template <class P>
concept Node = std::copyable<P> && requires(const P p, P q, const typename P::Move& m, std::vector<typename P::Move>& v) {
  typename P::Move;
  { p.to_move() } -> std::convertible_to<int>;
  { p.legal_moves(v) };
  { q.apply(m, nullptr) };
  { p.hash() } -> std::convertible_to<std::uint64_t>;
};
template <class P> concept PointsEval = requires(const P p) { { p.evaluate_points(0) } -> std::convertible_to<int>; };
template <class P> concept UnitEval = requires(const P p) { { p.evaluate(0) } -> std::convertible_to<double>; };
template <class P> concept HasOutcome = requires(const P p) { { p.outcome() } -> std::same_as<Outcome>; };
template <class P> concept HasMoveOrder = requires(const P p, const typename P::Move& m) { { p.move_order(m) } -> std::convertible_to<int>; };
template <class P> concept HasNoisyOrder = requires { { P::kNoisyOrder } -> std::convertible_to<int>; };
template <class P> concept HasKillerBonus = requires { { P::kKillerBonus } -> std::convertible_to<int>; };
template <class P> concept HasHistory = requires(const P p, const typename P::Move& m) {
  { p.history_index(m) } -> std::convertible_to<int>;
  { P::kHistorySize } -> std::convertible_to<int>;
};
template <class P> concept HasLmr = requires { requires static_cast<bool>(P::kLateMoveReductions); };
template <class P> concept HasExtension = requires(const P p) { { p.extension(0) } -> std::convertible_to<int>; };
template <class P> concept HasDrawByRule = requires(const P p, std::span<const std::uint64_t> path) { { p.draw_by_rule(path) } -> std::same_as<bool>; };
template <class P> concept HasNoisyMoves = requires(const P p, std::vector<typename P::Move>& v) { { p.noisy_moves(v) }; };
template <class P> concept HasQuiet = requires(const P p) { { p.quiet() } -> std::same_as<bool>; };
template <class P> concept HasQuiescenceKeep = requires(const P p) { { p.quiescence_keep(p) } -> std::same_as<bool>; };
template <class P> concept ForcedNoisy = requires { requires static_cast<bool>(P::kForcedNoisy); };
template <class P> concept HasNoMoves = requires(const P p) { { p.has_no_moves() } -> std::same_as<bool>; };
template <class P> concept HasOptionalChance = requires(const P p, const typename P::Move& m) {
  { p.chance_optional(m) } -> std::same_as<bool>;
};
template <class P> concept HasChanceSeen = requires(const P p, const typename P::Move& m) {
  { p.chance_seen(m) } -> std::same_as<bool>;
};
template <class P> concept HasWinScore = requires { { P::kWinScore } -> std::convertible_to<int>; };
template <class P> concept HasOrderRoot = requires(const P p, std::vector<typename P::Move>& v) { { p.order_root(v) }; };
template <class P> concept HasChance = requires(const P p, P q, const typename P::Move& m, typename P::Chance* out,
                                                const typename P::Chance& c) {
  { p.chances(m, out) } -> std::convertible_to<int>;
  { q.apply_chance(m, c) };
  { c.probability } -> std::convertible_to<double>;
  { P::kMaxChances } -> std::convertible_to<int>;
};
template <class P> constexpr int win_score() {
  if constexpr (HasWinScore<P>) return P::kWinScore;
  else return 1'000'000;
}
}  // namespace negamax

struct NegamaxConfig {
  int max_depth = 64;
  double time_ms = 0;           // 0: no time limit
  std::uint64_t nodes = 0;      // 0: no node limit
  int tt_log2 = 20;
  int quiescence_plies = 8;     // noisy plies at most beyond the horizon
  int max_ply = 128;            // search path length at most (extensions stop at half of it); <= kMaxPly
  // Chance moves: Star2's probes before the full searches of the results (off: Star1 alone).
  bool chance_probes = true;
  // The agent options "time=MS", "depth=N", "nodes=N": with none given, time=default_time_ms.
  static NegamaxConfig from(const Options& o, double default_time_ms) {
    NegamaxConfig c;
    const bool limited = o.has("depth") || o.has("nodes");
    c.time_ms = static_cast<double>(o.get_int("time", limited ? 0 : static_cast<long long>(default_time_ms), 0, 3'600'000));
    c.max_depth = static_cast<int>(o.get_int("depth", 64, 1, 64));
    c.nodes = static_cast<std::uint64_t>(o.get_int("nodes", 0, 0, 4'000'000'000LL));
    return c;
  }
};

template <negamax::Node P>
class Negamax {
 public:
  using Move = typename P::Move;
  static constexpr int kWin = negamax::win_score<P>();
  static constexpr int kMateBound = kWin - 1000;  // |score| above: a forced result
  static constexpr int kScale = 10'000;            // evaluate() in [-1, 1] maps to [-kScale, kScale]
  static constexpr int kMaxPly = 128;
  // Chance results searched this deep at least are probed first (Star2). Shallower, a probe is a quiescence search that
  // the full search repeats (quiescence has no table): it costs more than it saves.
  static constexpr int kProbeDepth = 2;

  explicit Negamax(NegamaxConfig config)
      : config_(config), max_ply_(std::clamp(config.max_ply, 1, kMaxPly)), table_(std::size_t{1} << config.tt_log2), moves_(kMaxPly + 2), keys_(kMaxPly + 2),
        order_(kMaxPly + 2), killers_(kMaxPly + 2) {
    if constexpr (negamax::HasHistory<P>) history_.assign(2 * static_cast<std::size_t>(P::kHistorySize), 0);
  }

  const NegamaxConfig& config() const { return config_; }

  // The best move from `root`; `history` holds the hashes of the game's positions that draw_by_rule may
  // look back on (oldest first, the root's last). Returns Move{} when there is no legal move.
  Move choose(const P& root, std::span<const std::uint64_t> history = {}) {
    deadline_ns_ = search_clock_ns() + static_cast<std::int64_t>(config_.time_ms * 1e6);
    stopped_ = false;
    may_stop_ = false;
    nodes_ = 0;
    last_depth_ = 0;
    std::vector<Move> root_moves;
    root.legal_moves(root_moves);
    root_scores_.clear();
    if (root_moves.empty()) return Move{};
    if (root_moves.size() == 1) {
      root_scores_.emplace_back(root_moves.front(), 0);
      return root_moves.front();
    }
    if constexpr (negamax::HasOrderRoot<P>) root.order_root(root_moves);
    // Optional chance moves after the others, every iteration: their value needs the others' (stable, as below).
    auto optional = [&](const Move& m) {
      if constexpr (negamax::HasOptionalChance<P>) return root.chance_optional(m);
      else return false;
    };
    std::stable_partition(root_moves.begin(), root_moves.end(), [&](const Move& m) { return !optional(m); });
    for (auto& k : killers_) k = Killers{};
    for (int& h : history_) h /= 4;
    if constexpr (negamax::HasDrawByRule<P>) {
      path_.assign(history.begin(), history.end());
      if (path_.empty() || path_.back() != root.hash()) path_.push_back(root.hash());
    }
    std::vector<int> scores(root_moves.size(), 0);
    Move best = root_moves.front();
    for (int depth = 1; depth <= config_.max_depth; ++depth) {
      int alpha = -kWin - 1;
      const int beta = kWin + 1;
      Move iteration_best = root_moves.front();
      int iteration_score = -kWin - 1, iteration_plain = -kWin - 1;
      for (std::size_t i = 0; i < root_moves.size(); ++i) {
        auto searched = [&](const P& child, bool same, int a, int b, bool probe) {
          return value(child, same, depth - 1, a, b, 1, probe);
        };
        const bool probing = depth - 1 >= kProbeDepth;
        int score;
        if (i == 0) {
          score = play(root, root_moves[i], alpha, beta, iteration_plain, probing, searched);
        } else {
          score = play(root, root_moves[i], alpha, alpha + 1, iteration_plain, probing, searched);
          if (score > alpha && !stopped_)
            score = play(root, root_moves[i], alpha, beta, iteration_plain, probing, searched);
        }
        if (stopped_) break;
        scores[i] = score;
        if (!optional(root_moves[i])) iteration_plain = std::max(iteration_plain, score);
        if (score > iteration_score) {
          iteration_score = score;
          iteration_best = root_moves[i];
        }
        alpha = std::max(alpha, score);
      }
      may_stop_ = true;
      if (stopped_) {
        // A stopped iteration still knows something: the moves it searched in full were compared at the new depth
        // with the first (the last iteration's best), so the best of them is the better guess; its first move
        // unfinished, it knows nothing.
        if (iteration_score > -kWin - 1) {
          best = iteration_best;
          last_score_ = iteration_score;
        }
        break;
      }
      best = iteration_best;
      last_depth_ = depth;
      last_score_ = iteration_score;
      root_scores_.clear();
      for (std::size_t i = 0; i < root_moves.size(); ++i) root_scores_.emplace_back(root_moves[i], scores[i]);
      // A forced result needs no deeper look; with chance moves an expectation passes kMateBound without being
      // forced (nine chances in ten of a win), so those games deepen on.
      if (!negamax::HasChance<P> && std::abs(iteration_score) > kMateBound) break;
      if (config_.time_ms > 0 && search_clock_ns() >= deadline_ns_) break;
      // Best first next iteration, the rest by this iteration's scores (stable, for determinism).
      std::vector<std::size_t> idx(root_moves.size());
      for (std::size_t i = 0; i < idx.size(); ++i) idx[i] = i;
      std::stable_sort(idx.begin(), idx.end(), [&](std::size_t a, std::size_t c) {
        const bool oa = optional(root_moves[a]), oc = optional(root_moves[c]);
        if (oa != oc) return oc;
        const bool ab = root_moves[a] == best, cb = root_moves[c] == best;
        if (ab != cb) return ab;
        return scores[a] > scores[c];
      });
      std::vector<Move> sorted;
      std::vector<int> sorted_scores;
      sorted.reserve(idx.size());
      sorted_scores.reserve(idx.size());
      for (auto i : idx) {
        sorted.push_back(root_moves[i]);
        sorted_scores.push_back(scores[i]);
      }
      root_moves.swap(sorted);
      scores.swap(sorted_scores);
    }
    return best;
  }

  int last_depth() const { return last_depth_; }
  // The chosen move's score for the side to move at the root (from a stopped iteration where the move came from one).
  int last_score() const { return last_score_; }
  // Every root move with its score at the last completed depth (the best exact; the others, searched with a null
  // window, may be upper bounds).
  const std::vector<std::pair<Move, int>>& root_scores() const { return root_scores_; }
  std::uint64_t nodes() const { return nodes_; }

  // Forgets the transposition table, killers and history.
  void clear() {
    std::fill(table_.begin(), table_.end(), Entry{});
    std::fill(history_.begin(), history_.end(), 0);
  }

  // The one terminal score: a draw is 0, a win or loss is nearer zero the further from the root it is.
  static int terminal_score(const Outcome& o, int me, int ply) {
    return o.status == Status::Draw ? 0 : (o.winner == me ? kWin - ply : -kWin + ply);
  }
  // Mate scores are stored relative to the node (distance to the result from there) and read back relative to
  // the root: the same position reached at another ply keeps a correct distance.
  static int to_tt(int score, int ply) { return score > kMateBound ? score + ply : score < -kMateBound ? score - ply : score; }
  static int from_tt(int score, int ply) { return score > kMateBound ? score - ply : score < -kMateBound ? score + ply : score; }

 private:
  enum Bound : std::uint8_t { kExact, kLower, kUpper };
  struct Entry {
    std::uint64_t key = 0;
    std::int32_t score = 0;
    std::int16_t depth = -1;
    std::uint8_t bound = kExact;
    std::uint8_t pad = 0;
    std::uint16_t best = 0;  // index of the best move in generation order + 1 (0: none)
  };
  struct Killers {
    Move m[2]{};
    bool set[2] = {false, false};
  };

  static constexpr int noisy_order() {
    if constexpr (negamax::HasNoisyOrder<P>) return P::kNoisyOrder;
    else return std::numeric_limits<int>::max();
  }
  static constexpr int killer_bonus() {
    if constexpr (negamax::HasKillerBonus<P>) return P::kKillerBonus;
    else return 500;
  }
  static constexpr int kTtKey = std::numeric_limits<int>::max();
  static constexpr int kOptionalKey = std::numeric_limits<int>::min();
  static constexpr int kLazyPicks = 3;  // moves picked one by one before the rest is sorted

  void push(const P& child) {
    if constexpr (negamax::HasDrawByRule<P>) path_.push_back(child.hash());
  }
  void pop() {
    if constexpr (negamax::HasDrawByRule<P>) path_.pop_back();
  }

  bool out_of_budget() {
    if (stopped_) return true;
    if (!may_stop_) return false;
    if (config_.nodes > 0 && nodes_ >= config_.nodes) stopped_ = true;
    if (config_.time_ms > 0 && (nodes_ & 1023) == 0 && search_clock_ns() >= deadline_ns_) stopped_ = true;
    return stopped_;
  }

  static int evaluate(const P& s, int me) {
    if constexpr (negamax::PointsEval<P>) return s.evaluate_points(me);
    else return static_cast<int>(std::lround(s.evaluate(me) * kScale));
  }

  // The value of playing m from s, for the side to move at s: `recurse(child, same, alpha, beta, probe)` scores a child
  // for that side (`same`: it moves again there; `probe`: search only the child's first move). A chance move's value is
  // the expectation over its results: Star2 when `probing` (the results are searched kProbeDepth deep at least), else
  // Star1.
  // `least`: the best score of the moves at s that are not optional (-kWin - 1: none), searched before m; the
  // alternative of an optional chance move.
  template <class Recurse>
  int play(const P& s, const Move& m, int alpha, int beta, int least, bool probing, Recurse&& recurse) {
    const int me = s.to_move();
    if constexpr (negamax::HasChance<P>) {
      typename P::Chance results[P::kMaxChances];
      const int n = s.chances(m, results);
      if (n > 0) {
        // Result i's value lies in [lo[i], hi[i]], so the expectation in [sum_lo, sum_hi]: the move is decided once
        // sum_hi <= alpha or sum_lo >= beta. Bounds are rounded outwards, so that they stay bounds.
        constexpr double kEps = 1e-9;
        double prob[P::kMaxChances], listed = 0;
        for (int i = 0; i < n; ++i) listed += prob[i] = results[i].probability;
        // An optional move's unlisted chance is where its mover declines it for its alternative, `least`; with no
        // alternative searched, every result is scaled up instead (the mover has no other move to make).
        bool optional = false;
        // Seen: each listed result is worth `least` at the least, where the mover would rather take its alternative.
        bool seen = false;
        if constexpr (negamax::HasChanceSeen<P>) seen = least >= -kWin && s.chance_seen(m);
        if constexpr (negamax::HasOptionalChance<P>) optional = (seen || listed < 1 - kEps) && s.chance_optional(m);
        double declined = 0;
        if (optional && least >= -kWin) declined = (1 - listed) * least;
        else if (optional)
          for (int i = 0; i < n; ++i) prob[i] /= listed;
        double lo[P::kMaxChances], hi[P::kMaxChances];
        double sum_lo = declined, sum_hi = declined;
        for (int i = 0; i < n; ++i) {
          lo[i] = -kWin, hi[i] = kWin;
          sum_lo -= prob[i] * kWin;
          sum_hi += prob[i] * kWin;
        }
        auto set = [&](int i, double l, double h) {
          const double p = prob[i];
          sum_lo += p * (l - lo[i]);
          sum_hi += p * (h - hi[i]);
          lo[i] = l;
          hi[i] = h;
        };
        // Searches result i in its window: the values that, given the other results' bounds, leave the expectation
        // undecided. A full search's value outside its window is a bound that decides the move at once, so it is
        // taken as exact. A probe (Star2) searches only the first move of the result's child: that move's value bounds
        // the child's for its side to move from below, so the result's value for us from below when we move again,
        // from above when the opponent does; a probe that fails the other way bounds nothing.
        auto search_result = [&](int i, bool probe) {
          const double p = prob[i];
          const double x = (alpha - (sum_hi - p * hi[i])) / p, y = (beta - (sum_lo - p * lo[i])) / p;
          const double low = seen ? std::max<double>(x, least) : x;
          const int a = static_cast<int>(std::clamp(std::floor(low), -kWin - 1.0, kWin + 1.0));
          const int b = std::max(static_cast<int>(std::clamp(std::ceil(y), -kWin - 1.0, kWin + 1.0)), a + 1);
          P child = s;
          child.apply_chance(m, results[i]);
          const bool same = child.to_move() == me;
          if constexpr (negamax::HasOutcome<P>) {
            if (child.outcome().over()) probe = false;  // its exact value costs no more than a probe
          }
          push(child);
          int v = recurse(child, same, a, b, probe);
          if (seen) v = std::max(v, least);
          pop();
          if (!probe) set(i, v, v);
          else if (same && v > a) set(i, std::max<double>(lo[i], v), hi[i]);
          else if (!same && v < b) set(i, lo[i], std::min<double>(hi[i], v));
        };
        auto decided = [&] { return sum_hi <= alpha + kEps || sum_lo >= beta - kEps; };
        auto bound = [&] {
          return static_cast<int>(sum_hi <= alpha + kEps ? std::ceil(sum_hi - kEps) : std::floor(sum_lo + kEps));
        };
        // Star2: the probes' bounds may decide the move without a full search, and otherwise narrow the full searches'
        // windows; the table keeps what they searched for the full searches.
        if (probing && config_.chance_probes && n > 1) {
          for (int i = 0; i < n; ++i) {
            if (prob[i] <= 0) continue;
            search_result(i, true);
            if (stopped_) return 0;
            if (decided()) return bound();
          }
        }
        for (int i = 0; i < n; ++i) {  // most probable first
          if (prob[i] <= 0 || lo[i] == hi[i]) continue;
          search_result(i, false);
          if (stopped_) return 0;
          if (i + 1 < n && decided()) return bound();
        }
        return static_cast<int>(std::lround(sum_lo));
      }
    }
    P child = s;
    child.apply(m, nullptr);
    push(child);
    const int v = recurse(child, child.to_move() == me, alpha, beta, false);
    pop();
    return v;
  }

  // The score of `child` for the player who moved into it (the same player may move again).
  int value(const P& child, bool same, int depth, int alpha, int beta, int ply, bool probe) {
    return same ? search(child, depth, alpha, beta, ply, probe) : -search(child, depth, -beta, -alpha, ply, probe);
  }
  int qvalue(const P& child, bool same, int alpha, int beta, int ply, int budget) {
    return same ? quiesce(child, alpha, beta, ply, budget) : -quiesce(child, -beta, -alpha, ply, budget);
  }

  // With `probe`, only the first move is searched and its score returned (not stored): above alpha, a lower bound.
  int search(const P& s, int depth, int alpha, int beta, int ply, bool probe = false) {
    if (out_of_budget()) return 0;
    const int me = s.to_move();
    if constexpr (negamax::HasOutcome<P>) {
      const Outcome o = s.outcome();
      if (o.over()) return terminal_score(o, me, ply);
    }
    if constexpr (negamax::HasDrawByRule<P>) {
      if (s.draw_by_rule(std::span<const std::uint64_t>(path_))) return 0;
    }
    if (depth <= 0 || ply >= max_ply_) return quiesce(s, alpha, beta, ply, config_.quiescence_plies);
    ++nodes_;

    const std::uint64_t key = s.hash();
    Entry& e = table_[key & (table_.size() - 1)];
    int tt_best = -1;
    if (e.key == key) {
      tt_best = static_cast<int>(e.best) - 1;
      if (e.depth >= depth) {
        const int t = from_tt(e.score, ply);
        if (e.bound == kExact || (e.bound == kLower && t >= beta) || (e.bound == kUpper && t <= alpha)) return t;
      }
    }
    auto& moves = moves_[ply];
    s.legal_moves(moves);
    const int n = static_cast<int>(moves.size());
    if (n == 0) return -kWin + ply;  // no legal move loses (games where it does not end the game in outcome())
    if constexpr (negamax::HasExtension<P>) {
      if (ply < max_ply_ / 2) depth += s.extension(n);
    }
    // Ordering keys, by generation index; the order is picked lazily (cut-offs usually come early), ties in
    // generation order.
    auto& keys = keys_[ply];
    auto& order = order_[ply];
    keys.resize(moves.size());
    order.resize(moves.size());
    const Killers& killers = killers_[ply];
    for (int i = 0; i < n; ++i) {
      order[i] = i;
      const Move& m = moves[i];
      if constexpr (negamax::HasOptionalChance<P>) {
        if (s.chance_optional(m)) {  // after every other move: its value needs theirs
          keys[i] = kOptionalKey;
          continue;
        }
      }
      if (i == tt_best) {
        keys[i] = kTtKey;
        continue;
      }
      int k = 0;
      if constexpr (negamax::HasMoveOrder<P>) k = s.move_order(m);
      if (k < noisy_order()) {
        if (killers.set[0] && m == killers.m[0]) k += killer_bonus();
        else if (killers.set[1] && m == killers.m[1]) k += killer_bonus() - 1;
        else if constexpr (negamax::HasHistory<P>) {
          const int h = s.history_index(m);
          if (h >= 0) k += history_[me * P::kHistorySize + h];
        }
      }
      keys[i] = k;
    }

    const int alpha0 = alpha;
    int best = -kWin - 1, best_index = 0, plain = -kWin - 1;
    auto before = [&](int a, int c) { return keys[a] > keys[c] || (keys[a] == keys[c] && a < c); };
    for (int j = 0; j < n; ++j) {
      if (j < kLazyPicks) {
        int pick = j;
        for (int t = j + 1; t < n; ++t)
          if (before(order[t], order[pick])) pick = t;
        std::swap(order[j], order[pick]);
      } else if (j == kLazyPicks) {
        // No cut-off among the first moves: likely an all-node; sort the rest once (insertion sort: the keys
        // of quiet moves are mostly equal, so this is close to linear).
        for (int a = j + 1; a < n; ++a) {
          const int v = order[a];
          int b = a;
          for (; b > j && before(v, order[b - 1]); --b) order[b] = order[b - 1];
          order[b] = v;
        }
      }
      const int i = order[j];
      const Move& m = moves[i];
      auto searched = [&, this](int d) {
        return [this, d, ply](const P& child, bool same, int a, int b, bool probe) {
          return value(child, same, d, a, b, ply + 1, probe);
        };
      };
      int score;
      if (j == 0) {
        score = play(s, m, alpha, beta, plain, depth - 1 >= kProbeDepth, searched(depth - 1));
      } else {
        int r = 0;
        if constexpr (negamax::HasLmr<P>) {
          // Late quiet moves ordered below the killers: one ply less, re-searched if they rise above alpha.
          // (With reductions, noisy moves must order above kKillerBonus.)
          r = depth >= 3 && j >= 3 && keys[i] < killer_bonus() - 1 ? 1 : 0;
        }
        score = play(s, m, alpha, alpha + 1, plain, depth - 1 - r >= kProbeDepth, searched(depth - 1 - r));
        if (score > alpha && (r || score < beta) && !stopped_)
          score = play(s, m, alpha, beta, plain, depth - 1 >= kProbeDepth, searched(depth - 1));
      }
      if (stopped_) return 0;
      if (probe) return score;
      if (keys[i] != kOptionalKey) plain = std::max(plain, score);
      if (score > best) {
        best = score;
        best_index = i;
      }
      if (score > alpha) alpha = score;
      if (alpha >= beta) {
        int k = 0;
        if constexpr (negamax::HasMoveOrder<P>) k = s.move_order(m);  // the static order, without killer bonus
        if constexpr (negamax::HasOptionalChance<P>) {
          if (s.chance_optional(m)) k = noisy_order();  // ordered apart: neither killer nor history
        }
        if (k < noisy_order()) {
          Killers& kl = killers_[ply];
          if (!(kl.set[0] && m == kl.m[0])) {
            kl.m[1] = kl.m[0];
            kl.set[1] = kl.set[0];
            kl.m[0] = m;
            kl.set[0] = true;
          }
          if constexpr (negamax::HasHistory<P>) {
            const int h = s.history_index(m);
            if (h >= 0) history_[me * P::kHistorySize + h] += depth * depth;
          }
        }
        break;
      }
    }
    e.key = key;
    e.score = to_tt(best, ply);
    e.depth = static_cast<std::int16_t>(depth);
    e.bound = static_cast<std::uint8_t>(best <= alpha0 ? kUpper : best >= beta ? kLower : kExact);
    e.best = static_cast<std::uint16_t>(std::min(best_index + 1, 65535));
    return best;
  }

  int quiesce(const P& s, int alpha, int beta, int ply, int budget) {
    ++nodes_;
    if (out_of_budget()) return 0;
    const int me = s.to_move();
    if constexpr (negamax::HasOutcome<P>) {
      const Outcome o = s.outcome();
      if (o.over()) return terminal_score(o, me, ply);
    }
    if constexpr (!negamax::HasNoisyMoves<P>) {
      return evaluate(s, me);
    } else {
      if (ply >= max_ply_) return evaluate(s, me);
      if constexpr (negamax::HasQuiet<P>) {
        if (s.quiet()) {
          if constexpr (negamax::HasNoMoves<P>) {
            if (s.has_no_moves()) return -kWin + ply;
          }
          return evaluate(s, me);
        }
      }
      int best = -kWin - 1, plain = -kWin - 1;
      if constexpr (negamax::ForcedNoisy<P>) {
        if (budget <= 0) return evaluate(s, me);
      } else {
        const int stand = evaluate(s, me);
        if (budget <= 0 || stand >= beta) return stand;
        if (stand > alpha) alpha = stand;
        best = plain = stand;
      }
      auto& moves = moves_[ply];
      s.noisy_moves(moves);
      if constexpr (negamax::HasOptionalChance<P>) {
        std::stable_partition(moves.begin(), moves.end(), [&](const Move& m) { return !s.chance_optional(m); });
      }
      if (moves.empty()) {
        if constexpr (negamax::ForcedNoisy<P>) return evaluate(s, me);
        else return best;
      }
      for (std::size_t i = 0; i < moves.size(); ++i) {
        int score;
        if constexpr (negamax::HasChance<P>) {
          auto searched = [&](const P& child, bool same, int a, int b, bool) {
            return qvalue(child, same, a, b, ply + 1, budget - 1);
          };
          score = play(s, moves_[ply][i], alpha, beta, plain, false, searched);
        } else {
          P child = s;
          child.apply(moves_[ply][i], nullptr);
          if constexpr (negamax::HasQuiescenceKeep<P>) {
            if (!s.quiescence_keep(child)) continue;
          }
          score = qvalue(child, child.to_move() == me, alpha, beta, ply + 1, budget - 1);
        }
        if (stopped_) return 0;
        if constexpr (negamax::HasOptionalChance<P>) {
          if (!s.chance_optional(moves_[ply][i])) plain = std::max(plain, score);
        }
        if (score > best) best = score;
        if (score > alpha) alpha = score;
        if (alpha >= beta) break;
      }
      return best;
    }
  }

  NegamaxConfig config_;
  int max_ply_;
  std::vector<Entry> table_;
  std::vector<std::vector<Move>> moves_;
  std::vector<std::vector<int>> keys_, order_;
  std::vector<Killers> killers_;
  std::vector<int> history_;
  std::vector<std::uint64_t> path_;
  std::int64_t deadline_ns_ = 0;  // on the search clock (core/agent.hpp)
  bool stopped_ = false;
  bool may_stop_ = false;
  std::uint64_t nodes_ = 0;
  int last_depth_ = 0, last_score_ = 0;
  std::vector<std::pair<Move, int>> root_scores_;
};

}  // namespace strat
