// The terminal board of `strat play strategic` and the web client's JSON (schema in docs/games/strategic.md).
#include <algorithm>
#include <nlohmann/json.hpp>

#include "games/strategic/state.hpp"

namespace strat::strategic {

std::string State::render(int perspective, bool color) const {
  const Board& b = board();
  const char* tint[2] = {"\033[38;5;208m", "\033[38;5;220m"};
  const char* reset = "\033[0m";
  std::string header = "    ";
  for (int c = 0; c < b.cols; ++c) header += std::string(" ") + static_cast<char>('a' + c) + " ";
  std::string out = header + "\n";
  for (int row = b.rows - 1; row >= 0; --row) {
    std::string line = (row + 1 < 10 ? "  " : " ") + std::to_string(row + 1) + " ";
    for (int c = 0; c < b.cols; ++c) {
      const int cell = b.index(c, row);
      std::string text = " . ";
      int owner = -1;
      if (!b.exists(cell)) text = "   ";
      for (int p = 0; p < 2; ++p) {
        // Guards are single lower-case stones, Officers (two stacked Guards) upper case in brackets.
        if (guards_[p] >> cell & 1) text = std::string(" ") + player_letter(p) + " ", owner = p;
        if (officers_[p] >> cell & 1) text = std::string("[") + static_cast<char>(player_letter(p) - 32) + "]", owner = p;
      }
      line += color && owner >= 0 ? tint[owner] + text + reset : text;
    }
    out += line + " " + std::to_string(row + 1) + "\n";
  }
  out += header + "\n";
  for (int p = 0; p < 2; ++p)
    out += std::string("  ") + player_name(p) + ": " + std::to_string(count(officers_[p])) + " Officers [" +
           static_cast<char>(player_letter(p) - 32) + "], " + std::to_string(count(guards_[p])) + " Guards " +
           player_letter(p) + "\n";
  if (outcome_.over()) {
    out += outcome_.status == Status::Draw ? std::string("  draw (") + outcome_.reason + ")\n"
                                           : std::string("  ") + player_name(outcome_.winner) + " wins (" + outcome_.reason + ")\n";
  } else {
    out += std::string("  ") + player_name(to_move_) + " to move";
    if (in_first_turn()) out += " (first turn: form an Officer, e.g. c3+c4, if two own Guards touch)";
    out += "\n";
  }
  return out;
}

std::string State::view_json(int player) const {
  using nlohmann::json;
  const Board& b = board();
  json pieces = json::array(), holes = json::array();
  for (int cell = 0; cell < b.cols * b.rows; ++cell) {
    if (!b.exists(cell)) {
      holes.push_back(b.name(cell));
      continue;
    }
    for (int p = 0; p < 2; ++p) {
      if (guards_[p] >> cell & 1) pieces.push_back({{"cell", b.name(cell)}, {"player", player_name(p)}, {"kind", "guard"}});
      if (officers_[p] >> cell & 1) pieces.push_back({{"cell", b.name(cell)}, {"player", player_name(p)}, {"kind", "officer"}});
    }
  }
  std::vector<std::string> legal;
  if (!outcome_.over()) {
    std::vector<Move> moves;
    legal_moves(moves);
    for (const auto& m : moves) legal.push_back(move_to_string(m));
    std::sort(legal.begin(), legal.end());
  }
  json j{{"game", "strategic"},
         {"variant", rules_.jump_own ? "jump_own" : "standard"},
         {"cols", b.cols},
         {"rows", b.rows},
         {"position", to_string()},
         {"pieces", pieces},
         {"holes", holes},
         {"to_move", player_name(to_move_)},
         {"ply", ply_},
         {"first_turns", first_turns_},
         {"must_form", in_first_turn() && (b.neighbours(guards_[to_move_]) & guards_[to_move_]) != 0},
         {"plies_without_progress", quiet_plies_},
         {"officers", {{"orange", count(officers_[0])}, {"yellow", count(officers_[1])}}},
         {"guards", {{"orange", count(guards_[0])}, {"yellow", count(guards_[1])}}},
         {"legal", legal},
         {"status", outcome_.status == Status::Ongoing ? "ongoing" : outcome_.status == Status::Draw ? "draw" : "win"},
         {"reason", outcome_.reason}};
  if (outcome_.status == Status::Win) j["winner"] = player_name(outcome_.winner);
  return j.dump();
}

}  // namespace strat::strategic
