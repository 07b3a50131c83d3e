#pragma once
// The type-erased game state used by the CLI and the server: moves travel as notation strings, positions as
// the spec's position strings. Hot paths never go through here; they use the concrete state (game.hpp).
#include <algorithm>
#include <memory>
#include <optional>
#include <string>
#include <string_view>
#include <typeinfo>
#include <vector>

#include "core/assert.hpp"
#include "core/error.hpp"
#include "core/game.hpp"
#include "core/rng.hpp"
#include "core/text.hpp"

namespace strat {

class AnyState {
 public:
  virtual ~AnyState() = default;
  virtual std::unique_ptr<AnyState> clone() const = 0;
  virtual const std::string& game_name() const = 0;
  virtual int to_move() const = 0;
  virtual Outcome outcome() const = 0;
  virtual int ply() const = 0;
  // Legal moves of the side to move in the spec's notation, in generation order.
  virtual std::vector<std::string> legal_moves() const = 0;
  // Plays one move given in notation. Throws BadInput (state unchanged) if it is malformed or illegal.
  virtual Events apply(std::string_view move) = 0;
  // The omniscient position string of the spec.
  virtual std::string position() const = 0;
  // What `player` may see (S-25, K-14, ...). For perfect-information games this is the position.
  virtual std::string view(int player) const = 0;
  // A JSON object (as text) describing the state as `player` may see it (-1: everything), for the web client.
  virtual std::string view_json(int player) const = 0;
  // A board drawn for a terminal, as `perspective` may see it (-1: everything).
  virtual std::string render(int perspective, bool color) const = 0;
  virtual bool hidden_information() const = 0;
  virtual std::string player_name(int player) const = 0;
  // Leaf count at `depth`; empty for games where perft does not apply (hidden information or chance).
  virtual std::optional<std::uint64_t> perft(int depth) const = 0;
  // Ends an open game outside the rules (resignation, agreed draw, time; docs/records.md): outcome() is then
  // `o`, no move is legal, and render() shows the result instead of the side to move.
  virtual void end(const Outcome& o) = 0;
  // The cells each legal move goes through, first to last, in the order of legal_moves() (empty for a move that
  // is not between cells, like a pass); an empty list for a game that does not say (the web client's board
  // then reads its notation). Only ever the side to move's own moves, like legal_moves().
  virtual std::vector<std::vector<std::string>> legal_move_cells() const { return {}; }
  // How good the position is for `player` as far as `player` knows it, in [-1, 1] (the game's static
  // evaluation; +1/-1/0 once decided). With hidden information it never reads the true hidden state: it averages
  // the evaluation over `samples` states drawn from the player's Info with an Rng seeded by `seed`.
  // Empty for a game without an evaluation.
  virtual std::optional<double> evaluate_as_known(int player, int samples, std::uint64_t seed) const = 0;
  // The value of `move` to the side to move as it knew the position before playing it, in [-1, 1]: the mean,
  // over `samples` states drawn from its Info with an Rng seeded by `seed` (the same states as
  // evaluate_as_known draws with that seed), of its evaluation after the move and the opponent's best answer by
  // the static evaluation in that state. Never the move's revealed result: two states that look the same to the
  // mover give the same value. Empty for a game without an evaluation; throws BadInput for an illegal move.
  virtual std::optional<double> evaluate_move_as_known(std::string_view move, int samples, std::uint64_t seed) const = 0;
  // Whether playing `move` here shows `player` something hidden from it before: a rank or card of the opponent,
  // or cards of its own that chance kept from it (the card duel's draws). Always false without hidden
  // information. A take-back never undoes such a move (docs/security.md). Throws BadInput for an illegal move.
  virtual bool move_reveals(std::string_view move, int player) const = 0;
};

// Optional per-game hooks, detected at compile time.
template <class S> concept HasViewString = requires(const S s) { { s.view_string(0) } -> std::same_as<std::string>; };
template <class S> concept HasViewJson = requires(const S s) { { s.view_json(0) } -> std::same_as<std::string>; };
template <class S> concept HasRender = requires(const S s) { { s.render(0, true) } -> std::same_as<std::string>; };
template <class S> concept HasOwnPerft = requires(const S s) { { s.perft(1) } -> std::same_as<std::uint64_t>; };
template <class S> concept HasPlayerName = requires { { S::player_name(0) } -> std::convertible_to<std::string>; };
template <class S> concept PerftApplies = requires { requires S::kPerftApplies; };
template <class S> concept HasEnd = requires(S s, const Outcome& o) { s.end(o); };
// A hidden-information game's `bool reveals(const Move&, int player) const`: AnyState::move_reveals.
template <class S> concept HasReveals = requires(const S s, const typename S::Move& m) {
  { s.reveals(m, 0) } -> std::same_as<bool>;
};
template <class S> concept HasMoveCells = requires(const S s, const typename S::Move& m) {
  { s.move_cells(m) } -> std::same_as<std::vector<std::string>>;
};

template <GameState S>
class StateAdapter final : public AnyState {
  static_assert(!HiddenInformationGame<S> || HasReveals<S>,
                "a hidden-information game says which moves reveal what (State::reveals), for take-backs");

 public:
  StateAdapter(std::string name, S state) : name_(std::move(name)), s_(std::move(state)) { check(); }

  std::unique_ptr<AnyState> clone() const override {
    auto copy = std::make_unique<StateAdapter>(name_, s_);
    copy->ended_ = ended_;
    return copy;
  }
  const std::string& game_name() const override { return name_; }
  int to_move() const override { return s_.to_move(); }
  Outcome outcome() const override { return ended_ ? *ended_ : s_.outcome(); }
  int ply() const override { return s_.ply(); }

  std::vector<std::string> legal_moves() const override {
    std::vector<std::string> out;
    if (outcome().over()) return out;
    std::vector<typename S::Move> moves;
    s_.legal_moves(moves);
    out.reserve(moves.size());
    for (const auto& m : moves) out.push_back(s_.move_to_string(m));
    return out;
  }

  std::vector<std::vector<std::string>> legal_move_cells() const override {
    std::vector<std::vector<std::string>> out;
    if constexpr (HasMoveCells<S>) {
      if (outcome().over()) return out;
      std::vector<typename S::Move> moves;
      s_.legal_moves(moves);
      out.reserve(moves.size());
      for (const auto& m : moves) out.push_back(s_.move_cells(m));
    }
    return out;
  }

  Events apply(std::string_view text) override {
    if (outcome().over()) bad_input("the game is over");
    typename S::Move m = s_.parse_move(text);  // validates legality, throws BadInput
    Events events;
    s_.apply(m, &events);
    check();
    return events;
  }

  std::string position() const override { return s_.to_string(); }

  std::string view(int player) const override {
    if constexpr (HasViewString<S>) return s_.view_string(player);
    else return s_.to_string();
  }

  std::string view_json(int player) const override {
    if constexpr (HasViewJson<S>) return s_.view_json(player);
    else return "{\"position\":\"" + json_escape(view(player)) + "\"}";
  }

  std::string render(int perspective, bool color) const override {
    if constexpr (HasRender<S>) return s_.render(perspective, color);
    else return view(perspective < 0 ? 0 : perspective) + "\n";
  }

  void end(const Outcome& o) override {
    if (outcome().over()) bad_input("the game is over");
    // A game with its own end() shows the result in its own board; others are ended here.
    if constexpr (HasEnd<S>) s_.end(o);
    else ended_ = o;
  }

  bool hidden_information() const override { return HiddenInformationGame<S>; }

  std::optional<double> evaluate_as_known(int player, int samples, std::uint64_t seed) const override {
    const Outcome o = outcome();
    if (o.over()) return o.status == Status::Win ? (o.winner == player ? 1.0 : -1.0) : 0.0;
    if constexpr (!EvaluatedGame<S>) {
      return std::nullopt;
    } else if constexpr (HiddenInformationGame<S>) {
      const auto info = s_.info(player);
      Rng rng(seed);
      const int n = std::max(1, samples);
      double sum = 0;
      for (int i = 0; i < n; ++i) sum += static_cast<double>(info.sample(rng).evaluate(player));
      return std::clamp(sum / n, -1.0, 1.0);
    } else {
      return std::clamp(static_cast<double>(s_.evaluate(player)), -1.0, 1.0);
    }
  }

  std::optional<double> evaluate_move_as_known(std::string_view text, int samples, std::uint64_t seed) const override {
    if (outcome().over()) bad_input("the game is over");
    const typename S::Move m = s_.parse_move(text);  // validates legality, throws BadInput
    if constexpr (!EvaluatedGame<S>) {
      return std::nullopt;
    } else if constexpr (HiddenInformationGame<S>) {
      const int mover = s_.to_move();
      const auto info = s_.info(mover);
      Rng rng(seed);
      const int n = std::max(1, samples);
      double sum = 0;
      for (int i = 0; i < n; ++i) sum += answered_value(info.sample(rng), m, mover);
      return std::clamp(sum / n, -1.0, 1.0);
    } else {
      return std::clamp(answered_value(s_, m, s_.to_move()), -1.0, 1.0);
    }
  }

  bool move_reveals(std::string_view text, int player) const override {
    if (outcome().over()) bad_input("the game is over");
    const typename S::Move m = s_.parse_move(text);  // validates legality, throws BadInput
    if constexpr (HiddenInformationGame<S>) return s_.reveals(m, player);
    else return false;
  }

  std::string player_name(int player) const override {
    if constexpr (HasPlayerName<S>) return std::string(S::player_name(player));
    else return player == 0 ? "first" : "second";
  }

  std::optional<std::uint64_t> perft(int depth) const override {
    if constexpr (HiddenInformationGame<S>) return std::nullopt;
    else if constexpr (HasOwnPerft<S>) return s_.perft(depth);
    else return strat::perft(s_, depth);
  }

  const S& state() const { return s_; }
  S& state() { return s_; }

 private:
  // `player`'s evaluation of `world` after `m` (player's move, legal there as it is in every state its Info
  // allows) and, when the turn passes, the opponent's answer that is worst for `player` by the evaluation: a
  // static evaluation right after a move cannot see the recapture it allows.
  static double answered_value(S world, const typename S::Move& m, int player) {
    const auto terminal = [player](const Outcome& o) { return o.status == Status::Win ? (o.winner == player ? 1.0 : -1.0) : 0.0; };
    world.apply(m, nullptr);
    if (world.outcome().over()) return terminal(world.outcome());
    if (world.to_move() == player) return static_cast<double>(world.evaluate(player));
    std::vector<typename S::Move> answers;
    world.legal_moves(answers);
    double worst = answers.empty() ? static_cast<double>(world.evaluate(player)) : 1.0;
    for (const auto& a : answers) {
      S next = world;
      next.apply(a, nullptr);
      worst = std::min(worst, next.outcome().over() ? terminal(next.outcome()) : static_cast<double>(next.evaluate(player)));
    }
    return worst;
  }

  // Checked builds only: every state the CLI and the server build or move through keeps its invariants.
  void check() const {
    if constexpr (SelfChecking<S>) STRAT_ASSERT(s_.inconsistency().empty(), name_ + ": " + s_.inconsistency());
  }

  std::string name_;
  S s_;
  std::optional<Outcome> ended_;  // end() for a game without its own end()
};

// The concrete state behind an AnyState, for game-specific code (agents) that knows its type.
template <GameState S>
const S& concrete(const AnyState& any) {
  const auto* a = dynamic_cast<const StateAdapter<S>*>(&any);
  if (!a) throw std::logic_error(std::string("state is not a ") + typeid(S).name());
  return a->state();
}

}  // namespace strat
