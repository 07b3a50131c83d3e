// The Python module strat._strat (docs/python.md): games, states and agents with OpenSpiel's names, and the
// vector environment (vector_env.cpp). Python sees action ids and numpy arrays; everything else stays in C++.
#include <pybind11/numpy.h>
#include <pybind11/pybind11.h>
#include <pybind11/stl.h>

#include <optional>

#include "core/error.hpp"
#include "core/text.hpp"
#include "game.hpp"
#include "vector_env.hpp"

namespace py = pybind11;
using strat::EncodedState;
using strat::pyapi::Agent;
using strat::pyapi::Game;

namespace {

using GamePtr = std::shared_ptr<Game>;

struct State {
  GamePtr game;
  std::unique_ptr<EncodedState> s;
  State(GamePtr g, std::unique_ptr<EncodedState> st) : game(std::move(g)), s(std::move(st)) {}
  State clone() const { return State(game, s->clone()); }
  int player_or_current(std::optional<int> player) const {
    if (player) return checked_player(*player);
    const int p = s->current_player();
    return p < 0 ? 0 : p;  // a terminal state is observed from player 0 unless asked otherwise
  }
  static int checked_player(int player) {
    if (player != 0 && player != 1) throw py::value_error("player must be 0 or 1, got " + std::to_string(player));
    return player;
  }
};

py::array_t<float> observation(const State& st, std::optional<int> player) {
  const auto shape = st.s->observation_shape();
  py::array_t<float> out(std::vector<py::ssize_t>(shape.begin(), shape.end()));
  st.s->observe(st.player_or_current(player), out.mutable_data());
  return out;
}

}  // namespace

PYBIND11_MODULE(_strat, m) {
  m.doc() = "strat: two-player strategy games for research (OpenSpiel-style API), docs/python.md";
  py::register_exception<strat::BadInput>(m, "BadInput", PyExc_ValueError);
  m.attr("TERMINAL_PLAYER_ID") = strat::kTerminalPlayer;

  m.def("registered_games", [] {
    std::vector<std::string> out;
    for (const auto& g : strat::Registry::global().games()) {
      if (!g.encode) continue;
      for (const auto& spec : g.specs()) out.push_back(spec);
    }
    return out;
  }, "Game specs: every game, NAME:VARIANT for each variant other than the default, and each with the game's "
     "modes ('stratego:setup=actions')");

  py::class_<Game, GamePtr>(m, "Game")
      .def("name", [](const Game& g) { return g.text; })
      .def("num_players", [](const Game&) { return 2; })
      .def("num_distinct_actions", [](const Game& g) { return g.prototype->num_actions(); })
      .def("observation_tensor_shape", [](const Game& g) { return g.prototype->observation_shape(); })
      .def("observation_tensor_size", [](const Game& g) { return g.prototype->observation_size(); })
      .def("max_game_length", [](const Game& g) { return g.prototype->max_game_length(); })
      .def("stop_action", [](const Game& g) { return g.prototype->stop_action(); })
      .def("hidden_information", [](const Game& g) { return g.prototype->hidden_information(); })
      .def("get_parameters", [](const Game& g) {
             // Typed as OpenSpiel's: whole numbers as int, bare flags as True, the rest as text (options never take
             // negative numbers).
             py::dict out;
             for (const auto& [key, value] : g.spec.options.values()) {
               unsigned long long number = 0;
               if (value.empty()) out[py::str(key)] = true;
               else if (strat::parse_uint(value, number)) out[py::str(key)] = number;
               else out[py::str(key)] = value;
             }
             return out;
           })
      .def("new_initial_state", [](const GamePtr& g, std::optional<std::uint64_t> seed) {
             return State(g, g->new_state(seed ? *seed : g->seeds.next()));
           }, py::arg("seed") = py::none())
      .def("__str__", [](const Game& g) { return g.text; })
      .def("__repr__", [](const Game& g) { return "strat.load_game('" + g.text + "')"; });

  m.def("load_game", [](const std::string& spec) { return std::make_shared<Game>(spec); }, py::arg("spec"),
        "A game from a spec as on the command line: 'stratego', 'stratego:barrage', 'dhamet:huffing'");

  py::class_<State>(m, "State")
      .def("current_player", [](const State& st) { return st.s->current_player(); })
      .def("is_terminal", [](const State& st) { return st.s->terminal(); })
      .def("is_chance_node", [](const State&) { return false; })
      .def("is_simultaneous_node", [](const State&) { return false; })
      .def("legal_actions", [](const State& st, std::optional<int> player) {
             std::vector<int> out;
             if (!player || State::checked_player(*player) == st.s->current_player()) st.s->legal_actions(out);
             return out;
           }, py::arg("player") = py::none())
      .def("legal_actions_mask", [](const State& st) {
             py::array_t<std::uint8_t> out(st.s->num_actions());
             st.s->legal_mask(out.mutable_data());
             return out;
           })
      .def("apply_action", [](State& st, int a) { st.s->apply_action(a); })
      .def("action_to_string", [](const State& st, int a) { return st.s->action_to_string(a); }, py::arg("action"))
      .def("action_to_string", [](const State& st, int player, int a) {
             State::checked_player(player);
             return st.s->action_to_string(a);
           })
      .def("string_to_action", [](const State& st, std::string_view text) { return st.s->string_to_action(text); })
      .def("returns", [](const State& st) {
             return std::vector<double>{double(st.s->score(0)), double(st.s->score(1))};
           })
      .def("rewards", [](const State& st) {
             // Rewards come only at the end: the last action's reward is the return.
             if (!st.s->terminal()) return std::vector<double>{0.0, 0.0};
             return std::vector<double>{double(st.s->score(0)), double(st.s->score(1))};
           })
      .def("observation_tensor", &observation, py::arg("player") = py::none())
      .def("observation_string", [](const State& st, std::optional<int> player) {
             std::string out = st.s->any().view(st.player_or_current(player));
             if (!st.s->pending().empty()) {
               out += "\npending";
               for (int t : st.s->pending()) out += " " + st.s->action_to_string(t);
             }
             return out;
           }, py::arg("player") = py::none())
      .def("information_state_string", [](const State& st, std::optional<int> player) {
             // strat's Info is everything a player knows that bears on play (revealed ranks and moved pieces,
             // seen cards), so the observation is the information state.
             std::string out = st.s->any().view(st.player_or_current(player));
             for (int t : st.s->pending()) out += " " + std::to_string(t);
             return out;
           }, py::arg("player") = py::none())
      .def("clone", &State::clone)
      .def("__copy__", &State::clone)
      .def("__deepcopy__", [](const State& st, py::dict) { return st.clone(); })
      .def("resample_from_infostate", [](const State& st, int player, std::uint64_t seed) {
             return State(st.game, st.s->resample(State::checked_player(player), seed));
           }, py::arg("player"), py::arg("seed"))
      .def("serialize", [](const State& st) { return strat::pyapi::serialize(*st.s); })
      .def("history", [](const State& st) { return st.s->history(); })
      .def("move_history", [](const State& st) { return st.s->move_history(); },
           "The notation of every completed move, as `strat apply` takes them")
      .def("pending_actions", [](const State& st) { return st.s->pending(); },
           "Actions chosen so far of a move not yet complete")
      .def("position", [](const State& st) { return st.s->any().position(); })
      .def("legal_moves", [](const State& st) { return st.s->any().legal_moves(); },
           "Legal moves in the game's notation (whole moves, as `strat legal` lists them)")
      .def("move_to_actions", [](const State& st, std::string_view move) { return st.s->move_tokens(move); },
           py::arg("move"), "The action ids of a legal move, from the start of the move")
      .def("legal_move_actions", [](const State& st) { return st.s->legal_move_tokens(); },
           "Every legal move in notation with its action ids: [(move, [ids]), ...]")
      .def("ply", [](const State& st) { return st.s->any().ply(); })
      .def("get_game", [](const State& st) { return st.game; })
      .def("__str__", [](const State& st) { return st.s->any().render(-1, false); });

  m.def("deserialize_state", [](const std::string& spec, const std::string& text) {
          auto g = std::make_shared<Game>(spec);
          auto s = g->deserialize(text);
          return State(g, std::move(s));
        }, py::arg("game"), py::arg("text"));

  py::class_<Agent>(m, "Agent")
      .def("step", [](Agent& a, const State& st) {
             py::gil_scoped_release release;
             return a.step(*st.s);
           }, py::arg("state"))
      .def("name", [](const Agent& a) { return a.agent->name(); });
  m.def("agent", [](const GamePtr& g, const std::string& spec, std::uint64_t seed) {
          return Agent{g, g->spec.agent(spec, seed), {}};
        }, py::arg("game"), py::arg("spec"), py::arg("seed") = 0,
        "An agent by spec as on the command line: 'random', 'mcts:iterations=500', 'stratego:time=200'");

  strat::pyapi::bind_vector_env(m);
}
