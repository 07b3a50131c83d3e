#include "games/stratego/ucc_manager.hpp"

#include <algorithm>

#include "core/any_state.hpp"
#include "core/error.hpp"
#include "core/text.hpp"

namespace strat::stratego {

namespace {

// The protocol's piece characters use the old numbering, 1 = Marshal.
char piece_char(int rank) {
  switch (rank) {
    case kSpy: return 's';
    case kBomb: return 'B';
    case kFlag: return 'F';
    default: return static_cast<char>('0' + (11 - rank));
  }
}

int rank_of_char(char c) {
  for (int r = 1; r < kRanks; ++r)
    if (piece_char(r) == c) return r;
  return kNone;
}

// A program's setup gets this long at least: starting an interpreter on a
// loaded machine takes time.
constexpr double kSetupFloorMs = 10000;
// A program that closed its output or input is given this long to end, so the
// record can say how it ended.
constexpr double kExitWaitMs = 100;
// After QUIT, a program gets this long to exit by itself before it is killed.
constexpr double kQuitGraceMs = 200;

[[noreturn]] void protocol_error(const std::string& what) { throw Forfeit("protocol", what); }

}  // namespace

std::vector<std::string> ucc_board(const State& s, int player) {
  std::vector<std::string> lines;
  for (int y = 0; y < 10; ++y) {
    std::string line;
    for (int x = 0; x < 10; ++x) {
      const int q = sq(x, y);  // UCC's y counts from Red's back row, as strat's rows do
      if (is_lake_square(x, y))
        line += '+';
      else if (!s.is_piece(q))
        line += '.';
      else if (s.owner_at(q) == player)
        line += piece_char(s.rank_at(q));
      else
        line += '#';  // never the rank, known or not: the protocol shows enemies
                      // as '#'
    }
    lines.push_back(line);
  }
  return lines;
}

std::string ucc_move_text(const Move& m) {
  const int fx = col_of(m.from), fy = row_of(m.from), tx = col_of(m.to), ty = row_of(m.to);
  const int n = std::abs(tx - fx) + std::abs(ty - fy);
  std::string out = std::to_string(fx) + " " + std::to_string(fy) + " " +
                    (ty < fy   ? "UP"
                     : ty > fy ? "DOWN"
                     : tx < fx ? "LEFT"
                               : "RIGHT");
  return n > 1 ? out + " " + std::to_string(n) : out;
}

std::string ucc_report(const State& after, const std::string& move, const std::vector<std::string>& events) {
  const auto sep = move.find_first_of("-x");
  int fc = 0, fr = 0, tc = 0, tr = 0;
  if (sep == std::string::npos || !parse_square(std::string_view(move).substr(0, sep), 10, 10, fc, fr) ||
      !parse_square(std::string_view(move).substr(sep + 1), 10, 10, tc, tr))
    throw std::logic_error("ucc: not a Stratego move: " + move);
  const Move m{static_cast<std::uint8_t>(sq(fc, fr)), static_cast<std::uint8_t>(sq(tc, tr))};
  const std::string text = ucc_move_text(m);
  for (const auto& e : events) {
    if (e.rfind("reveal ", 0) != 0) continue;
    // "reveal e5 6x4": the attacker's rank, then the defender's (S-12 shows
    // both to both players).
    const std::string ranks = e.substr(e.rfind(' ') + 1);
    const auto x = ranks.find('x');
    const int a = parse_rank_code(ranks.substr(0, x)), d = parse_rank_code(ranks.substr(x + 1));
    if (d == kFlag) return text + " VICTORY_FLAG";
    const std::string pieces = std::string(" ") + piece_char(a) + " " + piece_char(d);
    if (!after.is_piece(m.to)) return text + " BOTHDIE" + pieces;
    // The winner stands on the square attacked: the attacker's piece (its rank
    // a) or the defender's.
    const bool attacker_won = after.rank_at(m.to) == a && (a != d);
    return text + (attacker_won ? " KILLS" : " DIES") + pieces;
  }
  return text + " OK";
}

Move ucc_parse_answer(const State& s, const std::string& raw) {
  const std::string line(trim(raw));
  if (line == "SURRENDER") throw Forfeit("resign", "");
  const auto t = split_ws(line);
  unsigned long long x = 0, y = 0, n = 1;
  if (t.size() < 3 || t.size() > 4 || !parse_uint(t[0], x) || !parse_uint(t[1], y) ||
      (t.size() == 4 && (!parse_uint(t[3], n) || n < 1)))
    protocol_error("cannot read move " + quoted(line));
  int dx = 0, dy = 0;
  if (t[2] == "UP")
    dy = -1;
  else if (t[2] == "DOWN")
    dy = 1;
  else if (t[2] == "LEFT")
    dx = -1;
  else if (t[2] == "RIGHT")
    dx = 1;
  else
    protocol_error("cannot read move " + quoted(line));
  const long long tx = static_cast<long long>(x) + dx * static_cast<long long>(n);
  const long long ty = static_cast<long long>(y) + dy * static_cast<long long>(n);
  if (x > 9 || y > 9 || tx < 0 || tx > 9 || ty < 0 || ty > 9)
    protocol_error("illegal move " + quoted(line) + " (off the board)");
  const Move m{static_cast<std::uint8_t>(sq(static_cast<int>(x), static_cast<int>(y))),
               static_cast<std::uint8_t>(sq(static_cast<int>(tx), static_cast<int>(ty)))};
  if (s.is_legal(m)) return m;
  // The two-square rule (S-18/S-19) is strat's, and the protocol's manager has
  // none: say which rule it broke.
  State unbound = s;
  unbound.set_run(s.to_move(), Run{});
  protocol_error("illegal move " + quoted(line) + (unbound.is_legal(m) ? " (two-square rule)" : ""));
}

std::string ucc_parse_setup(const std::vector<std::string>& lines, int player, const Config& config) {
  Army count{};
  std::string letters;
  for (const auto& line : lines) {
    if (line.size() != 10) protocol_error("illegal setup: the line " + quoted(line) + " is not 10 characters");
    for (char c : line) {
      const int rank = c == '.' ? kNone : rank_of_char(c);
      if (rank == kNone && c != '.') protocol_error("illegal setup: unknown piece '" + std::string(1, c) + "'");
      ++count[rank];
      letters += rank == kNone ? 'A' : piece_letter(player, rank);
    }
  }
  count[kNone] = 0;
  if (lines.size() != 4 || count != config.army())
    protocol_error(std::string("illegal setup: not a whole ") + (config.barrage ? "barrage" : "classic") + " army");
  // Both colours list their rows top first, as strat's setup notation lists
  // them (a1..j4, a7..j10).
  return letters;
}

Options ucc_manager_rules(const Options& options, int player) {
  Config rules = Config::from(options);
  rules.two_square_exempt |= static_cast<std::uint8_t>(1 << player);
  Options out = options;
  out.set("two_square_exempt", rules.exempt_name());
  if (!out.has("ply_limit")) out.set("ply_limit", std::to_string(kUccManagerPlyLimit));
  return out;
}

UccProgram::UccProgram(const std::string& command, const Config& config, double reply_ms)
    : name_("ucc:" + command), config_(config), reply_ms_(reply_ms), program_(command) {}

UccProgram::~UccProgram() {
  program_.resume();
  program_.write_line(quit_);
  program_.stop(kQuitGraceMs);
}

std::string UccProgram::read(double limit_ms) {
  std::string line;
  switch (program_.read_line(line, limit_ms)) {
    case ChildProcess::Read::Line: return line;
    case ChildProcess::Read::Timeout: {
      char ms[32];
      std::snprintf(ms, sizeof ms, "%.0f", limit_ms);
      protocol_error(std::string("no answer within ") + ms + " ms");
    }
    case ChildProcess::Read::Closed: {
      const std::string how = program_.exit_text(kExitWaitMs);
      protocol_error("the program " + (how.empty() ? std::string("closed its output") : "ended (" + how + ")"));
    }
  }
  protocol_error("no answer");
}

void UccProgram::send(const std::string& line) {
  if (!program_.write_line(line)) {
    const std::string how = program_.exit_text(kExitWaitMs);
    protocol_error("the program " + (how.empty() ? std::string("closed its input") : "ended (" + how + ")"));
  }
}

std::string UccProgram::setup(const Options&, int player) {
  me_ = player;
  send(std::string(player == 0 ? "RED" : "BLUE") + " strat 10 10");
  std::vector<std::string> lines;
  for (int i = 0; i < 4; ++i) lines.push_back(std::string(trim(read(std::max(reply_ms_, kSetupFloorMs)))));
  program_.pause();
  return ucc_parse_setup(lines, player, config_);
}

std::string UccProgram::choose(const AnyState& any) {
  const State& s = concrete<State>(any);
  program_.resume();
  send(started_ ? last_report_ : "START");
  started_ = true;
  for (const auto& line : ucc_board(s, me_)) send(line);
  const std::string answer = read(reply_ms_);
  program_.pause();
  const Move m = ucc_parse_answer(s, answer);
  moved_ = true;
  return s.move_to_string(m);
}

void UccProgram::observe(const AnyState& any, const std::string& move, const Events& events) {
  const State& after = concrete<State>(any);
  const std::string report = ucc_report(after, move, events);
  const bool ours = moved_;
  moved_ = false;
  started_ = true;
  if (after.outcome().over()) {
    // The move that ends the game is not echoed; QUIT says how it ended (the
    // result line's values: pieces left).
    const Outcome o = after.outcome();
    const int side = o.status == Status::Win ? o.winner : after.to_move();
    quit_ = std::string("QUIT ") + (side == me_ ? "ucc" : "strat") + " " + (side == 0 ? "RED" : "BLUE") + " " +
            (o.status == Status::Win ? "VICTORY" : "DRAW") + " " + std::to_string(after.ply() / 2 + 1) + " " +
            std::to_string(after.alive_total(0)) + " " + std::to_string(after.alive_total(1));
    return;
  }
  if (ours) {
    program_.write_line(report);  // a program that has exited is told at its next turn
  } else {
    last_report_ = report;
  }
}

}  // namespace strat::stratego
