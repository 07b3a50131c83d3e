#pragma once
// Agents choose moves. Search code is templated over the concrete state (src/ai/); AnyAgent is the erased
// form the CLI and server hold. Agents of hidden-information games only see their player's Info.
#include <chrono>
#include <cstdint>
#include <memory>
#include <stdexcept>
#include <string>

#include "core/any_state.hpp"
#include "core/options.hpp"

namespace strat {

class AnyAgent {
 public:
  virtual ~AnyAgent() = default;
  virtual const std::string& name() const = 0;
  // A legal move, in notation, for the side to move in `state`.
  virtual std::string choose(const AnyState& state) = 0;

  // The hooks below serve agents that are outside programs refereed by strat (`strat arena`, e.g. Stratego's
  // `ucc:COMMAND`); strat's own agents keep the defaults.
  // Its own setup for `player` in the game's setup notation (GameInfo::from_setups), or "" for a generated one.
  virtual std::string setup(const Options& game_options, int player) { return ""; }
  // Every move of the game (either side's) once played, with the state after it: a referee relays it.
  virtual void observe(const AnyState& after, const std::string& move, const Events& events) {}
};

// Thrown by an agent that gives up or breaks its protocol (from choose() or setup()): the game ends at once
// and the other side wins. `kind` is the outcome's reason ("resign", "protocol"); `detail` says what happened
// ("illegal move '3 6 UP'") and goes into the record's result.
struct Forfeit : std::runtime_error {
  Forfeit(const char* kind, const std::string& detail) : std::runtime_error(detail), kind(kind) {}
  const char* kind;
};

// How long a search may run: by iterations, by time, or both (whichever ends first).
struct Budget {
  long iterations = 0;    // 0 = no iteration limit
  double time_ms = 0;     // 0 = no time limit
  static Budget from(const Options& o, long default_iterations);
};

// What a search's time budget counts. Wall time is the default: an outside referee (the UCC manager) and a person
// wait on the wall clock. The calling thread's CPU time makes a fair comparison of agents on a loaded machine
// (`strat arena --cpu-time`): each gets the same computation per move whatever else runs beside it.
enum class SearchClock { Wall, ThreadCpu };
void set_search_clock(SearchClock clock);  // process-wide; set before agents run
SearchClock search_clock();
std::int64_t search_clock_ns();  // now, on the search clock (monotonic per thread)

class Deadline {
 public:
  explicit Deadline(double ms)
      : unlimited_(ms <= 0), end_ns_(search_clock_ns() + static_cast<std::int64_t>(ms * 1e6)) {}
  bool passed() const { return !unlimited_ && search_clock_ns() >= end_ns_; }

 private:
  bool unlimited_;
  std::int64_t end_ns_;
};

// Wraps a templated agent A (with `typename S::Move choose(const S&)`) as an AnyAgent.
template <GameState S, class A>
class AgentAdapter final : public AnyAgent {
 public:
  AgentAdapter(std::string name, A agent) : name_(std::move(name)), agent_(std::move(agent)) {}
  const std::string& name() const override { return name_; }
  std::string choose(const AnyState& state) override {
    const S& s = concrete<S>(state);
    return s.move_to_string(agent_.choose(s));
  }
  A& agent() { return agent_; }

 private:
  std::string name_;
  A agent_;
};

}  // namespace strat
