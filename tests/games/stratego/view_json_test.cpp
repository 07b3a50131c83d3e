// The hand-written Stratego view JSON (Info::to_json, sent twice per move by the server) against the
// nlohmann::json tree it replaced: byte-identical on thousands of positions of random games, from every
// perspective, classic and barrage, to the end of each game.
#include <gtest/gtest.h>

#include <nlohmann/json.hpp>

#include "ai/random_agent.hpp"
#include "helpers.hpp"

using namespace strat;
using namespace strat::stratego;

namespace {

// The implementation before the hand-written writer, kept as the oracle.
std::string reference_json(const Info& info) {
  using nlohmann::json;
  auto name = [](int p) { return std::string(State::player_name(p)); };
  json cells = json::array();
  for (int row = 0; row < 10; ++row)
    for (int col = 0; col < 10; ++col) {
      const std::uint8_t c = info.cell(sq(col, row));
      if (is_lake_square(col, row)) { cells.push_back("lake"); continue; }
      if ((c & kRankMask) == 0) { cells.push_back(nullptr); continue; }
      const int rank = c & kRankMask;
      cells.push_back({{"owner", name((c & kBlue) ? 1 : 0)},
                       {"rank", rank == kUnknownRank ? std::string("?") : rank_code(rank)},
                       {"known", (c & kKnown) != 0},
                       {"moved", (c & kMoved) != 0}});
    }
  json alive = json::object(), lost = json::object();
  const Army& army = info.config().army();
  for (int p = 0; p < 2; ++p) {
    json a = json::object(), l = json::object();
    for (int r = 1; r < kRanks; ++r) {
      a[rank_code(r)] = info.alive(p, r);
      l[rank_code(r)] = army[r] - info.alive(p, r);
    }
    alive[name(p)] = a;
    lost[name(p)] = l;
  }
  const Outcome o = info.outcome();
  json outcome = {{"status", o.status == Status::Ongoing ? "ongoing" : o.status == Status::Draw ? "draw" : "win"},
                  {"reason", o.reason}};
  if (o.status == Status::Win) outcome["winner"] = name(o.winner);
  return json{{"game", "stratego"},
              {"variant", info.config().barrage ? "barrage" : "classic"},
              {"perspective", info.player() < 0 ? json(nullptr) : json(name(info.player()))},
              {"to_move", name(info.to_move())},
              {"ply", info.ply()},
              {"cells", cells},
              {"alive", alive},
              {"lost", lost},
              {"view", info.to_string()},
              {"outcome", outcome}}
      .dump();
}

TEST(StrategoViewJson, HandWrittenJsonIsByteIdenticalToTheTreeItReplaced) {
  Rng rng(20261122);
  std::vector<Move> moves;
  int compared = 0;
  for (bool barrage : {false, true}) {
    Config config;
    config.barrage = barrage;
    for (int g = 0; g < 20; ++g) {
      State s = random_start(config, rng);
      for (;;) {
        if (s.ply() % 7 == 0 || s.outcome().over())
          for (int p = -1; p < 2; ++p) {
            const Info info(s, p);
            ASSERT_EQ(info.to_json(), reference_json(info)) << s.to_string() << " seen by " << p;
            ++compared;
          }
        if (s.outcome().over()) break;
        s.legal_moves(moves);
        s.apply(moves[rng.below(static_cast<std::uint32_t>(moves.size()))], nullptr);
      }
    }
  }
  EXPECT_GT(compared, 3000);
}

}  // namespace
