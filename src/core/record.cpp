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
    if (!moves[i].annotation.empty()) out += " " + moves[i].annotation;
    out += "\n";
  }
  return out;
}

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
    auto tokens = split_ws(line);
    if (tokens.size() < 2 || tokens.size() > 3 || tokens[0].back() != '.')
      bad_input(where + "expected a move line like '12. e4-e5' or '13. e5xe6 6x4'");
    unsigned long long n = 0;
    if (!parse_uint(tokens[0].substr(0, tokens[0].size() - 1), n) || n != r.moves.size() + 1)
      bad_input(where + "expected move number " + std::to_string(r.moves.size() + 1));
    r.moves.push_back({std::string(tokens[1]), tokens.size() == 3 ? std::string(tokens[2]) : ""});
  }
  if (r.header("Game").empty()) bad_input("record: missing [Game \"...\"] header");
  if (r.header("Start").empty()) bad_input("record: missing [Start \"...\"] header");
  return r;
}

std::string annotation_of(const Events& events) {
  for (const auto& e : events)
    if (e.rfind("reveal ", 0) == 0) {
      auto tokens = split_ws(e);
      if (tokens.size() == 3) return std::string(tokens[2]);
    }
  return "";
}

ReplayReport replay(const Record& record) {
  ReplayReport report;
  auto spec = GameSpec::parse(record.header("Game"));
  report.final_state = spec.load(record.header("Start"));
  for (const auto& m : record.moves) {
    const std::string where = "move " + std::to_string(report.good_moves + 1) + " " + quoted(m.move) + ": ";
    try {
      auto events = report.final_state->apply(m.move);
      auto annotation = annotation_of(events);
      if (annotation != m.annotation) {
        report.error = where + "the record says " + (m.annotation.empty() ? "nothing was revealed" : quoted(m.annotation)) +
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
