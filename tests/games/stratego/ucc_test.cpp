// `strat agent ucc`: two UCC agents play through a simulated manager; each agent's picture of the game must be
// exactly what its player may know (never less, never more).
#include <gtest/gtest.h>

#include <functional>
#include <limits>
#include <sstream>

#include "core/error.hpp"
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
        if (q == p) {
          ASSERT_EQ(agents[q].world().view_string(q), truth.view_string(q)) << "after " << last;
        }
  }
  EXPECT_GT(plies, 20);
  agents[0].handle("QUIT");
  EXPECT_TRUE(agents[0].done());
}

namespace {

// The manager's side of one agent's game (../shared/protocols/ucc-stratego.md): it holds the truth, plays the
// other colour by a given policy, relays every line and checks every answer. Like the real manager it has no
// repetition rule and its own turn limit, and it asks for a move as long as the agent has a piece that is not
// a Bomb or a Flag.
struct Manager {
  using Policy = std::function<Move(const State&, const std::vector<Move>&, Rng&)>;

  UccAgent& agent;
  int me;  // the agent's colour
  State truth;
  std::string last = "START";
  int turn = 0;  // UCC turns: one move of each side
  bool flag_taken = false;

  Manager(UccAgent& a, int colour, const Config& rules, const stratego::Setup& other) : agent(a), me(colour), truth(rules) {
    auto lines = agent.handle(colour == 0 ? "RED scripted 10 10" : "BLUE scripted 10 10");
    EXPECT_EQ(lines.size(), 4u);
    for (int i = 0; i < 4 && i < static_cast<int>(lines.size()); ++i) {
      EXPECT_EQ(lines[i].size(), 10u);
      const int y = colour == 0 ? i : 6 + i;
      for (int x = 0; x < 10 && x < static_cast<int>(lines[i].size()); ++x)
        if (lines[i][x] != '.') truth.put(sq(x, y), colour, rank_of_char(lines[i][x]));
    }
    for (int i = 0; i < 40; ++i)
      if (other[i]) truth.put(colour == 1 ? sq(i % 10, i / 10) : sq(9 - i % 10, 9 - i / 10), 1 - colour, other[i]);
    truth.set_side(0);
    truth.refresh_outcome();
  }

  // Every move the manager accepts: no repetition rule.
  std::vector<Move> moves() const {
    State unbound = truth;
    unbound.set_run(truth.to_move(), Run{});
    std::vector<Move> out;
    unbound.legal_moves(out);
    return out;
  }

  static std::string text(const Move& m) {
    const int fx = col_of(m.from), fy = row_of(m.from), tx = col_of(m.to), ty = row_of(m.to);
    const int n = std::abs(tx - fx) + std::abs(ty - fy);
    std::string out = std::to_string(fx) + " " + std::to_string(fy) + " " +
                      (ty < fy ? "UP" : ty > fy ? "DOWN" : tx < fx ? "LEFT" : "RIGHT");
    return n > 1 ? out + " " + std::to_string(n) : out;
  }

  // Plays m on the truth; returns the move with its outcome, as the manager reports it.
  std::string play(const Move& m) {
    const int p = truth.to_move();
    const bool attack = truth.is_piece(m.to);
    const char a = ucc_char(truth.rank_at(m.from)), d = attack ? ucc_char(truth.rank_at(m.to)) : '.';
    truth.apply(m, nullptr);
    if (!attack) return text(m) + " OK";
    if (d == 'F') {
      flag_taken = true;
      return text(m) + " VICTORY_FLAG";
    }
    const bool attacker_left = truth.is_piece(m.to) && truth.owner_at(m.to) == p;
    const bool defender_left = truth.is_piece(m.to) && truth.owner_at(m.to) != p;
    return text(m) + " " + (attacker_left ? "KILLS" : defender_left ? "DIES" : "BOTHDIE") + " " + a + " " + d;
  }

  // The agent's turn: the last move, the board, one answer. Returns the answer.
  std::string agent_turn() {
    EXPECT_TRUE(agent.handle(last).empty());
    std::vector<std::string> reply;
    for (const auto& l : board_lines(truth, me)) {
      EXPECT_TRUE(reply.empty()) << "answered before the board was complete";
      reply = agent.handle(l);
    }
    if (reply.size() != 1) {
      ADD_FAILURE() << "no answer at UCC turn " << turn + 1 << " (ply " << truth.ply() << ")";
      return "";
    }
    if (reply[0] == "SURRENDER") return reply[0];
    const auto legal = moves();
    const auto it = std::find_if(legal.begin(), legal.end(), [&](const Move& m) { return text(m) == reply[0]; });
    if (it == legal.end()) {
      ADD_FAILURE() << "illegal answer " << reply[0] << " at UCC turn " << turn + 1;
      return "";
    }
    const std::string echo = play(*it);
    if (!flag_taken) {
      EXPECT_TRUE(agent.handle(echo).empty());
    }
    return reply[0];
  }

  // The manager's own colour moves by `policy`; false if it has no move left.
  bool other_turn(const Policy& policy, Rng& rng) {
    const auto legal = moves();
    if (legal.empty()) return false;
    last = play(policy(truth, legal, rng));
    return true;
  }

  bool agent_has_movable_piece() const {
    for (int r = kSpy; r <= kMarshal; ++r)
      if (truth.alive(me, r)) return true;
    return false;
  }

  // Plays until the agent surrenders, a Flag falls, a side has no piece that may move (the manager's own test),
  // the manager's side cannot move or `turns` turns are over. Returns the agent's last answer.
  std::string run(int turns, const Policy& policy, Rng& rng) {
    std::string answer;
    while (turn < turns && !flag_taken) {
      if (truth.to_move() == me) {
        if (!agent_has_movable_piece()) return answer;
        answer = agent_turn();
        if (answer.empty() || answer == "SURRENDER") return answer;
      } else if (!other_turn(policy, rng)) {
        return answer;
      }
      if (truth.to_move() == 0) ++turn;
    }
    return answer;
  }
};

// Random moves, a quiet one when there is one: the manager's side keeps its pieces (and its Flag) long.
Move quiet_random(const State& s, const std::vector<Move>& legal, Rng& rng) {
  std::vector<Move> quiet;
  for (const auto& m : legal)
    if (!s.is_piece(m.to)) quiet.push_back(m);
  const auto& from = quiet.empty() ? legal : quiet;
  return from[rng.below(static_cast<std::uint32_t>(from.size()))];
}

// Hunts the agent's pieces that can move: a winning attack on one if there is one, else the move that brings a
// piece closest to one. Never attacks a Bomb or the Flag, so the game ends when the agent runs out of moves.
Move hunter(const State& s, const std::vector<Move>& legal, Rng& rng) {
  const int me = s.to_move();
  std::vector<int> prey;
  for (int row = 0; row < 10; ++row)
    for (int col = 0; col < 10; ++col)
      if (s.is_piece(sq(col, row)) && s.owner_at(sq(col, row)) != me && movable(s.rank_at(sq(col, row))))
        prey.push_back(sq(col, row));
  Move best = legal[rng.below(static_cast<std::uint32_t>(legal.size()))];
  int best_score = std::numeric_limits<int>::min();
  for (const auto& m : legal) {
    int score = 0;
    if (s.is_piece(m.to)) {
      const int defender = s.rank_at(m.to);
      if (defender == kBomb || defender == kFlag || combat(s.rank_at(m.from), defender) < 0) continue;
      score = 1000;
    } else {
      score = -100;
      for (int q : prey) score = std::max(score, -(std::abs(col_of(q) - col_of(m.to)) + std::abs(row_of(q) - row_of(m.to))));
    }
    score = score * 8 + static_cast<int>(rng.below(8));
    if (score > best_score) best_score = score, best = m;
  }
  return best;
}

}  // namespace

TEST(S23, UccAgentKeepsAnsweringPastTheManagersTurn1501) {
  // The manager's limit is its own (5000 turns by default): strat's S-23 limit of 3000 plies (UCC turn 1501)
  // must not silence the agent.
  // Seeds picked for a game that lasts: the manager's side never attacks, and the agent keeps a piece that
  // may move and does not find the Flag before turn 1600.
  UccAgent agent([] { return make("random", 110); }, 135);
  Rng rng(117), setup_rng(195);
  Manager manager(agent, 0, Config{.ply_limit = kNoPlyLimit}, generate_setup(Config{}, setup_rng));
  const std::string answer = manager.run(1600, quiet_random, rng);
  ASSERT_EQ(manager.turn, 1600) << "the game ended before the turn the test needs (last answer " << answer
                                << ", flag taken " << manager.flag_taken << "): pick other seeds";
  EXPECT_GT(manager.truth.ply(), 3000);
  // Still in step with the manager after the manager's last move.
  EXPECT_TRUE(agent.handle(manager.last).empty());
  EXPECT_EQ(agent.world().view_string(0), manager.truth.view_string(0));
}

TEST(S23, UccAgentGivenAPlyLimitTheManagerDoesNotShareStillAnswers) {
  // `--game stratego:ply_limit=40` reaches the world, and the manager, playing on, still gets its answers.
  const Config rules = ucc_config(GameSpec::parse("stratego:ply_limit=40").options);
  ASSERT_EQ(rules.ply_limit, 40);
  UccAgent agent([] { return make("mcts:iterations=20", 5); }, 22, rules);
  Rng rng(5), setup_rng(78);
  Manager manager(agent, 1, Config{.ply_limit = kNoPlyLimit}, generate_setup(Config{}, setup_rng));
  EXPECT_EQ(agent.world().config().ply_limit, 40);
  manager.run(60, quiet_random, rng);
  EXPECT_EQ(manager.turn, 60);
}

TEST(StrategoUcc, GameOptionsReachTheAgentsWorld) {
  // Without --game options: classic, S-18, and no ply limit of its own.
  const Config plain = ucc_config(Options{});
  EXPECT_FALSE(plain.barrage);
  EXPECT_EQ(plain.ply_limit, kNoPlyLimit);
  // Through the registered protocol, as `strat agent ucc --game stratego:barrage,two_square=isf` runs it.
  const auto spec = GameSpec::parse("stratego:barrage,two_square=isf");
  std::istringstream in("RED scripted 10 10\nQUIT\n");
  std::ostringstream out;
  Registry::global().get("stratego").protocols.at("ucc")(in, out, spec.options, "random", 3);
  const std::string text = out.str();
  std::vector<std::string> lines;
  for (auto l : split(text, '\n'))
    if (!l.empty()) lines.emplace_back(l);
  ASSERT_EQ(lines.size(), 4u) << out.str();
  int pieces = 0;
  for (const auto& l : lines) pieces += static_cast<int>(std::count_if(l.begin(), l.end(), [](char c) { return c != '.'; }));
  EXPECT_EQ(pieces, 8);  // a barrage army
  // The world itself: barrage, the ISF two-square rule.
  UccAgent agent([] { return make("random", 5); }, 23, ucc_config(spec.options));
  agent.handle("BLUE scripted 10 10");
  EXPECT_TRUE(agent.world().config().barrage);
  EXPECT_EQ(agent.world().config().run_limit, 3);
  EXPECT_EQ(agent.world().config().ply_limit, kNoPlyLimit);
}

TEST(S21, UccAgentWithNoLegalMoveAnswersSurrender) {
  // The Marshal walled in on a1 by its own Flag (b1) and Bomb (a2); once the hunter has taken everything else,
  // the agent has no move while the manager, which counts the Marshal as movable, still asks.
  Config barrage;
  barrage.barrage = true;
  stratego::Setup own{};
  own[0] = kMarshal;
  own[1] = kFlag;
  own[10] = kBomb;
  own[30] = kGeneral;
  own[34] = kMiner;
  own[35] = kSpy;
  own[38] = kScout;
  own[39] = kScout;
  ASSERT_EQ(walled_in(own), 0);
  stratego::Setup other{};  // the manager's side: its own back rows, pieces up front
  other[5] = kFlag;
  other[4] = kBomb;
  other[31] = kMarshal;
  other[38] = kGeneral;
  other[24] = kMiner;
  other[25] = kSpy;
  other[20] = kScout;
  other[29] = kScout;
  UccAgent agent([] { return make("random", 6); }, 24, ucc_config(GameSpec::parse("stratego:barrage").options));
  agent.use_setup(own);
  Rng rng(9);
  Manager manager(agent, 0, Config{.barrage = true, .ply_limit = kNoPlyLimit}, other);
  const std::string answer = manager.run(2000, hunter, rng);
  ASSERT_EQ(answer, "SURRENDER") << "after " << manager.turn << " turns";
  EXPECT_GT(manager.turn, 3);
  EXPECT_TRUE(manager.moves().empty());
  EXPECT_TRUE(manager.agent_has_movable_piece());  // the Marshal on a1: the manager asks on
  // Nothing more is said until the manager's QUIT.
  EXPECT_TRUE(agent.handle("QUIT scripted RED SURRENDER 12 0 0").empty());
  EXPECT_TRUE(agent.done());
}

TEST(StrategoUcc, AGivenSetupMustBeAWholeArmy) {
  UccAgent agent([] { return make("random", 5); }, 25);
  stratego::Setup half{};
  half[0] = kFlag;
  EXPECT_THROW(agent.use_setup(half), BadInput);
  stratego::Setup odd{};
  odd[0] = 200;
  EXPECT_THROW(agent.use_setup(odd), BadInput);
}
