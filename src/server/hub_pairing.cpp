// Hub::create_paired: a game for two players known at once (a seek, a pool, a tournament's board).
#include "server/hub.hpp"
#include "server/ratings.hpp"

namespace strat::server {

Hub::Paired Hub::create_paired(const NewGame& request, bool rated, const std::int64_t users[2]) {
  const NewGame& r = request;
  const std::optional<RatingKey> key = rated ? std::optional(rating_key(r, users[0])) : std::nullopt;
  if (key) Ratings::check_seat(RatedGame{"", *key, {users[0], 0}, true}, 1, users[1]);
  std::vector<TokenGrant> grants;
  Paired made;
  made.id = add_room(Room::create(store_, r, grants, now_ms())).id();
  for (const auto& g : grants)
    if (g.acts == 1 || g.acts == 2)
      made.seats[g.acts == 1 ? 0 : 1].push_back(g);
    else if (g.sees == 0 || g.sees == 1)
      made.seats[g.sees].push_back(g);
  if (key) {
    ratings_->add_paired_game(made.id, *key, users[0], users[1]);
    made.rating = nlohmann::json::object();
    add_rating_fields(made.id, made.rating);
  }
  return made;
}

}  // namespace strat::server
