#include "cli/verbs_live.hpp"

#include <CLI/CLI.hpp>
#include <fstream>
#include <nlohmann/json.hpp>
#include <ostream>
#include <sstream>

#include "cli/app.hpp"
#include "core/error.hpp"
#include "games/stratego_live/card_sheet.hpp"
#include "games/stratego_live/cards.hpp"
#include "games/stratego_live/game.hpp"

namespace strat::cli {

using nlohmann::json;

namespace {

struct LiveArgs {
  int players = 0, cards = 0, page = 0;
  std::string colour = "red", log_file, role = "referee";
  bool html = false, json = false;
};

int set_size(const LiveArgs& a) {
  if (a.players && a.cards) bad_input("give --players or --cards, not both");
  if (a.cards) return live::card_set_of_size(a.cards).total();
  if (a.players) return live::card_set_for_players(a.players).total();
  bad_input("give --players N (both teams together) or --cards 20|30|40|60");
}

int run_cards(const LiveArgs& a, std::ostream& out) {
  const int cards = set_size(a);
  const int team = live::parse_team(a.colour);
  if (a.html && a.page) bad_input("--html prints every page; leave out --page");
  if (a.json) {
    json pages = json::array();
    for (int p = 1; p <= live::card_sheet_pages(cards); ++p) pages.push_back(live::card_sheet_svg(cards, team, p));
    out << json{{"cards", cards}, {"colour", live::team_code(team)}, {"pages", pages}}.dump() << "\n";
  } else {
    out << (a.html ? live::card_sheet_html(cards, team) : live::card_sheet_svg(cards, team, a.page));
  }
  return 0;
}

int run_sets(const LiveArgs& a, std::ostream& out) {
  json rows = json::array();
  if (!a.json) out << "players cards   10  9  8  7  6  5  4  3  2  1  B\n";
  for (int cards : live::kSetSizes) {
    const live::CardCounts set = live::card_set_of_size(cards);
    json by_rank = json::object();
    std::string line = live::players_range_of_set(cards);
    line.resize(8, ' ');
    line += std::to_string(cards) + "    ";
    for (int r = live::kMarshal; r >= live::kSpy; --r) {
      by_rank[live::rank_code(r)] = set[r];
      line += (set[r] < 10 ? "  " : " ") + std::to_string(set[r]);
    }
    by_rank["B"] = set[live::kBomb];
    line += "  " + std::to_string(set[live::kBomb]);
    rows.push_back({{"players", live::players_range_of_set(cards)}, {"cards", cards}, {"by_rank", by_rank}});
    if (!a.json) out << line << "\n";
  }
  if (a.json) out << rows.dump() << "\n";
  return 0;
}

int run_view(const LiveArgs& a, std::ostream& out) {
  std::ifstream in(a.log_file);
  if (!in) bad_input("cannot read " + a.log_file);
  std::stringstream text;
  text << in.rdbuf();
  const live::LiveGame g = live::LiveGame::from_json_text(text.str());
  const int role = live::parse_role(a.role);
  if (a.json) {
    out << g.view_json(role) << "\n";
    return 0;
  }
  const auto& s = g.state();
  for (int t = 0; t < 2; ++t) {
    const bool own = role == live::kReferee || role == t;
    out << s.setup.names[t] << ": ";
    if (own) out << "stock " << s.teams[t].stock.total() << ", ";
    out << "captured " << s.teams[t].captured.total() << "/" << s.flag_threshold()
        << (s.flag_allowed(t) ? " (may take the flag)" : "") << ", players out " << s.players_out(t)
        << (s.teams[t].carrier ? ", carrying the flag" : "") << "\n";
  }
  if (s.winner >= 0) out << "winner " << live::team_code(s.winner) << "\n";
  for (std::size_t i = 0; i < g.log().size(); ++i)
    out << "#" << i << (g.results()[i].active ? " " : " (undone) ") << g.describe(static_cast<int>(i), role) << "\n";
  return 0;
}

}  // namespace

void install_live_verb() {
  add_verb_installer([](CLI::App& app, std::ostream& out, std::ostream&) {
    auto a = std::make_shared<LiveArgs>();
    auto* live = app.add_subcommand("live", "The live team game (Stratego Grandeur Nature): card sheets, sets, logs");
    live->require_subcommand(1);

    auto* cards = live->add_subcommand("cards", "Printable card sheet (SVG, A4, 9 cards a page) for one colour (L-20)");
    cards->add_option("--players", a->players, "Players in the game, both teams together (picks the set, L-02)");
    cards->add_option("--cards", a->cards, "Set size instead: 20, 30, 40 or 60");
    cards->add_option("--colour,--color", a->colour, "red or blue");
    cards->add_option("--page", a->page, "Only this A4 page (1-based); default: every page in one tall SVG");
    cards->add_flag("--html", a->html, "Every page in one HTML document with page breaks, to print from a browser");
    cards->add_flag("--json", a->json, "Machine-readable output: one SVG per page");
    cards->callback([a, &out] { run_cards(*a, out); });  // BadInput -> exit 2 in run()

    auto* sets = live->add_subcommand("sets", "Print the card sets per number of players (L-02)");
    sets->add_flag("--json", a->json, "Machine-readable output");
    sets->callback([a, &out] { run_sets(*a, out); });  // BadInput -> exit 2 in run()

    auto* view = live->add_subcommand("view", "Check a stored game log (JSON) and print what a role sees");
    view->add_option("log", a->log_file, "Game log file (JSON array of events)")->required();
    view->add_option("--role", a->role, "referee, red or blue");
    view->add_flag("--json", a->json, "The role's JSON view, as the web client gets it");
    view->callback([a, &out] { run_view(*a, out); });  // BadInput -> exit 2 in run()

  });
}

}  // namespace strat::cli
