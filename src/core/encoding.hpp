#pragma once
// Fixed action spaces and observation tensors for learning code (the Python module, docs/python.md).
//
// A game opts in with an encoding type E in its own folder (src/games/<game>/encoding.hpp) and sets
// GameInfo::encode = encode_with<S, E>("name"). E maps each move to a short sequence of action ids ("tokens")
// in [0, num_actions): one token for most games; a few for moves that are paths (a Dhamet capture sequence,
// a Strategic Officer move with its captured set, a Strata 7 reinforcement and its step-off). EncodedAdapter
// turns the token sequences of the legal moves into a decision per token: legal actions are the distinct next
// tokens of the moves that start with the tokens chosen so far, and a move is played as soon as the chosen
// tokens name exactly one legal move. When one legal move's tokens are a prefix of another's, E's stop
// action ends the move at the shorter one.
//
// Observation tensors are built from what the observing player knows: for hidden-information games E reads
// only S::info(player), or the very function the Info is made with (Stratego's visible_cell, for speed), never
// the hidden state. They are float32 with every value in [0, 1]; the compact form
// (observe_u8: a quarter of the memory traffic, for the vector environment) is each value as round(255 x) in a
// byte, written directly by encodings that provide observe_u8 and converted from the floats otherwise.
#include <algorithm>
#include <concepts>
#include <cstdint>
#include <cstring>
#include <memory>
#include <span>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "core/any_state.hpp"
#include "core/error.hpp"

namespace strat {

constexpr int kTerminalPlayer = -4;  // OpenSpiel's kTerminalPlayerId

// A row of the vector environment's mask array and the ids it holds: ids[0..count) (update_mask).
struct MaskRow {
  std::vector<int> ids;
  std::size_t count = 0;
};

// Sets n floats to v, four at a time: observations fill whole constant planes, and at -O2 a plain loop (or
// std::fill) stays scalar, which was a third of Stratego's observation time. A fixed 16-byte memcpy is one
// unaligned vector store.
inline void fill_floats(float* out, std::size_t n, float v) {
  const float four[4] = {v, v, v, v};
  const std::size_t whole = n / 4;
  for (std::size_t k = 0; k < whole; ++k) std::memcpy(out + 4 * k, four, sizeof four);
  for (std::size_t i = 4 * whole; i < n; ++i) out[i] = v;
}

// The byte of the compact observation for a value x of the float one: floor(255 x + 1/2), x clamped to [0, 1].
// In double, where 255 x + 1/2 is exact for every float x: the same bytes whatever the compiler contracts.
inline std::uint8_t observation_byte(float x) {
  const double d = x < 0.0f ? 0.0 : (x > 1.0f ? 1.0 : static_cast<double>(x));
  return static_cast<std::uint8_t>(d * 255.0 + 0.5);
}

// Optional for encodings whose moves are one token each: the token of a move, without a vector (the vector
// environment's per-step path).
template <class E, class S>
concept SingleTokenFunction = requires(const S s, const typename S::Move m) {
  { E::token(s, m) } -> std::convertible_to<int>;
};

// Optional for single-token encodings that have E::token (SingleTokenFunction): the tokens of S::legal_moves, in
// its order, generated from the state without the list of moves (refresh's conversion pass and the list itself
// were a third of a vector environment step).
template <class E, class S>
concept ActionListFunction = requires(const S s, std::vector<int>& out) {
  { E::legal_actions(s, out) };
};

// Optional for single-token encodings that have E::legal_actions (ActionListFunction): the same ids written to a
// buffer with room for E::kMaxActionIds, their count returned (the vector environment's mask rows keep their ids in
// such a buffer: no list built and then copied).
template <class E, class S>
concept ActionIdWriter = requires(const S s, int* out) {
  { E::legal_actions(s, out) } -> std::same_as<int>;
  { E::kMaxActionIds } -> std::convertible_to<int>;
};

// Optional for single-token encodings: the move of an action known to be legal (an id of the mask row the caller
// holds), decoded without checking it again.
template <class E, class S>
concept ActionMoveFunction = requires(const S s) {
  { E::move_of(s, 0) } -> std::same_as<typename S::Move>;
};

// Optional: observe over a buffer that holds an earlier observation of the same game written by it (any position,
// either observer) or zeros, rewriting only the entries that can differ (constant planes written again only when
// their value changes). Floats only: for the compact bytes, reading what a plane holds cost more than the writes
// it saved.
template <class E, class S>
concept ObservationRewrite = requires(const S s, std::span<const int> pending, float* out) {
  { E::reobserve(s, 0, pending, out) };
};

// Optional for single-token encodings: whether an action is legal, exactly (true for the tokens of the legal
// moves, false for every other int), and then its move: apply_action without a search of the legal tokens.
template <class E, class S>
concept ActionDecoder = requires(const S s, typename S::Move& m) {
  { E::legal_move(s, 0, m) } -> std::same_as<bool>;
};

// Optional: the compact observation written directly (the same bytes as observation_byte of observe's floats).
template <class E, class S>
concept CompactObservation = requires(const S s, std::span<const int> pending, std::uint8_t* out) {
  { E::observe_u8(s, 0, pending, out) };
};

// Optional: `static constexpr bool kWritesWholeObservation = true` when observe (and observe_u8) write every
// entry, zeros included: the buffer is then not zeroed first (a third of Stratego's per-step bytes).
template <class E>
concept WholeObservation = requires { requires E::kWritesWholeObservation; };

// What a game's encoding provides (all static, given a state of the game for its options).
template <class E, class S>
concept ActionEncoding = GameState<S> && requires(const S s, const typename S::Move m, std::vector<int>& tokens,
                                                  std::span<const int> pending, float* out) {
  { E::kSingleToken } -> std::convertible_to<bool>;   // every move is one token (no stop action)
  { E::num_actions(s) } -> std::convertible_to<int>;
  { E::observation_shape(s) } -> std::same_as<std::vector<int>>;
  { E::stop_action(s) } -> std::convertible_to<int>;  // -1 when no move's tokens prefix another's
  { E::tokens(s, m, tokens) };                          // appends the move's tokens
  { E::action_name(s, 0) } -> std::same_as<std::string>;  // a token's name, without context
  { E::observe(s, 0, pending, out) };  // writes prod(observation_shape) floats; pending: tokens chosen so far
  { E::max_game_length(s) } -> std::convertible_to<int>;  // most actions a game can take
};

// The type-erased encoded state the Python module drives.
class EncodedState {
 public:
  virtual ~EncodedState() = default;
  virtual std::unique_ptr<EncodedState> clone() const = 0;
  // The wrapped state (position string, views, agents); between the tokens of one move it is the state before
  // that move.
  virtual const AnyState& any() const = 0;
  virtual int num_actions() const = 0;
  virtual int stop_action() const = 0;  // -1 when the game needs none
  virtual std::vector<int> observation_shape() const = 0;
  virtual int observation_size() const = 0;
  virtual int max_game_length() const = 0;
  virtual int current_player() const = 0;  // kTerminalPlayer once the game is over
  virtual bool terminal() const = 0;
  virtual int score(int player) const = 0;  // +1 win, -1 loss, 0 draw or unfinished
  // Sorted legal action ids (empty when terminal).
  virtual void legal_actions(std::vector<int>& out) const = 0;
  // mask[a] = 1 for legal actions, 0 elsewhere (num_actions bytes).
  virtual void legal_mask(std::uint8_t* mask) const = 0;
  // The vector environment's per-step path: a row of its mask array rewritten in place, not zeroed and written
  // whole. `row` lists the row's nonzero entries and belongs to the row, whichever game fills it (a new row is
  // zeros with an empty list): clears the entries listed, sets the legal ones and lists them (for a single-token
  // encoding each legal action once, in the order of the state's legal moves).
  virtual void update_mask(std::uint8_t* mask, MaskRow& row) const = 0;
  // apply_legal_action(action), then update_mask(mask, row): the vector environment's step in one call.
  virtual void step_legal(int action, std::uint8_t* mask, MaskRow& row) = 0;
  // The object's size in bytes: the vector environment fetches the next game's object while it steps one.
  virtual std::size_t object_bytes() const = 0;
  // Every move is one action: update_mask's list holds each legal action once.
  virtual bool single_token() const = 0;
  // A uniformly random legal action (not terminal), for random baselines without a round trip through Python.
  virtual int random_action(Rng& rng) const = 0;
  // Throws BadInput (state unchanged) if the action is not legal.
  virtual void apply_action(int action) = 0;
  // An action the caller knows to be legal (set in the mask row update_mask wrote for this state): played without
  // checking it again where the encoding can decode it (ActionMoveFunction), else through apply_action.
  virtual void apply_legal_action(int action) = 0;
  virtual std::string action_to_string(int action) const = 0;
  virtual int string_to_action(std::string_view text) const = 0;
  virtual void observe(int player, float* out) const = 0;
  // The same observation, each value x as the byte round(255 x) (observation_byte).
  virtual void observe_u8(int player, std::uint8_t* out) const = 0;
  // observe into a buffer holding an observation it wrote earlier for any state of the same game (either
  // observer), or zeros: where the encoding has ObservationRewrite, only what can differ is written.
  virtual void reobserve(int player, float* out) const = 0;
  // Tokens chosen so far of a move not yet complete.
  virtual const std::vector<int>& pending() const = 0;
  // The position this object started from (or was resampled into), every action applied since (when
  // recording), and the notation of every move completed: together they rebuild the state exactly, draw
  // counters and repetition history included, which position strings do not all carry.
  virtual const std::string& start_position() const = 0;
  virtual const std::vector<int>& history() const = 0;
  virtual const std::vector<std::string>& move_history() const = 0;
  virtual void set_recording(bool on) = 0;
  // The tokens of a legal move given in notation (for agents, which choose whole moves).
  virtual std::vector<int> move_tokens(std::string_view move) const = 0;
  // Every legal move (of the state before any pending tokens) in notation, with its tokens.
  virtual std::vector<std::pair<std::string, std::vector<int>>> legal_move_tokens() const = 0;
  virtual bool hidden_information() const = 0;
  // A state consistent with everything `player` knows (hidden-information games: drawn through
  // S::Info::sample, with an empty history: the hidden past of the drawn world is not drawn; others: a copy).
  virtual std::unique_ptr<EncodedState> resample(int player, std::uint64_t seed) const = 0;
};

template <GameState S, class E>
  requires ActionEncoding<E, S>
class EncodedAdapter final : public EncodedState {
 public:
  using Move = typename S::Move;

  EncodedAdapter(std::string name, S state) : adapter_(std::move(name), std::move(state)) {
    describe();
    start_ = adapter_.position();
  }

  std::unique_ptr<EncodedState> clone() const override { return std::make_unique<EncodedAdapter>(*this); }
  const AnyState& any() const override { return adapter_; }
  int num_actions() const override { return num_actions_; }
  int stop_action() const override { return stop_; }
  std::vector<int> observation_shape() const override { return shape_; }
  int observation_size() const override { return obs_size_; }
  int max_game_length() const override { return E::max_game_length(s()); }
  int current_player() const override { return terminal() ? kTerminalPlayer : s().to_move(); }
  bool terminal() const override { return s().outcome().over(); }
  int score(int player) const override { return s().outcome().score_for(player); }

  void legal_actions(std::vector<int>& out) const override {
    out.clear();
    if (terminal()) return;
    refresh();
    const std::size_t depth = pending_.size();
    if (single_) {
      for (std::size_t i = 0; i < move_count(); ++i) out.push_back(first_token(i));
    } else {
      for (std::size_t i = 0; i < moves_.size(); ++i) {
        if (!matches(i)) continue;
        const int len = length(i);
        if (static_cast<std::size_t>(len) > depth) out.push_back(tokens_[start(i) + depth]);
        else out.push_back(stop_);  // this move ends here while others go on
      }
    }
    std::sort(out.begin(), out.end());
    out.erase(std::unique(out.begin(), out.end()), out.end());
  }

  void legal_mask(std::uint8_t* mask) const override {
    std::fill(mask, mask + num_actions_, std::uint8_t{0});
    if (terminal()) return;
    refresh();
    if (single_) {
      for (std::size_t i = 0; i < move_count(); ++i) mask[first_token(i)] = 1;
      return;
    }
    const std::size_t depth = pending_.size();
    for (std::size_t i = 0; i < moves_.size(); ++i) {
      if (!matches(i)) continue;
      mask[static_cast<std::size_t>(length(i)) > depth ? tokens_[start(i) + depth] : stop_] = 1;
    }
  }

  void update_mask(std::uint8_t* mask, MaskRow& row) const override {
    std::vector<int>& ids = row.ids;
    // The loops over locals: a byte store may alias anything, so members would be read again after each one.
    for (const int* a = ids.data(), *end = a + row.count; a != end; ++a) mask[*a] = 0;
    row.count = 0;
    if (terminal()) return;
    if constexpr (ActionIdWriter<E, S> && SingleTokenFunction<E, S>) {
      if (single_) {  // straight into the row's buffer, kept at full size
        constexpr auto room = static_cast<std::size_t>(E::kMaxActionIds);
        if (ids.size() < room) ids.resize(room);
        int* const first = ids.data();
        const int n = E::legal_actions(s(), first);
        for (const int* a = first, *end = first + n; a != end; ++a) mask[*a] = 1;
        row.count = static_cast<std::size_t>(n);
        return;
      }
    }
    ids.clear();
    refresh();
    if (fast_single()) {
      ids.assign(tokens_.begin(), tokens_.end());
    } else if (single_) {
      for (std::size_t i = 0; i < moves_.size(); ++i) ids.push_back(first_token(i));
    } else {
      const std::size_t depth = pending_.size();
      for (std::size_t i = 0; i < moves_.size(); ++i)
        if (matches(i)) ids.push_back(static_cast<std::size_t>(length(i)) > depth ? tokens_[start(i) + depth] : stop_);
    }
    row.count = ids.size();
    for (int a : ids) mask[a] = 1;
  }

  void step_legal(int action, std::uint8_t* mask, MaskRow& row) override {
    apply_legal_action(action);
    update_mask(mask, row);
  }
  std::size_t object_bytes() const override { return sizeof(*this); }

  bool single_token() const override { return single_; }

  int random_action(Rng& rng) const override {
    if (terminal()) bad_input("the game is over");
    refresh();
    if (single_) return first_token(rng.below(static_cast<std::uint32_t>(move_count())));
    legal_actions(scratch_);
    return scratch_[rng.below(static_cast<std::uint32_t>(scratch_.size()))];
  }

  void apply_action(int action) override {
    if (terminal()) bad_input("the game is over");
    if constexpr (ActionDecoder<E, S>) {
      if (single_) {
        Move m;
        if (!E::legal_move(s(), action, m)) illegal(action);
        return play_move(m, action);
      }
    }
    refresh();
    if (fast_single()) {
      const auto at = std::find(tokens_.begin(), tokens_.end(), action);
      if (at == tokens_.end()) illegal(action);
      refresh_moves();
      return play(static_cast<std::size_t>(at - tokens_.begin()), action);
    }
    if (single_) {
      for (std::size_t i = 0; i < moves_.size(); ++i)
        if (first_token(i) == action) return play(i, action);
      illegal(action);
    }
    const std::size_t depth = pending_.size();
    if (action == stop_ && stop_ >= 0) {
      for (std::size_t i = 0; i < moves_.size(); ++i)
        if (matches(i) && static_cast<std::size_t>(length(i)) == depth) return play(i, action);
      illegal(action);
    }
    // Moves that go on with `action` after the tokens chosen so far.
    std::size_t found = 0, count = 0;
    for (std::size_t i = 0; i < moves_.size(); ++i)
      if (matches(i) && static_cast<std::size_t>(length(i)) > depth && tokens_[start(i) + depth] == action) {
        found = i;
        ++count;
      }
    if (count == 0) illegal(action);
    if (count == 1) return play(found, action);
    pending_.push_back(action);
    if (recording_) history_.push_back(action);
  }

  void apply_legal_action(int action) override {
    if constexpr (ActionMoveFunction<E, S>) {
      if (single_) return play_move(E::move_of(s(), action), action);
    }
    apply_action(action);
  }

  std::string action_to_string(int action) const override {
    // A legal action that names one whole move reads as the game's own notation.
    if (!terminal() && action >= 0 && action < num_actions_) {
      refresh();
      refresh_moves();
      const std::size_t depth = pending_.size();
      std::size_t found = 0, count = 0;
      for (std::size_t i = 0; i < moves_.size(); ++i) {
        if (!matches(i)) continue;
        const auto len = static_cast<std::size_t>(length(i));
        const bool hit = (len > depth && tokens_[start(i) + depth] == action) || (len == depth && action == stop_);
        if (hit) {
          found = i;
          ++count;
        }
      }
      if (count == 1) return s().move_to_string(moves_[found]);
    }
    return E::action_name(s(), action);
  }

  int string_to_action(std::string_view text) const override {
    // Fast path: a move in notation names the action that goes on with it from the tokens chosen so far.
    if (!terminal()) {
      try {
        std::vector<int> toks;
        E::tokens(s(), s().parse_move(text), toks);
        const std::size_t depth = pending_.size();
        if (toks.size() >= depth && std::equal(pending_.begin(), pending_.end(), toks.begin())) {
          const int a = toks.size() > depth ? toks[depth] : stop_;
          if (a >= 0 && action_to_string(a) == text) return a;
        }
      } catch (const BadInput&) {
        // not a legal move's notation: an action name, looked up below
      }
    }
    std::vector<int> legal;
    legal_actions(legal);
    for (int a : legal)
      if (action_to_string(a) == text) return a;
    for (int a : legal)
      if (E::action_name(s(), a) == text) return a;
    bad_input("no legal action is written '" + std::string(text) + "'");
  }

  void observe(int player, float* out) const override {
    if constexpr (!WholeObservation<E>) std::fill(out, out + obs_size_, 0.0f);
    E::observe(s(), player, std::span<const int>(pending_), out);
  }

  void observe_u8(int player, std::uint8_t* out) const override {
    if constexpr (CompactObservation<E, S>) {
      if constexpr (!WholeObservation<E>) std::memset(out, 0, static_cast<std::size_t>(obs_size_));
      E::observe_u8(s(), player, std::span<const int>(pending_), out);
    } else {
      floats_.resize(static_cast<std::size_t>(obs_size_));
      observe(player, floats_.data());
      for (int i = 0; i < obs_size_; ++i) out[i] = observation_byte(floats_[static_cast<std::size_t>(i)]);
    }
  }

  void reobserve(int player, float* out) const override {
    if constexpr (ObservationRewrite<E, S>) E::reobserve(s(), player, std::span<const int>(pending_), out);
    else observe(player, out);
  }

  const std::vector<int>& pending() const override { return pending_; }
  const std::string& start_position() const override { return start_; }
  const std::vector<int>& history() const override { return history_; }
  const std::vector<std::string>& move_history() const override { return move_texts_; }
  void set_recording(bool on) override { recording_ = on; }

  std::vector<int> move_tokens(std::string_view text) const override {
    const Move m = s().parse_move(text);
    std::vector<int> out;
    E::tokens(s(), m, out);
    return out;
  }

  std::vector<std::pair<std::string, std::vector<int>>> legal_move_tokens() const override {
    std::vector<std::pair<std::string, std::vector<int>>> out;
    if (terminal()) return out;
    refresh();
    refresh_moves();
    for (std::size_t i = 0; i < moves_.size(); ++i)
      out.emplace_back(s().move_to_string(moves_[i]),
                       std::vector<int>(tokens_.begin() + start(i), tokens_.begin() + start(i) + length(i)));
    return out;
  }

  bool hidden_information() const override { return HiddenInformationGame<S>; }

  std::unique_ptr<EncodedState> resample(int player, std::uint64_t seed) const override {
    auto copy = std::make_unique<EncodedAdapter>(*this);
    if constexpr (HiddenInformationGame<S>) {
      Rng rng(seed);
      copy->adapter_.state() = s().info(player).sample(rng);
      copy->valid_ = copy->moves_valid_ = false;
      copy->history_.clear();
      copy->move_texts_.clear();
      copy->start_ = copy->adapter_.position();
    }
    return copy;
  }

  const S& s() const { return adapter_.state(); }

 private:
  void describe() {
    num_actions_ = E::num_actions(s());
    shape_ = E::observation_shape(s());
    obs_size_ = 1;
    for (int d : shape_) obs_size_ *= d;
    stop_ = E::stop_action(s());
    single_ = stop_ < 0 && E::kSingleToken;
  }

  // The legal moves of the state and their tokens, computed once per position. With an ActionListFunction the
  // tokens come without the moves: refresh_moves adds those for the few callers that need them.
  void refresh() const {
    if (valid_) return;
    if constexpr (ActionListFunction<E, S> && SingleTokenFunction<E, S>) {
      if (single_) {
        E::legal_actions(s(), tokens_);
        valid_ = true;
        return;
      }
    }
    s().legal_moves(moves_);
    moves_valid_ = true;
    if constexpr (SingleTokenFunction<E, S>) {
      if (single_) {  // starts_[i] = i: only tokens_ is read
        tokens_.resize(moves_.size());
        for (std::size_t i = 0; i < moves_.size(); ++i) tokens_[i] = E::token(s(), moves_[i]);
        valid_ = true;
        return;
      }
    }
    tokens_.clear();
    starts_.clear();
    for (const auto& m : moves_) {
      starts_.push_back(static_cast<int>(tokens_.size()));
      E::tokens(s(), m, tokens_);
    }
    starts_.push_back(static_cast<int>(tokens_.size()));
    valid_ = true;
  }
  void refresh_moves() const {
    if (moves_valid_) return;
    s().legal_moves(moves_);
    moves_valid_ = true;
  }
  // How many legal moves refresh() found.
  std::size_t move_count() const { return fast_single() ? tokens_.size() : moves_.size(); }
  // Where legal move i's tokens start in tokens_ and how many it has (refresh()'s single-token path keeps no
  // starts_: move i's one token is tokens_[i]).
  bool fast_single() const {
    if constexpr (SingleTokenFunction<E, S>) return single_;
    else return false;
  }
  int start(std::size_t i) const { return fast_single() ? static_cast<int>(i) : starts_[i]; }
  int length(std::size_t i) const { return fast_single() ? 1 : starts_[i + 1] - starts_[i]; }
  int first_token(std::size_t i) const { return tokens_[start(i)]; }
  bool matches(std::size_t i) const {
    if (static_cast<std::size_t>(length(i)) < pending_.size()) return false;
    return std::equal(pending_.begin(), pending_.end(), tokens_.begin() + start(i));
  }

  void play(std::size_t i, int action) { play_move(moves_[i], action); }
  void play_move(const Move m, int action) {
    if (recording_) {
      history_.push_back(action);
      move_texts_.push_back(s().move_to_string(m));
    }
    pending_.clear();
    adapter_.state().apply(m, nullptr);
    valid_ = moves_valid_ = false;
  }

  [[noreturn]] void illegal(int action) const {
    bad_input("action " + std::to_string(action) + " is not legal here");
  }

  StateAdapter<S> adapter_;
  std::string start_;
  int num_actions_ = 0, obs_size_ = 0, stop_ = -1;
  bool single_ = false;
  std::vector<int> shape_;
  std::vector<int> pending_, history_;
  std::vector<std::string> move_texts_;
  bool recording_ = true;
  mutable bool valid_ = false, moves_valid_ = false;  // tokens_ (and starts_), moves_
  mutable std::vector<Move> moves_;
  mutable std::vector<int> tokens_, starts_, scratch_;
  mutable std::vector<float> floats_;
};

// GameInfo::encode for a game with state S and encoding E: wraps an AnyState of that game.
template <GameState S, class E>
auto encode_with(std::string name) {
  return [name](const AnyState& any) -> std::unique_ptr<EncodedState> {
    return std::make_unique<EncodedAdapter<S, E>>(name, concrete<S>(any));
  };
}

}  // namespace strat
