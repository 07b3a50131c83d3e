#pragma once
// Texts the Room's parts share (room*.cpp): not part of the server's interface.
#include <string>

#include <nlohmann/json.hpp>

#include "core/error.hpp"
#include "core/registry.hpp"
#include "core/text.hpp"

namespace strat::server::room_text {

using nlohmann::json;


// `out` (a JSON object's text) with "view": `view` (JSON text) added, without parsing the view; likewise
// "legal_moves" when given.
inline std::string with_view(std::string out, const std::string& view, const std::string* legal_moves = nullptr) {
  out.pop_back();
  if (legal_moves) {
    out += out.size() > 1 ? ",\"legal_moves\":" : "\"legal_moves\":";
    out += *legal_moves;
  }
  out += out.size() > 1 ? ",\"view\":" : "\"view\":";
  out += view;
  out += '}';
  return out;
}

inline const char* status_name(Status s) { return s == Status::Win ? "win" : s == Status::Draw ? "draw" : "ongoing"; }

inline std::string default_agent(const GameInfo& info) { return info.agents.empty() ? "random" : info.agents.back(); }

inline std::string title_of(const GameSpec& spec) {
  std::string t = spec.info->title.empty() ? spec.info->name : spec.info->title;
  if (!spec.variant.empty() && spec.info->variants.size() > 1) t += " (" + spec.variant + ")";
  return t;
}

inline std::string canonical_spec(const GameSpec& spec) {
  std::string opts = spec.options.to_string();
  return opts.empty() ? spec.info->name : spec.info->name + ":" + opts;
}

// A move as a client typed it: short, printable, no surrounding blanks.
inline std::string clean_move(const json& m) {
  if (!m.contains("move") || !m["move"].is_string()) bad_input("a move message needs \"move\": \"<notation>\"");
  std::string text(trim(m["move"].get<std::string>()));
  if (text.empty()) bad_input("empty move");
  if (text.size() > 64) bad_input("move text too long");
  for (unsigned char c : text)
    if (c < 32 || c > 126) bad_input("move text has a non-printable character");
  return text;
}


}  // namespace strat::server::room_text
