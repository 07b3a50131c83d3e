#include "server/matchmaking.hpp"

#include <iostream>
#include <set>

#include "core/error.hpp"
#include "core/registry.hpp"
#include "core/text.hpp"
#include "server/hub.hpp"
#include "server/new_game.hpp"
#include "server/ratings.hpp"
#include "server/secure_random.hpp"
#include "server/time_class.hpp"

namespace strat::server {

using nlohmann::json;

std::vector<PoolSpec> default_pools() {
  // Short clocks for the short games, longer ones for the games with a setup and many moves.
  const std::vector<std::pair<std::string, std::vector<std::pair<int, int>>>> games = {
      {"dhamet", {{3, 2}, {5, 3}, {10, 5}}},   {"strata7", {{3, 2}, {5, 3}}},
      {"stratego-cards", {{3, 2}, {5, 3}}},    {"strategic", {{5, 3}, {10, 5}}},
      {"stratego:barrage", {{5, 3}, {10, 5}}}, {"stratego:classic", {{10, 5}, {15, 10}}},
  };
  std::vector<PoolSpec> pools;
  for (const auto& [game, clocks] : games)
    for (const auto& [minutes, seconds] : clocks)
      pools.push_back({game + "/" + std::to_string(minutes) + "+" + std::to_string(seconds), game, minutes * 60'000LL,
                       seconds * 1000LL});
  return pools;
}

namespace {

// The game spec a seek names: `game` and, optionally, `variant`; a variant's own rules only.
std::string seek_game(const json& body) {
  auto text = [&](const char* key) -> std::string {
    if (!body.contains(key) || body[key].is_null()) return "";
    if (!body[key].is_string()) bad_input(std::string("\"") + key + "\" must be a string");
    return body[key].get<std::string>();
  };
  const std::string game = text("game"), variant = text("variant");
  if (game.empty()) bad_input("a seek needs \"game\"");
  if (game.find(':') != std::string::npos) bad_input("a seek names its variant in \"variant\", not in \"game\"");
  const GameSpec spec = GameSpec::parse(variant.empty() ? game : game + ":" + variant);
  return spec.variant.empty() ? spec.info->name : spec.info->name + ":" + spec.variant;
}

std::int64_t whole(const json& body, const char* key) {
  if (!body.contains(key) || body[key].is_null()) return 0;
  if (!body[key].is_number_integer()) bad_input(std::string("\"") + key + "\" must be a whole number");
  return body[key].get<std::int64_t>();
}

json game_fields(const std::string& game, std::int64_t initial_ms, std::int64_t increment_ms) {
  const GameSpec spec = GameSpec::parse(game);
  return {{"game", spec.info->name},
          {"variant", spec.variant},
          {"clock_initial_ms", initial_ms},
          {"clock_increment_ms", increment_ms},
          {"class", time_class(initial_ms, increment_ms)}};
}

json nullable(int value) { return value ? json(value) : json(nullptr); }

}  // namespace

Matchmaking::Matchmaking(boost::asio::io_context& io, Hub& hub, Seeks& seeks, std::vector<PoolSpec> pools,
                         Notices* notices)
    : io_(io), hub_(hub), seeks_(seeks), pools_(std::move(pools)), notices_(notices) {
  if (notices_)
    notices_->listen(Notices::kLobby, [this, alive = alive_](std::string_view) {
      if (*alive) push();
    });
}

Matchmaking::~Matchmaking() { *alive_ = false; }

void Matchmaking::start(std::chrono::milliseconds every) {
  every_ = every;
  arm();
}

void Matchmaking::changed(std::string_view what) {
  push();
  if (notices_) notices_->notify(Notices::kLobby, what);
}

void Matchmaking::arm() {
  timer_.expires_after(every_);
  timer_.async_wait([this, alive = alive_](const boost::system::error_code& ec) {
    if (ec || !*alive) return;
    try {
      tick();
    } catch (const std::exception& e) {
      std::cerr << "strat serve: lobby: " << strat::one_line(e.what()) << "\n";
    }
    arm();
  });
}

void Matchmaking::check_player(const std::string& player) { hub_.check_player(player); }

const PoolSpec& Matchmaking::pool_spec(const std::string& id) const {
  for (const auto& p : pools_)
    if (p.id == id) return p;
  bad_input("no pool " + strat::quoted(id));
}

int Matchmaking::rating_for(std::int64_t user, const std::string& game, std::int64_t initial_ms,
                            std::int64_t increment_ms) {
  const std::string cls = time_class(initial_ms, increment_ms);
  if (user == 0 || !hub_.ratings() || cls.empty()) return 1500;
  const GameSpec spec = GameSpec::parse(game);
  return hub_.ratings()->rating_of(user, {spec.info->name, spec.variant, cls});
}

json Matchmaking::create_seek(const json& body, const std::string& player, std::int64_t user) {
  if (!body.is_object()) bad_input("the request body must be a JSON object");
  check_player(player);
  Seek s;
  s.player = player;
  s.user = user;
  s.game = seek_game(body);
  s.clock_initial_ms = whole(body, "clock_initial_ms");
  s.clock_increment_ms = whole(body, "clock_increment_ms");
  if (body.contains("rated") && !body["rated"].is_null()) {
    if (!body["rated"].is_boolean()) bad_input("\"rated\" must be true or false");
    s.rated = body["rated"].get<bool>();
  }
  NewGame r;
  r.game = s.game;
  r.mode = Mode::Friend;
  r.clock_initial_ms = s.clock_initial_ms;
  r.clock_increment_ms = s.clock_increment_ms;
  game_for(r, GameSpec::parse(s.game),
           0);                            // the clock's bounds, as for any game
  if (s.rated) hub_.rating_key(r, user);  // the rated game's own refusals
  s.username = seeks_.username(user);
  s.rating = rating_for(user, s.game, s.clock_initial_ms, s.clock_increment_ms);
  if (const std::int64_t range = whole(body, "rating_range")) {
    if (range < 50 || range > kMaxRange)
      bad_input("\"rating_range\" must be between 50 and " + std::to_string(kMaxRange) + " (or 0 for any rating)");
    s.rating_min = static_cast<int>(s.rating - range);
    s.rating_max = static_cast<int>(s.rating + range);
  }
  const std::string id = seeks_.add(s);
  changed("seeks");
  return {{"id", id}};
}

void Matchmaking::cancel_seek(const std::string& id, const std::string& player) {
  check_player(player);
  seeks_.cancel(id, player);
  changed("seeks");
}

json Matchmaking::make_game(const std::string& game, std::int64_t initial_ms, std::int64_t increment_ms, bool rated,
                            const std::string players[2], const std::int64_t users[2]) {
  // Colours by the server's CSPRNG: neither player chooses, and neither can predict them.
  const int first = static_cast<int>(secure_random_u64() & 1);
  const std::int64_t seat_users[2] = {users[first], users[1 - first]};
  NewGame r;
  r.game = game;
  r.clock_initial_ms = initial_ms;
  r.clock_increment_ms = increment_ms;
  r.mode = Mode::Friend;
  r.both_seats = true;
  const Hub::Paired made = hub_.create_paired(r, rated, seat_users);
  json answers = json::array();
  for (int k = 0; k < 2; ++k) {
    const int seat = k == first ? 0 : 1;
    json tokens = json::array();
    for (const auto& g : made.seats[seat])
      tokens.push_back({{"token", g.token}, {"role", to_string(g.role)}, {"acts", g.acts}, {"sees", g.sees}});
    const std::string token = made.seats[seat].front().token;
    hub_.add_player_game(players[k], {{"token", token}});  // in "your games" too, should the notice be missed
    json answer{{"id", made.id}, {"token", token}, {"tokens", tokens}};
    if (!made.rating.empty()) answer.update(made.rating);
    answers.push_back(std::move(answer));
  }
  return answers;
}

json Matchmaking::accept(const std::string& id, const std::string& player, std::int64_t user) {
  check_player(player);
  const auto seek = seeks_.find(id);
  if (!seek) bad_input("no open seek " + strat::quoted(id) + ": it was taken, cancelled or has expired");
  if (seek->player == player || (user != 0 && seek->user == user)) bad_input("that is your own seek");
  if (seek->rated && user == 0) bad_input("a rated game's seat needs a logged-in account");
  if (seek->rating_min || seek->rating_max) {
    const int rating = rating_for(user, seek->game, seek->clock_initial_ms, seek->clock_increment_ms);
    if (rating < seek->rating_min || rating > seek->rating_max)
      bad_input("your rating " + std::to_string(rating) + " is outside this seek's range " +
                std::to_string(seek->rating_min) + "-" + std::to_string(seek->rating_max));
  }
  if (!seeks_.take(id)) bad_input("no open seek " + strat::quoted(id) + ": another player accepted it first");
  const std::string players[2] = {seek->player, player};
  const std::int64_t users[2] = {seek->user, user};
  json answers = make_game(seek->game, seek->clock_initial_ms, seek->clock_increment_ms, seek->rated, players, users);
  seeks_.add_notice({seek->player, answers[0]["id"], answers[0]["token"]});
  changed("paired");
  return answers[1];
}

json Matchmaking::join_pool(const std::string& pool, const std::string& player, std::int64_t user) {
  check_player(player);
  const PoolSpec& p = pool_spec(pool);
  seeks_.join_pool(p.id, {player, user, rating_for(user, p.game, p.clock_initial_ms, p.clock_increment_ms), now_ms()});
  changed("pools");
  return {{"pool", p.id}, {"rated", user != 0 && hub_.ratings() != nullptr}};
}

void Matchmaking::leave_pool(const std::string& pool, const std::string& player) {
  check_player(player);
  seeks_.leave_pool(pool_spec(pool).id, player);
  changed("pools");
}

bool Matchmaking::pair_pools() {
  bool paired = false;
  for (const auto& p : pools_) {
    const auto entries = seeks_.pool(p.id);
    for (const auto& [i, j] : pair_pool(entries, now_ms())) {
      const PoolEntry &a = entries[i], &b = entries[j];
      if (!seeks_.take_pair(p.id, a.player, b.player)) continue;  // another server paired one of them
      paired = true;
      const std::string players[2] = {a.player, b.player};
      const std::int64_t users[2] = {a.user, b.user};
      try {
        const bool rated = a.user != 0 && b.user != 0 && hub_.ratings();
        json answers = make_game(p.game, p.clock_initial_ms, p.clock_increment_ms, rated, players, users);
        for (int k = 0; k < 2; ++k) {
          seeks_.add_notice({players[k], answers[k]["id"], answers[k]["token"]});
          for (const auto& other : pools_) seeks_.leave_pool(other.id, players[k]);
        }
      } catch (const std::exception& e) {
        std::cerr << "strat serve: pool " << p.id << ": no game made: " << strat::one_line(e.what()) << "\n";
      }
    }
  }
  return paired;
}

json Matchmaking::listing(const std::string& player) {
  return listing_of(seeks_.list(), seeks_.pool_members(), player);
}

json Matchmaking::listing_of(const std::vector<Seek>& open,
                             const std::vector<std::pair<std::string, std::string>>& members,
                             const std::string& player) const {
  json seeks = json::array();
  for (const auto& s : open) {
    json e = game_fields(s.game, s.clock_initial_ms, s.clock_increment_ms);
    e["id"] = s.id;
    e["username"] = s.username.empty() ? json(nullptr) : json(s.username);
    e["rating"] = s.username.empty() ? json(nullptr) : json(s.rating);
    e["rated"] = s.rated;
    e["rating_min"] = nullable(s.rating_min);
    e["rating_max"] = nullable(s.rating_max);
    e["mine"] = !player.empty() && s.player == player;
    seeks.push_back(std::move(e));
  }
  std::map<std::string, int> waiting;
  std::set<std::string> mine;
  for (const auto& [pool, who] : members) {
    ++waiting[pool];
    if (!player.empty() && who == player) mine.insert(pool);
  }
  json pools = json::array();
  for (const auto& p : pools_) {
    json e = game_fields(p.game, p.clock_initial_ms, p.clock_increment_ms);
    e["id"] = p.id;
    e["waiting"] = waiting[p.id];
    e["mine"] = mine.count(p.id) > 0;
    pools.push_back(std::move(e));
  }
  return {{"seeks", seeks}, {"pools", pools}};
}

void Matchmaking::attach(LobbyClient* client, const std::string& player) {
  clients_[client] = {player, ""};
  push();
}

void Matchmaking::detach(LobbyClient* client) { clients_.erase(client); }

void Matchmaking::tick() {
  if (pair_pools()) changed("paired");
  else push();
}

void Matchmaking::push() {
  if (clients_.empty()) return;
  std::set<std::string> connected;
  for (const auto& [c, a] : clients_)
    if (!a.player.empty()) connected.insert(a.player);
  const std::vector<std::string> players(connected.begin(), connected.end());
  seeks_.touch(players);
  const auto notices = seeks_.take_notices(players);
  const auto open = seeks_.list();
  const auto members = seeks_.pool_members();
  std::map<std::string, std::string> views;  // by player: one listing each
  for (auto& [client, a] : clients_) {
    auto it = views.find(a.player);
    if (it == views.end()) {
      json message = listing_of(open, members, a.player);
      message["type"] = "lobby";
      it = views.emplace(a.player, message.dump()).first;
    }
    if (it->second != a.last) {
      a.last = it->second;
      client->send(it->second);
    }
    for (const auto& n : notices)
      if (n.player == a.player) client->send(json{{"type", "paired"}, {"id", n.game_id}, {"token", n.token}}.dump());
  }
}

}  // namespace strat::server
