#pragma once
// Accounts (docs/server.md, "Accounts and ratings"): a username and an argon2id password hash per user, and the
// user's sessions, each stored as a digest of its token, never the token. A login or sign-up hands out a new
// random token; logging out deletes its row, so a replayed cookie finds nothing. Failed logins are throttled per
// account name and per client address (LoginThrottle), with a refusal that never says whether the name exists;
// the failures are rows of the database, so every server sharing it counts them together.
//
// Own tables (migration component "accounts") on its own connection to the server's database (db.hpp).
// Thread-safe: the HTTP routes call it from worker threads, since a password hash takes a third of a second of
// CPU and must not hold up the I/O thread. Every refusal throws BadInput with one line.
#include <chrono>
#include <cstdint>
#include <functional>
#include <memory>
#include <mutex>
#include <optional>
#include <string>
#include <vector>

#include "core/error.hpp"
#include "server/db.hpp"
#include "server/login_throttle.hpp"

namespace strat::server {

// Refusals the HTTP routes answer with their own status: 401 and 429.
class NotLoggedIn : public BadInput {
 public:
  NotLoggedIn() : BadInput("not logged in") {}
};
class TooManyAttempts : public BadInput {
 public:
  using BadInput::BadInput;
};

struct AccountLimits {
  std::size_t failures_per_account = 5;
  std::size_t failures_per_address = 20;
  std::chrono::milliseconds window{std::chrono::minutes(15)};
  // A session unused this long ends (its cookie lives as long).
  std::chrono::milliseconds session_idle{std::chrono::hours(24 * 30)};
};

struct AccountSession {
  std::string token;  // only in the answer to sign-up and login: the one copy, for the cookie
  std::int64_t user_id = 0;
  std::string username;  // as typed at sign-up
};

class Accounts {
 public:
  // `where` as Store's (an SQLite path, ":memory:", or a PostgreSQL URL). `clock` (milliseconds) is for tests.
  explicit Accounts(const std::string& where, AccountLimits limits = {}, std::function<std::int64_t()> clock = nullptr);
  ~Accounts();
  Accounts(const Accounts&) = delete;
  Accounts& operator=(const Accounts&) = delete;

  AccountSession sign_up(const std::string& username, const std::string& password);
  // `address`: the client's, for the per-address limit; "" for none (behind a reverse proxy, where every client
  // has the proxy's address and one guesser would lock everybody out).
  AccountSession log_in(const std::string& username, const std::string& password, const std::string& address);
  void log_out(const std::string& token);
  void log_out_everywhere(const std::string& token);
  // Needs the old password (throttled as a login); every other session of the user ends, this one stays.
  void change_password(const std::string& token, const std::string& old_password, const std::string& new_password,
                       const std::string& address);
  // The session's user, or nothing for an unknown, ended or idle-expired token; marks the session used.
  std::optional<AccountSession> who(const std::string& token);

  // Player identities ("your games", Hub::new_player) joined to the account. An identity joins one account only:
  // a later account's claim on it is ignored.
  void link_player(std::int64_t user_id, const std::string& player);
  std::vector<std::string> players(std::int64_t user_id);

  static bool valid_username(const std::string& name, std::string* why = nullptr);
  static std::string username_key(const std::string& name);  // the case-folded unique key

 private:
  std::int64_t now() const;
  std::string new_session(std::int64_t user_id);                       // the token; its digest is stored
  std::optional<AccountSession> session_of(const std::string& token);  // with mutex_ held
  void check_throttle(const std::string& key, const std::string& address);
  void count_failure(const std::string& key, const std::string& address);

  std::mutex mutex_;  // the connection (the throttles' too)
  std::unique_ptr<Db> db_;
  AccountLimits limits_;
  std::function<std::int64_t()> clock_;
  LoginThrottle per_account_, per_address_;
  std::string dummy_hash_;  // verified against for an unknown name, so that it takes as long as a known one
};

}  // namespace strat::server
