#include "cli/arena_resume.hpp"

#include <fstream>
#include <sstream>

#include "cli/outcome_text.hpp"
#include "core/error.hpp"
#include "core/text.hpp"

namespace strat::cli {

std::optional<GameResult> saved_game(const std::filesystem::path& file, const GameSpec& spec, std::uint64_t seed,
                                     const std::string players[2], int first_agent_player) {
  std::error_code ec;
  if (!std::filesystem::exists(file, ec)) return std::nullopt;
  const std::string where = "--resume: " + file.string();
  const std::string again = " (delete it to play that game again)";
  std::ifstream in(file);
  std::stringstream text;
  text << in.rdbuf();
  if (!in) bad_input(where + ": cannot read it");
  GameResult r;
  try {
    r.record = Record::parse(text.str());
  } catch (const BadInput& e) {
    bad_input(where + ": " + e.what() + again);
  }
  const auto expect = [&](const std::string& key, const std::string& want) {
    const std::string has = r.record.header(key);
    if (has != want)
      bad_input(where + " is not this arena's game: its " + key + " is " + strat::quoted(has) + ", this arena's " +
                strat::quoted(want) + " (use another --save folder)");
  };
  expect("Game", spec.to_string());
  expect("Seed", std::to_string(seed));
  auto report = replay(r.record);
  if (!report.error.empty()) bad_input(where + ": " + report.error + again);
  AnyState& end = *report.final_state;
  for (int p = 0; p < 2; ++p) expect(player_header(end, p), players[p]);
  // A game the rules left open ended by a forfeit (a resignation, a broken protocol: match.hpp); the record's result
  // says which, and settling it is what `strat replay` does.
  const bool open = !end.outcome().over();
  if (const auto error = settle_claimed_result(end, r.record.header("Result")); !error.empty())
    bad_input(where + ": " + error + again);
  const Outcome o = end.outcome();
  if (!o.over()) bad_input(where + ": the record's game is not over" + again);
  r.result = r.record.header("Result");
  r.plies = end.ply();
  if (o.status == Status::Win) {
    r.winner_agent = o.winner == first_agent_player ? 0 : 1;
    if (open) r.forfeit_agent = r.winner_agent ^ 1;
  }
  return r;
}

}  // namespace strat::cli
