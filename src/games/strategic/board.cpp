#include "games/strategic/board.hpp"

#include <deque>
#include <fstream>
#include <mutex>
#include <sstream>
#include <vector>

#include "core/error.hpp"
#include "core/text.hpp"

namespace strat::strategic {

namespace {
// T-01 as a table: the 48 round cells around the centre, which starts empty.
constexpr std::string_view kStandard =
    "# Strategic, standard board (T-01): 7x7, 48 round cells, centre d4 empty at the start.\n"
    "ooooooo\n"
    "ooooooo\n"
    "ooooooo\n"
    "ooo.ooo\n"
    "ooooooo\n"
    "ooooooo\n"
    "ooooooo\n";
}  // namespace

std::string Board::name(int cell) const { return square_name(col(cell), row(cell)); }

Board Board::parse(std::string_view text, std::string_view where) {
  std::vector<std::string> lines;  // top row first
  int line_no = 0;
  for (auto raw : split(text, '\n')) {
    ++line_no;
    auto line = trim(raw);
    if (line.empty() || line.front() == '#') continue;
    if (line.find_first_not_of("o.-") != std::string_view::npos)
      bad_input(std::string(where) + " line " + std::to_string(line_no) + ": expected only 'o', '.', '-', got " +
                quoted(line));
    if (!lines.empty() && line.size() != lines.front().size())
      bad_input(std::string(where) + " line " + std::to_string(line_no) + ": row has " + std::to_string(line.size()) +
                " cells, the first row has " + std::to_string(lines.front().size()));
    lines.emplace_back(line);
  }
  if (lines.empty()) bad_input(std::string(where) + ": no rows");
  Board b;
  b.rows = static_cast<int>(lines.size());
  b.cols = static_cast<int>(lines.front().size());
  if (b.cols < 2 || b.rows < 2 || b.cols > 16 || b.rows > 9 || b.cols * b.rows > 64)
    bad_input(std::string(where) + ": board must be 2..16 columns by 2..9 rows and at most 64 cells, got " +
              std::to_string(b.cols) + "x" + std::to_string(b.rows));
  for (int r = 0; r < b.rows; ++r) {
    const std::string& line = lines[static_cast<std::size_t>(b.rows - 1 - r)];
    for (int c = 0; c < b.cols; ++c) {
      int cell = b.index(c, r);
      if (line[static_cast<std::size_t>(c)] != '-') b.on |= bit(cell);
      if (line[static_cast<std::size_t>(c)] == 'o') b.round |= bit(cell);
    }
  }
  int round = count(b.round);
  if (round < 4 || round % 2 != 0)
    bad_input(std::string(where) + ": needs an even number (at least 4) of round cells 'o', got " +
              std::to_string(round));
  if (b.round == b.on) bad_input(std::string(where) + ": needs at least one cell '.' left empty at the start");
  b.shift = {b.cols, 1, -b.cols, -1};
  for (auto& n : b.next) n = {-1, -1, -1, -1};
  for (int cell = 0; cell < b.cols * b.rows; ++cell) {
    if (!b.exists(cell)) continue;
    int c = b.col(cell), r = b.row(cell);
    const int dc[4] = {0, 1, 0, -1}, dr[4] = {1, 0, -1, 0};
    for (int d = 0; d < 4; ++d) {
      int nc = c + dc[d], nr = r + dr[d];
      if (nc < 0 || nc >= b.cols || nr < 0 || nr >= b.rows) continue;
      int n = b.index(nc, nr);
      if (!b.exists(n)) continue;
      b.next[static_cast<std::size_t>(cell)][static_cast<std::size_t>(d)] = static_cast<std::int8_t>(n);
      b.can[static_cast<std::size_t>(d)] |= bit(cell);
    }
  }
  b.description = std::string(text);
  return b;
}

const Board& Board::standard() {
  static const Board board = parse(kStandard, "standard board");
  return board;
}

const Board& Board::load_file(const std::string& path) {
  static std::mutex mutex;
  static std::deque<std::pair<std::string, Board>> loaded;
  std::ifstream in(path);
  if (!in) bad_input("cannot read board file " + quoted(path));
  std::stringstream text;
  text << in.rdbuf();
  std::lock_guard lock(mutex);
  for (const auto& [p, b] : loaded)
    if (b.description == text.str()) return b;
  loaded.emplace_back(path, parse(text.str(), "board file " + quoted(path)));
  return loaded.back().second;
}

}  // namespace strat::strategic
