#pragma once
// The live team game's HTTP routes and WebSocket endpoint, kept apart from http.cpp's board-game ones:
//   POST /api/live                     create a game -> {"id","tokens":{"referee","red","blue"}}
//   GET  /api/live/state?token=T       the view of T's role
//   GET  /api/live/cards?cards=N&colour=red[&format=html]   printable card sheet (L-20)
//   WS   /ws/live?token=T              live view after every change; send {"type":"command","command":{...}}
#include <utility>  // before Boost.Asio's awaitable.hpp, which uses std::exchange without it

#include <boost/asio/awaitable.hpp>
#include <boost/asio/ip/tcp.hpp>
#include <boost/beast/http.hpp>
#include <string_view>

namespace strat::server {

class LiveHub;

using LiveRequest = boost::beast::http::request<boost::beast::http::string_body>;
using LiveResponse = boost::beast::http::response<boost::beast::http::string_body>;

bool is_live_api(std::string_view target);
LiveResponse live_api(LiveHub& hub, const LiveRequest& req);

bool is_live_ws(std::string_view target);
boost::asio::awaitable<void> run_live_ws(boost::asio::ip::tcp::socket socket, LiveHub& hub, LiveRequest req);

}  // namespace strat::server
