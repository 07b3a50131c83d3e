#pragma once
// The static evaluation of `stratego`: material with what staying unknown is worth, and what a shallow search cannot
// see: hunting known weaker pieces, the pull towards the enemy Flag (harder when ahead), a Miner escorted towards it,
// trading down when ahead, the Spy's danger to a known Marshal, and the approaches to one's own Flag as races in moves.
#include <array>
#include <cstdint>

#include "games/stratego/beliefs.hpp"
#include "games/stratego/state.hpp"

namespace strat::stratego::v2 {

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
// The field for `owner`'s Flag from the beliefs of its enemy.
FlagField flag_field(const Beliefs& beliefs, int owner);

// One's own Flag's approaches, as races: made once per move (one's own Flag and Bombs are the same in every world).
// For each square next to the Flag (an exit: the intruder takes the Flag from there), how many moves an intruder needs
// from any square to stand on it (a Miner through one's Bombs, taking them; any other piece around them), and how
// many a defender needs to stand next to it, around one's Bombs, to take the intruder there (where one's Bombs close
// every other side of the exit, next to those Bombs, a move earlier). Distances count lakes and ignore the enemy's
// pieces, which move; a defender's way costs a move more for each of one's own pieces on it, and no defender passes
// or stands on a square that holds an enemy piece the player knows to be a Major or higher, or one of its own pieces
// that cannot move (that piece guards from where it stands).
struct FlagRace {
  int owner = -1;
  int flag = -1;
  int exits = 0;
  std::array<int, 4> exit{};
  std::array<std::array<std::uint8_t, kCells>, 4> miner{}, other{}, defender{};
};
FlagRace flag_race(const Info& info);

// What the evaluation knows beyond the state: the searching player's root knowledge.
struct EvalContext {
  // With a field, the pull towards the field's owner's Flag comes from the field, not from the Flag the state holds,
  // and that Flag's approaches are not weighed (the state holds it where a world drew it).
  const FlagField* field = nullptr;
  // With a race for the owner's Flag, its guard counts moves around lakes and Bombs, and who moves first. A Flag with
  // no race is not guarded.
  const FlagRace* race = nullptr;
  // The searching player (`sweeper`)'s pieces above rank `sweep` hunt the enemy's moved pieces it does not know as they
  // hunt the known ones: every rank such a piece may have loses to them (kRanks: none do).
  int sweeper = -1;
  int sweep = kRanks;
  // With a race: an intruder that may take the Flag in this world (its own rank), that some piece of the player's beats
  // and that none stops in time costs this much one move from its exit, less the farther out and the nearer the
  // defender (0: only the guard's share).
  int lost = 0;
};

// A piece's worth to its owner in this position, in centi-pieces (a Scout about 12, the Marshal 400).
int piece_value(const State& s, int owner, int rank);

// The static evaluation of a (sampled) state for `player`, in centi-pieces.
int evaluate(const State& s, int player, const EvalContext& context = {});

}  // namespace strat::stratego::v2
