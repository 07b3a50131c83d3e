#pragma once
// Throughput measurement shared by `strat bench GAME` and the per-game Google Benchmarks: random playouts
// that generate the full legal move list at every ply, and bare move generation.
#include <chrono>
#include <cmath>
#include <cstdint>
#include <functional>
#include <string>
#include <vector>

#include "core/game.hpp"

namespace strat {

struct BenchFigures {
  double plies_per_second = 0;     // random playouts, full move list generated every ply
  double games_per_second = 0;
  double movegen_per_second = 0;   // legal_moves() calls per second on positions from playouts
  double moves_per_second = 0;     // moves generated per second
  std::uint64_t plies = 0, games = 0;
  double seconds = 0;
};

// `make_start(rng)` returns a fresh start state (setups may be random). Runs for about `seconds`.
template <GameState S, class MakeStart>
BenchFigures bench_playouts(MakeStart&& make_start, double seconds, std::uint64_t seed,
                            const std::function<void(double)>& progress = {}) {
  using clock = std::chrono::steady_clock;
  Rng rng(seed);
  std::vector<typename S::Move> moves;
  moves.reserve(256);
  BenchFigures f;
  // Playouts. Only the playing is timed: making a start (drawing two setups, for some games) is not a ply.
  double elapsed = 0;
  std::vector<S> samples;
  while (elapsed < seconds * 0.7) {
    S s = make_start(rng);
    const auto t0 = clock::now();
    while (!s.outcome().over()) {
      s.legal_moves(moves);
      s.apply(moves[rng.below(static_cast<std::uint32_t>(moves.size()))], nullptr);
      ++f.plies;
      if ((f.plies & 4095) == 0 && samples.size() < 512) samples.push_back(s);
    }
    ++f.games;
    elapsed += std::chrono::duration<double>(clock::now() - t0).count();
    if (progress) progress(elapsed / seconds);
  }
  f.plies_per_second = static_cast<double>(f.plies) / elapsed;
  f.games_per_second = static_cast<double>(f.games) / elapsed;
  // Move generation alone.
  if (samples.empty()) samples.push_back(make_start(rng));
  std::uint64_t calls = 0, generated = 0;
  auto t1 = clock::now();
  double gen_elapsed = 0;
  while (gen_elapsed < seconds * 0.3) {
    for (const auto& s : samples) {
      if (s.outcome().over()) continue;
      s.legal_moves(moves);
      generated += moves.size();
      ++calls;
    }
    gen_elapsed = std::chrono::duration<double>(clock::now() - t1).count();
  }
  f.movegen_per_second = static_cast<double>(calls) / gen_elapsed;
  f.moves_per_second = static_cast<double>(generated) / gen_elapsed;
  f.seconds = elapsed + gen_elapsed;
  if (progress) progress(1.0);
  return f;
}

// One line of `strat bench`: "name value unit", the value rounded to a whole number.
inline std::string bench_line(const char* name, double value, const char* unit) {
  return std::string(name) + " " + std::to_string(static_cast<long long>(std::llround(value))) + " " + unit;
}

// The playout and move-generation figures as every game's `strat bench` prints them.
inline std::vector<std::string> bench_lines(const BenchFigures& f) {
  const double mean_length = f.games ? static_cast<double>(f.plies) / static_cast<double>(f.games) : 0;
  return {bench_line("playout_plies_per_second", f.plies_per_second, "plies/s"),
          bench_line("playout_games_per_second", f.games_per_second, "games/s"),
          bench_line("mean_game_length", mean_length, "plies"),
          bench_line("movegen_calls_per_second", f.movegen_per_second, "calls/s"),
          bench_line("moves_generated_per_second", f.moves_per_second, "moves/s")};
}

}  // namespace strat
