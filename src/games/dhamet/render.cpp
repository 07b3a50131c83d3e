// The terminal board (strat play) and the web client's JSON view.
#include <algorithm>
#include <nlohmann/json.hpp>

#include "games/dhamet/state.hpp"

namespace strat::dhamet {

// Points are joined by their lines: '-' along rows, '|' along columns, '/' and '\' for the diagonals that
// run through the open points. Pieces: w W (White man, Sultan), b B (Black); an empty open point is '+', an
// empty closed point '.'.
std::string State::render(int perspective, bool color) const {
  const bool flip = perspective == kBlack;
  auto paint = [&](char c) -> std::string {
    if (!color || c == '.' || c == '+') return std::string(1, c);
    const bool white = c == 'w' || c == 'W';
    return std::string(white ? "\x1b[1;97m" : "\x1b[1;31m") + c + "\x1b[0m";
  };
  std::string out;
  auto files = [&] {
    out += "    ";
    for (int i = 0; i < kSide; ++i) {
      out += static_cast<char>('a' + (flip ? kSide - 1 - i : i));
      if (i + 1 < kSide) out += "   ";
    }
    out += "\n";
  };
  files();
  for (int i = 0; i < kSide; ++i) {
    const int row = flip ? i : kSide - 1 - i;
    out += std::to_string(row + 1) + "   ";
    for (int j = 0; j < kSide; ++j) {
      const int col = flip ? kSide - 1 - j : j;
      const int p = point(col, row);
      char c = b_.at(p);
      if (c == '.' && is_open(p)) c = '+';
      out += paint(c);
      if (j + 1 < kSide) out += "---";
    }
    out += "   " + std::to_string(row + 1) + "\n";
    if (i + 1 == kSide) break;
    // The gap between this row and the next one drawn below it.
    out += "    ";
    for (int j = 0; j < kSide; ++j) {
      out += "|";
      if (j + 1 == kSide) break;
      const int col = flip ? kSide - 1 - j : j;
      // '\\' when this cell's upper-left corner is open (the diagonal leaves from it), '/' otherwise.
      out += is_open(point(col, row)) ? " \\ " : " / ";
    }
    out += "\n";
  }
  files();
  // A finished game shows its result instead of the side to move (also after a resignation, AnyState::end).
  if (outcome_.over()) {
    out += outcome_.status == Status::Draw ? std::string("draw (") + outcome_.reason + ")"
                                           : std::string(player_name(outcome_.winner)) + " wins (" + outcome_.reason + ")";
  } else {
    out += std::string(b_.side == kWhite ? "White" : "Black") + " to move";
    if (b_.huffable) {
      out += "; may huff:";
      for (Bits x = b_.huffable; x;) out += " " + point_name(pop_lsb(x));
    }
  }
  out += "\n";
  return out;
}

std::string State::view_json(int player) const {
  using nlohmann::json;
  json rows = json::array();
  for (int row = kSide - 1; row >= 0; --row) {
    std::string r;
    for (int col = 0; col < kSide; ++col) r += b_.at(point(col, row));
    rows.push_back(r);
  }
  json open = json::array();
  for (int p = 0; p < kPoints; ++p)
    if (is_open(p)) open.push_back(point_name(p));
  std::vector<Move> moves;
  legal_moves(moves);
  std::vector<std::string> names;
  for (const auto& m : moves) names.push_back(move_text(m));
  std::sort(names.begin(), names.end());
  json legal = names;
  json huffable = json::array();
  for (Bits x = b_.huffable; x;) huffable.push_back(point_name(pop_lsb(x)));
  json outcome{{"status", outcome_.status == Status::Ongoing ? "ongoing" : outcome_.status == Status::Draw ? "draw" : "win"},
               {"reason", outcome_.reason}};
  if (outcome_.status == Status::Win) outcome["winner"] = player_name(outcome_.winner);
  json j{{"game", "dhamet"},
         {"position", to_string()},
         {"to_move", player_name(b_.side)},
         {"rows", rows},
         {"open", open},
         {"legal", legal},
         {"huffable", huffable},
         {"ply", ply_},
         {"quiet_plies", quiet_},
         {"variant", rules_.huffing ? "huffing" : "standard"},
         {"outcome", outcome}};
  return j.dump();
}

}  // namespace strat::dhamet
