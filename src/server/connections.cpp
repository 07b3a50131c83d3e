#include "server/connections.hpp"

#include <sys/resource.h>

#include <algorithm>

namespace strat::server {

std::size_t ConnectionLimits::resolved_total() const {
  if (total > 0) return total;
  rlimit nofile{};
  if (getrlimit(RLIMIT_NOFILE, &nofile) != 0 || nofile.rlim_cur == RLIM_INFINITY) return 65536;
  const auto soft = static_cast<std::size_t>(nofile.rlim_cur);
  return std::max<std::size_t>(8, soft > 2 * kReservedDescriptors ? soft - kReservedDescriptors : soft / 2);
}

namespace {

// An IPv4 client (also as an IPv4-mapped IPv6 address) is counted by its address; an IPv6 client by its /64
// network, since one host commonly holds a whole /64.
std::array<unsigned char, 16> address_key(const boost::asio::ip::address& address) {
  std::array<unsigned char, 16> key{};
  if (address.is_v6() && !address.to_v6().is_v4_mapped()) {
    const auto bytes = address.to_v6().to_bytes();
    std::copy(bytes.begin(), bytes.begin() + 8, key.begin());
    key[15] = 6;
  } else {
    const auto v4 = address.is_v4() ? address.to_v4() : boost::asio::ip::make_address_v4(boost::asio::ip::v4_mapped, address.to_v6());
    const auto bytes = v4.to_bytes();
    std::copy(bytes.begin(), bytes.end(), key.begin());
    key[15] = 4;
  }
  return key;
}

}  // namespace

std::unique_ptr<ConnectionTable::Ticket> ConnectionTable::admit(const boost::asio::ip::address& address, std::string& why) {
  const auto key = address_key(address);
  std::size_t& mine = by_address_[key];
  if (per_address_ > 0 && mine >= per_address_) {
    why = "too many connections from your address (" + std::to_string(per_address_) + " open): close some and retry";
  } else if (open_ >= total_limit_) {
    why = "the server is at its limit of " + std::to_string(total_limit_) + " connections: retry in a moment";
  } else {
    ++mine;
    ++open_;
    return std::make_unique<Ticket>(shared_from_this(), key);
  }
  if (mine == 0) by_address_.erase(key);
  return nullptr;
}

void ConnectionTable::release(const std::array<unsigned char, 16>& key) {
  --open_;
  auto it = by_address_.find(key);
  if (it != by_address_.end() && --it->second == 0) by_address_.erase(it);
}

}  // namespace strat::server
