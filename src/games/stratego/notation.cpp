#include "games/stratego/notation.hpp"

#include "core/error.hpp"
#include "core/text.hpp"

namespace strat::stratego {

namespace {

int parse_sq(std::string_view text, std::string_view what) {
  int col = 0, row = 0;
  if (!parse_square(text, 10, 10, col, row)) bad_input(std::string(what) + ": bad square " + quoted(text));
  return sq(col, row);
}

Run parse_run(std::string_view text, std::string_view what) {
  if (text == "-") return Run{};
  auto colon = text.find(':');
  if (colon == std::string_view::npos) bad_input(std::string(what) + " must be '-' or FROMTO:COUNT like e4e5:3, got " + quoted(text));
  auto squares = text.substr(0, colon);
  // The two squares are written back to back: split before the second letter.
  std::size_t second = 1;
  while (second < squares.size() && !(squares[second] >= 'a' && squares[second] <= 'z')) ++second;
  Run r;
  r.from = static_cast<std::uint8_t>(parse_sq(squares.substr(0, second), what));
  r.to = static_cast<std::uint8_t>(parse_sq(squares.substr(second), what));
  unsigned long long count = 0;
  if (!parse_uint(text.substr(colon + 1), count) || count < 1 || count > 200)
    bad_input(std::string(what) + ": bad series length in " + quoted(text));
  r.count = static_cast<std::uint8_t>(count);
  return r;
}

void parse_flag_list(std::string_view text, std::array<std::uint8_t, kCells>& board, std::uint8_t flag,
                     std::string_view what) {
  if (text == "-") return;
  for (auto item : split(text, ',')) {
    int s = parse_sq(item, what);
    if ((board[s] & kRankMask) == 0 || (board[s] & kWall)) bad_input(std::string(what) + ": no piece at " + std::string(item));
    board[s] |= flag;
  }
}

}  // namespace

CellsText parse_cells(std::string_view text, bool allow_unknown) {
  auto tokens = split_ws(trim(text));
  if (tokens.size() != 2 && tokens.size() != 7)
    bad_input("stratego position: expected 'FIELD SIDE' or 'FIELD SIDE PLY RUN_RED RUN_BLUE KNOWN MOVED', got " +
              std::to_string(tokens.size()) + " field(s)");
  auto field = tokens[0];
  if (field.size() != 100)
    bad_input("stratego position: the field has " + std::to_string(field.size()) + " characters, expected 100");
  CellsText out;
  out.board.fill(kWall);
  for (int i = 0; i < 100; ++i) {
    const int col = i % 10, row = i / 10;
    const int s = sq(col, row);
    const char c = field[i];
    const std::string where = square_str(s);
    if (is_lake_square(col, row)) {
      if (c != '_') bad_input("piece on a lake at " + where + " (expected '_', found " + quoted(std::string(1, c)) + ")");
      continue;
    }
    if (c == '_') bad_input("lake marker '_' at " + where + ", which is not a lake square");
    if (c == 'A') {
      out.board[s] = 0;
      continue;
    }
    if (c == '?' && allow_unknown) {
      out.board[s] = kUnknownRank;
      continue;
    }
    int owner = 0, rank = 0;
    if (!decode_letter(c, owner, rank))
      bad_input("stratego position: unknown letter " + quoted(std::string(1, c)) + " at " + where +
                " (A empty, _ lake, B..M Red, N..Y Blue)");
    out.board[s] = static_cast<std::uint8_t>(rank | (owner ? kBlue : 0));
  }
  auto side = tokens[1];
  if (side != "r" && side != "b") bad_input("stratego position: side to move must be 'r' or 'b', got " + quoted(side));
  out.side = side == "b" ? 1 : 0;
  if (tokens.size() == 7) {
    out.has_extras = true;
    unsigned long long ply = 0;
    if (!parse_uint(tokens[2], ply) || ply > 1'000'000) bad_input("stratego position: bad ply count " + quoted(tokens[2]));
    out.ply = static_cast<int>(ply);
    out.run[0] = parse_run(tokens[3], "red's series");
    out.run[1] = parse_run(tokens[4], "blue's series");
    parse_flag_list(tokens[5], out.board, kKnown, "known pieces");
    parse_flag_list(tokens[6], out.board, kMoved, "moved pieces");
  }
  return out;
}

// Appends without temporaries: the server writes this string into every view it sends (twice per move).
std::string format_cells(const std::array<std::uint8_t, kCells>& board, int side, int ply, const Run run[2]) {
  std::string out, known, moved;
  out.reserve(160);
  known.reserve(128);
  moved.reserve(128);
  auto add_square = [](std::string& list, int s) {
    if (!list.empty()) list += ',';
    list += square_str(s);
  };
  for (int row = 0; row < 10; ++row)
    for (int col = 0; col < 10; ++col) {
      const int s = sq(col, row);
      const std::uint8_t c = board[s];
      if (is_lake_square(col, row)) { out += '_'; continue; }
      if ((c & kRankMask) == 0) { out += 'A'; continue; }
      const int rank = c & kRankMask;
      out += rank == kUnknownRank ? '?' : piece_letter((c & kBlue) ? 1 : 0, rank);
      if (c & kKnown) add_square(known, s);
      if (c & kMoved) add_square(moved, s);
    }
  out += side ? " b" : " r";
  const bool extras = ply > 0 || !known.empty() || !moved.empty() || run[0].count || run[1].count;
  if (!extras) return out;
  auto add_run = [&](const Run& r) {
    out += ' ';
    if (!r.count) {
      out += '-';
      return;
    }
    out += square_str(r.from);
    out += square_str(r.to);
    out += ':';
    out += std::to_string(r.count);
  };
  out += ' ';
  out += std::to_string(ply);
  add_run(run[0]);
  add_run(run[1]);
  out += ' ';
  out += known.empty() ? "-" : known;
  out += ' ';
  out += moved.empty() ? "-" : moved;
  return out;
}

}  // namespace strat::stratego
