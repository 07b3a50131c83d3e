#pragma once
// The race for the searching player's Flag, read off a belief node: the chance that some enemy piece takes the Flag
// before any defender can stop it. A Miner that has reached the Bombs around a Flag takes them on consecutive moves and
// then the Flag: three or four moves, six to eight plies, deeper than the search sees at a tenth of a second, while the
// defence must be on its way several moves earlier. A learned weight cannot carry that (people's Flags are rarely
// reached, so the term seldom lights up in their games), but the race itself is a forced line that can be counted:
// where it is lost, the game is lost as often as the intruder is what it needs to be.
#include "games/stratego/belief_node.hpp"

namespace strat::stratego {

// Intruders count within this many of their moves of the Flag; farther, a defender has time to come.
constexpr int kRaceHorizon = 5;

// The chance, in [0, 1], that the enemy wins the race for the player's (node.me()'s) Flag. For each exit of the Flag
// (a square beside it) and each enemy piece within kRaceHorizon moves of standing on it: a piece that may be a Miner
// comes through the player's Bombs and the pieces a Miner beats (each taken in a move), any movable piece through
// empty squares; a piece of its own side on the way costs two moves (it must step aside first). The intruder loses the
// race when a piece of the player's that beats a Miner reaches a square beside the exit (not the Flag, not a Bomb of
// its own; steps as the crow flies) in time to take it there before it takes the Flag, or stands beside the intruder
// with the player to move; a defence just in time (no move to spare) counts half lost, or the search would put the
// defence off ply after ply, seeing its last ply arrive in time. A lost race weighs P(Miner), or P(movable) by a way
// with no Bomb on it; the chances of several intruders combine as independent. Reads only the node.
double flag_race_loss(const BeliefNode& node);

}  // namespace strat::stratego
