#pragma once
// `strat agent ucc`: a Stratego agent speaking the UCC 2012 manager protocol (../shared/protocols/
// ucc-stratego.md), so strat's agents can enter tournaments run by the "Stratego AI Evaluator".
//
// The agent never sees the opponent's ranks: it keeps a world consistent with what it has been told (its own
// setup, every move, every combat report) and hands that world to a searching agent, which reads only the
// Info (what the player knows) of it.
//
// The manager is the referee: it decides when the game ends (its own turn limit, 5000 by default), so the
// agent answers every request for a move. Its world has no ply limit of its own (S-23 is the manager's), and
// when it has no legal move it answers SURRENDER, as the protocol allows, rather than fall silent.
#include <functional>
#include <memory>
#include <string>
#include <vector>

#include "core/agent.hpp"
#include "core/options.hpp"
#include "core/rng.hpp"
#include "games/stratego/setup.hpp"
#include "games/stratego/state.hpp"

namespace strat::stratego {

// The world's rules under the manager, from the `--game` options: variant and two_square as given; the ply
// limit only if `ply_limit` is given (the manager's limit, in plies), else none.
Config ucc_config(const Options& options);

class UccAgent {
 public:
  // `make_agent` builds the searching agent once the colour is known.
  UccAgent(std::function<std::unique_ptr<AnyAgent>()> make_agent, std::uint64_t seed, Config config = ucc_config({}));

  // Sends this setup instead of a generated one (before the colour line); throws BadInput unless it is a whole
  // army of the configured variant.
  void use_setup(const Setup& setup);

  // Feeds one line from the manager; returns the lines to send back (possibly none). After QUIT, done() is true.
  std::vector<std::string> handle(const std::string& line);
  bool done() const { return done_; }
  int colour() const { return me_; }
  const State& world() const { return world_; }

 private:
  enum class Expect { Colour, Turn, Board, Confirm, Surrendered };
  std::vector<std::string> setup_lines();
  std::string choose();
  std::string to_ucc(const Move& m) const;
  struct Report {
    int from, to, squares;
    std::size_t outcome;  // the index of the outcome token
  };
  static Report parse_report(const std::vector<std::string>& tokens);
  // Applies a reported move (ours or the opponent's) to the world, learning what it reveals first.
  void observe(const std::vector<std::string>& tokens);
  // Puts the enemy's pieces where the first board shows them (an army that does not fill its rows).
  void place_enemy();
  void resample(Info info);

  std::function<std::unique_ptr<AnyAgent>()> make_agent_;
  std::unique_ptr<AnyAgent> agent_;
  Rng rng_;
  Config config_;
  bool fixed_setup_ = false;
  Expect expect_ = Expect::Colour;
  std::vector<std::string> board_;    // the board lines of this turn
  std::vector<std::string> pending_;  // the enemy's first move, before the enemy is placed
  bool placed_ = true;
  int me_ = 0;
  bool done_ = false;
  Setup own_{};
  State world_;
};

// Reads the manager's lines from `in` and answers on `out` (flushed after every line) until QUIT or end of input.
int run_ucc(std::istream& in, std::ostream& out, const std::function<std::unique_ptr<AnyAgent>()>& make_agent,
            std::uint64_t seed, const Config& config = ucc_config({}));

}  // namespace strat::stratego
