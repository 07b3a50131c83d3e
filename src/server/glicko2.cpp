#include "server/glicko2.hpp"

#include <algorithm>
#include <cmath>
#include <numbers>

namespace strat::server::glicko2 {

namespace {

// Glicko-2 works on its own scale; 173.7178 is 400 / ln(10), which makes the two scales' expected scores agree.
constexpr double kScale = 173.7178;
constexpr double kEpsilon = 1e-6;  // the convergence of the volatility search (Glickman's step 5)

double g(double phi) { return 1.0 / std::sqrt(1.0 + 3.0 * phi * phi / (std::numbers::pi * std::numbers::pi)); }

double expected(double mu, double mu_j, double phi_j) { return 1.0 / (1.0 + std::exp(-g(phi_j) * (mu - mu_j))); }

// Step 5: the new volatility, the root of f by the Illinois variant of regula falsi.
double new_volatility(double phi, double sigma, double v, double delta, double tau) {
  const double a = std::log(sigma * sigma);
  auto f = [&](double x) {
    const double ex = std::exp(x);
    const double d = phi * phi + v + ex;
    return ex * (delta * delta - phi * phi - v - ex) / (2.0 * d * d) - (x - a) / (tau * tau);
  };
  double lo = a, hi;
  if (delta * delta > phi * phi + v) {
    hi = std::log(delta * delta - phi * phi - v);
  } else {
    int k = 1;
    while (f(a - k * tau) < 0) ++k;
    hi = a - k * tau;
  }
  double f_lo = f(lo), f_hi = f(hi);
  while (std::abs(hi - lo) > kEpsilon) {
    const double c = lo + (lo - hi) * f_lo / (f_hi - f_lo);
    const double f_c = f(c);
    if (f_c * f_hi <= 0) {
      lo = hi;
      f_lo = f_hi;
    } else {
      f_lo /= 2.0;
    }
    hi = c;
    f_hi = f_c;
  }
  return std::exp(lo / 2.0);
}

}  // namespace

Rating update(const Rating& player, const std::vector<Result>& results, double tau) {
  const double mu = (player.rating - kStartRating) / kScale;
  const double phi = player.deviation / kScale;
  const double cap = kStartDeviation / kScale;
  if (results.empty()) {
    const double grown = std::min(std::sqrt(phi * phi + player.volatility * player.volatility), cap);
    return {player.rating, grown * kScale, player.volatility};
  }
  double v_inverse = 0.0, sum = 0.0;
  for (const auto& r : results) {
    const double mu_j = (r.opponent_rating - kStartRating) / kScale;
    const double phi_j = r.opponent_deviation / kScale;
    const double e = expected(mu, mu_j, phi_j);
    v_inverse += g(phi_j) * g(phi_j) * e * (1.0 - e);
    sum += g(phi_j) * (r.score - e);
  }
  const double v = 1.0 / v_inverse;
  const double delta = v * sum;
  const double sigma = new_volatility(phi, player.volatility, v, delta, tau);
  const double phi_star = std::min(std::sqrt(phi * phi + sigma * sigma), cap);
  const double phi_new = std::min(1.0 / std::sqrt(1.0 / (phi_star * phi_star) + 1.0 / v), cap);
  const double mu_new = mu + phi_new * phi_new * sum;
  return {mu_new * kScale + kStartRating, phi_new * kScale, sigma};
}

}  // namespace strat::server::glicko2
