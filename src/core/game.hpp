#pragma once
// The compile-time game interface. Every game provides a concrete state type S satisfying GameState; the
// search code in src/ai/ is templated over it so hot paths (move generation, apply, playouts) are direct,
// inlinable calls. The type-erased AnyState (any_state.hpp) wraps an S for the CLI and the server.
//
// Conventions:
//  - Players are 0 and 1; player 0 moves first (Red, White, Orange, ...).
//  - legal_moves() fills a caller-owned vector (cleared first) so playouts reuse its capacity.
//  - apply() assumes a legal move; apply_checked() (in any_state.hpp) validates text input first.
//  - Events, when asked for, are the contract's event lines ("capture e5", "winner b flag", ...).
//  - Games with hidden information expose `Info info(int player) const`: everything that player knows and
//    nothing else, and `S Info::sample(Rng&) const` drawing a full state consistent with it. Search code for
//    such games only ever touches the Info, so it cannot read hidden ranks or cards.
#include <concepts>
#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

#include "core/outcome.hpp"
#include "core/rng.hpp"

namespace strat {

using Events = std::vector<std::string>;

template <class S>
concept GameState = std::copyable<S> && requires(S s, const S cs, typename S::Move m,
                                                 std::vector<typename S::Move>& moves, Events* events) {
  typename S::Move;
  { cs.to_move() } -> std::convertible_to<int>;
  { cs.outcome() } -> std::same_as<Outcome>;
  { cs.legal_moves(moves) };
  { s.apply(m, events) };
  { cs.move_to_string(m) } -> std::same_as<std::string>;
  { cs.parse_move(std::string_view{}) } -> std::same_as<typename S::Move>;
  { cs.to_string() } -> std::same_as<std::string>;
  { cs.ply() } -> std::convertible_to<int>;
};

// Games whose state carries information hidden from one player.
template <class S>
concept HiddenInformationGame = GameState<S> && requires(const S cs, Rng& rng) {
  typename S::Info;
  { cs.info(0) } -> std::same_as<typename S::Info>;
  { cs.info(0).sample(rng) } -> std::same_as<S>;
};

// Games that provide a static evaluation from a player's point of view, in [-1, 1]: used to cut playouts
// short and by alpha-beta.
template <class S>
concept EvaluatedGame = GameState<S> && requires(const S cs) {
  { cs.evaluate(0) } -> std::convertible_to<double>;
};

// Games that check their own internal invariants (piece counts against the board, the hash against a
// recomputed one, counters in range): inconsistency() returns "" when they hold, else what is wrong. Every
// registered game has it (the conformance suite requires it); StateAdapter checks it under STRAT_ASSERT.
template <class S>
concept SelfChecking = requires(const S cs) {
  { cs.inconsistency() } -> std::same_as<std::string>;
};

template <GameState S>
std::uint64_t perft(const S& s, int depth) {
  if (depth == 0) return 1;
  if (s.outcome().over()) return 0;
  std::vector<typename S::Move> moves;
  s.legal_moves(moves);
  if (depth == 1) return moves.size();
  std::uint64_t total = 0;
  for (const auto& m : moves) {
    S child = s;
    child.apply(m, nullptr);
    total += perft(child, depth - 1);
  }
  return total;
}

}  // namespace strat
