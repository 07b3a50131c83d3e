// games, legal, apply, view, perft: the verbs that take a position and answer at once.
#include <CLI/CLI.hpp>
#include <algorithm>
#include <chrono>
#include <nlohmann/json.hpp>
#include <ostream>

#include "cli/outcome_text.hpp"
#include "cli/verbs.hpp"
#include "core/registry.hpp"
#include "core/text.hpp"

namespace strat::cli {

using nlohmann::json;

void install_verbs(CLI::App& app, Context& ctx) {
  install_games(app, ctx);
  install_legal(app, ctx);
  install_apply(app, ctx);
  install_view(app, ctx);
  install_perft(app, ctx);
  install_selfplay(app, ctx);
  install_replay(app, ctx);
  install_arena(app, ctx);
  install_bench(app, ctx);
  install_play(app, ctx);
  install_agent(app, ctx);
}

void install_games(CLI::App& app, Context& ctx) {
  auto* cmd = app.add_subcommand("games", "List the games and their variants, one per line");
  auto json_out = std::make_shared<bool>(false);
  auto markdown = std::make_shared<bool>(false);
  cmd->add_flag("--json", *json_out, "Machine-readable output");
  cmd->add_flag("--markdown", *markdown, "The parameter tables of docs/games/parameters.md");
  cmd->callback([&ctx, json_out, markdown] {
    ctx.action = [&ctx, json_out, markdown] {
      if (*markdown) {
        ctx.out << parameters_markdown(Registry::global().games());
        return 0;
      }
      json list = json::array();
      for (const auto& g : Registry::global().games()) {
        if (*json_out) {
          json agent_parameters = json::object();
          for (const auto& [agent, parameters] : g.agent_parameters) agent_parameters[agent] = parameters_json(parameters);
          list.push_back({{"name", g.name}, {"title", g.title}, {"summary", g.summary}, {"variants", g.variants},
                          {"agents", g.agents}, {"hidden_information", g.hidden_information()}, {"chance", g.chance},
                          {"parameters", parameters_json(g.parameters)}, {"agent_parameters", agent_parameters}});
          continue;
        }
        if (g.variants.empty()) ctx.out << g.name << "\n";
        for (const auto& v : g.variants) ctx.out << g.name << " " << v << "\n";
      }
      if (*json_out) ctx.out << list.dump() << "\n";
      return 0;
    };
  });
}

namespace {
struct PositionArgs {
  std::string game, position;
  bool json = false;
};

void add_position_args(CLI::App* cmd, PositionArgs& a) {
  cmd->add_option("game", a.game, "Game, with options after a colon (stratego:barrage)")->required();
  cmd->add_option("position", a.position, "Position string, startpos, or random:SEED")->required();
  cmd->add_flag("--json", a.json, "Machine-readable output");
}
}  // namespace

void install_legal(CLI::App& app, Context& ctx) {
  auto* cmd = app.add_subcommand("legal", "Print every legal move of the side to move, sorted by byte order");
  auto a = std::make_shared<PositionArgs>();
  add_position_args(cmd, *a);
  cmd->callback([&ctx, a] {
    ctx.action = [&ctx, a] {
      auto state = GameSpec::parse(a->game).load(a->position);
      auto moves = state->legal_moves();
      std::sort(moves.begin(), moves.end());
      if (a->json) {
        ctx.out << json{{"to_move", state->outcome().over() ? "" : state->player_name(state->to_move())},
                        {"moves", moves}}.dump() << "\n";
      } else {
        for (const auto& m : moves) ctx.out << m << "\n";
      }
      return 0;
    };
  });
}

void install_apply(CLI::App& app, Context& ctx) {
  auto* cmd = app.add_subcommand("apply", "Play moves in order; print the resulting position and the events");
  auto a = std::make_shared<PositionArgs>();
  auto moves = std::make_shared<std::vector<std::string>>();
  add_position_args(cmd, *a);
  cmd->add_option("moves", *moves, "Moves in the game's notation");
  cmd->callback([&ctx, a, moves] {
    ctx.action = [&ctx, a, moves] {
      auto state = GameSpec::parse(a->game).load(a->position);
      Events all;
      for (std::size_t i = 0; i < moves->size(); ++i) {
        try {
          auto events = state->apply((*moves)[i]);
          all.insert(all.end(), events.begin(), events.end());
        } catch (const BadInput& e) {
          throw BadInput("move " + std::to_string(i + 1) + " " + strat::quoted((*moves)[i]) + ": " + e.what());
        }
      }
      if (a->json) {
        ctx.out << json{{"position", state->position()}, {"events", all}, {"outcome", outcome_json(*state)}}.dump()
                << "\n";
      } else {
        ctx.out << state->position() << "\n";
        for (const auto& e : all) ctx.out << e << "\n";
      }
      return 0;
    };
  });
}

void install_view(CLI::App& app, Context& ctx) {
  auto* cmd = app.add_subcommand("view", "Print what one player may see of a position");
  auto a = std::make_shared<PositionArgs>();
  auto player = std::make_shared<std::string>();
  add_position_args(cmd, *a);
  cmd->add_option("player", *player, "Player name (red, blue, white, ...) or 0/1")->required();
  cmd->callback([&ctx, a, player] {
    ctx.action = [&ctx, a, player] {
      auto state = GameSpec::parse(a->game).load(a->position);
      int p = parse_player(*state, *player);
      if (a->json) ctx.out << state->view_json(p) << "\n";
      else ctx.out << state->view(p) << "\n";
      return 0;
    };
  });
}

void install_perft(CLI::App& app, Context& ctx) {
  auto* cmd = app.add_subcommand("perft", "Count the leaf positions DEPTH plies ahead");
  auto a = std::make_shared<PositionArgs>();
  auto depth = std::make_shared<int>(1);
  add_position_args(cmd, *a);
  cmd->add_option("depth", *depth, "Plies")->required()->check(CLI::Range(0, 30));
  cmd->callback([&ctx, a, depth] {
    ctx.action = [&ctx, a, depth] {
      auto state = GameSpec::parse(a->game).load(a->position);
      auto start = std::chrono::steady_clock::now();
      auto count = state->perft(*depth);
      if (!count) bad_input("perft does not apply to " + state->game_name() + " (hidden information or chance)");
      double secs = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
      if (a->json) ctx.out << json{{"depth", *depth}, {"nodes", *count}, {"seconds", secs}}.dump() << "\n";
      else ctx.out << *count << "\n";
      return 0;
    };
  });
}

}  // namespace strat::cli
