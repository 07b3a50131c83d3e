// Training data for the `stratego-belief` agent's models (tools/stratego_train.py drives it; docs/games/stratego.md).
//
//   stratego_data features < games.txt > rows.f32     evaluation features of positions of the games
//   stratego_data moves    < games.txt > moves.f32    the move predictor's features of every legal move
//                                                     (--side r|b: only that side's moves; --exempt
//                                                     red|blue|both: games without the two-square rule for them)
//   stratego_data setups   < games.txt > setups.f32   both setups' features and the result
//   stratego_data selfplay --games N --agent SPEC --seed S > games.txt
//                                                     self-play games, generated setups
//   stratego_data beliefs  < games.txt > beliefs.f32  the beliefs about what the fitted factors concern, and the
//                                                     truth (--side r|b: that side's view only; --every N: every
//                                                     Nth turn; --factors S1,..,S6,F1,..,F4,B1,..,B4: these
//                                                     factors, the Spy's, the Flag's, the Bombs', instead of the
//                                                     fitted ones)
//   stratego_data names                               the feature names: `eval NAME`, `move NAME`, `setup NAME`
//
// games.txt: one game a line, `FIELD WINNER MOVE...`: the 100-letter start field, the winner (r, b or d for a draw)
// and the moves in strat's notation. Every position is seen from a player's Info only. Rows are little-endian
// float32: features rows are the evaluation's features, the result for that player (1, 0.5, 0), the game's line number
// and the ply (each sampled position twice, seen by either player); moves rows are, per position, one row per legal
// move: the move's features, 1 for the move played (else 0), the position's index; setups rows are Red's setup
// features, Blue's, and Red's result.
#include <algorithm>
#include <cstdio>
#include <iostream>
#include <sstream>
#include <stdexcept>
#include <string>
#include <vector>

#include "core/agent.hpp"
#include "core/error.hpp"
#include "core/registry.hpp"
#include "core/rng.hpp"
#include "games/stratego/belief_agent.hpp"
#include "games/stratego/belief_node.hpp"
#include "games/stratego/beliefs.hpp"
#include "games/stratego/eval_model.hpp"
#include "games/stratego/info.hpp"
#include "games/stratego/move_evidence.hpp"
#include "games/stratego/move_model.hpp"
#include "games/stratego/setup.hpp"
#include "games/stratego/setup_model.hpp"
#include "games/stratego/state.hpp"

using namespace strat;
using namespace strat::stratego;

namespace {

void write(const std::vector<float>& row) { std::fwrite(row.data(), sizeof(float), row.size(), stdout); }

struct Game {
  State start;
  char winner = 'd';
  std::vector<std::string> moves;
};

// The rules the games were played under: strat's, or with the two-square rule lifted for outside programs refereed by
// their own manager (--exempt red|blue|both, as `strat arena --outside-rules` records them).
Config g_rules;

bool read_game(std::istream& in, Game& g) {
  std::string line;
  while (std::getline(in, line)) {
    std::istringstream words(line);
    std::string field, winner;
    if (!(words >> field >> winner)) continue;
    g.start = State::parse_start(field + " r", g_rules);
    g.winner = winner[0];
    g.moves.clear();
    for (std::string m; words >> m;) g.moves.push_back(m);
    return true;
  }
  return false;
}

float result_for(char winner, int player) {
  if (winner == 'd') return 0.5f;
  return (winner == 'r') == (player == 0) ? 1.f : 0.f;
}

void features_row(const State& s, int player, Rng& rng, float result, int game, std::vector<float>& row) {
  const Info info = s.info(player);
  RootKnowledge k;
  fill_knowledge(info, k, rng);
  k.model = &EvalModel::trained();
  const BeliefNode node(info, k);
  EvalFeatures f;
  eval_features(node, f);
  row.assign(f.begin(), f.end());
  row.push_back(result);
  row.push_back(static_cast<float>(game));
  row.push_back(static_cast<float>(s.ply()));
}

int features(int every) {
  Game g;
  Rng rng(1);
  std::vector<float> row;
  for (int game = 0; read_game(std::cin, g); ++game) {
    State s = g.start;
    for (std::size_t i = 0; i <= g.moves.size() && !s.outcome().over(); ++i) {
      if (s.ply() % every == 0)
        for (int player = 0; player < 2; ++player) {  // the player to move and the one waiting
          features_row(s, player, rng, result_for(g.winner, player), game, row);
          write(row);
        }
      if (i < g.moves.size()) s.apply(s.parse_move(g.moves[i]), nullptr);
    }
  }
  return 0;
}

int moves(int every, int side) {
  Game g;
  std::vector<float> row;
  std::vector<Move> legal;
  long position = 0;
  for (int game = 0; read_game(std::cin, g); ++game) {
    State s = g.start;
    for (std::size_t i = 0; i < g.moves.size() && !s.outcome().over(); ++i) {
      Move played;
      try {
        played = s.parse_move(g.moves[i]);
      } catch (const std::exception&) {
        break;
      }
      if (s.ply() % every == 0 && (side < 0 || s.to_move() == side)) {
        const Info info = s.info(s.to_move());
        const MoveContext context(info);
        s.legal_moves(legal);
        for (const Move& m : legal) {
          MoveFeatures f;
          move_features(context, m, f);
          row.assign(f.begin(), f.end());
          row.push_back(m == played ? 1.f : 0.f);
          row.push_back(static_cast<float>(position));
          write(row);
        }
        ++position;
      }
      // A move the rules here forbid (an outside program's, under its own referee) ends what the game can teach.
      try {
        s.apply(played, nullptr);
      } catch (const std::exception&) {
        break;
      }
    }
  }
  return 0;
}

int selfplay(int games, const std::string& spec, std::uint64_t seed) {
  auto& info = Registry::global().get("stratego");
  for (int game = 0; game < games; ++game) {
    Rng setup_rng(seed * 1000 + game);
    State s = random_start(Config{}, setup_rng);
    const std::string field = s.to_string().substr(0, 100);
    auto a = info.make_agent({}, spec, seed * 2000 + 2 * game);
    auto b = info.make_agent({}, spec, seed * 2000 + 2 * game + 1);
    std::string moves;
    while (!s.outcome().over()) {
      auto any = info.load({}, s.to_string());
      const std::string text = (s.to_move() == 0 ? a : b)->choose(*any);
      const Move m = s.parse_move(text);
      moves += " " + s.move_to_string(m);
      s.apply(m, nullptr);
    }
    const Outcome o = s.outcome();
    const char winner = o.status == Status::Draw ? 'd' : o.winner == 0 ? 'r' : 'b';
    std::cout << field << " " << winner << moves << "\n" << std::flush;
    std::cerr << "\rselfplay: " << game + 1 << "/" << games << " games" << std::flush;
  }
  std::cerr << "\n";
  return 0;
}

// Each side's setup (index 0 = the owner's back-left square) from a start position.
Setup setup_of(const State& start, int player) {
  Setup out{};
  for (int i = 0; i < 40; ++i) {
    const int row = i / 10, col = i % 10;
    const int s = player == 0 ? sq(col, row) : sq(9 - col, 9 - row);
    out[i] = static_cast<std::uint8_t>(start.is_piece(s) ? start.rank_at(s) : 0);
  }
  return out;
}

// How well the beliefs (with the move evidence and the factors `f`) know what the fitted factors concern: at every
// `every`th turn of each player (of `side` only if 0 or 1), rows (P, 1 if it is so else 0, kind, class) for each
// unknown enemy piece: kind 0 the Spy, for a piece within two squares of the player's known Marshal, class
// spy_near * 2 + moved; kind 1 the Flag and kind 2 a Bomb, for a piece that never moved, class its open
// sides (beliefs.hpp); and at every turn whose move attacks an unknown enemy piece that never moved, kind 3 the Flag
// and kind 4 a Bomb for that piece, class the attacker's rank.
int beliefs(int every, int side, const BeliefFactors& f) {
  Game g;
  while (read_game(std::cin, g)) {
    State s = g.start;
    MoveEvidence evidence[2];
    for (std::size_t i = 0; i < g.moves.size() && !s.outcome().over(); ++i) {
      const int me = s.to_move();
      const Info info = s.info(me);
      evidence[me].observe(info);
      const Move move = s.parse_move(g.moves[i]);
      const bool attack = s.is_piece(move.to) && (info.cell(move.to) & kRankMask) == kUnknownRank &&
                          !(info.cell(move.to) & kMoved);
      const bool sampled = i / 2 % every == 0;
      if ((side < 0 || side == me) && (attack || sampled)) {
        const RankWeights weights = factor_weights(info, &evidence[me].likelihoods(), f);
        const Beliefs b(info, &weights);
        if (attack) {
          const auto by = static_cast<float>(s.rank_at(move.from));
          write({static_cast<float>(b.at(move.to)[kFlag]), s.rank_at(move.to) == kFlag ? 1.f : 0.f, 3.f, by});
          write({static_cast<float>(b.at(move.to)[kBomb]), s.rank_at(move.to) == kBomb ? 1.f : 0.f, 4.f, by});
        }
        const int marshal = known_marshal(info), offer = offered_piece(info, marshal);
        if (sampled)
          for (int q : b.unknown()) {
            const bool moved = info.cell(q) & kMoved;
            const int rank = s.rank_at(q);
            if (const int near = spy_near(q, marshal, offer); near >= 0)
              write({static_cast<float>(b.at(q)[kSpy]), rank == kSpy ? 1.f : 0.f, 0.f,
                     static_cast<float>(near * 2 + moved)});
            if (moved) continue;
            const auto open = static_cast<float>(open_sides(info, q));
            write({static_cast<float>(b.at(q)[kFlag]), rank == kFlag ? 1.f : 0.f, 1.f, open});
            write({static_cast<float>(b.at(q)[kBomb]), rank == kBomb ? 1.f : 0.f, 2.f, open});
          }
      }
      s.apply(move, nullptr);
    }
  }
  return 0;
}

int setups() {
  Game g;
  std::vector<float> row;
  for (int game = 0; read_game(std::cin, g); ++game) {
    row.clear();
    for (int p = 0; p < 2; ++p) {
      SetupFeatures f;
      setup_features(setup_of(g.start, p), f);
      row.insert(row.end(), f.begin(), f.end());
    }
    row.push_back(result_for(g.winner, 0));
    write(row);
  }
  return 0;
}

}  // namespace

int main(int argc, char** argv) {
  try {
    const std::vector<std::string> args(argv + 1, argv + argc);
    auto option = [&](const std::string& name, const std::string& fallback) {
      for (std::size_t i = 0; i + 1 < args.size(); ++i)
        if (args[i] == name) return args[i + 1];
      return fallback;
    };
    const std::string mode = args.empty() ? "" : args[0];
    const int every = std::stoi(option("--every", "1"));
    if (mode == "features") return features(every);
    const std::string exempt = option("--exempt", "none");
    const std::vector<std::string> exempts = {"none", "red", "blue", "both"};
    const auto e = std::find(exempts.begin(), exempts.end(), exempt);
    if (e == exempts.end()) throw std::invalid_argument("--exempt is none, red, blue or both");
    g_rules.two_square_exempt = static_cast<std::uint8_t>(e - exempts.begin());
    const std::string side = option("--side", "");
    if (!side.empty() && side != "r" && side != "b") throw std::invalid_argument("--side is r or b");
    if (mode == "moves") return moves(every, side.empty() ? -1 : side == "r" ? 0 : 1);
    if (mode == "selfplay")
      return selfplay(std::stoi(option("--games", "10")), option("--agent", "stratego:nodes=2000"),
                      std::stoull(option("--seed", "1")));
    if (mode == "setups") return setups();
    if (mode == "beliefs") {
      BeliefFactors f = kBeliefFactors;
      if (const std::string given = option("--factors", ""); !given.empty()) {
        constexpr int kSpyFactors = 2 * BeliefFactors::kSpyNear, kAll = kSpyFactors + 2 * BeliefFactors::kOpen;
        double* values[kAll];
        for (int i = 0; i < kSpyFactors; ++i) values[i] = &f.spy[i / 2][i % 2];
        for (int i = 0; i < BeliefFactors::kOpen; ++i)
          values[kSpyFactors + i] = &f.flag[i], values[kSpyFactors + BeliefFactors::kOpen + i] = &f.bomb[i];
        std::istringstream in(given);
        char comma = ',';
        for (int i = 0; i < kAll; ++i)
          if (!(in >> *values[i]) || (i < kAll - 1 && !(in >> comma)) || comma != ',' || *values[i] <= 0)
            throw std::invalid_argument("--factors is " + std::to_string(kAll) + " positive numbers, comma-separated");
      }
      return beliefs(every, side.empty() ? -1 : side == "r" ? 0 : 1, f);
    }
    if (mode == "names") {
      for (const char* n : kEvalFeatureNames) std::cout << "eval " << n << "\n";
      for (const char* n : kMoveFeatureNames) std::cout << "move " << n << "\n";
      for (const char* n : kSetupFeatureNames) std::cout << "setup " << n << "\n";
      return 0;
    }
    std::cerr << "usage: stratego_data features|moves|setups|beliefs|selfplay|names [--every N] [--side r|b] "
                 "[--exempt none|red|blue|both] [--factors F,...] [--games N --agent SPEC --seed S]\n";
    return 2;
  } catch (const std::exception& e) {
    std::cerr << "stratego_data: " << e.what() << "\n";
    return 1;
  }
}
