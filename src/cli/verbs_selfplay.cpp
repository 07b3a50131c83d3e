// selfplay and replay: agents play each other; records are written and checked.
#include <CLI/CLI.hpp>
#include <atomic>
#include <filesystem>
#include <fstream>
#include <mutex>
#include <nlohmann/json.hpp>
#include <sstream>
#include <thread>

#include "cli/match.hpp"
#include "cli/outcome_text.hpp"
#include "cli/progress.hpp"
#include "cli/verbs.hpp"
#include "core/agent.hpp"
#include "core/record.hpp"
#include "core/registry.hpp"
#include "core/text.hpp"

namespace strat::cli {

using nlohmann::json;

void install_selfplay(CLI::App& app, Context& ctx) {
  auto* cmd = app.add_subcommand("selfplay", "Play agents against each other, alternating colours");
  struct Args {
    std::string game, agents = "mcts,random", save;
    int games = 10, time_ms = 0, jobs = 1;
    std::uint64_t seed = 1;
    bool json = false, cpu_time = false;
  };
  auto a = std::make_shared<Args>();
  cmd->add_option("game", a->game, "Game, with options after a colon")->required();
  cmd->add_option("--agents", a->agents, "Two agents, A,B (e.g. mcts:iterations=500,random)")->capture_default_str();
  cmd->add_option("--games", a->games, "Number of games")->check(CLI::Range(1, 1'000'000))->capture_default_str();
  cmd->add_option("--seed", a->seed, "Seed of the first game; game i uses SEED+i")->capture_default_str();
  cmd->add_option("--time-per-move", a->time_ms, "Milliseconds per move for searching agents")->check(CLI::Range(0, 3'600'000));
  cmd->add_flag("--cpu-time", a->cpu_time,
               "--time-per-move counts each agent's CPU time, not wall time: a fair comparison on a loaded machine");
  cmd->add_option("--save", a->save, "Write one record per game into this folder");
  cmd->add_option("--jobs", a->jobs, "Games played at once")->check(CLI::Range(1, 64))->capture_default_str();
  cmd->add_flag("--json", a->json, "Machine-readable output");
  cmd->callback([&ctx, a] {
    ctx.action = [&ctx, a] {
      if (a->cpu_time) set_search_clock(SearchClock::ThreadCpu);
      auto spec = GameSpec::parse(a->game);
      auto names = split_agents(a->agents);
      if (names.size() != 2) bad_input("--agents needs two agents, A,B; got " + strat::quoted(a->agents));
      std::string agents[2] = {with_time(names[0], a->time_ms), with_time(names[1], a->time_ms)};
      for (auto& n : agents) spec.agent(n, 0);  // reject a bad agent before playing anything
      if (!a->save.empty()) {
        std::error_code ec;
        std::filesystem::create_directories(a->save, ec);
        if (ec) bad_input("cannot create folder " + strat::quoted(a->save) + ": " + ec.message());
      }
      std::vector<GameResult> results(a->games);
      std::atomic<int> next{0}, finished{0};
      std::mutex mu;
      std::string failure;
      Progress progress(ctx.err, "selfplay", stderr_is_terminal(ctx.err));
      auto worker = [&] {
        for (int i = next++; i < a->games; i = next++) {
          try {
            results[i] = play_game(spec, agents, i % 2, a->seed + static_cast<std::uint64_t>(i),
                                   [&](const std::string& name, std::uint64_t seed) { return spec.agent(name, seed); });
          } catch (const std::exception& e) {
            std::lock_guard lock(mu);
            failure = e.what();
            return;
          }
          int done = ++finished;
          std::lock_guard lock(mu);
          progress.update(static_cast<double>(done) / a->games, std::to_string(done) + "/" + std::to_string(a->games));
        }
      };
      std::vector<std::thread> threads;
      for (int t = 1; t < a->jobs; ++t) threads.emplace_back(worker);
      worker();
      for (auto& t : threads) t.join();
      progress.done();
      if (!failure.empty()) throw std::runtime_error(failure);
      int wins[2] = {0, 0}, draws = 0;
      double plies = 0;
      for (int i = 0; i < a->games; ++i) {
        const auto& r = results[i];
        if (r.winner_agent >= 0) ++wins[r.winner_agent];
        else ++draws;
        plies += r.plies;
        if (!a->save.empty()) {
          char name[32];
          std::snprintf(name, sizeof name, "game-%04d.txt", i + 1);
          std::ofstream f(std::filesystem::path(a->save) / name);
          f << r.record.to_text();
          if (!f) bad_input("cannot write " + (std::filesystem::path(a->save) / name).string());
        }
      }
      const double mean = plies / a->games;
      if (a->json) {
        ctx.out << json{{"games", a->games}, {"agents", {agents[0], agents[1]}}, {"wins", wins[0]}, {"losses", wins[1]},
                        {"draws", draws}, {"mean_length", mean}}
                       .dump()
                << "\n";
      } else {
        ctx.out << "games " << a->games << "\n"
                << "wins " << wins[0] << " (" << agents[0] << ")\n"
                << "losses " << wins[1] << " (" << agents[1] << " wins)\n"
                << "draws " << draws << "\n";
        char buf[64];
        std::snprintf(buf, sizeof buf, "mean length %.1f plies\n", mean);
        ctx.out << buf;
      }
      return 0;
    };
  });
}

void install_replay(CLI::App& app, Context& ctx) {
  auto* cmd = app.add_subcommand("replay", "Check a game record move by move; print the final position and result");
  auto file = std::make_shared<std::string>();
  auto as_json = std::make_shared<bool>(false);
  cmd->add_option("file", *file, "Record file (docs/records.md), or - for standard input")->required();
  cmd->add_flag("--json", *as_json, "Machine-readable output");
  cmd->callback([&ctx, file, as_json] {
    ctx.action = [&ctx, file, as_json] {
      std::stringstream buffer;
      if (*file == "-") {
        buffer << std::cin.rdbuf();
      } else {
        std::ifstream in(*file);
        if (!in) bad_input("cannot read " + strat::quoted(*file));
        buffer << in.rdbuf();
      }
      auto record = Record::parse(buffer.str());
      auto report = replay(record);
      std::string error = report.error;
      // A result reached outside the rules (resignation, agreed draw, time) is taken as written when the moves
      // leave the game open, and is then the result replay reports; any other must be the one the moves reach.
      if (error.empty()) error = settle_claimed_result(*report.final_state, record.header("Result"));
      const std::string result = outcome_text(*report.final_state);
      if (*as_json) {
        ctx.out << json{{"valid", error.empty()}, {"moves", report.good_moves}, {"position", report.final_state->position()},
                        {"result", result}, {"error", error}}.dump() << "\n";
      } else {
        ctx.out << report.final_state->position() << "\n" << result << "\n";
      }
      if (!error.empty()) bad_input(error);
      return 0;
    };
  });
}

}  // namespace strat::cli
