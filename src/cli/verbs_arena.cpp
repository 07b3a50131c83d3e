// arena: a round robin between any number of agents, strat's own or outside
// programs (GameInfo::outside_agents, e.g. Stratego's `ucc:COMMAND`), with a
// table of results and Elo ratings (arena_table.hpp).
#include <CLI/CLI.hpp>
#include <atomic>
#include <exception>
#include <cstdio>
#include <filesystem>
#include <fstream>
#include <mutex>
#include <nlohmann/json.hpp>
#include <set>
#include <thread>

#include "cli/arena_resume.hpp"
#include "cli/arena_table.hpp"
#include "cli/match.hpp"
#include "cli/progress.hpp"
#include "cli/verbs.hpp"
#include "core/agent.hpp"
#include "core/registry.hpp"
#include "core/text.hpp"

namespace strat::cli {

namespace {

// The outside protocol an agent spec names ("ucc" of "ucc:./bot --level 3"), or
// "" for one of strat's agents.
std::string outside_protocol(const GameSpec& spec, const std::string& agent) {
  const auto colon = agent.find(':');
  if (colon == std::string::npos) return "";
  const std::string protocol = agent.substr(0, colon);
  return spec.info->outside_agents.count(protocol) ? protocol : "";
}

struct ArenaGame {
  int pair = 0, index = 0;  // the pair's index, the game's index within the pair
  GameResult result;
  bool saved = false;  // read back from --save's folder (--resume), not played
};

// An outside program's command for one seat: "{seed}" becomes the seat's seed, so that a program that takes a seed
// plays reproducible and different games (without it, every game of a program starts the same).
std::string seat_command(std::string command, std::uint64_t seed) {
  for (auto at = command.find("{seed}"); at != std::string::npos; at = command.find("{seed}", at))
    command.replace(at, 6, std::to_string(seed));
  return command;
}

}  // namespace

void install_arena(CLI::App& app, Context& ctx) {
  auto* cmd = app.add_subcommand("arena",
                                 "Round robin between agents (strat's or outside programs, e.g. "
                                 "ucc:COMMAND for Stratego); Elo table");
  struct Args {
    std::string game, agents, save;
    int games = 10, time_ms = 0, jobs = 1, reply_ms = 2000;
    std::uint64_t seed = 1;
    bool json = false, cpu_time = false, resume = false, outside_rules = false;
  };
  auto a = std::make_shared<Args>();
  cmd->add_option("game", a->game, "Game, with options after a colon")->required();
  cmd->add_option("--agents", a->agents,
                  "Two or more agents, A,B,C (ucc:COMMAND: an outside UCC "
                  "program, Stratego; {seed} in COMMAND becomes the seat's seed)")
      ->required();
  cmd->add_option("--games", a->games, "Games per pair of agents (colours alternate)")
      ->check(CLI::Range(1, 1'000'000))
      ->capture_default_str();
  cmd->add_option("--time-per-move", a->time_ms, "Milliseconds per move for strat's searching agents")
      ->check(CLI::Range(0, 3'600'000));
  cmd->add_flag("--cpu-time", a->cpu_time,
               "--time-per-move counts each agent's CPU time, not wall time: a fair comparison on a loaded machine");
  cmd->add_option("--seed", a->seed, "Seed: game i of the k-th pair uses SEED + k*GAMES + i")->capture_default_str();
  cmd->add_option("--jobs", a->jobs, "Games played at once")->check(CLI::Range(1, 64))->capture_default_str();
  cmd->add_option("--reply-limit", a->reply_ms, "Milliseconds an outside program has to answer (the protocol's limit)")
      ->check(CLI::Range(1, 3'600'000))
      ->capture_default_str();
  cmd->add_flag("--outside-rules", a->outside_rules,
               "Judge each outside program by its protocol's own referee, not by strat's rules (ucc: the 2012 "
               "manager's: no two-square rule for the program, a draw after 4,999 turns unless the game sets "
               "ply_limit); strat's agents keep strat's rules. The record's game carries the rules");
  cmd->add_option("--save", a->save, "Write one record per game into this folder (game-0001.txt, ...)");
  cmd->add_flag("--resume", a->resume,
                "With --save: a game whose record is already in the folder is read back (checked move by move), "
                "not played again, so a stopped arena goes on where it stopped");
  cmd->add_flag("--json", a->json, "Machine-readable output");
  cmd->callback([&ctx, a] {
    ctx.action = [&ctx, a] {
      if (a->cpu_time) set_search_clock(SearchClock::ThreadCpu);
      const auto spec = GameSpec::parse(a->game);
      const auto names = split_agents(a->agents);
      if (names.size() < 2) bad_input("--agents needs two or more agents, A,B,...; got " + strat::quoted(a->agents));
      if (a->resume && a->save.empty()) bad_input("--resume needs --save DIR, the folder of the games to go on from");
      std::vector<std::string> agents, recorded;  // recorded: the name a record gives strat's agent ("" outside)
      std::set<std::string> seen;
      for (const auto& n : names) {
        if (n.empty()) bad_input("--agents has an empty name: " + strat::quoted(a->agents));
        if (!seen.insert(n).second) bad_input("--agents names " + strat::quoted(n) + " twice");
        if (!outside_protocol(spec, n).empty()) {
          if (n.find(':') + 1 == n.size()) bad_input("agent " + strat::quoted(n) + " needs a command after the colon");
          agents.push_back(n);  // an outside program keeps its own time
          recorded.emplace_back();
        } else {
          agents.push_back(with_time(n, a->time_ms));
          recorded.push_back(spec.agent(agents.back(), 0)->name());  // and a bad agent is refused before any game
        }
      }
      if (a->outside_rules) {
        bool any = false;
        for (const auto& n : agents) {
          const std::string protocol = outside_protocol(spec, n);
          if (protocol.empty()) continue;
          any = true;
          if (!spec.info->outside_rules.count(protocol))
            bad_input("--outside-rules: " + spec.info->name + " has no referee's rules of its own for " + protocol +
                      ": programs");
        }
        if (!any) bad_input("--outside-rules: --agents names no outside program (PROTOCOL:COMMAND)");
      }
      if (!a->save.empty()) {
        std::error_code ec;
        std::filesystem::create_directories(a->save, ec);
        if (ec) bad_input("cannot create folder " + strat::quoted(a->save) + ": " + ec.message());
      }
      // The agents of one game, under that game's rules.
      const auto maker = [reply_ms = a->reply_ms](const GameSpec& game) -> AgentMaker {
        return [game, reply_ms](const std::string& agent, std::uint64_t seed) {
          const auto colon = agent.find(':');
          if (colon != std::string::npos) {
            auto it = game.info->outside_agents.find(agent.substr(0, colon));
            if (it != game.info->outside_agents.end())
              return it->second(game.options, seat_command(agent.substr(colon + 1), seed), reply_ms);
          }
          return game.agent(agent, seed);
        };
      };
      // Every game in a fixed order, so its seed does not depend on --jobs.
      std::vector<std::pair<int, int>> pairs;
      for (int i = 0; i < static_cast<int>(agents.size()); ++i)
        for (int j = i + 1; j < static_cast<int>(agents.size()); ++j) pairs.emplace_back(i, j);
      const int total = static_cast<int>(pairs.size()) * a->games;
      std::vector<ArenaGame> games(total);
      for (int g = 0; g < total; ++g) games[g].pair = g / a->games, games[g].index = g % a->games;
      // The game as game g is played: with --outside-rules, the seat of each outside program judged by its
      // protocol's referee (GameInfo::outside_rules). The first agent of a pair plays seat index % 2.
      const auto game_spec = [&](int g) {
        GameSpec out = spec;
        if (!a->outside_rules) return out;
        const auto [i, j] = pairs[games[g].pair];
        const int first = games[g].index % 2;
        for (const auto& [agent, seat] : {std::pair{i, first}, std::pair{j, first ^ 1}}) {
          const std::string protocol = outside_protocol(spec, agents[agent]);
          if (!protocol.empty()) out.options = spec.info->outside_rules.at(protocol)(out.options, seat);
        }
        return out;
      };
      const auto record_name = [&](int g) {
        char name[32];
        std::snprintf(name, sizeof name, "game-%04d.txt", g + 1);
        return std::filesystem::path(a->save) / name;
      };
      // The names play_game() writes for a seat: an agent's own, an outside program's "ucc:" and the seat's command.
      const auto seat_name = [&](int agent, std::uint64_t seat_seed) {
        if (!recorded[agent].empty()) return recorded[agent];
        const auto colon = agents[agent].find(':');
        return agents[agent].substr(0, colon + 1) + seat_command(agents[agent].substr(colon + 1), seat_seed);
      };
      // Every saved game is read and checked before any is played: a wrong folder fails at once, not hours later.
      int resumed = 0;
      for (int g = 0; a->resume && g < total; ++g) {
        ArenaGame& game = games[g];
        const auto [i, j] = pairs[game.pair];
        const int first = game.index % 2;
        const std::uint64_t seed = a->seed + static_cast<std::uint64_t>(g);
        std::string players[2];
        players[first] = seat_name(i, seed * 2 + 1);
        players[first ^ 1] = seat_name(j, seed * 2 + 2);
        if (auto saved = saved_game(record_name(g), game_spec(g), seed, players, first)) {
          game.result = std::move(*saved);
          game.saved = true;
          ++resumed;
        }
      }
      std::atomic<int> next{0}, finished{resumed};
      std::atomic<bool> failed{false};
      std::mutex mu;
      std::exception_ptr failure;  // the first game's failure, rethrown as it was (bad input stays bad input)
      Progress progress(ctx.err, "arena", stderr_is_terminal(ctx.err));
      auto worker = [&] {
        for (int g = next++; g < total && !failed; g = next++) {
          ArenaGame& game = games[g];
          if (game.saved) continue;
          const auto [i, j] = pairs[game.pair];
          const std::string two[2] = {agents[i], agents[j]};
          try {
            const GameSpec rules = game_spec(g);
            game.result = play_game(rules, two, game.index % 2, a->seed + static_cast<std::uint64_t>(g), maker(rules));
            if (!a->save.empty()) {
              const auto path = record_name(g);
              std::ofstream f(path);
              f << game.result.record.to_text();
              if (!f) bad_input("cannot write " + path.string());
            }
          } catch (...) {
            std::lock_guard lock(mu);
            if (!failure) failure = std::current_exception();
            failed = true;
            return;
          }
          const int done = ++finished;
          std::lock_guard lock(mu);
          progress.update(static_cast<double>(done) / total, std::to_string(done) + "/" + std::to_string(total));
        }
      };
      std::vector<std::thread> threads;
      for (int t = 1; t < a->jobs; ++t) threads.emplace_back(worker);
      worker();
      for (auto& t : threads) t.join();
      progress.done();
      if (failure) std::rethrow_exception(failure);

      std::vector<PairTally> tallies;
      for (const auto& [i, j] : pairs) tallies.push_back(PairTally{i, j});
      for (const auto& game : games) {
        PairTally& t = tallies[game.pair];
        const int w = game.result.winner_agent;
        (w == 0 ? t.wins_a : w == 1 ? t.wins_b : t.draws)++;
        if (game.result.forfeit_agent == 0) ++t.forfeits_a;
        if (game.result.forfeit_agent == 1) ++t.forfeits_b;
      }
      const ArenaTable table = arena_table(agents, tallies);
      if (a->json) {
        auto j = table_json(table);
        j["game"] = spec.to_string();
        j["games_per_pair"] = a->games;
        j["time_per_move"] = a->time_ms;
        j["cpu_time"] = a->cpu_time;
        j["seed"] = a->seed;
        j["resumed"] = resumed;
        j["outside_rules"] = a->outside_rules;
        nlohmann::json results = nlohmann::json::array();
        for (int g = 0; g < total; ++g) {
          const auto& game = games[g];
          const auto [i, k] = pairs[game.pair];
          const bool first_red = game.index % 2 == 0;
          results.push_back({{"game", g + 1},
                             {"rules", game_spec(g).to_string()},
                             {"seed", a->seed + static_cast<std::uint64_t>(g)},
                             {"players", {agents[first_red ? i : k], agents[first_red ? k : i]}},
                             {"result", game.result.result},
                             {"plies", game.result.plies}});
        }
        j["games"] = results;
        ctx.out << j.dump() << "\n";
      } else {
        ctx.out << "arena " << spec.to_string() << ": " << agents.size() << " agents, " << a->games
                << " games per pair, seed " << a->seed;
        if (a->outside_rules) ctx.out << ", outside programs judged by their own referee's rules";
        if (resumed > 0) ctx.out << " (" << resumed << " read back from " << a->save << ")";
        ctx.out << "\n\n"
                << table_text(table);
      }
      return 0;
    };
  });
}

}  // namespace strat::cli
