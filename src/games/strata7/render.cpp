// The terminal board for `strat play` and the JSON view for the web client (schema in docs/games/strata7.md).
#include <nlohmann/json.hpp>

#include "core/text.hpp"
#include "games/strata7/cells.hpp"
#include "games/strata7/state.hpp"

namespace strat::strata7 {

namespace {
const char* kReset = "\033[0m";
const char* kPieceColor[2] = {"\033[1;97m", "\033[1;31m"};
const char* kObjectiveColor = "\033[33m";
const char* kObstacleColor = "\033[90m";
}  // namespace

// Each cell is five characters: "  .  " empty, " XXX " obstacle, "[2]  " empty objective worth 2, "  W  " a
// piece, " WW  " a stack; on an objective the piece follows the value: "[2]W ", "[2]WW".
std::string State::render(int /*perspective*/, bool color) const {
  const Board& b = board();
  auto paint = [&](const char* code, const std::string& text) { return color ? code + text + kReset : text; };
  auto piece = [&](std::uint8_t v) {
    const int side = owner_of(v);
    const char letter = "WB"[side];
    return paint(kPieceColor[side], is_stack(v) ? std::string(2, letter) : std::string(1, letter));
  };
  std::string out;
  const std::string files = "      a    b    c    d    e    f    g    h    i    j\n";
  out += files;
  for (int row = kRows - 1; row >= 0; --row) {
    char label[8];
    std::snprintf(label, sizeof label, "%3d ", row + 1);
    out += label;
    for (int col = 0; col < kCols; ++col) {
      const int c = cell_of(col, row);
      const std::uint8_t v = at(c);
      switch (b.terrain[c]) {
        case Terrain::Off: out += "     "; break;
        case Terrain::Obstacle: out += paint(kObstacleColor, " XXX "); break;
        case Terrain::Plain:
          if (v == kEmpty) out += "  .  ";
          else out += (is_stack(v) ? " " : "  ") + piece(v) + "  ";
          break;
        case Terrain::Objective:
          out += paint(kObjectiveColor, "[" + std::to_string(b.value[c]) + "]");
          if (v == kEmpty) out += "  ";
          else out += piece(v) + (is_stack(v) ? "" : " ");
          break;
      }
    }
    out += label;
    out += "\n";
    if (row == kRows / 2) out += "     ----------------- border between the camps -----------------\n";
  }
  out += files;
  out += "White " + std::to_string(score_[0]) + " point(s), holds " + std::to_string(prisoners_of(1)) +
         " prisoner(s); Bordeaux " + std::to_string(score_[1]) + " point(s), holds " +
         std::to_string(prisoners_of(0)) + " prisoner(s). First to 7 wins.\n";
  const std::string pending = pending_field();
  if (pending != "-") out += "Pending: " + pending + "\n";
  if (outcome_.over()) {
    out += outcome_.status == Status::Draw ? std::string("Draw (") + outcome_.reason + ")\n"
                                           : std::string(player_name(outcome_.winner)) + " wins (" + outcome_.reason + ")\n";
  } else {
    out += std::string(player_name(to_move_)) + (hand_[to_move_] ? " to place a returned piece (@CELL)\n" : " to move\n");
  }
  return out;
}

std::string State::view_json(int /*player*/) const {
  using nlohmann::json;
  const Board& b = board();
  json cells = json::array();
  for (int i = 0; i < b.cell_count; ++i) {
    const int c = b.cells[static_cast<std::size_t>(i)];
    const std::uint8_t v = at(c);
    json cell{{"cell", cell_name(c)}, {"col", col_of(c)}, {"row", row_of(c)}};
    switch (b.terrain[c]) {
      case Terrain::Obstacle: cell["terrain"] = "obstacle"; break;
      case Terrain::Plain: cell["terrain"] = "plain"; break;
      default:
        cell["terrain"] = "objective";
        cell["value"] = b.value[c];
        cell["camp"] = player_name(b.camp[c]);
        break;
    }
    if (v != kEmpty) {
      cell["piece"] = player_name(owner_of(v));
      cell["count"] = is_stack(v) ? 2 : 1;
      if (is_stack(v)) cell["obligation"] = b.objective(c) ? "step-off" : "separate";
      if (is_stack(v) && !b.objective(c)) cell["origin"] = cell_name(origin_[static_cast<std::size_t>(c)]);
      cell["liberties"] = liberties(c);
    }
    cells.push_back(std::move(cell));
  }
  std::vector<Move> moves;
  legal_moves(moves);
  json legal = json::array();
  for (const Move& m : moves) legal.push_back(move_to_string(m));
  json out{{"game", "strata7"},
           {"position", to_string()},
           {"to_move", player_name(to_move_)},
           {"turn", player_name(turn_)},
           {"score", {{"white", score_[0]}, {"bordeaux", score_[1]}}},
           {"prisoners_held", {{"white", prisoners_of(1)}, {"bordeaux", prisoners_of(0)}}},
           {"placement_pending", {{"white", hand_[0] != 0}, {"bordeaux", hand_[1] != 0}}},
           {"a16_used", {{"white", a16_used(0)}, {"bordeaux", a16_used(1)}}},
           {"quiet_plies", quiet_},
           {"ply", ply_},
           {"cells", std::move(cells)},
           {"legal", std::move(legal)}};
  if (outcome_.over()) {
    out["outcome"] = {{"status", outcome_.status == Status::Draw ? "draw" : "win"}, {"reason", outcome_.reason}};
    if (outcome_.status == Status::Win) out["outcome"]["winner"] = player_name(outcome_.winner);
  } else {
    out["outcome"] = {{"status", "ongoing"}};
  }
  return out.dump();
}

}  // namespace strat::strata7
