#pragma once
// Seeks and quick pairing over the network (docs/server.md, "Seeks and quick pairing"), kept apart from
// http.cpp's board-game routes:
//   GET    /api/seeks               the seeks and pools (Authorization: Bearer PLAYER marks the caller's own)
//   POST   /api/seeks {game, variant?, clock_initial_ms?, clock_increment_ms?, rated?, rating_range?}  -> {id}
//   DELETE /api/seeks/ID            cancel the caller's own seek
//   POST   /api/seeks/ID/accept     -> the caller's seat link (as POST /api/games/ID/join answers)
//   POST   /api/pools/join {pool}, POST /api/pools/leave {pool}
//   WS     /ws/lobby                the live lobby: send {"type":"hello","player":SECRET}
// Every request that changes something carries the player identity's secret in the Authorization header, which a
// page of another site cannot send: no cross-site request can seek, accept or join for a player.
// clang-format off
#include <utility>  // first: Boost 1.74's awaitable.hpp uses std::exchange without including it
// clang-format on
#include <boost/asio/awaitable.hpp>
#include <boost/asio/ip/tcp.hpp>
#include <boost/beast/http.hpp>
#include <cstdint>
#include <nlohmann/json.hpp>
#include <string_view>

namespace strat::server {

class Matchmaking;

using SeekRequest = boost::beast::http::request<boost::beast::http::string_body>;

bool is_seek_route(std::string_view path);
// The answer's status and body; throws BadInput for a refused request. `user`:
// the session's account (0: none).
std::pair<boost::beast::http::status, nlohmann::json> seek_route(Matchmaking& matchmaking, const SeekRequest& req,
                                                                 const nlohmann::json& body, std::int64_t user);

bool is_lobby_ws(std::string_view target);
boost::asio::awaitable<void> run_lobby_ws(boost::asio::ip::tcp::socket socket, Matchmaking& matchmaking,
                                          SeekRequest req);

}  // namespace strat::server
