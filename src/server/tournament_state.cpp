#include "server/tournament_state.hpp"

#include <algorithm>
#include <map>
#include <stdexcept>

namespace strat::server {

using nlohmann::json;

int Tournaments::Loaded::active() const {
  return static_cast<int>(std::count_if(entrants.begin(), entrants.end(), [](const auto& e) { return !e.withdrawn; }));
}

int Tournaments::Loaded::index_of(std::int64_t number) const {
  for (std::size_t i = 0; i < entrants.size(); ++i)
    if (entrants[i].number == number) return static_cast<int>(i);
  throw std::runtime_error("tournament " + id + " has no entrant " + std::to_string(number));
}

SwissInput swiss_input(const Tournaments::Loaded& t) {
  SwissInput in;
  for (const auto& e : t.entrants) in.entrants.push_back({-static_cast<double>(e.number), e.withdrawn});
  std::map<std::int64_t, swiss::Round> rounds;
  for (const auto& g : t.games) {
    swiss::Round& r = rounds[g.round];
    if (g.bye())
      r.bye = t.index_of(g.red);
    else if (!g.pending())
      r.games.push_back({t.index_of(g.red), t.index_of(g.blue), static_cast<int>(g.result)});
  }
  for (auto& [number, r] : rounds) in.rounds.push_back(std::move(r));
  return in;
}

std::vector<ArenaLine> arena_standings(const Tournaments::Loaded& t) {
  // Each player's games in the order they ended.
  std::vector<const TournamentGameRow*> ended;
  for (const auto& g : t.games)
    if (!g.bye() && !g.pending()) ended.push_back(&g);
  std::stable_sort(ended.begin(), ended.end(), [](const auto* a, const auto* b) { return a->ended < b->ended; });
  std::vector<std::vector<arena::Result>> results(t.entrants.size());
  for (const auto* g : ended) {
    const int red_points = static_cast<int>(g->result);
    results[t.index_of(g->red)].push_back(static_cast<arena::Result>(red_points));
    results[t.index_of(g->blue)].push_back(static_cast<arena::Result>(2 - red_points));
  }
  std::vector<ArenaLine> lines;
  for (std::size_t i = 0; i < t.entrants.size(); ++i) {
    ArenaLine line{static_cast<int>(i), arena::score(results[i])};
    for (auto r : results[i])
      ++(r == arena::Result::Win ? line.wins : r == arena::Result::Draw ? line.draws : line.losses);
    lines.push_back(line);
  }
  std::stable_sort(lines.begin(), lines.end(),
                   [](const ArenaLine& a, const ArenaLine& b) { return a.score.points > b.score.points; });
  return lines;
}

namespace {

json entrant_fields(const TournamentEntrant& e) {
  return {{"name", e.name}, {"computer", e.user == 0}, {"withdrawn", e.withdrawn}};
}

}  // namespace

json standings_json(const Tournaments::Loaded& t) {
  json rows = json::array();
  if (t.swiss()) {
    const SwissInput in = swiss_input(t);
    for (const auto& s : swiss::standings(in.entrants, in.rounds)) {
      json row = entrant_fields(t.entrants[s.player]);
      row.update({{"rank", rows.size() + 1},
                  {"points", s.points / 2.0},
                  {"buchholz", s.buchholz / 2.0},
                  {"sonneborn_berger", s.sonneborn_berger / 4.0},
                  {"wins", s.wins},
                  {"draws", s.draws},
                  {"losses", s.losses},
                  {"byes", s.byes}});
      rows.push_back(std::move(row));
    }
    return rows;
  }
  for (const auto& line : arena_standings(t)) {
    json row = entrant_fields(t.entrants[line.player]);
    row.update({{"rank", rows.size() + 1},
                {"points", line.score.points},
                {"on_streak", line.score.on_streak},
                {"wins", line.wins},
                {"draws", line.draws},
                {"losses", line.losses}});
    rows.push_back(std::move(row));
  }
  return rows;
}

}  // namespace strat::server
