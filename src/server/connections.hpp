#pragma once
// The connections the server holds open, counted per client address and in all, so that no client can take
// every file descriptor (docs/security.md, "Availability"). Used on the I/O thread only.
#include <array>
#include <boost/asio/ip/address.hpp>
#include <map>
#include <memory>
#include <string>

#include "server/http.hpp"

namespace strat::server {

class ConnectionTable : public std::enable_shared_from_this<ConnectionTable> {
 public:
  explicit ConnectionTable(const ConnectionLimits& limits) : total_limit_(limits.resolved_total()), per_address_(limits.per_address) {}

  // A connection's place in the table, given back when it is destroyed.
  class Ticket {
   public:
    Ticket(std::shared_ptr<ConnectionTable> table, std::array<unsigned char, 16> key) : table_(std::move(table)), key_(key) {}
    ~Ticket() { table_->release(key_); }
    Ticket(const Ticket&) = delete;
    Ticket& operator=(const Ticket&) = delete;

   private:
    std::shared_ptr<ConnectionTable> table_;
    std::array<unsigned char, 16> key_;
  };

  // A place for a connection from `address`, or null with the one-line reason in `why`.
  std::unique_ptr<Ticket> admit(const boost::asio::ip::address& address, std::string& why);
  std::size_t open() const { return open_; }
  std::size_t total_limit() const { return total_limit_; }

 private:
  void release(const std::array<unsigned char, 16>& key);

  std::size_t total_limit_, per_address_;
  std::size_t open_ = 0;
  std::map<std::array<unsigned char, 16>, std::size_t> by_address_;
};

}  // namespace strat::server
