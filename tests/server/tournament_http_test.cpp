// The tournament routes over HTTP (docs/server.md, "HTTP API"): one-line refusals with their statuses, and every action
// for the account of the request's own login session only.
#include "server/tournament_runner.hpp"
#include "server/tournaments.hpp"
#include "server_fixture.hpp"

namespace strat::server {
namespace {

using nlohmann::json;
namespace http = boost::beast::http;

class TournamentHttp : public server_test::ServerFixture {
 protected:
  void configure(ServeConfig& config) override {
    tournaments_ = std::make_unique<Tournaments>(db_);
    runner_ = std::make_unique<TournamentRunner>(io_, *hub_, *tournaments_);
    runner_->watch_games();
    config.tournaments = runner_.get();
  }
  // An answer, checked against the protocol's schema (ProtocolSchema) under its route.
  Response call(http::verb verb, const std::string& target, const json& body = nullptr, const std::string& cookie = "",
                const Headers& headers = {}) {
    Response res = send(verb, target, body, cookie, headers);
    server_test::log_protocol(std::string(http::to_string(verb)) + " " + target, res.body());
    return res;
  }
  json body_of(const Response& res) { return json::parse(res.body()); }
  std::unique_ptr<Tournaments> tournaments_;
  std::unique_ptr<TournamentRunner> runner_;
};

TEST_F(TournamentHttp, RoutesRefuseInOneLineAndActOnlyForTheRequestsOwnAccount) {
  const std::string alice = sign_up("alice"), bob = sign_up("bob");
  const json cup{{"kind", "swiss"},
                 {"name", "Evening cup"},
                 {"game", "nim"},
                 {"clock_initial_ms", 180000},
                 {"start_ms", now_ms() + 3'600'000},
                 {"rounds", 3}};
  Response res = call(http::verb::post, "/api/tournaments", cup);
  EXPECT_EQ(res.result(), http::status::unauthorized);
  EXPECT_EQ(error_of(res), "not logged in");
  json bad = cup;
  bad["kind"] = "ladder";
  res = call(http::verb::post, "/api/tournaments", bad, alice);
  EXPECT_EQ(res.result(), http::status::bad_request);
  EXPECT_EQ(error_of(res), "kind must be swiss or arena");
  res = call(http::verb::post, "/api/tournaments", cup, alice);
  ASSERT_EQ(res.result(), http::status::created) << res.body();
  const std::string id = body_of(res)["id"];
  EXPECT_EQ(body_of(call(http::verb::get, "/api/tournaments"))["upcoming"][0]["id"], id);

  res = call(http::verb::get, "/api/tournaments/nope");
  EXPECT_EQ(res.result(), http::status::bad_request);
  EXPECT_EQ(error_of(res), "no tournament 'nope'");
  const std::string join = "/api/tournaments/" + id + "/join";
  res = call(http::verb::post, join);
  EXPECT_EQ(res.result(), http::status::unauthorized);
  // Another site's page cannot join with the browser's cookie: its request acts for no account.
  res = call(http::verb::post, join, nullptr, bob, {{"Origin", "http://evil.example"}});
  EXPECT_EQ(res.result(), http::status::unauthorized);
  EXPECT_EQ(call(http::verb::post, join, nullptr, bob).result(), http::status::ok);
  const json page = body_of(call(http::verb::get, "/api/tournaments/" + id, nullptr, bob));
  EXPECT_EQ(page["me"]["entered"], true);
  ASSERT_EQ(page["entrants"].size(), 1u);
  EXPECT_EQ(page["entrants"][0]["name"],
            "bob");  // the session's account, whatever the body says
  EXPECT_EQ(body_of(call(http::verb::get, "/api/tournaments/" + id, nullptr, alice))["me"]["entered"], false);
  EXPECT_FALSE(body_of(call(http::verb::get, "/api/tournaments/" + id)).contains("me"));
  res = call(http::verb::post, "/api/tournaments/" + id + "/withdraw", nullptr, alice);
  EXPECT_EQ(error_of(res), "you are not in this tournament");
  res = call(http::verb::post, "/api/tournaments/" + id + "/nonsense", nullptr, alice);
  EXPECT_EQ(res.result(), http::status::not_found);
}

}  // namespace
}  // namespace strat::server
