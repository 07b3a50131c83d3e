#pragma once
// Agents choose moves. Search code is templated over the concrete state (src/ai/); AnyAgent is the erased
// form the CLI and server hold. Agents of hidden-information games only see their player's Info.
#include <chrono>
#include <memory>
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
};

// How long a search may run: by iterations, by time, or both (whichever ends first).
struct Budget {
  long iterations = 0;    // 0 = no iteration limit
  double time_ms = 0;     // 0 = no time limit
  static Budget from(const Options& o, long default_iterations);
};

class Deadline {
 public:
  explicit Deadline(double ms)
      : unlimited_(ms <= 0), end_(std::chrono::steady_clock::now() + std::chrono::microseconds(static_cast<long>(ms * 1000))) {}
  bool passed() const { return !unlimited_ && std::chrono::steady_clock::now() >= end_; }

 private:
  bool unlimited_;
  std::chrono::steady_clock::time_point end_;
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
