#include "games/stratego/ucc.hpp"

#include <iostream>

#include "core/any_state.hpp"
#include "core/error.hpp"
#include "core/text.hpp"
#include "games/stratego/info.hpp"

namespace strat::stratego {

namespace {

// UCC uses the old numbering, 1 = strongest.
char ucc_char(int rank) {
  switch (rank) {
    case kSpy: return 's';
    case kBomb: return 'B';
    case kFlag: return 'F';
    default: return static_cast<char>('0' + (11 - rank));
  }
}

int ucc_rank(const std::string& text) {
  if (text == "s") return kSpy;
  if (text == "B") return kBomb;
  if (text == "F") return kFlag;
  if (text.size() == 1 && text[0] >= '1' && text[0] <= '9') return 11 - (text[0] - '0');
  return kNone;
}

// UCC's y runs from the top (Red's back row) down; strat's rows from Red's back row up: row = y.
int ucc_square(int x, int y) { return sq(x, y); }

}  // namespace

UccAgent::UccAgent(std::function<std::unique_ptr<AnyAgent>()> make_agent, std::uint64_t seed)
    : make_agent_(std::move(make_agent)), rng_(seed) {}

std::vector<std::string> UccAgent::setup_lines() {
  Config config;
  own_ = generate_setup(config, rng_);
  std::vector<std::string> lines;
  for (int i = 0; i < 4; ++i) {
    const int y = me_ == 0 ? i : 6 + i;
    std::string line;
    for (int x = 0; x < 10; ++x) {
      // Red: y is its own row from the back; Blue: faces Red, so its row from the back is 9-y, its column 9-x.
      const int rank = me_ == 0 ? own_[y * 10 + x] : own_[(9 - y) * 10 + (9 - x)];
      line += ucc_char(rank);
    }
    lines.push_back(line);
  }
  // The world: our setup as it is, the enemy's drawn from what we know of it (nothing yet).
  Setup other = generate_setup(config, rng_);
  world_ = me_ == 0 ? start_position(config, own_, other) : start_position(config, other, own_);
  resample(world_.info(me_));
  return lines;
}

void UccAgent::resample(Info info) { world_ = info.sample(rng_, true); }

void UccAgent::observe(const std::vector<std::string>& t) {
  // X Y DIR [N] OUTCOME [A D]
  unsigned long long x = 0, y = 0, n = 1;
  if (t.size() < 4 || !parse_uint(t[0], x) || !parse_uint(t[1], y) || x > 9 || y > 9)
    bad_input("ucc: cannot read move report " + quoted(join(t)));
  std::size_t k = 3;
  if (k < t.size() && parse_uint(t[k], n)) ++k;
  if (k >= t.size()) bad_input("ucc: move report without outcome");
  const std::string& dir = t[2];
  int dx = 0, dy = 0;
  if (dir == "UP") dy = -1;
  else if (dir == "DOWN") dy = 1;
  else if (dir == "LEFT") dx = -1;
  else if (dir == "RIGHT") dx = 1;
  else bad_input("ucc: unknown direction " + quoted(dir));
  const int tx = static_cast<int>(x) + dx * static_cast<int>(n), ty = static_cast<int>(y) + dy * static_cast<int>(n);
  if (tx < 0 || tx > 9 || ty < 0 || ty > 9) bad_input("ucc: move leaves the board");
  const int from = ucc_square(static_cast<int>(x), static_cast<int>(y)), to = ucc_square(tx, ty);
  const std::string& outcome = t[k];
  Info info = world_.info(me_);
  const int mover = world_.is_piece(from) ? world_.owner_at(from) : -1;
  if (mover < 0) bad_input("ucc: no piece at the reported square");
  if (outcome == "KILLS" || outcome == "DIES" || outcome == "BOTHDIE") {
    if (k + 2 >= t.size()) bad_input("ucc: combat report without both pieces");
    const int a = ucc_rank(t[k + 1]), d = ucc_rank(t[k + 2]);
    if (!a || !d) bad_input("ucc: unknown piece in combat report");
    if (mover != me_) info.learn_rank(from, a);
    else info.learn_rank(to, d);
  } else if (outcome.rfind("VICTORY", 0) == 0 && world_.is_piece(to) && world_.owner_at(to) != me_) {
    info.learn_rank(to, kFlag);
  }
  if (mover != me_) {
    info.learn_moved(from);
    if (n > 1) info.learn_rank(from, kScout);
  }
  resample(info);
  const Move m{static_cast<std::uint8_t>(from), static_cast<std::uint8_t>(to)};
  world_.apply(m, nullptr);
}

std::string UccAgent::choose() {
  if (!agent_) agent_ = make_agent_();
  const std::string move = agent_->choose(StateAdapter<State>("stratego", world_));
  const Move m = world_.parse_move(move);
  const int fx = col_of(m.from), fy = row_of(m.from), tx = col_of(m.to), ty = row_of(m.to);
  const char* dir = ty < fy ? "UP" : ty > fy ? "DOWN" : tx < fx ? "LEFT" : "RIGHT";
  const int n = std::abs(tx - fx) + std::abs(ty - fy);
  std::string out = std::to_string(fx) + " " + std::to_string(fy) + " " + dir;
  if (n > 1) out += " " + std::to_string(n);
  return out;
}

std::vector<std::string> UccAgent::handle(const std::string& raw) {
  const std::string line(trim(raw));
  auto tokens = split_ws(line);
  std::vector<std::string> t(tokens.begin(), tokens.end());
  if (!t.empty() && t[0] == "QUIT") {
    done_ = true;
    return {};
  }
  switch (expect_) {
    case Expect::Colour:
      if (t.empty() || (t[0] != "RED" && t[0] != "BLUE")) bad_input("ucc: expected 'RED|BLUE OPPONENT 10 10'");
      me_ = t[0] == "RED" ? 0 : 1;
      expect_ = Expect::Turn;
      return setup_lines();
    case Expect::Turn:
      if (t.empty()) return {};
      if (t[0] != "START") observe(t);
      expect_ = Expect::Board;
      board_lines_ = 0;
      return {};
    case Expect::Board:
      if (++board_lines_ < 10) return {};
      expect_ = Expect::Confirm;
      return {choose()};
    case Expect::Confirm:
      if (t.empty()) return {};
      for (const auto& word : t)
        if (word == "ILLEGAL") bad_input("ucc: the manager rejected our move " + quoted(line));
      observe(t);
      expect_ = Expect::Turn;
      return {};
  }
  return {};
}

int run_ucc(std::istream& in, std::ostream& out, const std::function<std::unique_ptr<AnyAgent>()>& make_agent,
            std::uint64_t seed) {
  UccAgent agent(make_agent, seed);
  std::string line;
  while (!agent.done() && std::getline(in, line)) {
    for (const auto& reply : agent.handle(line)) out << reply << "\n" << std::flush;
  }
  return 0;
}

}  // namespace strat::stratego
