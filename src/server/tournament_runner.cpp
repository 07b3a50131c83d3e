#include "server/tournament_runner.hpp"

#include <boost/asio/post.hpp>
#include <iostream>

#include "server/hub.hpp"

namespace strat::server {

namespace asio = boost::asio;
using nlohmann::json;

TournamentRunner::TournamentRunner(asio::io_context& io, Hub& hub, Tournaments& tournaments)
    : io_(io), hub_(hub), tournaments_(tournaments) {}

TournamentRunner::~TournamentRunner() { *alive_ = false; }

void TournamentRunner::watch_games() {
  hub_.on_game_over([this, alive = alive_](Room& room) {
    const Ending e = room.ending();
    const int red_points = e.status == Status::Win ? (e.winner == 0 ? 2 : 0) : 1;
    try {
      if (auto id = tournaments_.record_result(room.id(), red_points))
        // Not inside the Hub's handling of the move that ended the game: the next round's games are made after it.
        asio::post(io_, [this, alive, id = *id] {
          if (*alive) advance(id);
        });
    } catch (const std::exception& err) {
      // Not recorded: the game is offered again at the next start.
      std::cerr << "strat serve: game " << room.id() << ": tournament result not recorded: " << err.what() << "\n";
    }
  });
}

void TournamentRunner::start() { arm(); }

void TournamentRunner::arm() {
  timer_.expires_after(kTick);
  timer_.async_wait([this, alive = alive_](const boost::system::error_code& ec) {
    if (ec || !*alive) return;
    tick();
    arm();
  });
}

void TournamentRunner::tick() {
  try {
    for (const auto& id : tournaments_.due()) advance(id);
  } catch (const std::exception& e) {
    std::cerr << "strat serve: tournaments not advanced: " << e.what() << "\n";
  }
}

void TournamentRunner::advance(const std::string& id) {
  try {
    tournaments_.advance(id, [this](const TournamentBoard& b) { return make_game(b); });
  } catch (const std::exception& e) {
    std::cerr << "strat serve: tournament " << id << ": " << e.what() << "\n";
  }
}

MadeGame TournamentRunner::make_game(const TournamentBoard& b) {
  NewGame r;
  r.game = b.game;
  r.clock_initial_ms = b.clock_initial_ms;
  r.clock_increment_ms = b.clock_increment_ms;
  const bool computer[2] = {b.users[0] == 0, b.users[1] == 0};
  if (computer[0] && computer[1]) {
    r.mode = Mode::Selfplay;
  } else if (computer[0] || computer[1]) {
    r.mode = Mode::Computer;
    r.human_seat = computer[0] ? 1 : 0;
  } else {
    r.mode = Mode::Friend;
    r.both_seats = true;
  }
  for (int s = 0; s < 2; ++s) r.seat_agents[s] = b.agents[s];
  // A game with a computer seat is never rated; the tournament scores it all the same.
  const Hub::Paired made = hub_.create_paired(r, b.rated && r.mode == Mode::Friend, b.users);
  MadeGame g{made.id, {}};
  for (int s = 0; s < 2; ++s)
    for (const auto& t : made.seats[s])
      if (t.role == seat_role(s)) g.tokens[s] = t.token;
  return g;
}

}  // namespace strat::server
