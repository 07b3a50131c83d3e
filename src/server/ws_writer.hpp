#pragma once
// The outgoing side of a server WebSocket (game rooms and live games alike). Beast allows one write in flight,
// while rooms broadcast whenever a move lands, so messages wait in a queue written one at a time. The queue is
// bounded: a peer that stops reading is dropped (its client reconnects and resyncs) rather than letting the
// server's memory grow without limit.
#include <boost/asio/steady_timer.hpp>
#include <boost/asio/this_coro.hpp>
#include <boost/asio/use_awaitable.hpp>
#include <boost/beast/core.hpp>
#include <boost/beast/websocket.hpp>
#include <chrono>
#include <deque>
#include <memory>
#include <string>

namespace strat::server {

class WsWriter {
 public:
  using Stream = boost::beast::websocket::stream<boost::beast::tcp_stream>;

  // Each message goes out as one frame: Beast's default (auto_fragment) would cut a message into 4 KB frames,
  // each its own socket write, and a Stratego move message (view and legal moves) is 5 to 9 KB.
  WsWriter(Stream& ws, std::size_t limit) : ws_(ws), limit_(limit) { ws_.auto_fragment(false); }

  // `owner` is the session holding this writer and its stream; it is kept alive until the writes complete.
  void send(std::string text, const std::weak_ptr<void>& owner) {
    if (closed_) return;
    if (queue_.size() > limit_) {
      closed_ = true;
      boost::beast::get_lowest_layer(ws_).close();
      return;
    }
    queue_.push_back(std::move(text));
    if (queue_.size() > 1) return;  // the write in flight goes on with it
    if (auto alive = owner.lock()) write_next(std::move(alive));
    else queue_.clear();  // the session is being torn down: nobody to write for
  }

  void mark_closed() { closed_ = true; }

  // Gives queued messages up to half a second to go out, before the caller closes the socket on purpose.
  boost::asio::awaitable<void> drain() {
    boost::asio::steady_timer t(co_await boost::asio::this_coro::executor);
    for (int i = 0; i < 50 && !queue_.empty(); ++i) {
      t.expires_after(std::chrono::milliseconds(10));
      co_await t.async_wait(boost::asio::use_awaitable);
    }
  }

 private:
  void write_next(std::shared_ptr<void> owner) {
    ws_.text(true);
    ws_.async_write(boost::asio::buffer(queue_.front()),
                    [this, owner = std::move(owner)](boost::beast::error_code ec, std::size_t) mutable {
                      queue_.pop_front();
                      if (ec) {
                        closed_ = true;
                        queue_.clear();
                        return;
                      }
                      if (!queue_.empty()) write_next(std::move(owner));
                    });
  }

  Stream& ws_;
  std::size_t limit_;
  std::deque<std::string> queue_;
  bool closed_ = false;
};

}  // namespace strat::server
