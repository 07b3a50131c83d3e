#pragma once
// Runs the tournaments on the server's I/O thread (docs/server.md, "Tournaments"): a timer advances every due
// tournament each kTick (its start, the next Swiss round once the last game of a round ended, an arena's waiting
// players), and a game's end, learnt from the Hub, records its result and advances its tournament at once. The games
// are the Hub's: friend games with both seats bound to the entrants' accounts (rated when the tournament is rated),
// games against the computer for a computer entrant.
#include <boost/asio/io_context.hpp>
#include <boost/asio/steady_timer.hpp>
#include <chrono>
#include <memory>
#include <string>

#include "server/tournaments.hpp"

namespace strat::server {

class Hub;

class TournamentRunner {
 public:
  static constexpr std::chrono::milliseconds kTick{1000};

  TournamentRunner(boost::asio::io_context& io, Hub& hub, Tournaments& tournaments);
  ~TournamentRunner();
  // Before Hub::restore_all, so that a tournament game that ended just before a stop is recorded as it is restored.
  void watch_games();
  void start();  // the timer
  // Advances every due tournament now (the timer's work; tests call it directly).
  void tick();
  void advance(const std::string& id);
  Tournaments& tournaments() { return tournaments_; }
  Hub& hub() { return hub_; }

 private:
  MadeGame make_game(const TournamentBoard& board);
  void arm();

  boost::asio::io_context& io_;
  Hub& hub_;
  Tournaments& tournaments_;
  boost::asio::steady_timer timer_{io_};
  std::shared_ptr<bool> alive_ = std::make_shared<bool>(true);
};

}  // namespace strat::server
