#include "games/stratego_live/card_sheet.hpp"

#include <fmt/format.h>

#include <string_view>
#include <vector>

#include "core/error.hpp"
#include "games/stratego_live/cards.hpp"
#include "games/stratego_live/events.hpp"

namespace strat::live {

namespace {
// Millimetres: A4 portrait, 3 x 3 cards of 63 x 88 centred.
constexpr double kPageW = 210, kPageH = 297, kCardW = 63, kCardH = 88;
constexpr double kMarginX = (kPageW - 3 * kCardW) / 2, kMarginY = (kPageH - 3 * kCardH) / 2;

struct Palette {
  const char* name;
  const char* main;   // border, band, big number
  const char* light;  // card background tint
};
constexpr Palette kPalettes[2] = {{"Red", "#b3261e", "#fdecea"}, {"Blue", "#1d4f91", "#e8f0fb"}};

// What the special ranks do, printed on their cards so nobody needs the rules sheet in the park.
const char* power(int rank) {
  switch (rank) {
    case kSpy: return "Beats the Marshal, tagging or tagged";
    case kScout: return "May take the flag from the start";
    case kMiner: return "Defuses Bombs";
    case kMarshal: return "Loses only to the Spy";
    case kBomb: return "Never tags. Beats every tagger but the Miner";
    default: return "";
  }
}

// The set in printing order: Marshal down to Spy, then the Bombs.
std::vector<int> deck(int cards) {
  const CardCounts set = card_set_of_size(cards);
  std::vector<int> out;
  for (int r = kMarshal; r >= kSpy; --r)
    for (int i = 0; i < set[r]; ++i) out.push_back(r);
  for (int i = 0; i < set[kBomb]; ++i) out.push_back(kBomb);
  return out;
}

// Greedy word wrap for the power lines (plain SVG text has no wrapping, and foreignObject does not print
// everywhere).
std::vector<std::string> wrap(std::string_view text, std::size_t width) {
  std::vector<std::string> lines;
  std::string cur;
  std::size_t i = 0;
  while (i < text.size()) {
    std::size_t j = text.find(' ', i);
    if (j == std::string_view::npos) j = text.size();
    std::string word(text.substr(i, j - i));
    if (!cur.empty() && cur.size() + 1 + word.size() > width) {
      lines.push_back(cur);
      cur.clear();
    }
    cur += (cur.empty() ? "" : " ") + word;
    i = j + 1;
  }
  if (!cur.empty()) lines.push_back(cur);
  return lines;
}

// A small bomb drawing for the Bomb cards, whose number would mean nothing.
std::string bomb_icon(double cx, double cy, const char* colour) {
  return fmt::format(
      "<circle cx=\"{0:.2f}\" cy=\"{1:.2f}\" r=\"11\" fill=\"{2}\"/>"
      "<rect x=\"{3:.2f}\" y=\"{4:.2f}\" width=\"6\" height=\"5\" fill=\"{2}\"/>"
      "<path d=\"M{5:.2f} {4:.2f} q4 -6 9 -3\" stroke=\"{2}\" stroke-width=\"1.2\" fill=\"none\"/>",
      cx, cy, colour, cx - 3, cy - 14, cx);
}

std::string card_svg(int rank, int index, int total, int cards, const Palette& p, double x, double y) {
  const std::string code = rank == kBomb ? "B" : std::to_string(rank);
  std::string s = fmt::format("<g class=\"card\" data-rank=\"{}\" transform=\"translate({:.2f} {:.2f})\">", code, x, y);
  // Cut line, then the card: tinted body, coloured frame and name band.
  s += fmt::format("<rect width=\"{}\" height=\"{}\" fill=\"none\" stroke=\"#999\" stroke-width=\"0.2\" "
                   "stroke-dasharray=\"1 1\"/>", kCardW, kCardH);
  s += fmt::format("<rect x=\"2\" y=\"2\" width=\"{}\" height=\"{}\" rx=\"3\" fill=\"{}\" stroke=\"{}\" "
                   "stroke-width=\"1.5\"/>", kCardW - 4, kCardH - 4, p.light, p.main);
  s += fmt::format("<rect x=\"2\" y=\"56\" width=\"{}\" height=\"10\" fill=\"{}\"/>", kCardW - 4, p.main);
  // Small indices in both top corners, for a fanned stack in the leader's hand.
  const char* font = "font-family=\"DejaVu Sans, Arial, Helvetica, sans-serif\" font-weight=\"bold\"";
  s += fmt::format("<text x=\"6\" y=\"12\" {} font-size=\"8\" fill=\"{}\">{}</text>", font, p.main, code);
  s += fmt::format("<text x=\"{:.1f}\" y=\"12\" text-anchor=\"end\" {} font-size=\"8\" fill=\"{}\">{}</text>",
                   kCardW - 6, font, p.main, code);
  // The rank, as large as the card allows: read at arm's length in a duel.
  if (rank == kBomb) s += bomb_icon(kCardW / 2, 36, p.main);
  else
    s += fmt::format("<text x=\"{:.1f}\" y=\"50\" text-anchor=\"middle\" {} font-size=\"{}\" fill=\"{}\">{}</text>",
                     kCardW / 2, font, rank == 10 ? 34 : 40, p.main, code);
  // A 6 shown upside down in a duel is a 9: underline both, as on playing cards.
  if (rank == 6 || rank == 9)
    s += fmt::format("<rect x=\"{:.1f}\" y=\"52.5\" width=\"16\" height=\"1.8\" fill=\"{}\"/>", kCardW / 2 - 8, p.main);
  s += fmt::format("<text x=\"{:.1f}\" y=\"63.2\" text-anchor=\"middle\" {} font-size=\"6\" fill=\"#fff\">{}</text>",
                   kCardW / 2, font, rank_name(rank));
  int line = 0;
  for (const auto& text : wrap(power(rank), 34))
    s += fmt::format("<text x=\"{:.1f}\" y=\"{:.1f}\" text-anchor=\"middle\" font-family=\"sans-serif\" "
                     "font-size=\"3.4\" fill=\"#222\">{}</text>", kCardW / 2, 71.5 + 4 * line++, text);
  s += fmt::format("<text x=\"{:.1f}\" y=\"83.5\" text-anchor=\"middle\" font-family=\"sans-serif\" font-size=\"2.4\" "
                   "fill=\"#666\">{} {}/{} · {}-card set ({} players)</text>",
                   kCardW / 2, p.name, index, total, cards, players_range_of_set(cards));
  return s + "</g>";
}

std::string page_body(const std::vector<int>& cards, int set_size, const Palette& p, int page, double top) {
  std::string s;
  const int first = (page - 1) * kCardsPerPage;
  const int last = std::min<int>(first + kCardsPerPage, static_cast<int>(cards.size()));
  for (int i = first; i < last; ++i) {
    const int slot = i - first;
    s += card_svg(cards[i], i + 1, static_cast<int>(cards.size()), set_size, p, kMarginX + (slot % 3) * kCardW,
                  top + kMarginY + (slot / 3) * kCardH);
  }
  s += fmt::format("<text x=\"{:.1f}\" y=\"{:.1f}\" text-anchor=\"middle\" font-family=\"sans-serif\" font-size=\"3\" "
                   "fill=\"#666\">Stratego live · {} cards · page {} of {} · cut along the dotted lines</text>",
                   kPageW / 2, top + kPageH - 6, p.name, page, card_sheet_pages(set_size));
  return s;
}

std::string svg_open(double height_mm) {
  return fmt::format("<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"{0}mm\" height=\"{1}mm\" "
                     "viewBox=\"0 0 {0} {1}\">", kPageW, height_mm);
}

const Palette& palette(int team) {
  if (team != kRed && team != kBlue) bad_input("card sheets come in red or blue");
  return kPalettes[team];
}
}  // namespace

int card_sheet_pages(int cards) {
  card_set_of_size(cards);  // validates
  return (cards + kCardsPerPage - 1) / kCardsPerPage;
}

std::string card_sheet_svg(int cards, int team, int page) {
  const Palette& p = palette(team);
  const int pages = card_sheet_pages(cards);
  if (page < 0 || page > pages)
    bad_input("page " + std::to_string(page) + " of a " + std::to_string(cards) + "-card sheet (pages 1.." +
              std::to_string(pages) + ")");
  const std::vector<int> d = deck(cards);
  std::string s = "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n";
  if (page > 0) return s + svg_open(kPageH) + page_body(d, cards, p, page, 0) + "</svg>\n";
  s += svg_open(kPageH * pages);
  for (int pg = 1; pg <= pages; ++pg) s += page_body(d, cards, p, pg, (pg - 1) * kPageH);
  return s + "</svg>\n";
}

std::string card_sheet_html(int cards, int team) {
  const Palette& p = palette(team);
  const int pages = card_sheet_pages(cards);
  const std::vector<int> d = deck(cards);
  std::string s = fmt::format(
      "<!DOCTYPE html>\n<html><head><meta charset=\"utf-8\"><title>Stratego live: {} cards, {}-card set</title>"
      "<style>@page {{ size: A4; margin: 0 }} body {{ margin: 0 }} svg {{ display: block; "
      "page-break-after: always; break-after: page }}</style></head><body>\n",
      p.name, cards);
  for (int pg = 1; pg <= pages; ++pg) s += svg_open(kPageH) + page_body(d, cards, p, pg, 0) + "</svg>\n";
  return s + "</body></html>\n";
}

}  // namespace strat::live
