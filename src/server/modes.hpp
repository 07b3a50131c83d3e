#pragma once
// What the server's games are made of, as types: a game's mode, who sits in a seat, what a link is for. Each
// has one text form, the protocol's (JSON) and the store's (its columns); parse_* take only those.
#include <optional>
#include <string>
#include <string_view>

namespace strat::server {

enum class Mode { Computer, Hotseat, Friend, Selfplay };
enum class SeatKind { Human, Computer };
// A link handed out: a seat's own, an invite to a seat (exchanged once for the claimer's own), both seats on
// one screen, or watching (everything, or one seat's view).
enum class Role { Seat0, Seat1, Invite0, Invite1, Hotseat, Watch, Watch0, Watch1 };

std::string_view to_string(Mode mode);
std::string_view to_string(SeatKind kind);
std::string_view to_string(Role role);
std::optional<Mode> parse_mode(std::string_view text);
std::optional<SeatKind> parse_seat_kind(std::string_view text);
std::optional<Role> parse_role(std::string_view text);

inline Role seat_role(int seat) { return seat == 0 ? Role::Seat0 : Role::Seat1; }
inline Role invite_role(int seat) { return seat == 0 ? Role::Invite0 : Role::Invite1; }
inline Role watch_role(int seat) { return seat == 0 ? Role::Watch0 : Role::Watch1; }
inline bool is_invite(Role role) { return role == Role::Invite0 || role == Role::Invite1; }

}  // namespace strat::server
