#include "cli/arena_table.hpp"

#include <algorithm>
#include <cmath>
#include <cstdio>

#include "core/error.hpp"

namespace strat::cli {

namespace {

constexpr double kEloPerNat = 400.0 / 2.302585092994046;  // 400 / ln 10
constexpr double kZ95 = 1.959963984540054;

double score_of(int wins, int draws, int losses) {
  const int games = wins + draws + losses;
  return games ? (wins + 0.5 * draws) / games : 0;
}

// Games and points of i against j (symmetric layout: n[i][j] == n[j][i],
// s[i][j] + s[j][i] == n[i][j]).
struct Matrix {
  int size;
  std::vector<double> n, s;
  explicit Matrix(int k) : size(k), n(k * k), s(k * k) {}
  double& games(int i, int j) { return n[i * size + j]; }
  double& points(int i, int j) { return s[i * size + j]; }
};

// The likelihood has a maximum when the graph "i scored against j" is strongly
// connected.
bool has_maximum(Matrix& m) {
  const int k = m.size;
  std::vector<char> reach(k * k, 0);
  for (int i = 0; i < k; ++i) {
    reach[i * k + i] = 1;
    for (int j = 0; j < k; ++j)
      if (m.points(i, j) > 0) reach[i * k + j] = 1;
  }
  for (int via = 0; via < k; ++via)
    for (int i = 0; i < k; ++i)
      if (reach[i * k + via])
        for (int j = 0; j < k; ++j)
          if (reach[via * k + j]) reach[i * k + j] = 1;
  return std::all_of(reach.begin(), reach.end(), [](char c) { return c != 0; });
}

// Solves a x = b (dense, symmetric positive definite here) by Gaussian
// elimination with partial pivoting.
std::vector<double> solve(std::vector<double> a, std::vector<double> b) {
  const int k = static_cast<int>(b.size());
  for (int c = 0; c < k; ++c) {
    int p = c;
    for (int r = c + 1; r < k; ++r)
      if (std::fabs(a[r * k + c]) > std::fabs(a[p * k + c])) p = r;
    for (int j = 0; j < k; ++j) std::swap(a[c * k + j], a[p * k + j]);
    std::swap(b[c], b[p]);
    for (int r = c + 1; r < k; ++r) {
      const double f = a[r * k + c] / a[c * k + c];
      for (int j = c; j < k; ++j) a[r * k + j] -= f * a[c * k + j];
      b[r] -= f * b[c];
    }
  }
  std::vector<double> x(k);
  for (int r = k - 1; r >= 0; --r) {
    double v = b[r];
    for (int j = r + 1; j < k; ++j) v -= a[r * k + j] * x[j];
    x[r] = v / a[r * k + r];
  }
  return x;
}

// Maximum-likelihood strengths (natural log units, agent 0 at 0) by the MM
// iteration of Hunter (2004), which converges from any start when the maximum
// exists.
std::vector<double> strengths(Matrix& m) {
  const int k = m.size;
  std::vector<double> gamma(k, 1.0), won(k, 0.0);
  for (int i = 0; i < k; ++i)
    for (int j = 0; j < k; ++j) won[i] += m.points(i, j);
  for (int iter = 0; iter < 100000; ++iter) {
    double change = 0;
    for (int i = 0; i < k; ++i) {
      double denominator = 0;
      for (int j = 0; j < k; ++j)
        if (j != i && m.games(i, j) > 0) denominator += m.games(i, j) / (gamma[i] + gamma[j]);
      const double next = denominator > 0 ? won[i] / denominator : gamma[i];
      change = std::max(change, std::fabs(std::log(next / gamma[i])));
      gamma[i] = next;
    }
    const double g0 = gamma[0];
    for (double& g : gamma) g /= g0;
    if (change < 1e-12) break;
  }
  std::vector<double> theta(k);
  for (int i = 0; i < k; ++i) theta[i] = std::log(gamma[i]);
  return theta;
}

// Standard errors of the strengths (agent 0 fixed) from the inverse of the
// Fisher information.
std::vector<double> standard_errors(Matrix& m, const std::vector<double>& theta) {
  const int k = m.size, r = k - 1;
  std::vector<double> info(r * r, 0.0);
  for (int i = 0; i < k; ++i)
    for (int j = 0; j < k; ++j) {
      if (i == j || m.games(i, j) <= 0) continue;
      const double p = 1.0 / (1.0 + std::exp(theta[j] - theta[i]));
      const double w = m.games(i, j) * p * (1 - p);
      if (i > 0) info[(i - 1) * r + (i - 1)] += w;
      if (i > 0 && j > 0) info[(i - 1) * r + (j - 1)] -= w;
    }
  std::vector<double> se(k, 0.0);
  for (int i = 1; i < k; ++i) {
    std::vector<double> unit(r, 0.0);
    unit[i - 1] = 1;
    se[i] = std::sqrt(std::max(0.0, solve(info, unit)[i - 1]));
  }
  return se;
}

}  // namespace

ArenaTable arena_table(const std::vector<std::string>& names, const std::vector<PairTally>& tallies) {
  const int k = static_cast<int>(names.size());
  ArenaTable t;
  t.agents.resize(k);
  for (int i = 0; i < k; ++i) t.agents[i].name = names[i];
  Matrix m(k);
  for (const auto& p : tallies) {
    if (p.a < 0 || p.b < 0 || p.a >= k || p.b >= k || p.a == p.b) bad_input("arena table: a pair names no two agents");
    AgentRow &a = t.agents[p.a], &b = t.agents[p.b];
    a.games += p.games(), b.games += p.games();
    a.wins += p.wins_a, a.draws += p.draws, a.losses += p.wins_b, a.forfeits += p.forfeits_a;
    b.wins += p.wins_b, b.draws += p.draws, b.losses += p.wins_a, b.forfeits += p.forfeits_b;
    a.forfeit_wins += p.forfeits_b, b.forfeit_wins += p.forfeits_a;
    m.games(p.a, p.b) += p.games(), m.games(p.b, p.a) += p.games();
    m.points(p.a, p.b) += p.wins_a + 0.5 * p.draws, m.points(p.b, p.a) += p.wins_b + 0.5 * p.draws;

    PairRow row{p};
    if (p.games() > 0) {
      double n = p.games(), s = p.wins_a + 0.5 * p.draws;
      if (s <= 0 || s >= n) n += 1, s += 0.5;  // one virtual draw, as for the whole table
      const double q = s / n;
      row.score_a = (p.wins_a + 0.5 * p.draws) / p.games();
      row.board_score_a = score_of(p.board_wins_a(), p.draws, p.board_wins_b());
      row.elo = kEloPerNat * std::log(q / (1 - q));
      row.margin = kZ95 * kEloPerNat / std::sqrt(n * q * (1 - q));
    }
    t.pairs.push_back(row);
  }
  for (auto& a : t.agents) {
    a.score = score_of(a.wins, a.draws, a.losses);
    a.board_score = score_of(a.board_wins(), a.draws, a.board_losses());
  }
  if (k < 2) return t;
  if (!has_maximum(m)) {
    t.prior = true;
    for (int i = 0; i < k; ++i)
      for (int j = 0; j < k; ++j)
        if (i != j && m.games(i, j) > 0) m.games(i, j) += 1, m.points(i, j) += 0.5;
  }
  // Agents that played nothing, or a table whose pairs do not connect everyone
  // to the first agent, have no rating relative to it: NaN, shown as "-".
  std::vector<char> linked(k, 0);
  linked[0] = 1;
  for (bool grew = true; grew;) {
    grew = false;
    for (int i = 0; i < k; ++i)
      for (int j = 0; j < k; ++j)
        if (linked[i] && !linked[j] && m.games(i, j) > 0) linked[j] = 1, grew = true;
  }
  if (std::all_of(linked.begin(), linked.end(), [](char c) { return c != 0; }) && has_maximum(m)) {
    const auto theta = strengths(m);
    const auto se = standard_errors(m, theta);
    for (int i = 0; i < k; ++i) {
      t.agents[i].elo = kEloPerNat * theta[i];
      t.agents[i].elo_low = t.agents[i].elo - kZ95 * kEloPerNat * se[i];
      t.agents[i].elo_high = t.agents[i].elo + kZ95 * kEloPerNat * se[i];
    }
  } else {
    for (int i = 1; i < k; ++i) t.agents[i].elo = t.agents[i].elo_low = t.agents[i].elo_high = std::nan("");
  }
  return t;
}

namespace {

std::string fixed(double v, const char* format) {
  if (std::isnan(v)) return "-";
  char buf[48];
  std::snprintf(buf, sizeof buf, format, v);
  return buf;
}

// "30-0-2 93.8%", or "-" when every game was a forfeit.
std::string board_text(int wins, int draws, int losses, double score) {
  if (wins + draws + losses == 0) return "-";
  char buf[64];
  std::snprintf(buf, sizeof buf, "%d-%d-%d %.1f%%", wins, draws, losses, 100 * score);
  return buf;
}

}  // namespace

std::string table_text(const ArenaTable& t) {
  std::size_t width = 5;
  for (const auto& a : t.agents) width = std::max(width, a.name.size());
  std::string out;
  char line[4096];
  std::snprintf(line, sizeof line, "%-*s %6s %5s %5s %5s %7s %8s  %-18s %8s  %s\n", static_cast<int>(width), "agent",
                "games", "wins", "draws", "loss", "score", "Elo", "95% interval", "forfeits", "on the board");
  out += line;
  for (std::size_t i = 0; i < t.agents.size(); ++i) {
    const auto& a = t.agents[i];
    const std::string interval =
        i == 0 ? "(reference)" : "[" + fixed(a.elo_low, "%+.1f") + ", " + fixed(a.elo_high, "%+.1f") + "]";
    std::snprintf(line, sizeof line, "%-*s %6d %5d %5d %5d %6.1f%% %8s  %-18s %8d  %s\n", static_cast<int>(width),
                  a.name.c_str(), a.games, a.wins, a.draws, a.losses, 100 * a.score, fixed(a.elo, "%+.1f").c_str(),
                  interval.c_str(), a.forfeits, board_text(a.board_wins(), a.draws, a.board_losses(), a.board_score).c_str());
    out += line;
  }
  out +=
      "\npairs (wins-draws-losses of the first, its score, its Elo above "
      "the second from this pair alone; on the board: the same without the forfeits)\n";
  std::size_t pair_width = 0;
  for (const auto& p : t.pairs)
    pair_width = std::max(pair_width, t.agents[p.tally.a].name.size() + 4 + t.agents[p.tally.b].name.size());
  for (const auto& p : t.pairs) {
    const std::string who = t.agents[p.tally.a].name + " vs " + t.agents[p.tally.b].name;
    std::snprintf(line, sizeof line, "%-*s %4d-%d-%d %6.1f%% %8s +- %-6.1f  on the board %s\n",
                  static_cast<int>(pair_width), who.c_str(), p.tally.wins_a, p.tally.draws, p.tally.wins_b,
                  100 * p.score_a, fixed(p.elo, "%+.1f").c_str(), p.margin,
                  board_text(p.tally.board_wins_a(), p.tally.draws, p.tally.board_wins_b(), p.board_score_a).c_str());
    out += line;
  }
  if (t.prior)
    out +=
        "\n(an agent scored all or none of the points: every pair got one "
        "virtual draw for the Elo)\n";
  return out;
}

nlohmann::json table_json(const ArenaTable& t) {
  auto number = [](double v) { return std::isnan(v) ? nlohmann::json(nullptr) : nlohmann::json(v); };
  nlohmann::json agents = nlohmann::json::array(), pairs = nlohmann::json::array();
  for (const auto& a : t.agents)
    agents.push_back({{"agent", a.name},
                      {"games", a.games},
                      {"wins", a.wins},
                      {"draws", a.draws},
                      {"losses", a.losses},
                      {"forfeits", a.forfeits},
                      {"forfeit_wins", a.forfeit_wins},
                      {"score", a.score},
                      {"board_wins", a.board_wins()},
                      {"board_draws", a.draws},
                      {"board_losses", a.board_losses()},
                      {"board_score", a.board_wins() + a.draws + a.board_losses() ? nlohmann::json(a.board_score) : nullptr},
                      {"elo", number(a.elo)},
                      {"elo_low", number(a.elo_low)},
                      {"elo_high", number(a.elo_high)}});
  for (const auto& p : t.pairs)
    pairs.push_back({{"a", t.agents[p.tally.a].name},
                     {"b", t.agents[p.tally.b].name},
                     {"games", p.tally.games()},
                     {"wins_a", p.tally.wins_a},
                     {"draws", p.tally.draws},
                     {"wins_b", p.tally.wins_b},
                     {"forfeits_a", p.tally.forfeits_a},
                     {"forfeits_b", p.tally.forfeits_b},
                     {"score_a", p.score_a},
                     {"board_wins_a", p.tally.board_wins_a()},
                     {"board_wins_b", p.tally.board_wins_b()},
                     {"board_score_a", p.tally.board_wins_a() + p.tally.draws + p.tally.board_wins_b()
                                           ? nlohmann::json(p.board_score_a)
                                           : nullptr},
                     {"elo", p.elo},
                     {"elo_margin", p.margin}});
  return {{"agents", agents}, {"pairs", pairs}, {"virtual_draws", t.prior}};
}

}  // namespace strat::cli
