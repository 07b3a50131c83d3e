#include "games/stratego/state.hpp"

#include <cmath>
#include <cstdlib>

#include "core/error.hpp"
#include "core/text.hpp"
#include "games/stratego/info.hpp"
#include "games/stratego/notation.hpp"

namespace strat::stratego {

Config Config::from(const Options& options) {
  options.check_known({"variant", "two_square", "ply_limit", "two_square_exempt", "setup"});
  Config c;
  const auto variant = options.get("variant", "classic");
  if (variant != "classic" && variant != "barrage") bad_input("unknown stratego variant " + quoted(variant));
  c.barrage = variant == "barrage";
  const auto rule = options.get("two_square", "five");
  if (rule == "isf") c.run_limit = 3;
  else if (rule == "five" || rule == "classic") c.run_limit = 5;
  else bad_input("game option two_square must be 'five' (S-18) or 'isf' (S-19), got " + quoted(rule));
  c.ply_limit = static_cast<std::int32_t>(options.get_int("ply_limit", 3000, 1, 1'000'000));
  const auto exempt = options.get("two_square_exempt", "none");
  if (exempt == "red") c.two_square_exempt = 1;
  else if (exempt == "blue") c.two_square_exempt = 2;
  else if (exempt == "both") c.two_square_exempt = 3;
  else if (exempt != "none")
    bad_input("game option two_square_exempt must be 'none', 'red', 'blue' or 'both', got " + quoted(exempt));
  const auto setup = options.get("setup", "placed");
  if (setup != "placed" && setup != "actions")
    bad_input("game option setup must be 'placed' or 'actions', got " + quoted(setup));
  c.setup_actions = setup == "actions";
  return c;
}

std::string Config::options_string() const {
  std::string out = barrage ? "barrage" : "classic";
  if (run_limit == 3) out += ",two_square=isf";
  if (ply_limit != 3000) out += ",ply_limit=" + std::to_string(ply_limit);
  if (two_square_exempt) out += std::string(",two_square_exempt=") + exempt_name();
  if (setup_actions) out += ",setup=actions";
  return out;
}

const char* Config::exempt_name() const {
  static const char* const names[] = {"none", "red", "blue", "both"};
  return names[two_square_exempt & 3];
}

State::State(const Config& config) : config_(config) {
  board_.fill(kWall);
  for (int row = 0; row < 10; ++row)
    for (int col = 0; col < 10; ++col)
      if (!is_lake_square(col, row)) board_[sq(col, row)] = 0;
}

void State::put(int s, int owner, int rank, std::uint8_t flags) {
  if (is_piece(s)) remove(s);
  board_[s] = static_cast<std::uint8_t>(rank | (owner ? kBlue : 0) | flags);
  ++alive_[owner][rank];
  if (movable(rank)) movable_[owner] |= bit(s);
}

int State::alive_total(int player) const {
  int n = 0;
  for (int r = 1; r < kRanks; ++r) n += alive_[player][r];
  return n;
}

namespace {
std::string side_name(int p) { return p == 0 ? "Red" : "Blue"; }
std::string own_rows(int p) { return p == 0 ? "Red's rows 1-4" : "Blue's rows 7-10"; }
bool in_own_rows(int p, int row) { return p == 0 ? row <= 3 : row >= 6; }
std::string count_text(int n, int rank) { return std::to_string(n) + " " + (n == 1 ? rank_name(rank) : rank_name_plural(rank)); }
}  // namespace

State State::setup_start(const Config& config) {
  State s(config);
  s.to_place_ = static_cast<std::uint8_t>(2 * config.army_size());
  return s;
}

// Ranks in order, each on the empty squares of the placer's rows in board order: the action ids in increasing order
// (encoding.hpp).
void State::setup_moves(std::vector<Move>& out) const {
  out.clear();
  const int me = side_;
  const Army& army = config_.army();
  const int first_row = me == 0 ? 0 : 6;
  for (int r = 1; r < kRanks; ++r) {
    if (alive_[me][r] >= army[r]) continue;
    for (int row = first_row; row < first_row + 4; ++row)
      for (int col = 0; col < 10; ++col)
        if (board_[sq(col, row)] == 0) out.push_back(Move::placement(r, sq(col, row)));
  }
}

bool State::placement_legal(int rank, int s) const {
  if (!to_place_ || outcome_.over() || rank < 1 || rank >= kRanks || !on_board(s) || board_[s] != 0) return false;
  return alive_[side_][rank] < config_.army()[rank] && in_own_rows(side_, row_of(s));
}

// Red places its whole army, then Blue; after Blue's last piece Red makes the first move (S-06).
void State::place(const Move& m) {
  put(m.to, side_, m.placed_rank());
  ++ply_;
  --to_place_;
  const int n = config_.army_size();
  side_ = to_place_ > n ? 0 : (to_place_ > 0 ? 1 : 0);
  if (!to_place_) refresh_outcome();
}

// Under setup=actions, a position with incomplete armies and no history (nothing moved or revealed, no series,
// the ply count equal to the pieces on the board or not given) is one of the setup phase.
void State::detect_setup(bool has_extras) {
  if (!config_.setup_actions) return;
  const int n = config_.army_size(), red = alive_total(0), blue = alive_total(1);
  if (red + blue >= 2 * n || run_[0].count || run_[1].count || (has_extras && ply_ != red + blue)) return;
  for (int s = 0; s < kCells; ++s)
    if (is_piece(s) && (board_[s] & (kKnown | kMoved))) return;
  if (blue > 0 && red < n)
    bad_input("a setup position where Blue has placed pieces before Red's army stands (Red has " + std::to_string(red) +
              " of " + std::to_string(n) + ")");
  const int placer = red < n ? 0 : 1;
  if (side_ != placer) bad_input("a setup position where " + side_name(placer) + " is placing, so " + side_name(placer) + " is to move");
  for (int row = 0; row < 10; ++row)
    for (int col = 0; col < 10; ++col) {
      const int q = sq(col, row);
      if (is_piece(q) && !in_own_rows(owner_at(q), row))
        bad_input(side_name(owner_at(q)) + " piece at " + square_str(q) + " is outside " + own_rows(owner_at(q)) + " (S-05)");
    }
  ply_ = red + blue;
  to_place_ = static_cast<std::uint8_t>(2 * n - ply_);
}

State State::from_cells(const CellsText& cells, const Config& config) {
  State s(config);
  for (int row = 0; row < 10; ++row)
    for (int col = 0; col < 10; ++col) {
      const int q = sq(col, row);
      const std::uint8_t c = cells.board[q];
      if (c & kWall || (c & kRankMask) == 0) continue;
      const int rank = c & kRankMask, owner = (c & kBlue) ? 1 : 0;
      if ((c & kMoved) && !movable(rank))
        bad_input(std::string("the ") + rank_name(rank) + " at " + square_str(q) + " cannot have moved (S-09)");
      s.put(q, owner, rank, c & (kKnown | kMoved));
    }
  for (int p = 0; p < 2; ++p) s.run_[p] = cells.run[p];
  s.side_ = static_cast<std::uint8_t>(cells.side);
  s.ply_ = cells.ply;
  return s;
}

// Two complete setups (S-05) and Red to move (S-06): exact army counts, every piece in its own four rows.
void State::check_start() const {
  const Army& army = config_.army();
  for (int p = 0; p < 2; ++p)
    for (int r = 1; r < kRanks; ++r) {
      const int n = alive_[p][r];
      if (n != army[r]) bad_input(side_name(p) + " has " + count_text(n, r) + ", expected " + std::to_string(army[r]));
    }
  for (int row = 0; row < 10; ++row)
    for (int col = 0; col < 10; ++col) {
      const int q = sq(col, row);
      if (is_piece(q) && !in_own_rows(owner_at(q), row))
        bad_input(side_name(owner_at(q)) + " piece at " + square_str(q) + " is outside " + own_rows(owner_at(q)) +
                  " (S-05)");
    }
  if (side_ != 0) bad_input("a new game starts with Red to move (S-06)");
}

// What every position must satisfy, with or without history: it could have arisen in a game.
void State::check_counts() const {
  const Army& army = config_.army();
  for (int p = 0; p < 2; ++p)
    for (int r = 1; r < kRanks; ++r) {
      const int n = alive_[p][r];
      if (n > army[r]) bad_input(side_name(p) + " has " + count_text(n, r) + ", at most " + std::to_string(army[r]));
    }
}

void State::check_position() const {
  check_counts();
  if (to_place_) return;  // a setup position: checked by detect_setup  // Bombs and the Flag never move (S-09), so they still stand where the setup put them (S-05).
  for (int row = 0; row < 10; ++row)
    for (int col = 0; col < 10; ++col) {
      const int q = sq(col, row);
      if (!is_piece(q) || movable(rank_at(q)) || in_own_rows(owner_at(q), row)) continue;
      bad_input(std::string("the ") + side_name(owner_at(q)) + " " + rank_name(rank_at(q)) + " at " + square_str(q) +
                " is outside " + own_rows(owner_at(q)) + ", and Bombs and the Flag never move (S-09)");
    }
  // A missing Flag was captured by the other side's last move (S-17, S-20): the game is over, won by that side,
  // and the side without its Flag is the one to move. Only one Flag can ever be captured.
  if (alive_[0][kFlag] == 0 && alive_[1][kFlag] == 0)
    bad_input("neither side has its Flag, but the game ends when the first one is captured (S-20)");
  for (int p = 0; p < 2; ++p)
    if (alive_[p][kFlag] == 0 && side_ != p)
      bad_input(side_name(p) + "'s Flag is gone, so " + side_name(p ^ 1) + " captured it with the last move and " +
                side_name(p) + " is to move (S-20)");
  for (int p = 0; p < 2; ++p) {
    const Run& r = run_[p];
    if (r.count && (!is_piece(r.to) || owner_at(r.to) != p))
      bad_input(std::string(p == 0 ? "red" : "blue") + "'s series ends on " + square_str(r.to) + ", which holds no " +
                (p == 0 ? "red" : "blue") + " piece");
  }
}

State State::parse(std::string_view text, const Config& config) {
  const CellsText cells = parse_cells(text, false);
  State s = from_cells(cells, config);
  s.check_counts();
  s.detect_setup(cells.has_extras);
  s.check_position();
  s.refresh_outcome();
  return s;
}

State State::parse_start(std::string_view text, const Config& config) {
  const CellsText cells = parse_cells(text, false);
  if (cells.has_extras) bad_input("a start position is 'FIELD r': two setups, without move history");
  State s = from_cells(cells, config);
  s.check_start();
  s.check_position();
  s.refresh_outcome();
  return s;
}

std::string State::to_string() const { return format_cells(board_, side_, ply_, run_); }

std::string State::move_to_string(const Move& m) const {
  if (m.is_placement()) return square_str(m.to) + "=" + rank_code(m.placed_rank());
  std::string out = square_str(m.from);
  out += is_piece(m.to) ? 'x' : '-';
  out += square_str(m.to);
  return out;
}

Move State::parse_placement(std::string_view text) const {
  const auto eq = text.find('=');
  int col = 0, row = 0;
  const int rank = parse_rank_code(std::string(text.substr(eq + 1)));
  if (!parse_square(text.substr(0, eq), 10, 10, col, row) || rank == kNone)
    bad_input("bad placement syntax " + quoted(text) + " (expected e.g. b1=F: a square, '=', a rank S, 2..10, B or F)");
  const int s = sq(col, row);
  if (placement_legal(rank, s)) return Move::placement(rank, s);
  if (outcome_.over()) bad_input("the game is over");
  if (!config_.setup_actions) bad_input("pieces are placed by moves only in stratego:setup=actions; here both armies start in place");
  if (!to_place_) bad_input("the setup is over: both armies stand");
  if (!in_own_rows(side_, row)) bad_input(square_str(s) + " is outside " + own_rows(side_) + " (S-05)");
  if (is_piece(s)) bad_input(square_str(s) + " already holds a piece");
  bad_input(side_name(side_) + " has no " + rank_name(rank) + " left to place (an army has " +
            count_text(config_.army()[rank], rank) + ", S-03)");
}

Move State::parse_move(std::string_view text) const {
  text = trim(text);
  if (text.find('=') != std::string_view::npos) return parse_placement(text);
  const auto sep = text.find_first_of("-x");
  int fc = 0, fr = 0, tc = 0, tr = 0;
  if (sep == std::string_view::npos || !parse_square(text.substr(0, sep), 10, 10, fc, fr) ||
      !parse_square(text.substr(sep + 1), 10, 10, tc, tr))
    bad_input("bad move syntax " + quoted(text) + " (expected e.g. e4-e5, or e4xe5 for an attack)");
  const int from = sq(fc, fr), to = sq(tc, tr);
  const Move m{static_cast<std::uint8_t>(from), static_cast<std::uint8_t>(to)};
  if (is_legal(m)) return m;
  // Not legal: say why.
  const std::string me = player_name(side_);
  if (outcome_.over()) bad_input("the game is over");
  if (to_place_) bad_input(side_name(side_) + " is placing its army: pieces move once both armies stand (a placement reads b1=F)");
  if (!is_piece(from)) bad_input(square_str(from) + " is empty");
  if (owner_at(from) != side_) bad_input(square_str(from) + " holds a " + player_name(side_ ^ 1) + " piece; " + me + " is to move");
  const int rank = rank_at(from);
  if (!movable(rank)) bad_input(std::string("the ") + rank_name(rank) + " at " + square_str(from) + " cannot move (S-09)");
  if (is_lake_square(tc, tr)) bad_input(square_str(to) + " is a lake (S-02)");
  if (is_piece(to) && owner_at(to) == side_) bad_input(square_str(to) + " holds your own piece (S-08)");
  if (fc != tc && fr != tr) bad_input("pieces move in straight lines, not diagonally (S-08)");
  if (from == to) bad_input("a move must change square (S-07)");
  const int dist = std::abs(fc - tc) + std::abs(fr - tr);
  if (dist > 1 && rank != kScout) bad_input("only a Scout moves more than one square (S-10)");
  if (dist > 1) bad_input("the Scout's path from " + square_str(from) + " to " + square_str(to) + " is blocked (S-10)");
  const Run& r = run_[side_];
  if (r.count >= config_.run_limit_of(side_) && from == r.to && to == r.from)
    bad_input("moving between " + square_str(from) + " and " + square_str(to) + " " + std::to_string(r.count + 1) +
              " times in a row is not allowed (" + (config_.run_limit == 3 ? "S-19" : "S-18") + ")");
  bad_input("illegal move " + std::string(text));
}

Info State::info(int player) const { return Info(*this, player); }

std::string State::view_string(int player) const { return Info(*this, player).to_string(); }

std::string State::view_json(int player) const {
  return Info(*this, player).to_json();
}

// Material from `player`'s side, squashed into [-1, 1]. Values follow common Stratego practice: the Marshal and
// General dominate, Miners matter while Bombs stand, the Spy matters while the enemy Marshal lives.
bool State::reveals(const Move& m, int player) const {
  if (m.is_placement()) return false;  // S-05: what is placed is secret
  const std::uint8_t a = board_[m.from], d = board_[m.to];
  const bool mine = side_ == player;
  // The enemy piece of this move: the defender of my attack, or the piece that moves against me.
  const std::uint8_t enemy = mine ? d : a;
  if (!(enemy & kRankMask) || (enemy & kKnown)) return false;
  if (d != 0) return true;  // S-12: a combat shows both ranks
  const int step = m.to > m.from ? m.to - m.from : m.from - m.to;
  return !mine && step != 1 && step != kWidth;  // S-25: a Scout's long move betrays it
}

double State::evaluate(int player) const {
  if (to_place_) return 0;  // half-placed armies: material says nothing yet
  static constexpr double base[kRanks] = {0, 2, 2, 3, 2, 2.5, 3.5, 5, 7, 10, 14, 1.5, 0};
  double score[2] = {0, 0};
  for (int p = 0; p < 2; ++p) {
    const int o = p ^ 1;
    for (int r = 1; r < kRanks; ++r) {
      double v = base[r];
      if (r == kSpy && alive_[o][kMarshal] == 0) v = 0.5;
      if (r == kMiner && alive_[o][kBomb] > 0) v = 4;
      score[p] += v * alive_[p][r];
    }
  }
  return std::tanh((score[player] - score[player ^ 1]) / 15.0);
}

}  // namespace strat::stratego
