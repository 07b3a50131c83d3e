#pragma once
// Printable card sheets (L-20) for groups without the boxed cards: A4 pages of nine playing-card-sized cards
// (63 x 88 mm), in a team's colour, with each special rank's power printed on its card.
#include <string>

namespace strat::live {

inline constexpr int kCardsPerPage = 9;

int card_sheet_pages(int cards);  // pages for a set of `cards` (20, 30, 40, 60); throws BadInput
// One A4 page (1-based) of the `cards`-card set of `team` (kRed, kBlue) as a standalone SVG document; page 0
// puts every page in one SVG, stacked top to bottom.
std::string card_sheet_svg(int cards, int team, int page = 0);
// Every page as one HTML document with a page break after each page: print it from any browser.
std::string card_sheet_html(int cards, int team);

}  // namespace strat::live
