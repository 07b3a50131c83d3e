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
    case kNone: return '.';  // barrage: an empty square of the setup rows
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

Config ucc_config(const Options& options) {
  Config config = Config::from(options);
  if (!options.has("ply_limit")) config.ply_limit = kNoPlyLimit;
  config.setup_actions = false;  // the protocol's setups are whole armies
  return config;
}

UccAgent::UccAgent(std::function<std::unique_ptr<AnyAgent>()> make_agent, std::uint64_t seed, Config config)
    : make_agent_(std::move(make_agent)), rng_(seed), config_(config) {}

void UccAgent::use_setup(const Setup& setup) {
  const std::string army = config_.barrage ? "barrage" : "classic";
  Army count{};
  for (std::uint8_t r : setup) {
    if (r >= kRanks) bad_input("ucc: the given setup holds an unknown rank " + std::to_string(r));
    ++count[r];
  }
  count[kNone] = 0;
  if (count != config_.army()) bad_input("ucc: the given setup is not a whole " + army + " army");
  own_ = setup;
  fixed_setup_ = true;
}

std::vector<std::string> UccAgent::setup_lines() {
  const Config& config = config_;
  if (!fixed_setup_) own_ = generate_setup(config, rng_);
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
  // The world: our setup as it is, the enemy's drawn from what we know of it (nothing yet). An army that fills
  // its four rows (classic) stands on every square of them; a smaller one (barrage) is placed from the first
  // board the manager shows.
  int total = 0;
  for (int r = 1; r < kRanks; ++r) total += config.army()[r];
  placed_ = total == 40;
  if (placed_) {
    Setup other = generate_setup(config, rng_);
    world_ = me_ == 0 ? start_position(config, own_, other) : start_position(config, other, own_);
    resample(world_.info(me_));
  } else {
    const Setup none{};
    world_ = me_ == 0 ? placed_setups(config, own_, none) : placed_setups(config, none, own_);
  }
  return lines;
}

void UccAgent::place_enemy() {
  std::vector<int> squares;
  for (int y = 0; y < 10; ++y)
    for (int x = 0; x < 10; ++x)
      if (x < static_cast<int>(board_[y].size()) && board_[y][x] == '#') squares.push_back(ucc_square(x, y));
  if (!pending_.empty()) {
    // The board shows the enemy after its first move: that piece started on the move's first square.
    const Report r = parse_report(pending_);
    std::erase(squares, r.to);
    squares.push_back(r.from);
  }
  std::vector<int> ranks;
  for (int r = 1; r < kRanks; ++r)
    for (int i = 0; i < config_.army()[r]; ++i) ranks.push_back(r);
  if (squares.size() != ranks.size())
    bad_input("ucc: the first board shows " + std::to_string(squares.size()) + " enemy pieces, expected " +
              std::to_string(ranks.size()));
  for (std::size_t i = 0; i < squares.size(); ++i) world_.put(squares[i], me_ ^ 1, ranks[i]);
  world_.refresh_outcome();
  resample(world_.info(me_));
  placed_ = true;
  if (!pending_.empty()) observe(pending_);
  pending_.clear();
}

void UccAgent::resample(Info info) { world_ = info.sample(rng_, true); }

UccAgent::Report UccAgent::parse_report(const std::vector<std::string>& t) {
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
  return Report{ucc_square(static_cast<int>(x), static_cast<int>(y)), ucc_square(tx, ty), static_cast<int>(n), k};
}

void UccAgent::observe(const std::vector<std::string>& t) {
  const auto [from, to, n, k] = parse_report(t);
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
  // Asked for a move, we answer, whatever our world thinks: the manager alone ends the game. A ply limit given
  // with --game that the manager does not share is lifted rather than obeyed with silence.
  if (world_.outcome().over() && world_.ply() >= world_.config().ply_limit) {
    world_.set_ply_limit(kNoPlyLimit);
    world_.refresh_outcome();
  }
  std::vector<Move> moves;
  world_.legal_moves(moves);
  if (moves.empty()) {
    // Only our own repetition rule (S-18/S-19) may stand in the way: the manager enforces none, so play such a
    // move rather than give up. With no move at all, the protocol's answer is SURRENDER.
    State unbound = world_;
    unbound.set_run(me_, Run{});
    unbound.legal_moves(moves);
    if (moves.empty()) {
      expect_ = Expect::Surrendered;
      return "SURRENDER";
    }
    return to_ucc(moves[rng_.below(static_cast<std::uint32_t>(moves.size()))]);
  }
  // A world that is over with a move left (a Flag missing: the manager would have said QUIT) cannot be searched.
  if (world_.outcome().over()) return to_ucc(moves[rng_.below(static_cast<std::uint32_t>(moves.size()))]);
  if (!agent_) agent_ = make_agent_();
  return to_ucc(world_.parse_move(agent_->choose(StateAdapter<State>("stratego", world_))));
}

std::string UccAgent::to_ucc(const Move& m) const {
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
      if (t[0] != "START") {
        if (placed_) observe(t);
        else pending_ = t;  // applied once the board shows where the enemy stands
      }
      expect_ = Expect::Board;
      board_.clear();
      return {};
    case Expect::Board:
      board_.push_back(line);
      if (board_.size() < 10) return {};
      if (!placed_) place_enemy();
      expect_ = Expect::Confirm;
      return {choose()};
    case Expect::Surrendered:
      return {};  // whatever the manager says before its QUIT
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
            std::uint64_t seed, const Config& config) {
  UccAgent agent(make_agent, seed, config);
  std::string line;
  while (!agent.done() && std::getline(in, line)) {
    for (const auto& reply : agent.handle(line)) out << reply << "\n" << std::flush;
  }
  return 0;
}

}  // namespace strat::stratego
