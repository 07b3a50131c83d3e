// strat.VectorEnv: n games stepped in C++ in one call, with the GIL released. Game k started by the
// environment (counting from 0 over reset() and every automatic reset, in environment order) is
// new_initial_state(seed + k), so any trajectory can be replayed with single states. The returned arrays are
// the environment's own buffers, overwritten by the next call: copy what must be kept. Observations are float32,
// or with dtype=uint8 each value x as round(255 x) (core/encoding.hpp): a quarter of the bytes to write.
#include "vector_env.hpp"

#include <pybind11/numpy.h>
#include <pybind11/stl.h>

#include <algorithm>
#include <cstring>
#include <memory>
#include <optional>
#include <string>
#include <vector>

#include "game.hpp"

namespace py = pybind11;

namespace strat::pyapi {
namespace {

class VectorEnv {
 public:
  VectorEnv(std::shared_ptr<Game> game, int n, std::uint64_t seed, bool observations, bool compact)
      : game_(std::move(game)), n_(n), seed_(seed), observations_(observations), compact_(compact),
        rng_(seed ^ 0x5eed5eed5eedULL) {
    if (n <= 0) throw pybind11::value_error("n must be positive");
    actions_ = game_->prototype->num_actions();
    obs_size_ = game_->prototype->observation_size();
    std::vector<py::ssize_t> shape{n};
    for (int d : game_->prototype->observation_shape()) shape.push_back(d);
    if (observations_) {
      obs_ = compact_ ? py::array(py::array_t<std::uint8_t>(shape)) : py::array(py::array_t<float>(shape));
      // Zeros, then only observations (EncodedState::reobserve's contract): a float row is rewritten where it
      // can change (the bytes are written whole: comparing first cost more than the writes it saved).
      std::memset(obs_.mutable_data(), 0, static_cast<std::size_t>(obs_.nbytes()));
    }
    masks_ = py::array_t<std::uint8_t>(std::vector<py::ssize_t>{n, actions_});
    rewards_ = py::array_t<float>(std::vector<py::ssize_t>{n, 2});
    dones_ = py::array_t<bool>(n);
    players_ = py::array_t<std::int32_t>(n);
    // What Python gets: read-only views of the buffers (each step writes only the mask entries that change, and
    // of a float observation the planes that can change).
    auto read_only = [](const py::array& a) {
      py::object view = a.attr("view")();
      view.attr("setflags")(py::arg("write") = false);
      return view;
    };
    views_ = {observations_ ? read_only(obs_) : py::none(), read_only(masks_), read_only(rewards_), read_only(dones_),
              read_only(players_)};
    states_.resize(static_cast<std::size_t>(n));
    mask_rows_.resize(static_cast<std::size_t>(n));
    game_seeds_.assign(static_cast<std::size_t>(n), 0);
    state_bytes_ = std::min<std::size_t>(game_->prototype->object_bytes(), 1024);
  }

  py::tuple reset() {
    {
      py::gil_scoped_release release;
      next_seed_ = seed_;
      for (int i = 0; i < n_; ++i) start(i);
      std::fill(masks_.mutable_data(), masks_.mutable_data() + static_cast<std::size_t>(n_) * actions_, std::uint8_t{0});
      std::fill(rewards_.mutable_data(), rewards_.mutable_data() + 2 * n_, 0.0f);
      std::fill(dones_.mutable_data(), dones_.mutable_data() + n_, false);
      for (auto& row : mask_rows_) row.count = 0;
      for (int i = 0; i < n_; ++i) fill(i);
    }
    return py::make_tuple(views_[kObs], views_[kMasks]);
  }

  // The action of agents[i] (strat.Agent) for game i, where `which` (bool, (n,); default all) is set; -1 elsewhere.
  py::array_t<std::int64_t> agent_actions(std::vector<Agent*> agents, std::optional<py::array_t<bool>> which) {
    if (static_cast<int>(agents.size()) != n_) throw py::value_error("agent_actions needs one agent per game");
    if (which && (which->ndim() != 1 || which->shape(0) != n_)) throw py::value_error("which must have shape (n,)");
    const bool* ask = which ? which->data() : nullptr;
    py::array_t<std::int64_t> out(n_);
    std::int64_t* a = out.mutable_data();
    {
      py::gil_scoped_release release;
      for (int i = 0; i < n_; ++i) a[i] = !ask || ask[i] ? agents[static_cast<std::size_t>(i)]->step(*states_[i]) : -1;
    }
    return out;
  }

  py::tuple step(py::array_t<std::int64_t, py::array::c_style | py::array::forcecast> actions) {
    if (actions.ndim() != 1 || actions.shape(0) != n_) throw pybind11::value_error("actions must have shape (n,)");
    if (states_[0] == nullptr) throw pybind11::value_error("call reset() first");
    const std::int64_t* a = actions.data();
    {
      py::gil_scoped_release release;
      float* rewards = rewards_.mutable_data();
      bool* dones = dones_.mutable_data();
      for (int i = 0; i < n_; ++i) {
        if (i + 1 < n_) prefetch_game(i + 1, a[i + 1]);
        EncodedState& s = *states_[i];
        // Row i holds exactly the legal actions of game i (update_mask): its byte is the legality check.
        if (a[i] < 0 || a[i] >= actions_ || !mask_row(i)[a[i]])  // BadInput is raised as ValueError
          bad_input("action " + std::to_string(a[i]) + " is not legal here");
        s.step_legal(static_cast<int>(a[i]), mask_row(i), mask_rows_[i]);
        rewards[2 * i] = rewards[2 * i + 1] = 0.0f;
        dones[i] = s.terminal();
        if (dones[i]) {
          rewards[2 * i] = static_cast<float>(s.score(0));
          rewards[2 * i + 1] = static_cast<float>(s.score(1));
          start(i);
          fill(i);
        } else {
          fill_rest(i);
        }
      }
    }
    return py::make_tuple(views_[kObs], views_[kMasks], views_[kRewards], views_[kDones]);
  }

  // A uniformly random legal action for every game, drawn in C++ from the environment's own generator.
  py::array_t<std::int64_t> random_actions() {
    py::array_t<std::int64_t> out(n_);
    std::int64_t* a = out.mutable_data();
    {
      py::gil_scoped_release release;
      for (int i = 0; i < n_; ++i) {
        // Single-token games: drawn from the row's list, which holds each legal action once.
        const MaskRow& row = mask_rows_[static_cast<std::size_t>(i)];
        a[i] = states_[i]->single_token() && row.count ? row.ids[rng_.below(static_cast<std::uint32_t>(row.count))]
                                                      : states_[i]->random_action(rng_);
      }
    }
    return out;
  }

  py::object players() const { return views_[kPlayers]; }
  std::vector<std::uint64_t> seeds() const { return game_seeds_; }
  int size() const { return n_; }
  std::string position(int i) const { return states_.at(static_cast<std::size_t>(i))->any().position(); }

 private:
  void start(int i) {
    game_seeds_[i] = next_seed_;
    states_[i] = game_->new_state(next_seed_++);
    states_[i]->set_recording(false);
  }
  // The next game's memory is fetched while this one is stepped: its state, its row's id list and the mask byte
  // that checks its action (the rows of 256 games do not stay in the core's caches between calls).
  void prefetch_game(int i, std::int64_t action) {
    const char* state = reinterpret_cast<const char*>(states_[i].get());
    for (std::size_t at = 0; at < state_bytes_; at += 64) __builtin_prefetch(state + at);
    __builtin_prefetch(mask_rows_[i].ids.data());
    if (action >= 0 && action < actions_) __builtin_prefetch(mask_row(i) + action);
  }
  std::uint8_t* mask_row(int i) { return masks_.mutable_data() + static_cast<std::size_t>(i) * actions_; }
  // The mask (its row rewritten in place: mask_rows_[i] lists what row i holds, EncodedState::update_mask), the
  // current player and (when asked for) the observation of the player to move (floats over the row's earlier one).
  void fill(int i) {
    states_[i]->update_mask(mask_row(i), mask_rows_[i]);
    fill_rest(i);
  }
  // The same after the mask row (step_legal rewrote it).
  void fill_rest(int i) {
    const EncodedState& s = *states_[i];
    const int p = s.current_player();
    players_.mutable_data()[i] = p;
    if (!observations_) return;
    const std::size_t at = static_cast<std::size_t>(i) * obs_size_;
    if (compact_) s.observe_u8(p < 0 ? 0 : p, static_cast<std::uint8_t*>(obs_.mutable_data()) + at);
    else s.reobserve(p < 0 ? 0 : p, static_cast<float*>(obs_.mutable_data()) + at);
  }

  std::shared_ptr<Game> game_;
  int n_;
  std::uint64_t seed_, next_seed_ = 0;
  bool observations_, compact_;
  Rng rng_;
  int actions_ = 0, obs_size_ = 0;
  std::size_t state_bytes_ = 0;  // what prefetch_game fetches of a state object
  std::vector<std::unique_ptr<EncodedState>> states_;
  std::vector<MaskRow> mask_rows_;
  std::vector<std::uint64_t> game_seeds_;
  py::array obs_;
  py::array_t<float> rewards_;
  py::array_t<std::uint8_t> masks_;
  py::array_t<bool> dones_;
  py::array_t<std::int32_t> players_;
  enum { kObs, kMasks, kRewards, kDones, kPlayers };
  std::vector<py::object> views_;
};

}  // namespace

void bind_vector_env(py::module_& m) {
  py::class_<VectorEnv>(m, "VectorEnv")
      .def(py::init([](py::object game, int n, std::uint64_t seed, bool observations, py::object dtype) {
             std::shared_ptr<Game> g = py::isinstance<py::str>(game) ? std::make_shared<Game>(game.cast<std::string>())
                                                                     : game.cast<std::shared_ptr<Game>>();
             const py::dtype d = py::dtype::from_args(dtype);
             const bool compact = d.num() == py::dtype::of<std::uint8_t>().num();
             if (!compact && d.num() != py::dtype::of<float>().num())
               throw py::value_error("dtype must be float32 or uint8 (each value x as round(255 x))");
             return VectorEnv(std::move(g), n, seed, observations, compact);
           }), py::arg("game"), py::arg("n"), py::arg("seed") = 0, py::arg("observations") = true,
           py::arg("dtype") = py::str("float32"))
      .def("reset", &VectorEnv::reset, "-> (obs or None, masks)")
      .def("step", &VectorEnv::step, py::arg("actions"), "-> (obs or None, masks, rewards (n, 2), dones)")
      .def("random_actions", &VectorEnv::random_actions, "A uniformly random legal action per game (int64, (n,))")
      .def("agent_actions", &VectorEnv::agent_actions, py::arg("agents"), py::arg("which") = py::none(),
           "agents[i]'s action (strat.Agent) in game i where which[i] (default: every game), -1 elsewhere")
      .def("current_players", &VectorEnv::players, "Player to move in each game (after reset/step)")
      .def("game_seeds", &VectorEnv::seeds, "The seed each current game was started from")
      .def("position", &VectorEnv::position, py::arg("i"), "The position string of game i")
      .def("__len__", &VectorEnv::size);
}

}  // namespace strat::pyapi
