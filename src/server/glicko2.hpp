#pragma once
// Glicko-2 ratings (Mark Glickman, "Example of the Glicko-2 system", 2013): one player's rating after one rating
// period, from the results of the games of that period. A pure function of its inputs: where ratings are stored
// and when periods end is the caller's business (docs/server.md, "Accounts and ratings").
#include <vector>

namespace strat::server::glicko2 {

struct Rating {
  double rating;
  double deviation;
  double volatility;
};

// Glickman's suggested start, used by most sites. The starting deviation is also the cap: a player unseen for
// years is as uncertain as a new one, never more.
inline constexpr double kStartRating = 1500.0;
inline constexpr double kStartDeviation = 350.0;
inline constexpr double kStartVolatility = 0.06;
// How fast volatility may change: Glickman advises 0.3 to 1.2; 0.5 is his worked example's, and a middle value
// suits a small site whose players' strength is not known to swing.
inline constexpr double kTau = 0.5;
// Lichess's rule: a rating whose deviation is above this is shown as provisional ("1500?").
inline constexpr double kProvisionalDeviation = 110.0;

inline constexpr Rating kStart{kStartRating, kStartDeviation, kStartVolatility};

struct Result {
  double opponent_rating;
  double opponent_deviation;
  double score;  // 1 win, 0.5 draw, 0 loss
};

// The rating after one period with `results` (empty: the player did not play, and only the deviation grows).
Rating update(const Rating& player, const std::vector<Result>& results, double tau = kTau);

inline bool provisional(const Rating& r) { return r.deviation > kProvisionalDeviation; }

}  // namespace strat::server::glicko2
