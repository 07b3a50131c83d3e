#pragma once
// The outgoing side of a server WebSocket (game rooms and live games alike). Beast allows one write in flight,
// while rooms broadcast whenever a move lands, so messages wait in a queue written one at a time. The queue is
// bounded in bytes: a peer that stops reading is disconnected (its client reconnects and resyncs) rather than
// letting the server's memory grow without limit. What was queued is dropped at once; the peer is sent a close
// frame saying why after the message being written, and the socket is closed outright if that does not go out
// within a moment.
#include <boost/asio/redirect_error.hpp>
#include <boost/asio/steady_timer.hpp>
#include <boost/asio/this_coro.hpp>
#include <boost/asio/use_awaitable.hpp>
#include <boost/beast/core.hpp>
#include <boost/beast/websocket.hpp>
#include <chrono>
#include <cstddef>
#include <deque>
#include <memory>
#include <nlohmann/json.hpp>
#include <string>

namespace strat::server {

class WsWriter {
 public:
  using Stream = boost::beast::websocket::stream<boost::beast::tcp_stream>;
  // The close frame's reason (RFC 6455 allows 123 bytes).
  static constexpr const char* kOverflowReason = "too many unread messages: this connection is not reading";
  static constexpr const char* kMovedReason = "this server no longer plays this game";
  // How long the close frame may take to go out after an overflow before the socket is closed outright.
  static constexpr std::chrono::seconds kCloseGrace{5};

  // Each message goes out as one frame: Beast's default (auto_fragment) would cut a message into 4 KB frames,
  // each its own socket write, and a Stratego move message (view and legal moves) is 5 to 9 KB. `limit`: the
  // bytes that may wait (the message being written included); one message of any size may always wait alone.
  WsWriter(Stream& ws, std::size_t limit) : ws_(ws), limit_(limit), grace_(ws.get_executor()) { ws_.auto_fragment(false); }

  // `owner` is the session holding this writer and its stream; it is kept alive until the writes complete.
  // `snapshot`: the message answers a client's request for the whole state (snapshot_waiting).
  void send(std::string text, const std::weak_ptr<void>& owner, bool snapshot = false) {
    if (closed_) return;
    auto alive = owner.lock();
    if (!alive) return;  // the session is being torn down: nobody to write for
    if (!queue_.empty() && queued_ + text.size() > limit_) return overflow(alive);
    queued_ += text.size();
    snapshots_ += snapshot;
    queue_.push_back({std::move(text), snapshot});
    if (queue_.size() == 1) write_next(std::move(alive));  // otherwise the write in flight goes on with it
  }

  // Whether a snapshot sent with `snapshot` has not gone out yet: a repeated request for the state is then
  // answered by that one (with the messages queued after it, it brings the client up to date).
  bool snapshot_waiting() const { return snapshots_ > 0; }

  void mark_closed() { closed_ = true; }

  // Nothing more is queued; once what is queued went out, a close frame with `reason` (and in any case, the socket
  // itself after kCloseGrace).
  void close_after_queue(const std::weak_ptr<void>& owner, const char* reason) {
    auto alive = owner.lock();
    if (closed_ || !alive) return;
    closed_ = true;
    closing_ = reason;
    arm_grace(alive);
    if (queue_.empty()) close_frame(std::move(alive));
  }

  // Gives queued messages up to half a second to go out, before the caller closes the socket on purpose.
  boost::asio::awaitable<void> drain() {
    boost::asio::steady_timer t(co_await boost::asio::this_coro::executor);
    for (int i = 0; i < 50 && !queue_.empty(); ++i) {
      t.expires_after(std::chrono::milliseconds(10));
      co_await t.async_wait(boost::asio::use_awaitable);
    }
  }

  // Answers a socket whose link opens nothing on this server, then closes it: when another node plays the game
  // (`node`), `moved` naming it and 1013 (the client goes there); otherwise an error saying `why` and 1008.
  boost::asio::awaitable<void> refuse(std::weak_ptr<void> owner, std::string node, std::string why) {
    const bool moved = !node.empty();
    send(moved ? nlohmann::json{{"type", "moved"}, {"node", node}}.dump()
               : nlohmann::json{{"type", "error"}, {"request", "join"}, {"message", why}}.dump(),
         owner);
    co_await drain();
    boost::beast::error_code ec;
    co_await ws_.async_close(moved ? boost::beast::websocket::close_code::try_again_later
                                   : boost::beast::websocket::close_code::policy_error,
                             boost::asio::redirect_error(boost::asio::use_awaitable, ec));
  }

 private:
  struct Message {
    std::string text;
    bool snapshot = false;
  };

  void write_next(std::shared_ptr<void> owner) {
    ws_.text(true);
    ws_.async_write(boost::asio::buffer(queue_.front().text),
                    [this, owner = std::move(owner)](boost::beast::error_code ec, std::size_t) mutable {
                      pop_front();
                      if (ec) {
                        closed_ = true;
                        while (!queue_.empty()) pop_front();
                        return;
                      }
                      if (overflowed_ || (closing_ && queue_.empty())) return close_frame(std::move(owner));
                      if (!queue_.empty()) write_next(std::move(owner));
                    });
  }

  // Drops every message not yet being written, then closes: with a close frame once the write in flight is
  // done (write_next's handler), and in any case the socket itself after kCloseGrace. Only called with a write
  // in flight (the front of the queue).
  void overflow(const std::shared_ptr<void>& owner) {
    closed_ = overflowed_ = true;
    closing_ = kOverflowReason;
    while (queue_.size() > 1) {
      queued_ -= queue_.back().text.size();
      snapshots_ -= queue_.back().snapshot;
      queue_.pop_back();
    }
    arm_grace(owner);
  }

  void arm_grace(const std::shared_ptr<void>& owner) {
    grace_.expires_after(kCloseGrace);
    grace_.async_wait([this, owner](boost::beast::error_code ec) {
      if (!ec) boost::beast::get_lowest_layer(ws_).close();
    });
  }

  void pop_front() {
    queued_ -= queue_.front().text.size();
    snapshots_ -= queue_.front().snapshot;
    queue_.pop_front();
  }

  void close_frame(std::shared_ptr<void> owner) {
    const auto code = overflowed_ ? boost::beast::websocket::close_code::policy_error
                                  : boost::beast::websocket::close_code::try_again_later;
    ws_.async_close(boost::beast::websocket::close_reason(code, closing_),
                    [this, owner = std::move(owner)](boost::beast::error_code) {
                      grace_.cancel();
                      boost::beast::get_lowest_layer(ws_).close();
                    });
  }

  Stream& ws_;
  std::size_t limit_;
  std::deque<Message> queue_;
  std::size_t queued_ = 0;     // bytes in queue_
  std::size_t snapshots_ = 0;  // snapshots in queue_
  bool closed_ = false;
  bool overflowed_ = false;
  const char* closing_ = nullptr;  // the close frame's reason, once closing
  boost::asio::steady_timer grace_;
};

}  // namespace strat::server
