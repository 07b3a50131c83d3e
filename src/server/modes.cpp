#include "server/modes.hpp"

#include <array>
#include <utility>

namespace strat::server {
namespace {

constexpr std::array<std::string_view, 4> kModes = {"computer", "hotseat", "friend", "selfplay"};
constexpr std::array<std::string_view, 2> kSeatKinds = {"human", "computer"};
constexpr std::array<std::string_view, 8> kRoles = {"seat0",  "seat1", "invite0", "invite1",
                                                    "hotseat", "watch", "watch0",  "watch1"};

template <class E, std::size_t N>
std::optional<E> parse(const std::array<std::string_view, N>& names, std::string_view text) {
  for (std::size_t i = 0; i < N; ++i)
    if (names[i] == text) return static_cast<E>(i);
  return std::nullopt;
}

}  // namespace

std::string_view to_string(Mode mode) { return kModes[static_cast<std::size_t>(mode)]; }
std::string_view to_string(SeatKind kind) { return kSeatKinds[static_cast<std::size_t>(kind)]; }
std::string_view to_string(Role role) { return kRoles[static_cast<std::size_t>(role)]; }
std::optional<Mode> parse_mode(std::string_view text) { return parse<Mode>(kModes, text); }
std::optional<SeatKind> parse_seat_kind(std::string_view text) { return parse<SeatKind>(kSeatKinds, text); }
std::optional<Role> parse_role(std::string_view text) { return parse<Role>(kRoles, text); }

}  // namespace strat::server
