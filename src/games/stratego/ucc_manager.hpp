#pragma once
// The manager's side of the UCC 2012 protocol
// (../shared/protocols/ucc-stratego.md): strat referees an outside Stratego
// program, named `ucc:COMMAND` in `strat arena` (GameInfo::outside_agents). The
// program gets exactly what the protocol gives a player: its colour, every move
// with its outcome (combat names both ranks, as S-12 reveals them), and each
// turn a board showing its own pieces and every enemy piece as '#'. strat's own
// rules judge its setup and moves (or the manager's: ucc_manager_rules); a program that breaks the protocol (garbage,
// no answer within the limit, an exit, an illegal setup or move) loses the
// game, and the reason goes into the record's result.
#include <memory>
#include <string>
#include <vector>

#include "core/agent.hpp"
#include "core/child_process.hpp"
#include "games/stratego/state.hpp"

namespace strat::stratego {

// The protocol's text, from the referee's state (pure, so the tests can check
// what a program may see). The board as `player` may see it: 10 lines, own
// pieces by their UCC character, enemies '#', lakes '+'.
std::vector<std::string> ucc_board(const State& s, int player);
// "X Y DIR" or, for a Scout's longer move, "X Y DIR N".
std::string ucc_move_text(const Move& m);
// The move as the manager reports it to both sides after it is played, from the
// state after it, the move's notation and its events: "4 6 UP OK", "4 6 UP
// KILLS 3 5", "1 3 DOWN 4 BOTHDIE 9 9", "2 3 DOWN VICTORY_FLAG".
std::string ucc_report(const State& after, const std::string& move, const std::vector<std::string>& events);
// Reads a program's answer for the side to move; throws Forfeit ("resign" for
// SURRENDER, else "protocol").
Move ucc_parse_answer(const State& s, const std::string& line);
// Reads a program's four setup lines for `player` (rows as seen on the board,
// top first) into the setup notation of GameInfo::from_setups; throws Forfeit
// unless they are a whole army of `config`.
std::string ucc_parse_setup(const std::vector<std::string>& lines, int player, const Config& config);

// The stock 2012 manager's rules for a game in which the outside program plays `player` (GameInfo::outside_rules,
// `strat arena --outside-rules`): `options` with the two-square rule lifted for that player alone (the manager has
// none; strat's own agent keeps S-18/S-19) and, unless they set ply_limit, the manager's game length: it declares
// a draw once 4,999 whole turns are played (its default `-m 5000`), 9,998 plies.
Options ucc_manager_rules(const Options& options, int player);
constexpr int kUccManagerPlyLimit = 9998;

// The outside program as an agent: started at construction, given the setup
// request by setup(), each turn's messages by choose(), the outcome of every
// move by observe(); QUIT and a stop at destruction.
class UccProgram final : public AnyAgent {
 public:
  UccProgram(const std::string& command, const Config& config, double reply_ms);
  ~UccProgram() override;
  const std::string& name() const override { return name_; }
  std::string setup(const Options& game_options, int player) override;
  std::string choose(const AnyState& state) override;
  void observe(const AnyState& after, const std::string& move, const Events& events) override;

 private:
  std::string read(double limit_ms);  // one line, or Forfeit
  void send(const std::string& line);

  std::string name_;
  Config config_;
  double reply_ms_;
  ChildProcess program_;
  int me_ = 0;
  bool started_ = false;     // the first move of the game has been asked for or reported
  bool moved_ = false;       // our last choose() gave a move not yet observed
  std::string last_report_;  // the opponent's last move, sent with our next turn
  std::string quit_ = "QUIT";
};

}  // namespace strat::stratego
