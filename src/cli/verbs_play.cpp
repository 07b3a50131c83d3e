// bench and play: throughput figures, and a human at the terminal.
#include <unistd.h>

#include <CLI/CLI.hpp>
#include <algorithm>
#include <iostream>
#include <tuple>
#include <nlohmann/json.hpp>

#include "cli/outcome_text.hpp"
#include "cli/progress.hpp"
#include "cli/verbs.hpp"
#include "core/registry.hpp"
#include "core/text.hpp"

namespace strat::cli {

using nlohmann::json;

void install_bench(CLI::App& app, Context& ctx) {
  auto* cmd = app.add_subcommand("bench", "Measure random-playout and move-generation throughput");
  auto game = std::make_shared<std::string>();
  auto seconds = std::make_shared<double>(3.0);
  auto as_json = std::make_shared<bool>(false);
  cmd->add_option("game", *game, "Game, with options after a colon")->required();
  cmd->add_option("--seconds", *seconds, "How long to measure")->check(CLI::Range(0.1, 600.0))->capture_default_str();
  cmd->add_flag("--json", *as_json, "Machine-readable output");
  cmd->callback([&ctx, game, seconds, as_json] {
    ctx.action = [&ctx, game, seconds, as_json] {
      auto spec = GameSpec::parse(*game);
      if (!spec.info->bench) bad_input(spec.info->name + " has no benchmark");
      Progress progress(ctx.err, "bench " + spec.info->name, stderr_is_terminal(ctx.err));
      auto lines = spec.info->bench(spec.options, *seconds, [&](double f) { progress.update(f); });
      progress.done();
      if (*as_json) {
        json j = json::object();
        for (const auto& line : lines) {
          auto t = split_ws(line);
          if (t.size() >= 2) j[std::string(t[0])] = std::stod(std::string(t[1]));
        }
        ctx.out << j.dump() << "\n";
      } else {
        for (const auto& line : lines) ctx.out << line << "\n";
      }
      return 0;
    };
  });
}

namespace {

const char* kPlayHelp =
    "Type a move in the game's notation (e.g. e4-e5), or:\n"
    "  moves    list your legal moves\n"
    "  board    show the board again\n"
    "  reroll   new setups / deal (before the first move)\n"
    "  resign   give up the game\n"
    "  draw     offer a draw (the computer accepts only when it stands worse)\n"
    "  help     this text\n"
    "  quit     leave\n";

}  // namespace

void install_play(CLI::App& app, Context& ctx) {
  auto* cmd = app.add_subcommand("play", "Play in the terminal against an agent or another human");
  struct Args {
    std::string game, vs = "", as = "";
    std::uint64_t seed = 0;
    bool no_color = false;
    bool json = false;
  };
  auto a = std::make_shared<Args>();
  cmd->add_option("game", a->game, "Game, with options after a colon")->required();
  cmd->add_option("--vs", a->vs, "Opponent: an agent (default: the game's strongest) or 'human' for hotseat");
  cmd->add_option("--as", a->as, "Which side you play (default: the side that moves first)");
  cmd->add_option("--seed", a->seed, "Seed for setups/deals and the agent (default: from the clock)");
  cmd->add_flag("--no-color", a->no_color, "Plain text board");
  cmd->add_flag("--json", a->json, "One JSON object per line (views, moves, events, errors) instead of a board");
  cmd->callback([&ctx, a] {
    ctx.action = [&ctx, a] {
      auto spec = GameSpec::parse(a->game);
      std::uint64_t seed = a->seed ? a->seed : static_cast<std::uint64_t>(time(nullptr));
      auto state = spec.new_game(seed);
      const bool hotseat = a->vs == "human";
      const std::string agent_spec = a->vs.empty() ? spec.info->agents.back() : a->vs;
      std::unique_ptr<AnyAgent> agent;
      if (!hotseat) agent = spec.agent(agent_spec, seed);
      const int human = a->as.empty() ? 0 : parse_player(*state, a->as);
      const bool color = !a->no_color && &ctx.out == &std::cout && isatty(STDOUT_FILENO);
      auto& out = ctx.out;
      if (a->json)
        out << json{{"game", spec.to_string()}, {"you", hotseat ? "both" : state->player_name(human)},
                    {"opponent", hotseat ? "human" : agent->name()}}.dump() << "\n";
      else
        out << spec.info->title << (spec.variant.empty() ? "" : " (" + spec.variant + ")") << ": you play "
          << (hotseat ? "both sides" : state->player_name(human) + " against " + agent->name()) << ". Type 'help'.\n";
      auto show = [&](int perspective) {
        if (a->json) out << json{{"view", json::parse(state->view_json(perspective))}}.dump() << "\n";
        else out << "\n" << state->render(perspective, color);
      };
      auto report = [&](int side, const std::string& played, const Events& played_events) {
        // The computer's move as the human may learn it (GameInfo::public_part: a Stratego placement or a card
        // duel placement hides what was placed).
        std::string move = played;
        Events events = played_events;
        if (!hotseat && side != human && spec.info->public_part)
          std::tie(move, events) = spec.info->public_part(played, played_events);
        if (a->json) {
          out << json{{"player", state->player_name(side)}, {"move", move}, {"events", events}}.dump() << "\n";
          return;
        }
        if (side != human || hotseat) {
          if (!hotseat) out << state->player_name(side) << " plays " << move << "\n";
        }
        for (const auto& e : events) out << "  " << e << "\n";
      };
      int shown_for = -2;
      std::string line;
      while (!state->outcome().over()) {
        const int side = state->to_move();
        if (hotseat || side == human) {
          if (shown_for != side) {
            if (hotseat && state->hidden_information()) out << "\n-- pass the device to " << state->player_name(side) << " --\n";
            show(side);
            shown_for = side;
          }
          if (!a->json) out << state->player_name(side) << "> " << std::flush;
          if (!std::getline(std::cin, line)) {
            out << "\nbye\n";
            return 0;
          }
          auto cmdline = std::string(trim(line));
          if (cmdline.empty()) continue;
          if (cmdline == "quit" || cmdline == "exit") { out << "bye\n"; return 0; }
          if (cmdline == "help") { out << kPlayHelp; continue; }
          if (cmdline == "board") { show(side); continue; }
          if (cmdline == "moves") {
            auto moves = state->legal_moves();
            std::sort(moves.begin(), moves.end());
            for (std::size_t i = 0; i < moves.size(); ++i) out << moves[i] << ((i + 1) % 10 == 0 ? "\n" : " ");
            out << "\n";
            continue;
          }
          if (cmdline == "resign") {
            // S-24: the game ends at once; the final board and the result line below show who won.
            if (!a->json) out << state->player_name(side) << " resigns: " << state->player_name(side ^ 1) << " wins\n";
            state->end(Outcome::win(side ^ 1, "resign"));
            continue;
          }
          if (cmdline == "draw") {
            out << (hotseat ? "the other side may type 'draw' too; " : "")
                << (hotseat ? "" : "the computer declines: it plays on\n");
            continue;
          }
          if (cmdline == "reroll") {
            if (state->ply() > 0) { out << "reroll is only possible before the first move\n"; continue; }
            seed = seed * 6364136223846793005ULL + 1442695040888963407ULL;
            state = spec.new_game(seed);
            shown_for = -2;
            continue;
          }
          try {
            auto events = state->apply(cmdline);
            report(side, cmdline, events);
            shown_for = -2;
          } catch (const BadInput& e) {
            if (a->json) out << json{{"error", e.what()}}.dump() << "\n";
            else out << "  " << e.what() << "\n";
          }
        } else {
          auto move = agent->choose(*state);
          auto events = state->apply(move);
          report(side, move, events);
        }
      }
      show(-1);
      if (a->json) out << json{{"result", outcome_json(*state)}}.dump() << "\n";
      else out << outcome_text(*state) << "\n";
      return 0;
    };
  });
}

}  // namespace strat::cli

namespace strat::cli {

void install_agent(CLI::App& app, Context& ctx) {
  auto* cmd = app.add_subcommand("agent", "Run an agent behind an external protocol on stdin/stdout (e.g. ucc)");
  struct Args {
    std::string protocol, agent, game;
    std::uint64_t seed = 1;
  };
  auto a = std::make_shared<Args>();
  cmd->add_option("protocol", a->protocol, "Protocol: ucc (the UCC 2012 Stratego manager)")->required();
  cmd->add_option("--agent", a->agent, "The agent to run (default: the game's strongest, with time=1000)");
  cmd->add_option("--game", a->game, "Game options, e.g. stratego:two_square=isf (default: the protocol's game)");
  cmd->add_option("--seed", a->seed, "Seed for the setup and the agent")->capture_default_str();
  cmd->callback([&ctx, a] {
    ctx.action = [&ctx, a] {
      for (const auto& g : Registry::global().games()) {
        auto it = g.protocols.find(a->protocol);
        if (it == g.protocols.end()) continue;
        auto spec = GameSpec::parse(a->game.empty() ? g.name : a->game);
        if (spec.info != &g) bad_input("protocol " + a->protocol + " is spoken by " + g.name + ", not " + spec.info->name);
        const std::string agent = a->agent.empty() ? g.agents.back() + ":time=1000" : a->agent;
        spec.agent(agent, 0);  // reject a bad agent before talking to anyone
        return it->second(std::cin, ctx.out, spec.options, agent, a->seed);
      }
      bad_input("unknown protocol " + strat::quoted(a->protocol) + " (known: ucc)");
    };
  });
}

}  // namespace strat::cli
