#include "server/rematch_links.hpp"

namespace strat::server {

void RematchLinks::clear() {
  for (auto& links : of_) links.clear();
}

void RematchLinks::assign(const std::vector<TokenGrant>& grants) {
  clear();
  for (const auto& g : grants) {
    if (g.sees == 0 || g.sees == 1) of_[1 - g.sees].push_back(g);
    else
      for (auto& links : of_) links.push_back(g);  // hotseat, or the all-seeing watch link
  }
}

void RematchLinks::restore(const std::vector<StoredToken>& tokens) {
  clear();
  for (const auto& t : tokens) {
    if (!t.claimed || t.sees == kUsedInvite) continue;
    if (t.acts == 3) {
      for (auto& links : of_) links.push_back({t.token, t.acts, t.sees, Role::Hotseat});
    } else if (t.acts == 1 || t.acts == 2) {
      int k = t.acts == 1 ? 0 : 1;
      of_[1 - k].push_back({t.token, t.acts, t.sees, seat_role(k)});
    } else if (t.sees == 0 || t.sees == 1) {
      of_[1 - t.sees].push_back({t.token, t.acts, t.sees, watch_role(t.sees)});
    } else if (t.sees == -1) {
      for (auto& links : of_) links.push_back({t.token, t.acts, t.sees, Role::Watch});
    }
  }
}

nlohmann::json RematchLinks::for_seats(int acts) const {
  nlohmann::json links = nlohmann::json::array();
  nlohmann::json token = nullptr;
  for (int k = 0; k < 2; ++k) {
    if (!(acts & (1 << k))) continue;
    for (const auto& g : of_[k]) {
      bool seen = false;
      for (const auto& l : links) seen = seen || l["token"] == g.token;
      if (seen) continue;
      links.push_back({{"token", g.token}, {"role", to_string(g.role)}, {"acts", g.acts}, {"sees", g.sees}});
      if (token.is_null() && g.acts != 0) token = g.token;
    }
  }
  return {{"token", token}, {"tokens", links}};
}

}  // namespace strat::server
