#pragma once
// What a new game is asked to be (POST /api/games, a rematch) and what that makes: the stored game (checked,
// seeded, its seats filled) and the links handed out, by the token policy of docs/server.md ("Play modes, seats
// and tokens").
#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "core/registry.hpp"
#include "server/modes.hpp"
#include "server/rematch_links.hpp"
#include "server/store.hpp"

namespace strat::server {

struct NewGame {
  std::string game = "stratego";
  Mode mode = Mode::Computer;
  int human_seat = 0;             // computer mode: the seat the human takes
  std::string agent;              // computer seats' agent spec; default: the game's strongest agent
  std::string seat_agents[2];     // one computer seat's own agent spec, instead of `agent` (a tournament's board)
  std::int64_t clock_initial_ms = 0;
  std::int64_t clock_increment_ms = 0;
  bool listed = false;  // friend mode: show in the lobby so anyone can take the free seat
  std::optional<std::uint64_t> seed;  // only ever set by Hub::create under its seed policy
  // Friend mode, for a rematch: both players are known, so both seats get their own links at once (no invite).
  bool both_seats = false;
};

// The game to store (no start yet): throws BadInput for a seat, clock or agent out of bounds.
StoredGame game_for(const NewGame& request, const GameSpec& spec, std::int64_t now);
// The game's links: `tokens` to store, `grants` to hand out.
void links_for(const NewGame& request, const StoredGame& game, bool hidden_information,
               std::vector<StoredToken>& tokens, std::vector<TokenGrant>& grants);

}  // namespace strat::server
