#pragma once
// `strat agent ucc`: a Stratego agent speaking the UCC 2012 manager protocol (../shared/protocols/
// ucc-stratego.md), so strat's agents can enter tournaments run by the "Stratego AI Evaluator".
//
// The agent never sees the opponent's ranks: it keeps a world consistent with what it has been told (its own
// setup, every move, every combat report) and hands that world to a searching agent, which reads only the
// Info (what the player knows) of it.
#include <functional>
#include <memory>
#include <string>
#include <vector>

#include "core/agent.hpp"
#include "core/rng.hpp"
#include "games/stratego/setup.hpp"
#include "games/stratego/state.hpp"

namespace strat::stratego {

class UccAgent {
 public:
  // `make_agent` builds the searching agent once the colour is known.
  UccAgent(std::function<std::unique_ptr<AnyAgent>()> make_agent, std::uint64_t seed);

  // Feeds one line from the manager; returns the lines to send back (possibly none). After QUIT, done() is true.
  std::vector<std::string> handle(const std::string& line);
  bool done() const { return done_; }
  int colour() const { return me_; }
  const State& world() const { return world_; }

 private:
  enum class Expect { Colour, Turn, Board, Confirm };
  std::vector<std::string> setup_lines();
  std::string choose();
  // Applies a reported move (ours or the opponent's) to the world, learning what it reveals first.
  void observe(const std::vector<std::string>& tokens);
  void resample(Info info);

  std::function<std::unique_ptr<AnyAgent>()> make_agent_;
  std::unique_ptr<AnyAgent> agent_;
  Rng rng_;
  Expect expect_ = Expect::Colour;
  int board_lines_ = 0;
  int me_ = 0;
  bool done_ = false;
  Setup own_{};
  State world_;
};

// Reads the manager's lines from `in` and answers on `out` (flushed after every line) until QUIT or end of input.
int run_ucc(std::istream& in, std::ostream& out, const std::function<std::unique_ptr<AnyAgent>()>& make_agent,
            std::uint64_t seed);

}  // namespace strat::stratego
