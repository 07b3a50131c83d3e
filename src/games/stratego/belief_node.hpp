#pragma once
// One node of the `stratego-belief` agent's search: the position as the searching player knows it, not a world drawn from
// its beliefs. Its own pieces carry their ranks; an enemy piece it does not know carries the set of ranks it may still
// have (a rank set) and stays unknown until something shows its rank. Every fact the rules give is kept along the
// search path: an enemy piece that moves is no Bomb or Flag, a long move shows a Scout, a combat shows both ranks, and a
// rank whose every piece is placed leaves every other rank set. An attack that involves an unknown enemy piece is a
// chance move (negamax.hpp): one result per rank the piece may have, weighed by the root's beliefs (beliefs.hpp) within
// its rank set. The shared negamax searches it as expectimax with Star2 pruning.
//
// The enemy chooses its moves in the same tree, which shows it the player's ranks. Where that matters most, it does
// not: the enemy attacks a piece of the player's that it does not know only when the attack looks worth making from
// what the enemy knows (its beliefs about that piece, made from public information at the root), never because the
// tree shows it what stands there. And the enemy knows its own ranks, which the player does not: an unknown enemy
// piece's attack is an optional chance move (negamax.hpp), made only by the ranks for which it pays, at the beliefs,
// the rest of the chance being the enemy's best other move. A Spy beside the player's known Marshal attacks; a
// Sergeant does not; the enemy's Marshal trades only where the trade is worth more to it than its alternative.
#include <array>
#include <cstdint>
#include <vector>

#include "core/game.hpp"
#include "games/stratego/beliefs.hpp"
#include "games/stratego/info.hpp"
#include "games/stratego/state.hpp"

namespace strat::stratego {

using RankSet = std::uint16_t;  // bit r: the piece may have rank r
constexpr RankSet rank_bit(int r) { return static_cast<RankSet>(1u << r); }
constexpr RankSet kMovableRanks = 0x7FE;  // Spy .. Marshal
constexpr int kSlots = 40;                // unknown pieces of one side at most

class EvalModel;

// The evaluation's scores of one search, by a key of everything the evaluation reads (BeliefNode::eval_key): the
// quiescence searches that Star2's probes repeat, and transpositions, evaluate the same nodes again. The salt changes
// with every search, since the root's beliefs (which the key leaves out) do.
struct EvalCache {
  static constexpr std::size_t kSize = std::size_t{1} << 16;
  struct Entry {
    std::uint64_t key = 0;
    std::int32_t score = 0;
  };
  std::vector<Entry> entries = std::vector<Entry>(kSize);
  std::uint64_t salt = 0;
};

// What the root knows, shared by every node of one search.
struct RootKnowledge {
  int me = 0;  // the searching player
  // By slot of an unknown enemy piece: the root's beliefs, P(rank).
  std::array<std::array<float, kRanks>, kSlots> prior{};
  // By slot of a piece of mine the enemy does not know: the enemy's beliefs about it, from public information.
  std::array<std::array<float, kRanks>, kSlots> seen{};
  // By square: how close the enemy Flag is, in the root's beliefs: sum over squares q of P(Flag on q) * (4 - distance,
  // at least 0) / 4.
  std::array<float, kCells> flag_near{};
  // The root's moves, likeliest first for a player (the move predictor, move_model.hpp): the first iteration's order.
  std::vector<Move> root_order;
  // How likely a player attacks with a piece of each rank, from the move predictor: [attacker][defender] for a defender
  // the attacker knows, [attacker][moved] (0 or 1) for one it does not. Only ratios between attacker ranks matter: an
  // unknown enemy piece that attacks is weighed by them as well as by the beliefs (it chose to attack, knowing its rank).
  std::array<std::array<float, kRanks>, kRanks> attack_known{};
  std::array<std::array<float, 2>, kRanks> attack_blind{};
  // By slot of a piece of mine the enemy does not know, moved (0, 1) and the attacker's rank: what an attack on it
  // is worth to the enemy as the enemy sees it (its beliefs `seen`, the values of the evaluation). Made once per
  // search: the enemy's knowledge below the root changes only by a piece's moving or showing.
  std::array<std::array<std::array<float, kRanks>, 2>, kSlots> blind_gain{};
  // By slot of an unknown enemy piece that never moved: its open sides at the root (beliefs.hpp, open_sides), and by
  // open sides the fitted factors on the odds of the Flag and of a Bomb (BeliefFactors; all 1: none). Below the root
  // a piece's sides open and close as pieces come and go, and its Flag and Bomb weights follow the factors' ratio, so
  // that a shell found to hold a movable piece leaves the Flag behind it as likely as the root would then think it.
  std::array<std::uint8_t, kSlots> open{};
  std::array<float, BeliefFactors::kOpen> flag_factor{1, 1, 1, 1};
  std::array<float, BeliefFactors::kOpen> bomb_factor{1, 1, 1, 1};
  const EvalModel* model = nullptr;
  int movable_at_start = 66;  // both armies' movable pieces at the start (the variant's)
  // Below the root, the enemy attacks my unknown pieces only when worth it to it, and its unknown pieces attack only
  // with the ranks for which the attack pays (off: the tree shows it my ranks, and an unknown attacker's rank is
  // weighed by the attack rates).
  bool blind = true;
  // Where the evaluation's scores are kept during the search (none: every node is evaluated afresh).
  EvalCache* eval_cache = nullptr;
};

class BeliefNode {
 public:
  using Move = stratego::Move;
  struct Chance {
    double probability = 0;
    std::uint8_t rank = 0;  // the rank the unknown enemy piece shows
  };
  static constexpr int kMaxChances = 12;
  static constexpr int kWinScore = 10000;
  // Attacks order above every quiet move (and are never killers nor history moves).
  static constexpr int kNoisyOrder = 1 << 20;
  static constexpr int kKillerBonus = 1 << 16;
  static constexpr int kHistorySize = kCells * kCells;

  BeliefNode() = default;
  // The root: the player's Info, with `knowledge` filled for it (prior, seen, flag_near) by the agent. `knowledge`
  // must outlive every node made from this one.
  BeliefNode(const Info& info, const RootKnowledge& knowledge);

  int me() const { return k_->me; }
  int to_move() const { return side_; }
  int ply() const { return ply_; }
  Outcome outcome() const { return outcome_; }
  const RootKnowledge& knowledge() const { return *k_; }
  void legal_moves(std::vector<Move>& out) const;
  // The attacks among the legal moves, for quiescence: those between pieces whose ranks the player knows (no chance),
  // and the attacks of unknown enemy pieces on the player's Marshal where the enemy knows it (the Spy's threat).
  void noisy_moves(std::vector<Move>& out) const;
  void apply(const Move& m, Events* events);
  int chances(const Move& m, Chance* out) const;
  // An unknown enemy piece's attack (negamax.hpp): the enemy knows the attacker's rank and attacks only with the ranks
  // for which the attack pays (attacks_as), so chances() lists those ranks at the beliefs and the rest is its doing
  // something else.
  bool chance_optional(const Move& m) const;
  // Of those, the attacks on a piece of mine the enemy knows: it sees what each of its ranks would meet, and trades
  // only where the trade is worth more to it than its alternative.
  bool chance_seen(const Move& m) const { return chance_optional(m) && (board_[m.to] & kKnown); }
  void apply_chance(const Move& m, const Chance& c);
  std::uint64_t hash() const { return key_ ^ run_key(); }
  // A key of everything the evaluation reads of the node (for one root): the hash's squares, which unknown piece
  // stands where, the side to move and the pieces alive.
  std::uint64_t eval_key() const;
  int evaluate_points(int player) const;
  int move_order(const Move& m) const;
  int history_index(const Move& m) const { return m.from * kCells + m.to; }
  void order_root(std::vector<Move>& moves) const;

  // --- reading the node (evaluation features, tests) ---
  std::uint8_t cell(int s) const { return board_[s]; }
  bool is_piece(int s) const { return (board_[s] & kRankMask) && !(board_[s] & kWall); }
  int owner_at(int s) const { return (board_[s] & kBlue) ? 1 : 0; }
  bool unknown(int s) const { return (board_[s] & kRankMask) == kUnknownRank; }
  RankSet ranks_at(int s) const { return unknown(s) ? mask_[slot_[s]] : rank_bit(board_[s] & kRankMask); }
  int slot(int s) const { return slot_[s]; }
  // P(rank) for the piece on s: the root's beliefs within its rank set (a known piece: 1 for its rank), the Flag and a
  // Bomb on a piece that never moved weighed by the factors of its open sides now over those at the root.
  void distribution(int s, float (&p)[kRanks]) const;
  // beliefs.hpp's open_sides of the piece on s, in the node.
  int open_sides(int s) const { return stratego::open_sides(*this, s); }
  int alive(int owner, int rank) const { return alive_[owner][rank]; }
  // The squares (bits < 128) of `owner`'s pieces.
  u128 pieces(int owner) const { return occ_[owner]; }
  const Run& run(int p) const { return run_[p]; }

 private:
  friend class BeliefNodeTest;
  std::uint64_t square_key(int s) const;
  std::uint64_t run_key() const;
  // key_ and slot_key_ without the piece on s, or with it.
  void toggle_key(int s);
  void set_cell(int s, std::uint8_t c, std::uint8_t slot);
  void remove(int s);
  void after_move();
  bool may_move(int s) const;
  bool has_move(int player) const;
  // Appends the moves of `player`'s piece on s; with `attacks_only`, only its attacks.
  void piece_moves(int s, bool attacks_only, std::vector<Move>& out) const;
  void drop_blind_attacks(std::vector<Move>& out) const;
  // The unknown piece on s shows `rank`: it becomes known, and a rank now placed in full leaves every rank set.
  void show(int s, int rank);
  void restrict(int s, RankSet allowed);
  void resolve(const Move& m, int attacker_rank, int defender_rank);
  // The enemy's attack on a piece of the player's it does not know, judged as the enemy knows it.
  bool worth_blind_attack(const Move& m) const;
  // Whether the enemy makes the attack m when its piece has rank r: on a piece of mine it knows, when r wins or trades;
  // on one it does not, when the attack is worth it to the enemy as it sees that piece (RootKnowledge::blind_gain).
  bool attacks_as(const Move& m, int r) const;

  std::array<std::uint8_t, kCells> board_{};
  std::array<std::uint8_t, kCells> slot_{};  // an unknown enemy piece's slot, or a hidden piece of mine's
  std::array<RankSet, kSlots> mask_{};       // by enemy slot
  std::array<std::uint8_t, kRanks> pool_{};  // enemy ranks alive and not yet shown
  std::array<std::array<std::uint8_t, kRanks>, 2> alive_{};
  u128 occ_[2] = {0, 0};
  Run run_[2];
  std::int32_t ply_ = 0;
  std::int32_t ply_limit_ = 3000;
  int run_limit_[2] = {5, 5};
  std::uint8_t side_ = 0;
  Outcome outcome_;
  std::uint64_t key_ = 0;
  std::uint64_t slot_key_ = 0;
  const RootKnowledge* k_ = nullptr;
};

}  // namespace strat::stratego
