#pragma once
// The tournament routes, /api/tournaments... (docs/server.md, "HTTP API"): list and create, one tournament's page data,
// join, withdraw and computer entrants. Joining, withdrawing and creating act for the request's account (its login
// session cookie).
#include <boost/beast/http/status.hpp>
#include <boost/beast/http/verb.hpp>
#include <cstdint>
#include <functional>
#include <nlohmann/json.hpp>
#include <string>
#include <string_view>

namespace strat::server {

class TournamentRunner;

struct TournamentAnswer {
  boost::beast::http::status status = boost::beast::http::status::ok;
  nlohmann::json body;
};

bool is_tournament_api(std::string_view path);
// Throws BadInput (NotLoggedIn where an account is needed) for a bad request. `body` parses the request's body.
TournamentAnswer tournament_api(TournamentRunner& runner, boost::beast::http::verb method, const std::string& path,
                                const std::function<nlohmann::json()>& body, std::int64_t user);

}  // namespace strat::server
