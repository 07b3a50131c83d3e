// `strat agent ucc`: two UCC agents play through a simulated manager; each agent's picture of the game must be
// exactly what its player may know (never less, never more).
#include <gtest/gtest.h>

#include "core/registry.hpp"
#include "games/stratego/ucc.hpp"
#include "helpers.hpp"

using namespace strat;
using namespace strat::stratego;

namespace {

char ucc_char(int rank) {
  if (rank == kSpy) return 's';
  if (rank == kBomb) return 'B';
  if (rank == kFlag) return 'F';
  return static_cast<char>('0' + (11 - rank));
}

int rank_of_char(char c) {
  for (int r = 1; r < kRanks; ++r)
    if (ucc_char(r) == c) return r;
  return kNone;
}

std::vector<std::string> board_lines(const State& s, int player) {
  std::vector<std::string> lines;
  for (int y = 0; y < 10; ++y) {
    std::string line;
    for (int x = 0; x < 10; ++x) {
      const int q = sq(x, y);
      if (is_lake_square(x, y)) line += '+';
      else if (!s.is_piece(q)) line += '.';
      else if (s.owner_at(q) == player) line += ucc_char(s.rank_at(q));
      else line += '#';
    }
    lines.push_back(line);
  }
  return lines;
}

std::unique_ptr<AnyAgent> make(const std::string& spec, std::uint64_t seed) {
  return Registry::global().get("stratego").make_agent(Options{}, spec, seed);
}

}  // namespace

TEST(StrategoUcc, AgentsPlayThroughTheManagerAndKnowExactlyWhatTheyMay) {
  UccAgent agents[2] = {UccAgent([] { return make("mcts:iterations=40", 1); }, 11),
                        UccAgent([] { return make("random", 2); }, 12)};
  State truth(Config{});
  for (int p = 0; p < 2; ++p) {
    auto lines = agents[p].handle(p == 0 ? "RED other 10 10" : "BLUE other 10 10");
    ASSERT_EQ(lines.size(), 4u);
    for (int i = 0; i < 4; ++i) {
      ASSERT_EQ(lines[i].size(), 10u);
      const int y = p == 0 ? i : 6 + i;
      for (int x = 0; x < 10; ++x) truth.put(sq(x, y), p, rank_of_char(lines[i][x]));
    }
  }
  truth.refresh_outcome();
  std::string last = "START";
  int plies = 0;
  while (!truth.outcome().over() && plies < 300) {
    const int p = truth.to_move();
    ASSERT_TRUE(agents[p].handle(last).empty());
    ASSERT_EQ(agents[p].world().view_string(p), truth.view_string(p)) << "after the report " << last;
    std::vector<std::string> reply;
    for (const auto& l : board_lines(truth, p)) reply = agents[p].handle(l);
    ASSERT_EQ(reply.size(), 1u);
    // Parse "X Y DIR [N]" and check it against the truth.
    auto t = split_ws(reply[0]);
    ASSERT_GE(t.size(), 3u) << reply[0];
    const int x = std::stoi(std::string(t[0])), y = std::stoi(std::string(t[1]));
    const int n = t.size() == 4 ? std::stoi(std::string(t[3])) : 1;
    int dx = 0, dy = 0;
    if (t[2] == "UP") dy = -1;
    if (t[2] == "DOWN") dy = 1;
    if (t[2] == "LEFT") dx = -1;
    if (t[2] == "RIGHT") dx = 1;
    const Move m{static_cast<std::uint8_t>(sq(x, y)), static_cast<std::uint8_t>(sq(x + dx * n, y + dy * n))};
    std::vector<Move> legal;
    truth.legal_moves(legal);
    ASSERT_TRUE(std::find(legal.begin(), legal.end(), m) != legal.end()) << "illegal: " << reply[0];
    const bool attack = truth.is_piece(m.to);
    const char a = ucc_char(truth.rank_at(m.from)), d = attack ? ucc_char(truth.rank_at(m.to)) : '.';
    Events events;
    truth.apply(m, &events);
    std::string outcome = "OK";
    if (attack) {
      const bool attacker_left = truth.is_piece(m.to) && truth.owner_at(m.to) == p;
      const bool defender_left = truth.is_piece(m.to) && truth.owner_at(m.to) != p;
      outcome = std::string(attacker_left ? "KILLS" : defender_left ? "DIES" : "BOTHDIE") + " " + a + " " + d;
      if (d == 'F') outcome = "VICTORY_FLAG";
    }
    last = reply[0] + " " + outcome;
    ASSERT_TRUE(agents[p].handle(last).empty());
    ++plies;
    // Each agent's world shows its player exactly the truth's view.
    if (!truth.outcome().over())
      for (int q = 0; q < 2; ++q)
        if (q == p) ASSERT_EQ(agents[q].world().view_string(q), truth.view_string(q)) << "after " << last;
  }
  EXPECT_GT(plies, 20);
  agents[0].handle("QUIT");
  EXPECT_TRUE(agents[0].done());
}
