#pragma once
// A Client that keeps every message the server sends it, for the room and player tests.
#include <string>
#include <vector>

#include <nlohmann/json.hpp>

#include "protocol_log.hpp"
#include "server/room.hpp"

namespace strat::server_test {

struct Recorder : strat::server::Client {
  std::vector<std::string> messages;
  void send(std::string text) override {
    log_protocol("game", text);
    messages.push_back(std::move(text));
  }
  nlohmann::json last() const { return nlohmann::json::parse(messages.back()); }
  // The last message of this type, or null.
  nlohmann::json last_of(const std::string& type) const {
    for (auto it = messages.rbegin(); it != messages.rend(); ++it) {
      nlohmann::json m = nlohmann::json::parse(*it);
      if (m["type"] == type) return m;
    }
    return nullptr;
  }
  std::string all() const {
    std::string out;
    for (const auto& m : messages) out += m + "\n";
    return out;
  }
};

}  // namespace strat::server_test
