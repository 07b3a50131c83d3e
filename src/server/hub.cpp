#include "server/hub.hpp"

#include <boost/asio/post.hpp>
#include <iostream>

#include "core/error.hpp"
#include "core/text.hpp"
#include "server/leases.hpp"
#include "server/ratings.hpp"
#include "server/room_text.hpp"
#include "server/strength_ratings.hpp"
#include "server/strengths.hpp"
#include "server/time_class.hpp"

namespace strat::server {

using nlohmann::json;
namespace asio = boost::asio;

Hub::Hub(asio::io_context& io, Store& store, unsigned agent_threads, bool allow_client_seeds)
    : io_(io), store_(store), pool_(agent_threads ? agent_threads : 1), allow_client_seeds_(allow_client_seeds) {}

Hub::~Hub() {
  *alive_ = false;
  store_.enable_group_commit(nullptr);  // the store may outlive the hub: no flush is scheduled through it now
  store_.on_lost_commit(nullptr);
  pool_.join();
}

void Hub::enable_group_commit() {
  store_.enable_group_commit([this, alive = alive_] {
    asio::post(io_, [this, alive] {
      if (*alive) store_.flush();
    });
  });
  // A group that could not be committed (docs/server.md, "Storage"): its games go back to what the store holds,
  // and what was queued for their clients (which may tell of those moves) is never sent. The server goes on.
  store_.on_lost_commit([this](const std::vector<std::string>& games, const std::string& why) {
    for (const auto& id : games) {
      if (drop_if_lost(id)) continue;  // refused by the fence: another node plays it now
      auto it = rooms_.find(id);
      if (it == rooms_.end()) continue;
      Room& r = *it->second;
      for (Client* c : r.clients()) store_.forget(c);
      r.lost_commit(why, now_ms());
      try {
        pump(r);
      } catch (const std::exception& e) {
        std::cerr << "strat serve: game " << id << ": " << e.what() << "\n";
      }
    }
  });
}

void Hub::restore_all() {
  const auto stopped = store_.last_alive();
  for (const auto& g : store_.games()) {
    try {
      restore_room(g, stopped);
    } catch (const std::exception& e) {
      std::cerr << "strat serve: cannot restore game " << g.id << ": " << e.what() << "\n";
    }
  }
}

Room& Hub::add_room(std::unique_ptr<Room> room) {
  Room& ref = *room;
  ref.set_spawner([this, &ref](const NewGame& r, std::vector<TokenGrant>& grants) {
    Room& made = add_room(Room::create(store_, r, grants, now_ms()));
    for (const auto& g : grants)
      if (is_invite(g.role)) made.set_invite_pending(g.acts == 1 ? 0 : 1, true);
    // A rated game's rematch is rated too, with the same accounts on swapped seats (and the same pair limit).
    if (ratings_)
      if (auto rated = ratings_->game(ref.id()); rated && rated->users[0] != 0 && rated->users[1] != 0)
        ratings_->add_paired_game(made.id(), rated->key, rated->users[1], rated->users[0]);
    // A rematch against the same strength counts for it as the game did (with the account's seat swapped).
    if (strength_ratings_)
      if (auto played = strength_ratings_->game(ref.id())) add_strength_game(made.id(), r, played->user);
    return made.id();
  });
  rooms_[ref.id()] = std::move(room);
  pump(ref);
  return ref;
}

json Hub::catalog() const {
  json games = json::array();
  for (const auto& g : Registry::global().games()) {
    json players = json::array();  // the game's own names of its two sides ("red", "white", ...)
    auto sample = g.new_game(Options{}, 1);
    for (int k = 0; k < 2; ++k) players.push_back(sample->player_name(k));
    games.push_back({{"name", g.name}, {"players", players}, {"title", g.title}, {"summary", g.summary}, {"variants", g.variants},
                     {"agents", g.agents}, {"hidden_information", g.hidden_information()}, {"chance", g.chance},
                     {"setup", static_cast<bool>(g.from_setups && g.random_setup)},
                     {"parameters", parameters_json(g.parameters)}});
    if (g.constants) {  // per variant ("" for a game without variants)
      json constants = json::object();
      for (const std::string& v : g.variants.empty() ? std::vector<std::string>{""} : g.variants)
        constants[v] = g.constants(GameSpec::parse(v.empty() ? g.name : g.name + ":" + v).options);
      games.back()["constants"] = std::move(constants);
    }
  }
  return {{"games", games}};
}

namespace {

// One rating per variant: a game with any other option changed would be rated against another game's.
bool own_rules(const GameSpec& spec) {
  const std::string plain = spec.variant.empty() ? spec.info->name : spec.info->name + ":" + spec.variant;
  return room_text::canonical_spec(GameSpec::parse(plain)) == room_text::canonical_spec(spec);
}

}  // namespace

RatingKey Hub::rating_key(const NewGame& r, std::int64_t user) const {
  if (!ratings_) bad_input("this server keeps no ratings: a game cannot be rated");
  if (r.mode == Mode::Computer || r.mode == Mode::Selfplay) bad_input("a game against the computer is never rated");
  if (r.mode == Mode::Hotseat) bad_input("a hotseat game is never rated: one screen plays both seats");
  const std::string cls = time_class(r.clock_initial_ms, r.clock_increment_ms);
  if (cls.empty()) bad_input("a rated game needs a clock: set clock_initial_ms");
  if (user == 0) bad_input("a rated game's seat needs a logged-in account");
  const GameSpec spec = GameSpec::parse(r.game);
  if (!own_rules(spec))
    bad_input("a rated game is played by its variant's own rules: " + strat::quoted(r.game) + " changes them");
  return {spec.info->name, spec.variant, cls};
}

void Hub::add_strength_game(const std::string& game_id, const NewGame& r, std::int64_t user) {
  if (!strength_ratings_ || user == 0 || r.mode != Mode::Computer) return;
  const std::string cls = time_class(r.clock_initial_ms, r.clock_increment_ms);
  const GameSpec spec = GameSpec::parse(r.game);
  if (cls.empty() || !own_rules(spec)) return;
  const auto strength = strength_of(*spec.info, r.agent.empty() ? room_text::default_agent(*spec.info) : r.agent);
  if (strength) strength_ratings_->add_game(game_id, {spec.info->name, spec.variant, cls}, *strength, user, r.human_seat);
}

void Hub::add_rating_fields(const std::string& game_id, json& answer) {
  const auto rated = ratings_ ? ratings_->game(game_id) : std::nullopt;
  answer["rated"] = rated && rated->counts;
  if (rated && !rated->counts)
    answer["rating_note"] = "not rated: these two accounts have played " + std::to_string(Ratings::kPairLimit) +
                            " rated games in the last 24 hours";
}

json Hub::create(const json& body, std::int64_t user) {
  if (!body.is_object()) bad_input("the request body must be a JSON object");
  NewGame r;
  auto str = [&](const char* key, std::string& out) {
    if (!body.contains(key)) return;
    if (!body[key].is_string()) bad_input(std::string("\"") + key + "\" must be a string");
    out = body[key].get<std::string>();
  };
  auto num = [&](const char* key, std::int64_t& out) {
    if (!body.contains(key) || body[key].is_null()) return;
    if (!body[key].is_number_integer()) bad_input(std::string("\"") + key + "\" must be a whole number");
    out = body[key].get<std::int64_t>();
  };
  str("game", r.game);
  std::string mode(to_string(r.mode));
  str("mode", mode);
  if (auto m = parse_mode(mode)) r.mode = *m;
  else bad_input("unknown mode " + strat::quoted(mode) + " (computer, hotseat, friend, selfplay)");
  str("agent", r.agent);
  std::int64_t seat = 0;
  num("seat", seat);
  num("clock_initial_ms", r.clock_initial_ms);
  num("clock_increment_ms", r.clock_increment_ms);
  r.human_seat = static_cast<int>(seat);
  if (body.contains("seed") && !body["seed"].is_null()) {
    // A client that chose the seed of a dealt game would know the other side's hidden deal (docs/security.md).
    const GameInfo& info = *GameSpec::parse(r.game).info;
    if ((info.hidden_information() || info.chance) && !allow_client_seeds_)
      bad_input(info.name + " deals from the server's own secret seed: \"seed\" cannot be chosen");
    std::int64_t seed = 0;
    num("seed", seed);
    r.seed = static_cast<std::uint64_t>(seed);
  }
  if (body.contains("listed")) r.listed = body["listed"].is_boolean() && body["listed"].get<bool>();
  bool rated = false;
  if (body.contains("rated") && !body["rated"].is_null()) {
    if (!body["rated"].is_boolean()) bad_input("\"rated\" must be true or false");
    rated = body["rated"].get<bool>();
  }
  const std::optional<RatingKey> key = rated ? std::optional(rating_key(r, user)) : std::nullopt;
  std::vector<TokenGrant> grants;
  auto room = Room::create(store_, r, grants, now_ms());
  for (const auto& g : grants)
    if (is_invite(g.role)) room->set_invite_pending(g.acts == 1 ? 0 : 1, true);
  if (key) ratings_->add_game(room->id(), *key, r.human_seat, user);
  add_strength_game(room->id(), r, user);
  std::string id = add_room(std::move(room)).id();
  json tokens = json::array();
  for (const auto& g : grants) tokens.push_back({{"token", g.token}, {"role", to_string(g.role)}, {"acts", g.acts}, {"sees", g.sees}});
  json answer{{"id", id}, {"tokens", tokens}};
  if (key) add_rating_fields(id, answer);
  return answer;
}

json Hub::lobby() {
  // Open games wait for a second player; recent games are the last ones touched, finished or not.
  if (leases_) return stored_lobby();
  std::vector<const Room*> all;
  for (const auto& [id, r] : rooms_) all.push_back(r.get());
  std::sort(all.begin(), all.end(), [](const Room* a, const Room* b) { return a->meta().updated_ms > b->meta().updated_ms; });
  json open = json::array(), recent = json::array();
  for (const Room* r : all) {
    if (r->meta().listed && !r->over()) open.push_back(r->lobby_entry());
    else if (recent.size() < 30) recent.push_back(r->lobby_entry());
  }
  return {{"open", open}, {"recent", recent}};
}

json Hub::take_open_seat(const std::string& game_id, std::int64_t user) {
  Room& r = room(game_id);
  if (r.meta().listed && !r.over()) {
    for (const auto& t : store_.tokens(game_id)) {
      if (t.claimed || t.acts == 0) continue;
      auto grants = claim(r, t, user);
      if (grants.empty()) break;
      json tokens = json::array();
      for (const auto& g : grants) tokens.push_back({{"token", g.token}, {"role", to_string(g.role)}, {"acts", g.acts}, {"sees", g.sees}});
      json answer{{"id", game_id}, {"token", grants.front().token}, {"tokens", tokens}};
      if (ratings_ && ratings_->game(game_id)) add_rating_fields(game_id, answer);
      return answer;
    }
  }
  bad_input("game " + game_id + " has no open seat");
}

std::vector<TokenGrant> Hub::claim(Room& room, const StoredToken& invite, std::int64_t user) {
  int seat = invite.acts == 1 ? 0 : 1;
  const auto rated = ratings_ ? ratings_->game(room.id()) : std::nullopt;
  if (rated) Ratings::check_seat(*rated, seat, user);
  std::vector<StoredToken> fresh{{random_token(), room.id(), invite.acts, invite.sees, true}};
  std::vector<TokenGrant> grants{{fresh[0].token, invite.acts, invite.sees, seat_role(seat)}};
  if (Registry::global().get(GameSpec::parse(room.meta().spec).info->name).hidden_information()) {
    fresh.push_back({random_token(), room.id(), 0, seat, true});
    grants.push_back({fresh[1].token, 0, seat, watch_role(seat)});
  }
  if (!store_.claim_invite(invite.token, fresh)) return {};
  if (rated) ratings_->take_seat(room.id(), seat, user);
  room.unlist();
  room.set_invite_pending(seat, false);
  return grants;
}

Room* Hub::open(const std::string& token, Access& access, std::string& why, std::vector<TokenGrant>* claimed,
               std::int64_t user) {
  auto t = token.size() == 32 ? store_.token(token) : std::nullopt;
  if (!t) {
    why = "unknown or malformed game link";
    return nullptr;
  }
  if (t->sees == kUsedInvite) {
    why = "this invite link was used already: the seat belongs to the browser that opened it first (it can "
          "resume the seat with its own link)";
    return nullptr;
  }
  // Only now, the token known: another node's name is told to its holders alone (Moved).
  Room* room = live_room(t->game_id);
  if (!room) {
    why = "that game could not be loaded";
    return nullptr;
  }
  if (!t->claimed) {
    if (!claimed) {
      why = "this is an invite: open it in a browser to take the seat";
      return nullptr;
    }
    try {
      *claimed = claim(*room, *t, user);
    } catch (const BadInput& e) {
      why = e.what();
      return nullptr;
    }
    if (claimed->empty()) {
      why = "this invite link was used already";
      return nullptr;
    }
    access = {claimed->front().acts, claimed->front().sees};
    return room;
  }
  access = {t->acts, t->sees};
  return room;
}

json Hub::state(const std::string& token) {
  Access a;
  std::string why;
  Room* r = open(token, a, why, nullptr);
  if (!r) bad_input(why);
  return json::parse(r->snapshot(a));
}

json Hub::new_player() {
  std::string player = random_token();
  store_.add_player(player, now_ms());
  return {{"player", player}};
}

// One answer for every identity that is not a known player's, so a guess learns nothing.
void Hub::check_player(const std::string& player) {
  if (player.size() != 32 || !store_.player_exists(player)) bad_input("unknown player");
}

json Hub::add_player_game(const std::string& player, const json& body) {
  check_player(player);
  if (!body.is_object() || !body.contains("token") || !body["token"].is_string()) bad_input("the body needs \"token\"");
  std::string token = body["token"].get<std::string>();
  auto t = token.size() == 32 ? store_.token(token) : std::nullopt;
  // Only a seat's own link: a spectator link or an unopened invite plays no game of this player's.
  if (!t || !t->claimed || t->acts == 0 || !(plays(t->game_id) || (leases_ && store_.game(t->game_id))))
    bad_input("only a seat's link can be added to your games");
  int seat = t->acts == 3 ? 2 : t->acts == 1 ? 0 : 1;
  store_.add_player_game(player, t->game_id, token, seat, now_ms());
  return {{"id", t->game_id}, {"seat", seat}};
}

json Hub::player_games(const std::string& player) {
  check_player(player);
  json games = json::array();
  for (const auto& pg : store_.player_games(player)) {
    if (!plays(pg.game_id) && !leases_) continue;
    std::unique_ptr<Room> copy;
    json e = stored_room(pg.game_id, copy).player_entry(pg.seat);
    e["token"] = pg.token;
    games.push_back(std::move(e));
  }
  return {{"games", games}};
}

json Hub::replay(const std::string& game_id, int ply) {
  std::unique_ptr<Room> copy;
  return stored_room(game_id, copy, true).replay_frame(ply);
}
json Hub::views(const std::string& game_id, const std::string& token, int ply) {
  Access a;
  std::string why;
  Room* r = open(token, a, why, nullptr);
  if (!r) bad_input(why);
  // The same answer for another game's token as for an unknown one: a token says nothing about other games.
  if (r->id() != game_id) bad_input("unknown or malformed game link");
  return r->view_at(a, ply);
}

json Hub::analysis(const std::string& game_id) {
  std::unique_ptr<Room> copy;
  const Room& r = stored_room(game_id, copy, true);
  json a = r.analysis();
  a["moves"] = r.moves_json();               // the analysis page's move list, mistakes marked in it
  a["ending"] = r.lobby_entry()["result"];  // the result, structured: the page says it in words
  return a;
}

std::string Hub::record(const std::string& game_id) {
  std::unique_ptr<Room> copy;
  return stored_room(game_id, copy, true).record_text();
}

void Hub::handle(Room& room, Client* client, const json& message) {
  const std::string id = room.id();
  room.handle(client, message, now_ms());
  if (drop_if_lost(id)) return;  // a write the fence refused: the room is gone
  try {
    pump(room);
  } catch (const std::exception& e) {
    std::cerr << "strat serve: game " << room.id() << ": " << e.what() << "\n";
  }
}

void Hub::rate(Room& room) {
  if ((!ratings_ && !strength_ratings_) || rated_.count(room.id())) return;
  const auto winner = [&] {
    store_.settle();  // the move that ended the game is stored before its result counts
    const Ending e = room.ending();
    return e.status == Status::Win ? e.winner : -1;
  };
  try {
    const auto rated = ratings_ ? ratings_->game(room.id()) : std::nullopt;
    if (rated && rated->counts && rated->users[0] != 0 && rated->users[1] != 0) ratings_->apply(room.id(), winner());
    if (strength_ratings_ && strength_ratings_->game(room.id())) strength_ratings_->apply(room.id(), winner());
    rated_.insert(room.id());
  } catch (const std::exception& e) {
    // Not marked: the next change of the game, or the next start, tries again.
    std::cerr << "strat serve: game " << room.id() << ": rating not applied: " << e.what() << "\n";
  }
}

void Hub::pump(Room& room) {
  if (room.over()) rate(room);
  if (room.over() && !game_over_observers_.empty() && announced_over_.insert(room.id()).second) {
    store_.settle();  // the move that ended the game is stored before an observer records its result
    for (auto& observer : game_over_observers_) observer(room);
  }
  arm_clock(room);
  auto job = room.next_agent_job();
  if (!job) return;
  auto alive = alive_;
  Room* target = &room;
  asio::post(pool_, [this, alive, target, id = room.id(), job = std::move(*job)]() mutable {
    std::string move, failure;
    try {
      move = job.agent->choose(*job.state);
    } catch (const std::exception& e) {
      failure = e.what();
    }
    asio::post(io_, [this, alive, target, id, ply = job.ply, seat = job.seat, move, failure] {
      if (!*alive || !still(id, target)) return;  // the room was dropped: its new owner thinks the turn again
      try {
        if (failure.empty()) target->agent_moved(ply, seat, move, now_ms());
        else {
          std::cerr << "strat serve: agent failed in game " << target->id() << ": " << failure << "\n";
          target->agent_failed(ply, failure);
        }
        if (!drop_if_lost(id)) pump(*target);
      } catch (const std::exception& e) {
        std::cerr << "strat serve: game " << id << ": " << e.what() << "\n";
        drop_if_lost(id);
      }
    });
  });
}

void Hub::arm_heartbeat() {
  if (heartbeat_armed_ || leases_) return;  // with leases, each renewal records that this node is alive
  heartbeat_armed_ = true;
  heartbeat_.expires_after(kHeartbeat);
  auto alive = alive_;
  heartbeat_.async_wait([this, alive](const boost::system::error_code& ec) {
    if (ec || !*alive) return;
    heartbeat_armed_ = false;
    std::int64_t now = now_ms();
    bool running = false;
    for (const auto& [id, r] : rooms_) running = running || r->clock_deadline(now).has_value();
    if (!running) return;  // armed again by the next clock that starts
    try {
      store_.heartbeat(now);
    } catch (const std::exception& e) {
      std::cerr << "strat serve: heartbeat not stored: " << e.what() << "\n";
    }
    arm_heartbeat();
  });
}

void Hub::arm_clock(Room& room) {
  auto left = room.clock_deadline(now_ms());
  if (!left) return;
  arm_heartbeat();
  auto& timer = timers_[room.id()];
  if (!timer) timer = std::make_unique<asio::steady_timer>(io_);
  timer->expires_after(std::chrono::milliseconds(std::max<std::int64_t>(0, *left) + 5));
  auto alive = alive_;
  Room* target = &room;
  timer->async_wait([this, alive, target, id = room.id()](const boost::system::error_code& ec) {
    if (ec || !*alive || !still(id, target)) return;
    try {
      target->check_clock(now_ms());
      if (!drop_if_lost(id)) pump(*target);
    } catch (const std::exception& e) {
      std::cerr << "strat serve: game " << id << ": " << e.what() << "\n";
      drop_if_lost(id);
    }
  });
}

}  // namespace strat::server
