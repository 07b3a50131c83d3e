#include "core/record.hpp"

#include "core/error.hpp"
#include "core/registry.hpp"
#include "core/text.hpp"

namespace strat {

std::string Record::header(const std::string& key) const {
  for (const auto& [k, v] : headers)
    if (k == key) return v;
  return "";
}

void Record::set_header(const std::string& key, const std::string& value) {
  for (auto& [k, v] : headers)
    if (k == key) { v = value; return; }
  headers.emplace_back(key, value);
}

std::string Record::to_text() const {
  std::string out;
  for (const auto& [k, v] : headers) out += "[" + k + " \"" + v + "\"]\n";
  out += "\n";
  for (std::size_t i = 0; i < moves.size(); ++i) {
    out += std::to_string(i + 1) + ". " + moves[i].move;
    // Braced, because a move may contain spaces (the card duel's "place 1=4").
    if (!moves[i].annotation.empty()) out += " {" + moves[i].annotation + "}";
    out += "\n";
  }
  return out;
}

namespace {

// "12. e4-e5", "13. e5xe6 {6x4}", "14. place 1=4", or from before the braces "13. e5xe6 6x4" (old_style).
RecordMove parse_move_line(std::string_view line, std::size_t number, const std::string& where) {
  const std::string usage = "expected a move line like '12. e4-e5' or '13. e5xe6 {6x4}'";
  const auto dot = line.find('.');
  unsigned long long n = 0;
  if (dot == std::string_view::npos || !parse_uint(line.substr(0, dot), n)) bad_input(where + usage);
  if (n != number) bad_input(where + "expected move number " + std::to_string(number));
  auto rest = trim(line.substr(dot + 1));
  RecordMove m;
  const auto open = rest.find('{');
  if (open != std::string_view::npos) {
    const auto close = rest.find('}');
    if (close != rest.size() - 1 || rest.find('{', open + 1) != std::string_view::npos)
      bad_input(where + "the annotation must be one {...} at the end of the line");
    m.annotation = std::string(trim(rest.substr(open + 1, close - open - 1)));
    rest = trim(rest.substr(0, open));
  } else if (rest.find('}') != std::string_view::npos) {
    bad_input(where + "'}' without '{'");
  } else {
    m.old_style = rest.find_first_of(" \t") != std::string_view::npos;
  }
  if (rest.empty()) bad_input(where + usage);
  m.move = std::string(rest);
  return m;
}

}  // namespace

Record Record::parse(std::string_view text) {
  Record r;
  int line_no = 0;
  for (auto raw : split(text, '\n')) {
    ++line_no;
    auto line = trim(raw);
    const std::string where = "record line " + std::to_string(line_no) + ": ";
    if (line.empty() || line[0] == '#') continue;
    if (line[0] == '[') {
      auto space = line.find(' ');
      if (line.back() != ']' || space == std::string_view::npos || line.size() < space + 4 || line[space + 1] != '"' ||
          line[line.size() - 2] != '"')
        bad_input(where + "expected a header like [Key \"value\"]");
      if (!r.moves.empty()) bad_input(where + "headers must come before the moves");
      r.headers.emplace_back(std::string(line.substr(1, space - 1)),
                             std::string(line.substr(space + 2, line.size() - space - 4)));
      continue;
    }
    r.moves.push_back(parse_move_line(line, r.moves.size() + 1, where));
  }
  if (r.header("Game").empty()) bad_input("record: missing [Game \"...\"] header");
  if (r.header("Start").empty()) bad_input("record: missing [Start \"...\"] header");
  return r;
}

std::string annotation_of(const Events& events) {
  std::string out;
  for (const auto& e : events)
    if (e.rfind("reveal ", 0) == 0) {
      auto tokens = split_ws(e);
      if (tokens.size() == 3) out += (out.empty() ? "" : " ") + std::string(tokens[2]);
    }
  return out;
}

namespace {

// Plays one record move. An old-style line ("e5xe6 6x4") is first tried whole, as a move with spaces; when the
// game refuses that, its last word is the annotation. Returns the annotation the record claims.
std::string apply_record_move(AnyState& state, const RecordMove& m, Events& events) {
  if (!m.old_style) {
    events = state.apply(m.move);
    return m.annotation;
  }
  try {
    events = state.apply(m.move);
    return "";
  } catch (const BadInput& whole) {
    const auto last = m.move.find_last_of(" \t");
    try {
      events = state.apply(std::string(trim(std::string_view(m.move).substr(0, last))));
    } catch (const BadInput&) {
      throw whole;  // neither reading is a legal move: report the whole text
    }
    return m.move.substr(last + 1);
  }
}

}  // namespace

ReplayReport replay(const Record& record) {
  ReplayReport report;
  auto spec = GameSpec::parse(record.header("Game"));
  report.final_state = spec.load(record.header("Start"));
  for (const auto& m : record.moves) {
    const std::string where = "move " + std::to_string(report.good_moves + 1) + " " + quoted(m.move) + ": ";
    try {
      Events events;
      const std::string claimed = apply_record_move(*report.final_state, m, events);
      auto annotation = annotation_of(events);
      if (annotation != claimed) {
        report.error = where + "the record says " + (claimed.empty() ? "nothing was revealed" : quoted(claimed)) +
                       " but the move reveals " + (annotation.empty() ? "nothing" : quoted(annotation));
        return report;
      }
    } catch (const BadInput& e) {
      report.error = where + e.what();
      return report;
    }
    ++report.good_moves;
  }
  return report;
}

}  // namespace strat
