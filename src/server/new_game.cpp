#include "server/new_game.hpp"

#include "core/error.hpp"
#include "server/room_text.hpp"
#include "server/secure_random.hpp"

namespace strat::server {

using namespace room_text;

StoredGame game_for(const NewGame& r, const GameSpec& spec, std::int64_t now) {
  const GameInfo& info = *spec.info;
  if (r.human_seat != 0 && r.human_seat != 1) bad_input("seat must be 0 or 1");
  if (r.clock_initial_ms < 0 || r.clock_initial_ms > 24LL * 3600 * 1000 || r.clock_increment_ms < 0 ||
      r.clock_increment_ms > 3600 * 1000)
    bad_input("clock out of range (initial up to 24 h, increment up to 1 h)");

  StoredGame g;
  g.id = random_token().substr(0, 12);
  g.spec = canonical_spec(spec);
  g.mode = r.mode;
  // The seed deals hidden pieces and cards and seeds the computer's search: the server's own secret unless a
  // test server lets a client choose it for a game without hidden information or chance (Hub::create).
  g.seed = r.seed ? *r.seed : secure_random_u64();
  g.listed = r.mode == Mode::Friend && r.listed;
  g.created_ms = g.updated_ms = now;
  g.started_ms = info.from_setups && info.random_setup ? 0 : now;
  g.clock_initial_ms = r.clock_initial_ms;
  g.clock_increment_ms = r.clock_initial_ms > 0 ? r.clock_increment_ms : 0;
  g.title = title_of(spec);
  std::string agent = r.agent.empty() ? default_agent(info) : r.agent;
  for (int s = 0; s < 2; ++s) {
    bool computer = r.mode == Mode::Selfplay || (r.mode == Mode::Computer && s != r.human_seat);
    const std::string& seat_agent = r.seat_agents[s].empty() ? agent : r.seat_agents[s];
    g.seats[s] = computer ? StoredSeat{SeatKind::Computer, seat_agent} : StoredSeat{SeatKind::Human, ""};
    if (computer) spec.agent(seat_agent, g.seed + s);  // rejects a bad agent spec before anything is stored
  }
  return g;
}

void links_for(const NewGame& r, const StoredGame& g, bool hidden_information, std::vector<StoredToken>& tokens,
               std::vector<TokenGrant>& grants) {
  // Seats and what each token may see: a hidden-information game never gets an all-seeing token while it
  // is played; its watchers follow one seat's view, and that link is given only to the seat's holder.
  auto grant = [&](int acts, int sees, Role role, bool claimed) {
    StoredToken t{random_token(), g.id, acts, sees, claimed};
    tokens.push_back(t);
    grants.push_back({t.token, acts, sees, role});
  };
  // Friend mode: the creator's seat is `human_seat`; the other seat is an invite, exchanged once (by the first
  // browser that opens it) for a fresh token the creator never sees, so the creator cannot peek at that seat.
  if (r.mode == Mode::Hotseat) {
    grant(3, 2, Role::Hotseat, true);
  } else {
    for (int s = 0; s < 2; ++s) {
      if (g.seats[s].kind != SeatKind::Human) continue;
      bool invite = r.mode == Mode::Friend && s != r.human_seat && !r.both_seats;
      grant(1 << s, s, invite ? invite_role(s) : seat_role(s), !invite);
    }
  }
  if (!hidden_information) {
    grant(0, -1, Role::Watch, true);
  } else {
    for (int s = 0; s < 2; ++s) {
      bool mine = r.mode == Mode::Hotseat || r.mode == Mode::Selfplay ||
                  (g.seats[s].kind == SeatKind::Human && (s == r.human_seat || r.both_seats));
      if (mine) grant(0, s, watch_role(s), true);
    }
  }
}

}  // namespace strat::server
