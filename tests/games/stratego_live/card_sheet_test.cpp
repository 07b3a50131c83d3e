// L-20: printable card sheets for both colours and every set size, and the `strat live` verb.
#include <gtest/gtest.h>

#include <array>
#include <cstdio>
#include <regex>

#include "core/error.hpp"
#include "games/stratego_live/card_sheet.hpp"
#include "games/stratego_live/cards.hpp"
#include "games/stratego_live/events.hpp"
#include "games/stratego_live/game.hpp"
#include <fstream>

using namespace strat::live;
using strat::BadInput;

namespace {
int count(const std::string& text, const std::string& what) {
  int n = 0;
  for (std::size_t at = text.find(what); at != std::string::npos; at = text.find(what, at + 1)) ++n;
  return n;
}

// Elements open and close in order (a small check that the SVG is well formed, without an XML library).
bool balanced(const std::string& svg) {
  std::vector<std::string> stack;
  std::regex tag(R"(<(/?)([a-zA-Z]+)[^>]*?(/?)>)");
  for (auto it = std::sregex_iterator(svg.begin(), svg.end(), tag); it != std::sregex_iterator(); ++it) {
    const auto& m = *it;
    if (m[3] == "/") continue;  // self-closing
    if (m[1] == "/") {
      if (stack.empty() || stack.back() != m[2]) return false;
      stack.pop_back();
    } else {
      stack.push_back(m[2]);
    }
  }
  return stack.empty();
}

std::pair<int, std::string> run_strat(const std::string& args) {
  std::string cmd = std::string(STRAT_BINARY) + " " + args + " 2>&1";
  FILE* pipe = popen(cmd.c_str(), "r");
  std::string out;
  std::array<char, 4096> buf;
  while (std::size_t n = fread(buf.data(), 1, buf.size(), pipe)) out.append(buf.data(), n);
  const int status = pclose(pipe);
  return {WEXITSTATUS(status), out};
}
}  // namespace

TEST(L20, SheetsHoldExactlyTheSetInTheTeamColourForEverySize) {
  for (int cards : kSetSizes) {
    const CardCounts set = card_set_of_size(cards);
    for (int team : {kRed, kBlue}) {
      const std::string all = card_sheet_svg(cards, team);
      ASSERT_TRUE(balanced(all)) << cards << " " << team;
      EXPECT_EQ(count(all, "class=\"card\""), cards);
      for (int r = kSpy; r <= kBomb; ++r)
        EXPECT_EQ(count(all, "data-rank=\"" + rank_code(r) + "\""), set[r]) << cards << " cards, rank " << r;
      EXPECT_NE(all.find(team == kRed ? "#b3261e" : "#1d4f91"), std::string::npos);
      EXPECT_EQ(all.find(team == kRed ? "#1d4f91" : "#b3261e"), std::string::npos);
      // Page by page: nine cards a page, the last one holding the rest, together the same set.
      const int pages = card_sheet_pages(cards);
      EXPECT_EQ(pages, (cards + 8) / 9);
      int total = 0;
      for (int p = 1; p <= pages; ++p) {
        const std::string page = card_sheet_svg(cards, team, p);
        ASSERT_TRUE(balanced(page));
        const int n = count(page, "class=\"card\"");
        EXPECT_EQ(n, p < pages ? 9 : cards - 9 * (pages - 1));
        total += n;
      }
      EXPECT_EQ(total, cards);
      const std::string html = card_sheet_html(cards, team);
      EXPECT_EQ(count(html, "<svg "), pages);
      EXPECT_EQ(count(html, "class=\"card\""), cards);
    }
  }
  // The special ranks carry their power (L-06, L-07, L-10).
  const std::string s = card_sheet_svg(20, kRed);
  for (const char* power : {"Defuses Bombs", "Beats the Marshal", "May take the flag", "Never tags"})
    EXPECT_NE(s.find(power), std::string::npos) << power;
  EXPECT_THROW(card_sheet_svg(25, kRed), BadInput);
  EXPECT_THROW(card_sheet_svg(20, 2), BadInput);
  EXPECT_THROW(card_sheet_svg(20, kRed, 4), BadInput);
}

TEST(L20, CliPrintsSheetsAndRefusesBadArguments) {
  auto [status, out] = run_strat("live cards --players 12 --colour red");
  EXPECT_EQ(status, 0);
  EXPECT_EQ(count(out, "class=\"card\""), 30);
  EXPECT_EQ(out.rfind("<?xml", 0), 0u);
  std::tie(status, out) = run_strat("live cards --cards 60 --colour blue --page 7");
  EXPECT_EQ(status, 0);
  EXPECT_EQ(count(out, "class=\"card\""), 6);
  std::tie(status, out) = run_strat("live cards --cards 40 --colour blue --json");
  EXPECT_EQ(status, 0);
  EXPECT_EQ(nlohmann::json::parse(out)["pages"].size(), 5u);
  std::tie(status, out) = run_strat("live sets");
  EXPECT_EQ(status, 0);
  EXPECT_NE(out.find("25+     60      1  4  5  6  7  7  7  6  8  2  7"), std::string::npos) << out;
  for (const char* bad : {"live cards --players 3", "live cards --cards 21", "live cards --players 8 --colour green",
                          "live cards", "live cards --players 8 --cards 20", "live cards --cards 20 --page 9",
                          "live view /nonexistent.json"}) {
    std::tie(status, out) = run_strat(bad);
    EXPECT_EQ(status, 2) << bad << ": " << out;
    EXPECT_EQ(count(out, "\n"), 1) << bad << ": " << out;
  }
  // `strat games` lists board games only; the live game is not one (see register.cpp).
  std::tie(status, out) = run_strat("games");
  EXPECT_EQ(status, 0);
  EXPECT_EQ(out.find("live"), std::string::npos);
}

TEST(L18, CliChecksAStoredLogAndShowsARolesView) {
  GameSetup setup;
  setup.players_per_team = 4;
  LiveGame g = LiveGame::create(setup, 0);
  g.deal_chosen(kRed, kRed, 1, kMarshal, 1);
  g.deal_chosen(kBlue, kBlue, 1, 9, 2);
  g.duel(kReferee, kBlue, 1, 1, 3);
  const std::string path = testing::TempDir() + "live_log.json";
  std::ofstream(path) << g.to_json().dump();
  auto [status, out] = run_strat("live view " + path + " --role blue --json");
  ASSERT_EQ(status, 0) << out;
  auto v = nlohmann::json::parse(out);
  EXPECT_EQ(v["role"], "blue");
  EXPECT_FALSE(v["teams"][0].contains("stock"));
  EXPECT_EQ(v["teams"][0]["captured"]["total"], 1);
  std::tie(status, out) = run_strat("live view " + path);
  EXPECT_EQ(status, 0);
  EXPECT_NE(out.find("Red wins the duel"), std::string::npos) << out;
  std::ofstream(path) << "[{\"seq\":0}]";
  std::tie(status, out) = run_strat("live view " + path);
  EXPECT_EQ(status, 2) << out;
}
