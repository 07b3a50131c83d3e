#pragma once
// A knowledge-respecting move heuristic for the `cards` agent: scores the side to move's options using only
// what that side knows in the state (its own cards, face-up cards, what it saw), so on a determinized sample
// neither side plays as if it could see the other's hidden cards. Used for playouts, search priors, and the
// opponent's hidden placements inside the search.
#include <vector>

#include "core/rng.hpp"
#include "games/stratego_cards/state.hpp"

namespace strat::stratego_cards {

// Worth of a card as material (shared with the setup rule).
double card_worth(Card c);

// One score per move (higher is better, in card-worth units).
void score_moves(const State& s, const std::vector<Move>& moves, std::vector<double>& scores);

// A move drawn from the softmax of the scores at `temperature` (0: the best, ties to the first).
Move policy_move(const State& s, const std::vector<Move>& moves, std::vector<double>& scores, Rng& rng,
                 double temperature);

// The preparation rule (K-02): which of the drawn cards go to the line. Keeps the Flag in hand, lays up to
// two Bombs (an attack on them costs the attacker unless it is a Miner) and the strongest attackers, and keeps
// at least two attackers in line (K-12). Returns the card to lay next, chosen at random among those picked so
// the slot order tells the opponent nothing.
Card setup_choice(const Side& side, Rng& rng);

}  // namespace strat::stratego_cards
