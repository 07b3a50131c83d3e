#include "server/swiss.hpp"

#include <algorithm>
#include <cstdlib>
#include <numeric>

#include "core/error.hpp"

namespace strat::server::swiss {

namespace {

struct Record {
  int points = 0, reds = 0, blues = 0, last = 0;  // last: +1 Red, -1 Blue, 0 none yet
  bool had_bye = false;
  std::vector<char> met;
};

std::vector<Record> records(std::size_t n, const std::vector<Round>& played) {
  std::vector<Record> r(n);
  for (auto& x : r) x.met.assign(n, 0);
  for (const Round& round : played) {
    for (const Game& g : round.games) {
      r[g.red].points += g.red_points;
      r[g.blue].points += 2 - g.red_points;
      ++r[g.red].reds;
      ++r[g.blue].blues;
      r[g.red].last = 1;
      r[g.blue].last = -1;
      r[g.red].met[g.blue] = r[g.blue].met[g.red] = 1;
    }
    if (round.bye) {
      r[*round.bye].points += 2;
      r[*round.bye].had_bye = true;
    }
  }
  return r;
}

void check(std::size_t n, const std::vector<Round>& played) {
  for (const Round& round : played) {
    for (const Game& g : round.games)
      if (g.red < 0 || g.blue < 0 || static_cast<std::size_t>(g.red) >= n || static_cast<std::size_t>(g.blue) >= n ||
          g.red == g.blue || g.red_points < 0 || g.red_points > 2)
        bad_input("a Swiss round holds a game that is not between two entrants with a result of 0, 1 or 2 half points");
    if (round.bye && (*round.bye < 0 || static_cast<std::size_t>(*round.bye) >= n))
      bad_input("a Swiss round gives its bye to no entrant");
  }
}

// Finds partners for `order` (ranked best first) by depth-first search: the first unpaired player takes the likeliest
// partner by the Dutch rule that leaves the rest pairable. Steps are bounded: the pairings asked of a server are small.
class Matcher {
 public:
  Matcher(const std::vector<int>& order, const std::vector<Record>& rec) : order_(order), rec_(rec), partner_(rec.size(), -1) {}

  bool solve() {
    int p = -1;
    for (int x : order_)
      if (partner_[x] < 0) {
        p = x;
        break;
      }
    if (p < 0) return true;
    if (++steps_ > 200'000) return false;
    for (int c : candidates(p)) {
      partner_[p] = c;
      partner_[c] = p;
      if (solve()) return true;
      partner_[p] = partner_[c] = -1;
    }
    return false;
  }
  int partner(int x) const { return partner_[x]; }

 private:
  // Same score first, in the group the player mirrored into the other half (1 against n/2 + 1), then the nearest
  // scores below and above, each in ranking order.
  std::vector<int> candidates(int p) const {
    std::vector<int> group, rest;
    for (int x : order_)
      if (partner_[x] < 0 && x != p && !rec_[p].met[x]) (rec_[x].points == rec_[p].points ? group : rest).push_back(x);
    std::vector<int> whole;  // p's score group among the unpaired, p included, in ranking order
    for (int x : order_)
      if (partner_[x] < 0 && rec_[x].points == rec_[p].points) whole.push_back(x);
    const auto at = [&](int x) { return static_cast<int>(std::find(whole.begin(), whole.end(), x) - whole.begin()); };
    const int target = at(p) + static_cast<int>(whole.size()) / 2;
    std::stable_sort(group.begin(), group.end(), [&](int a, int b) { return std::abs(at(a) - target) < std::abs(at(b) - target); });
    std::stable_sort(rest.begin(), rest.end(), [&](int a, int b) {
      return std::abs(rec_[a].points - rec_[p].points) < std::abs(rec_[b].points - rec_[p].points);
    });
    group.insert(group.end(), rest.begin(), rest.end());
    return group;
  }

  const std::vector<int>& order_;
  const std::vector<Record>& rec_;
  std::vector<int> partner_;
  long steps_ = 0;
};

// Red for the player further behind on Reds, then for the one who was Blue last; between two fresh players, the
// higher-ranked alternates by board.
Game coloured(int higher, int lower, const std::vector<Record>& rec, std::size_t board) {
  const auto& h = rec[higher];
  const auto& l = rec[lower];
  const int hb = h.reds - h.blues, lb = l.reds - l.blues;
  bool higher_red;
  if (hb != lb) higher_red = hb < lb;
  else if (h.last != l.last) higher_red = h.last < l.last;
  else if (h.last != 0) higher_red = h.last < 0;
  else higher_red = board % 2 == 0;
  return higher_red ? Game{higher, lower, 0} : Game{lower, higher, 0};
}

}  // namespace

Pairing pair_round(const std::vector<Entrant>& entrants, const std::vector<Round>& played) {
  const std::size_t n = entrants.size();
  check(n, played);
  const auto rec = records(n, played);
  std::vector<int> order;
  for (std::size_t i = 0; i < n; ++i)
    if (!entrants[i].withdrawn) order.push_back(static_cast<int>(i));
  std::stable_sort(order.begin(), order.end(), [&](int a, int b) {
    if (rec[a].points != rec[b].points) return rec[a].points > rec[b].points;
    return entrants[a].seed > entrants[b].seed;
  });
  if (order.size() < 2) bad_input("a Swiss round needs two players at least");
  // The bye: the lowest-ranked player without one whose absence leaves a pairing.
  std::vector<std::optional<int>> byes;
  if (order.size() % 2 == 0) byes.push_back(std::nullopt);
  else
    for (auto it = order.rbegin(); it != order.rend(); ++it)
      if (!rec[*it].had_bye) byes.push_back(*it);
  for (const auto& bye : byes) {
    std::vector<int> rest;
    for (int x : order)
      if (!bye || x != *bye) rest.push_back(x);
    Matcher m(rest, rec);
    if (!m.solve()) continue;
    Pairing out;
    out.bye = bye;
    for (int x : rest) {
      const int y = m.partner(x);
      if (y < 0 || std::find(rest.begin(), rest.end(), y) < std::find(rest.begin(), rest.end(), x)) continue;
      out.games.push_back(coloured(x, y, rec, out.games.size()));
    }
    return out;
  }
  bad_input("no Swiss pairing is left without two players meeting again: the tournament has more rounds than its players allow");
}

std::vector<Standing> standings(const std::vector<Entrant>& entrants, const std::vector<Round>& played) {
  const std::size_t n = entrants.size();
  check(n, played);
  const auto rec = records(n, played);
  std::vector<Standing> out(n);
  for (std::size_t i = 0; i < n; ++i) {
    out[i].player = static_cast<int>(i);
    out[i].points = rec[i].points;
  }
  for (const Round& round : played) {
    for (const Game& g : round.games) {
      const int rp = g.red_points, bp = 2 - g.red_points;
      auto& r = out[g.red];
      auto& b = out[g.blue];
      r.buchholz += rec[g.blue].points;
      b.buchholz += rec[g.red].points;
      // Sonneborn-Berger in quarter points: a win adds twice the opponent's half points, a draw once.
      r.sonneborn_berger += rp * rec[g.blue].points;
      b.sonneborn_berger += bp * rec[g.red].points;
      (rp == 2 ? r.wins : rp == 1 ? r.draws : r.losses) += 1;
      (bp == 2 ? b.wins : bp == 1 ? b.draws : b.losses) += 1;
    }
    if (round.bye) ++out[*round.bye].byes;
  }
  std::stable_sort(out.begin(), out.end(), [&](const Standing& a, const Standing& b) {
    if (a.points != b.points) return a.points > b.points;
    if (a.buchholz != b.buchholz) return a.buchholz > b.buchholz;
    if (a.sonneborn_berger != b.sonneborn_berger) return a.sonneborn_berger > b.sonneborn_berger;
    return entrants[a.player].seed > entrants[b.player].seed;
  });
  return out;
}

}  // namespace strat::server::swiss
