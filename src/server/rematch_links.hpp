#pragma once
// The links of a game's rematch, per player of this game: the player of seat k here plays seat 1-k there (the
// colours are swapped), so a link that follows one seat (its seat, invite or watch link) goes to the player of
// the other seat here; hotseat and all-seeing watch links go to both. A player is only ever sent its own.
#include <string>
#include <vector>

#include <nlohmann/json.hpp>

#include "server/modes.hpp"
#include "server/store.hpp"

namespace strat::server {

struct TokenGrant {
  std::string token;
  int acts = 0;
  int sees = 0;
  Role role = Role::Watch;
};

class RematchLinks {
 public:
  // The links just made for the rematch.
  void assign(const std::vector<TokenGrant>& grants);
  // After a restart, from the rematch's stored tokens (used invites and unclaimed ones are nobody's link).
  void restore(const std::vector<StoredToken>& tokens);
  // The links of the seats in `acts`, each once: {"token": the first that acts, "tokens": [...]}.
  nlohmann::json for_seats(int acts) const;
  void clear();

 private:
  std::vector<TokenGrant> of_[2];
};

}  // namespace strat::server
