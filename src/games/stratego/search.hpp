#pragma once
// The `stratego` agent: belief-weighted determinized alpha-beta.
//
// From the player's Info only, Beliefs fits a probability over ranks to every unknown enemy piece (human setup priors,
// moved pieces never Bombs or Flags, exact counts). The agent draws worlds from those beliefs and, in each, runs an
// alpha-beta search (iterative deepening, quiescence on attacks) from the current position; every root move's scores
// are averaged over the worlds, so an attack on an unknown piece is weighed by how likely it is to be each rank: a
// Marshal does not walk into a likely Bomb or next to a piece that may be the Spy. Between its turns the agent keeps
// what the enemy's moves said (evidence.hpp): a piece that walks up to a known piece of ours is likely stronger. The
// evaluation adds what search depth cannot see: the value of staying unknown, Miners while Bombs stand, hunting known
// weaker pieces and the enemy Flag (harder when ahead), and the approaches to one's own Flag.
#include <array>
#include <cstdint>
#include <unordered_map>
#include <vector>

#include "core/options.hpp"
#include "core/rng.hpp"
#include "games/stratego/approaches.hpp"
#include "games/stratego/beliefs.hpp"
#include "games/stratego/evidence.hpp"
#include "games/stratego/state.hpp"

namespace strat::stratego {

// Where the searching player believes the enemy Flag stands, as a field over the board: for each square, the expected
// 1000 / (distance to the Flag + 1) over the beliefs. The same in every world, so the search cannot walk a piece up to
// the Flag a world drew (it does not know where that is).
// `open` is the same for the pieces that are not Miners: each square the Flag may stand on counts only as likely as
// it is not walled in by Bombs (every side of it the board's edge, a lake, a known Bomb or a likely one), where only a
// Miner gets through.
// `far` falls off in a straight line instead, to nothing kFar squares away: the pull on the escorted Miner, which must
// come from afar.
struct FlagField {
  static constexpr int kFar = 20;
  int owner = -1;  // the Flag's owner: the searching player's enemy
  std::array<int, kCells> near{};
  std::array<int, kCells> open{};
  std::array<int, kCells> far{};  // all zero: no Miner is escorted
};
// The field for `owner`'s Flag from the beliefs of its enemy; without `walled`, open is near; without `escort`, far is
// zero.
FlagField flag_field(const Beliefs& beliefs, int owner, bool walled = true, bool escort = true);

// One's own Flag's approaches, as races: made once per move (one's own Flag and Bombs are the same in every world).
// For each square next to the Flag (an exit: the intruder takes the Flag from there), how many moves an intruder needs
// from any square to stand on it (a Miner through one's Bombs, taking them; any other piece around them), and how
// many a defender needs to stand next to it, around one's Bombs, to take the intruder there (where one's Bombs close
// every other side of the exit, next to those Bombs, a move earlier). Distances count lakes and ignore the enemy's
// pieces, which move; with `blockers` a defender's way costs a move more for each of one's own pieces on it. With
// `blockers` 2, no defender passes or stands on a square that holds an enemy piece the player knows to be a Major or
// higher, or one of its own pieces that cannot move (that piece guards from where it stands).
struct FlagRace {
  int owner = -1;
  int flag = -1;
  int exits = 0;
  std::array<int, 4> exit{};
  std::array<std::array<std::uint8_t, kCells>, 4> miner{}, other{}, defender{};
};
FlagRace flag_race(const Info& info, int blockers = 1, bool closed = true);

// What the evaluation knows beyond the state: the searching player's root knowledge and the terms switched off.
struct EvalContext {
  // With a field, the pull towards the field's owner's Flag comes from the field, not from the Flag the state holds.
  const FlagField* field = nullptr;
  bool wary = true;     // at a bombed-in Flag, any enemy piece one does not know may be a Miner (see search.cpp)
  bool reserve = true;  // the Marshal and General are not drawn towards the enemy Flag (kept for the board)
  // With a race for the owner's Flag, its guard counts moves around lakes and Bombs, and who moves first, not squares.
  const FlagRace* race = nullptr;
  // With a race, from 1: the guard weighs more with the lead, and a defender with no move to spare leaves half the
  // danger; 2: a defender a few moves late leaves less than all of it, and one of the intruder's rank guards too.
  int guard = 1;
  // With a race: a Scout with an open line to an exit is one move from it, and the nearest guard (a Lieutenant or
  // higher) costs a little for each move it is from home.
  bool home = true;
  // The searching player (`sweeper`)'s pieces above rank `sweep` hunt the enemy's moved pieces it does not know as it
  // hunts the known ones: every rank such a piece may have loses to them (kRanks: none do).
  int sweeper = -1;
  int sweep = kRanks;
  // Percent: the lead counts this much more once every piece is gone, in proportion to the material gone (0: none).
  int trade = 0;
  // With a race: the fewer pieces the enemy can move, the farther out an intruder counts (6 moves, up to 12).
  bool far = false;
  // With a race: an intruder that may take the Flag in this world (its own rank, not `wary`'s Miner), that some piece
  // of the player's beats and that none stops in time costs this much one move from its exit, less the farther out
  // and the nearer the defender (0: only the guard's share).
  int lost = 0;
};

struct SearchConfig {
  double time_ms = 1000;  // per move; 0 with nodes > 0: no clock (deterministic)
  long nodes = 0;         // 0: no node limit
  int samples = 4;        // worlds per depth (deeper beats wider: docs/games/stratego.md)
  int max_depth = 8;
  bool evidence = true;   // weigh the beliefs by the enemy's behaviour (evidence=0: facts and priors alone)
  bool known_only = true;  // below the root, attack only enemy pieces one knows (known=0: any, as each world shows)
  bool elimination = true;  // ... or whose every possible rank loses to the attacker (elim=0: known pieces only)
  bool stratify = true;  // a root attack on an unknown piece: every rank it may have, weighed (strata=0: as drawn)
  bool table = true;       // the transposition table (tt=0: none)
  bool reductions = false;  // late quiet moves a ply shallower first (lmr=1; faster, measured weaker: docs)
  bool field = true;  // the enemy Flag's pull from the beliefs, not from each world's draw (field=0: each world's)
  bool wary = true;  // at one's bombed-in Flag, every unknown enemy piece may be a Miner (wary=0: as the world drew it)
  bool reserve = true;  // the Marshal and General are not drawn to the enemy Flag (reserve=0: they are)
  bool race = true;  // one's Flag's guard as a race in moves (race=0: in squares, as the crow flies)
  int win_margin = 1000;  // a win is worth at least this beyond the root's evaluation (win=0: a fixed 1000)
  int guard = 1;  // 1, 2: one's Flag's guard grows with the lead, wants a move to spare, is graded (search.cpp)
  bool soft = true;  // a root move below the window counts at its search's bound (soft=0: at the window's edge)
  // Below the root, the enemy's Major and up do not attack the player's unmoved pieces it does not know, unless the
  // enemy has no piece below a Major left (fog=0: they do, knowing the Flag as every world shows it); fog=2: nor its
  // moved pieces when one of the player's unknown pieces may beat them; fog=3: the same until the enemy has made such
  // an attack in this game (a bold player), then as fog=1, and once its top pieces have tested unmoved pieces, they may
  // take any of them below the root but the Flag. fog=2 and 3 measured no better than 1 (docs/games/stratego.md, stop
  // 26). fog=4: as fog=1 until the enemy's top pieces have tested one of the player's unmoved pieces in this game
  // (Evidence::bold_unmoved), then as fog=0: such a player finds the Flag by testing (stop 32). fog=5: as fog=4, but
  // the tester guesses: in each world its top pieces may take one of the player's unmoved pieces near them.
  int fog = 1;
  // A defender's race counts one's own pieces in its way (block=0: it walks through them); block=2 (the default since
  // stop 38): known enemy Majors and up, and one's own pieces that cannot move, bar it too (flag_race; block=1: not).
  int block = 2;
  bool nest = true;   // known Bombs beside an unmoved enemy piece make it likelier the Flag (nest=0: per square only)
  bool closed = true;  // an exit closed by one's Bombs is guarded next to those Bombs (closed=0: it cannot be guarded)
  bool home = true;    // a guard at home and Scouts' runs in the race (home=0: neither)
  bool sweep = true;   // pieces that beat every rank a moved unknown enemy piece may have hunt it (sweep=0: known only)
  bool walled = true;  // a Flag walled in by Bombs pulls Miners only (walled=0: every piece but the top two)
  bool escort = true;  // ahead, the nearest Miner is drawn to the likely enemy Flag from afar (escort=0: it is not)
  int trade = 100;     // the lead weighs more as material leaves the board: ahead, trade down (trade=0: it does not)
  bool far = true;  // with few enemy pieces left, intruders count farther from one's Flag (far=0: six moves always)
  // A flight from beside a revealed enemy piece that beats or trades with the fleeing piece, into a position the player
  // left twice before (as it sees it), costs this much, but never below a draw at minus this much: going round the same
  // squares draws at the ply limit (loop=0: no cost).
  int loop = 150;
  // Percent of an unmoved enemy piece's chance of being the Flag that a root attack by the player's Major or higher
  // counts; the rest counts as a Bomb (lure=100: all of it, as for every other attacker; stop 33 in the docs).
  int lure = 25;
  // A root move after which the player's Marshal, known to the enemy, stands next to an enemy piece it does not know
  // that may be the Spy (the enemy to move): with spy=1 that piece is the Spy in each world as often as the beliefs
  // say, and another rank the rest, both searched (as root attacks are weighed, `strata`); with spy=2, also every step
  // towards a known Marshal from within four squares weighs for the Spy (evidence.hpp); spy=0: as each world drew it.
  // spy=2 measured better against asmodeus and worse against peternlewis (docs/games/stratego.md, stop 35); spy=1 with
  // suspect=5, the default since stop 42, measured against every bot there.
  int spy = 1;
  // Percent: with `spy`, the least chance of being the Spy (the beliefs) that an unknown enemy piece beside the known
  // Marshal needs to be searched as the Spy and not; below it, as each world drew it. At 2 (stop 35's `spy`) most
  // unknown pieces near it qualify (70 to 80% in the arena records); higher, mostly those whose steps at the Marshal
  // made the Spy likelier (evidence.hpp; docs/games/stratego.md, stops 41 and 42).
  int suspect = 5;
  // Percent: an unknown enemy piece that moved and beats or trades with a piece of the player's beside it with at
  // least this chance (the beliefs) counts as its chaser for `loop`, as a known one does, and each repeat of a flight
  // beyond the second costs `loop` once more (chase=0: known chasers only, one cost, as in stops 29-37). With grow=6
  // and block=2, the default since stop 38: measured against every bot in stop 37 (docs/games/stratego.md).
  int chase = 50;
  // With `chase`, the repeat from which each further one costs `loop` once more: a flight into a position left `grow`
  // times or more pays (times - grow + 1) costs. grow=2 is stop 36's chase; a later start leaves alone the chases that
  // end after a few rounds and still ends a loop of hundreds (a test: 33 turns of a General's flight, against 17).
  int grow = 6;
  // A race that no defender wins in time, against an intruder that is (in the world searched) a piece that can take the
  // Flag and that some piece of the player's beats, costs `lost` one move out, 2/3 of it two moves out,
  // lost*2/(moves+1) beyond, times (15 + moves late, at most 5)/20, so that a lost race weighs like the game it loses
  // rather than like a Colonel, and bringing a defender nearer still pays (lost=0: only the guard's share; see
  // flag_race_exposure).
  int lost = 0;
  // When every root move loses in (almost) every world, the one whose position the evaluation likes best, as if the
  // enemy does not strike (it does not know the Flag), not the jitter's pick (hope=0: the jitter's; search.cpp).
  bool hope = true;
  // The factor a step next to a known piece of the player's weighs on the ranks that lose to it, learned in each game
  // from the enemy's approachers whose rank showed (approaches.hpp; learn=0: Evidence::kApproach throughout).
  bool learn = false;
  // Percent: what a step of an unknown enemy piece next to the player's known Marshal weighs on every rank but the Spy
  // (the ranks that lose to it), apart from the other pieces' factor (`learn`). The tournament bots walked up to
  // strat's known Marshal with the Spy 1 to 6% of the time where a factor of 25 made it 13 to 46% (docs, stop 39).
  int mstep = 25;
  // "time", "nodes", "samples", "depth", "evidence", "known", "elim", "strata", "tt", "lmr", "field", "wary",
  // "reserve", "race", "win", "guard", "soft", "fog", "block", "nest", "closed", "home", "sweep", "trade", "walled",
  // "escort", "far", "loop", "lure", "spy", "suspect", "chase", "grow", "lost", "hope", "learn", "mstep".
  // Without time or nodes: 1000 ms.
  static SearchConfig from(const Options& options);
};

class SearchAgent {
 public:
  SearchAgent(SearchConfig config, std::uint64_t seed)
      : config_(config), rng_(seed), evidence_(config.spy >= 2 ? 4 : 2, config.mstep / 100.0) {}
  Move choose(const State& root);

  // After choose: the deepest depth completed and the worlds searched at it.
  int last_depth() const { return last_depth_; }
  int last_samples() const { return last_samples_; }
  // What the enemy's moves said so far (the beliefs of the last choose were weighed by it).
  const Evidence& evidence() const { return evidence_; }
  // What the enemy's approaches were worth so far (with learn).
  const Approaches& approaches() const { return approaches_; }
  // After choose: every root move with its score averaged over the worlds of that depth (analysis and tests).
  const std::vector<std::pair<Move, double>>& last_scores() const { return last_scores_; }

 private:
  struct Aborted {};
  int search(const State& s, int depth, int alpha, int beta, int ply);
  int quiesce(const State& s, int alpha, int beta, int ply, int qply);
  void order(const State& s, std::vector<Move>& moves, int ply) const;
  // Below the root, an attack by the player on an enemy piece it does not know: see choose().
  bool blind(const State& s, const Move& m) const;
  // The score of a root attack on an unknown piece in world w, over the ranks the piece may have (see choose()).
  double gamble_score(const State& w, const Move& m, const Beliefs& beliefs, int depth);
  // The score of a root move in world w that leaves the player's known Marshal next to the unknown enemy piece on
  // `suspect`, over that piece being the Spy or not (see choose()).
  double exposed_score(const State& w, const Move& m, int suspect, const Beliefs& beliefs, int depth);
  void tick();

  // The transposition table: what a search of a position found, reused when the position comes again (another move
  // order, the next depth, another world that agrees there). Positions are hashed whole: board, side, two-square runs.
  struct Entry {
    std::uint64_t key = 0;
    std::int32_t score = 0;
    std::int8_t depth = -1;
    std::uint8_t bound = 0;  // exact, lower (the score is at least this) or upper (at most)
    Move move;
    std::uint32_t generation = 0;  // the choose() that stored it: an entry counts only within its own
  };
  static constexpr int kTableBits = 18;
  std::vector<Entry> table_;
  std::uint32_t generation_ = 0;

  SearchConfig config_;
  Rng rng_;
  Evidence evidence_;  // what the enemy's moves said, from one turn to the next
  Approaches approaches_;  // what this enemy's approaches were worth (learn)
  double deadline_ns_ = 0;
  bool may_abort_ = true;
  std::int64_t start_ns_ = 0;
  long nodes_ = 0;
  int last_depth_ = 0, last_samples_ = 0;
  std::vector<std::pair<Move, double>> last_scores_;
  FlagField flag_field_;  // the enemy Flag as the root's beliefs place it
  FlagRace flag_race_;    // one's own Flag (the same in every world) and its approaches
  EvalContext eval_context_;  // the two above and the evaluation's switches, for every evaluation of this move
  int root_player_ = 0;
  int win_ = 1000;  // what a win is worth in this move's search (see choose())
  // From the root's beliefs: the strongest movable rank an unknown enemy piece may have, and whether one may be a Bomb.
  // Captures below the root only remove pieces, so both stay true bounds for the whole search.
  int strongest_unknown_ = kMarshal;
  // With fog: the lowest enemy rank that does not attack the player's unmoved pieces it does not know below the root
  // (0: every rank may).
  int shy_ = 0;
  int own_top_unknown_ = 0;  // the player's strongest movable rank the enemy does not know (fog=2, 3)
  bool cautious_ = false;    // the enemy's top pieces take a moved piece only when they cannot lose (fog=2, 3)
  bool testing_ = false;     // the enemy's top pieces test the player's unmoved pieces (fog=3, seen in this game)
  // fog=5: the unmoved pieces a tester may guess is the Flag, one per world, and the guess of the world searched now
  // (-1: none).
  std::vector<int> guesses_;
  int guess_ = -1;
  Move last_chosen_{};       // this agent's last move: the enemy's attacks since are found against it (evidence.hpp)
  // How often each position (public_key in search.cpp) followed one of this agent's moves in this game (loop).
  std::unordered_map<std::uint64_t, int> left_;
  int history_ply_ = -1;  // the last root's ply: a root earlier than it is another game
  bool unknown_bombs_ = true;
  std::array<std::array<Move, 2>, 64> killers_{};
  std::vector<std::vector<Move>> move_stack_;
};

// The static evaluation of a (sampled) state for `player`, in centi-pieces (a Scout about 12, the Marshal 400).
int evaluate(const State& s, int player, const EvalContext& context = {});

}  // namespace strat::stratego
