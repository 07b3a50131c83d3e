#pragma once
// Every message a server test receives, appended to the file named by STRAT_PROTOCOL_LOG (ctest sets it) as one
// JSON line {"channel", "message"}: the test ProtocolSchema then checks each against the protocol's JSON Schema
// (protocol/, web/tests/validate-protocol.mjs). Channels: "game" (a game's WebSocket, or a client of a Room
// driven directly), "live" (the live game's socket), "GET /api/..." and "POST /api/..." (HTTP answers, query
// left off). Lines are written with one write() on an O_APPEND descriptor, so tests running in parallel do not
// interleave them.
#include <fcntl.h>
#include <unistd.h>

#include <cstdlib>
#include <string>
#include <string_view>

#include <nlohmann/json.hpp>

namespace strat::server_test {

inline void log_protocol(std::string_view channel, std::string_view text) {
  static const char* const file = std::getenv("STRAT_PROTOCOL_LOG");
  if (!file || !*file) return;
  const auto message = nlohmann::json::parse(text, nullptr, false);
  if (message.is_discarded()) return;  // not JSON (a record, a static file): not a protocol message
  std::string line = nlohmann::json{{"channel", channel}, {"message", message}}.dump() + "\n";
  const int fd = ::open(file, O_WRONLY | O_CREAT | O_APPEND | O_CLOEXEC, 0644);
  if (fd < 0) return;
  [[maybe_unused]] const auto written = ::write(fd, line.data(), line.size());
  ::close(fd);
}

}  // namespace strat::server_test
