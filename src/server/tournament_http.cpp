#include "server/tournament_http.hpp"

#include "core/error.hpp"
#include "core/text.hpp"
#include "server/hub.hpp"
#include "server/tournament_runner.hpp"

namespace strat::server {

namespace http = boost::beast::http;

namespace {
const std::string kPrefix = "/api/tournaments";
}

bool is_tournament_api(std::string_view path) {
  return path == kPrefix || path.substr(0, kPrefix.size() + 1) == kPrefix + "/";
}

TournamentAnswer tournament_api(TournamentRunner& runner, http::verb method, const std::string& path,
                                const std::function<nlohmann::json()>& body, std::int64_t user) {
  Tournaments& t = runner.tournaments();
  if (path == kPrefix && method == http::verb::get) return {http::status::ok, t.list()};
  if (path == kPrefix && method == http::verb::post)
    return {http::status::created, t.create(body(), user, runner.hub().ratings() != nullptr)};
  const std::string rest = path.size() > kPrefix.size() ? path.substr(kPrefix.size() + 1) : "";
  const auto slash = rest.find('/');
  const std::string id = rest.substr(0, slash), action = slash == std::string::npos ? "" : rest.substr(slash + 1);
  if (action.empty() && method == http::verb::get) return {http::status::ok, t.get(id, user)};
  if (method == http::verb::post) {
    if (action == "join") return {http::status::ok, t.join(id, user)};
    if (action == "withdraw") return {http::status::ok, t.withdraw(id, user)};
    if (action == "computer") return {http::status::ok, t.add_computer(id, user, body())};
  }
  return {http::status::not_found,
          {{"error", "no API route " + std::string(http::to_string(method)) + " " + strat::quoted(path)}}};
}

}  // namespace strat::server
