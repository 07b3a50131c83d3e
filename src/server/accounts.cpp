#include "server/accounts.hpp"

#include <sodium.h>

#include <algorithm>
#include <array>
#include <stdexcept>

#include "core/error.hpp"
#include "server/secure_random.hpp"
#include "server/store.hpp"

namespace strat::server {

namespace {

constexpr std::size_t kMinName = 3, kMaxName = 20;
constexpr std::size_t kMinPassword = 8, kMaxPassword = 200;
// What the keys of the throttles may hold of a typed name: longer names are never valid anyway.
constexpr std::size_t kMaxKey = 64;
// A session's last_seen is rewritten at most this often, not on every request.
constexpr std::int64_t kSeenEvery = 60'000;

// Names a player could pass off as the site's, its staff or its computer players (their strengths included).
const std::array<const char*, 14> kReserved = {"admin",     "administrator", "strat",     "system", "computer",
                                               "anonymous", "guest",         "moderator", "root",   "support",
                                               "beginner",  "club",          "strong",    "maximum"};

// The one refusal for a wrong password and for an unknown name, so that a guess learns nothing of which.
constexpr const char* kWrongLogin = "wrong username or password";

const std::vector<Migration>& migrations() {
  static const std::vector<Migration> list = {
      {1,
       "CREATE TABLE IF NOT EXISTS users (id BIGINT PRIMARY KEY, username TEXT NOT NULL,"
       " username_key TEXT NOT NULL UNIQUE, password_hash TEXT NOT NULL, created BIGINT NOT NULL);"
       "CREATE TABLE IF NOT EXISTS user_sessions (token_hash TEXT PRIMARY KEY,"
       " user_id BIGINT NOT NULL REFERENCES users(id), created BIGINT NOT NULL, last_seen BIGINT NOT NULL);"
       "CREATE INDEX IF NOT EXISTS user_sessions_by_user ON user_sessions (user_id);"
       "CREATE TABLE IF NOT EXISTS user_players (player TEXT PRIMARY KEY,"
       " user_id BIGINT NOT NULL REFERENCES users(id), added BIGINT NOT NULL);"
       "CREATE INDEX IF NOT EXISTS user_players_by_user ON user_players (user_id)"},
      // Failed logins, shared by every server on the database (LoginThrottle); keys only as digests.
      {2,
       "CREATE TABLE IF NOT EXISTS login_failures (kind TEXT NOT NULL, subject TEXT NOT NULL, at BIGINT NOT NULL);"
       "CREATE INDEX IF NOT EXISTS login_failures_by_subject ON login_failures (kind, subject, at);"
       "CREATE INDEX IF NOT EXISTS login_failures_by_time ON login_failures (at)"},
  };
  return list;
}

void init_sodium() {
  static const bool ready = sodium_init() >= 0;
  if (!ready) throw std::runtime_error("libsodium could not start");
}

std::string hash_password(const std::string& password) {
  char out[crypto_pwhash_STRBYTES];
  if (crypto_pwhash_str(out, password.data(), password.size(), crypto_pwhash_OPSLIMIT_INTERACTIVE,
                        crypto_pwhash_MEMLIMIT_INTERACTIVE) != 0)
    throw std::runtime_error("out of memory hashing a password");
  return out;
}

bool password_matches(const std::string& hash, const std::string& password) {
  return crypto_pwhash_str_verify(hash.c_str(), password.data(), password.size()) == 0;
}

bool well_formed_token(const std::string& token) {
  return token.size() == 32 && token.find_first_not_of("0123456789abcdef") == std::string::npos;
}

// The stored form of a session token: a BLAKE2b digest, so that a copy of the database opens no session.
std::string token_digest(const std::string& token) {
  unsigned char digest[crypto_generichash_BYTES];
  crypto_generichash(digest, sizeof digest, reinterpret_cast<const unsigned char*>(token.data()), token.size(), nullptr,
                     0);
  char hex[2 * sizeof digest + 1];
  sodium_bin2hex(hex, sizeof hex, digest, sizeof digest);
  return hex;
}

void check_password(const std::string& password) {
  if (password.size() < kMinPassword || password.size() > kMaxPassword)
    bad_input("a password must be " + std::to_string(kMinPassword) + " to " + std::to_string(kMaxPassword) +
              " bytes long");
}

std::string wait_text(std::int64_t ms) {
  const std::int64_t seconds = (ms + 999) / 1000;
  if (seconds < 60) return std::to_string(seconds) + (seconds == 1 ? " second" : " seconds");
  const std::int64_t minutes = (seconds + 59) / 60;
  return std::to_string(minutes) + (minutes == 1 ? " minute" : " minutes");
}

}  // namespace

Accounts::Accounts(const std::string& where, AccountLimits limits, std::function<std::int64_t()> clock)
    : limits_(limits),
      clock_(std::move(clock)),
      per_account_("name", limits.failures_per_account, limits.window),
      per_address_("address", limits.failures_per_address, limits.window) {
  init_sodium();
  db_ = open_db(where);
  migrate(*db_, "accounts", migrations());
  dummy_hash_ = hash_password(random_token());
}

Accounts::~Accounts() = default;

std::int64_t Accounts::now() const { return clock_ ? clock_() : now_ms(); }

bool Accounts::valid_username(const std::string& name, std::string* why) {
  auto refuse = [&](const std::string& text) {
    if (why) *why = text;
    return false;
  };
  if (name.size() < kMinName || name.size() > kMaxName)
    return refuse("a username must be " + std::to_string(kMinName) + " to " + std::to_string(kMaxName) +
                  " characters long");
  const auto letter = [](char c) { return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z'); };
  if (!letter(name[0])) return refuse("a username must start with a letter");
  for (char c : name)
    if (!letter(c) && !(c >= '0' && c <= '9') && c != '_' && c != '-')
      return refuse("a username may hold only letters, digits, '_' and '-'");
  const std::string key = username_key(name);
  if (std::find(kReserved.begin(), kReserved.end(), key) != kReserved.end())
    return refuse("the username " + name + " is reserved");
  return true;
}

std::string Accounts::username_key(const std::string& name) {
  std::string key = name.substr(0, kMaxKey);
  for (char& c : key)
    if (c >= 'A' && c <= 'Z') c = static_cast<char>(c - 'A' + 'a');
  return key;
}

AccountSession Accounts::sign_up(const std::string& username, const std::string& password) {
  std::string why;
  if (!valid_username(username, &why)) bad_input(why);
  check_password(password);
  const std::string hash = hash_password(password);  // outside the lock: other requests go on meanwhile
  std::lock_guard lock(mutex_);
  DbTransaction tx(*db_);
  const std::int64_t id = static_cast<std::int64_t>(secure_random_u64() >> 1);
  const auto inserted = db_->run(
      "INSERT INTO users (id, username, username_key, password_hash, created) VALUES (?,?,?,?,?)"
      " ON CONFLICT (username_key) DO NOTHING",
      {id, username, username_key(username), hash, now()});
  if (inserted.changed == 0) bad_input("the username " + username + " is taken");
  AccountSession session{new_session(id), id, username};
  tx.commit();
  return session;
}

// The throttles' keys are stored as digests: the table never holds a typed name or an address in clear.
void Accounts::check_throttle(const std::string& key, const std::string& address) {
  std::lock_guard lock(mutex_);
  const std::int64_t wait =
      std::max(per_account_.wait_ms(*db_, token_digest(key), now()),
               address.empty() ? 0 : per_address_.wait_ms(*db_, token_digest(address), now()));
  if (wait > 0)
    throw TooManyAttempts("too many failed logins for this name or from this address: try again in " + wait_text(wait));
}

void Accounts::count_failure(const std::string& key, const std::string& address) {
  std::lock_guard lock(mutex_);
  per_account_.fail(*db_, token_digest(key), now());
  if (!address.empty()) per_address_.fail(*db_, token_digest(address), now());
}

AccountSession Accounts::log_in(const std::string& username, const std::string& password, const std::string& address) {
  const std::string key = username_key(username);
  check_throttle(key, address);
  std::optional<DbRow> user;
  {
    std::lock_guard lock(mutex_);
    auto rows = db_->run("SELECT id, username, password_hash FROM users WHERE username_key=?", {key}).rows;
    if (!rows.empty()) user = std::move(rows[0]);
  }
  // An unknown name costs a verification too: the time taken tells nothing of whether the name exists.
  const bool ok = password.size() <= kMaxPassword && password_matches(user ? user->text(2) : dummy_hash_, password);
  if (!ok || !user) {
    count_failure(key, address);
    bad_input(kWrongLogin);
  }
  std::lock_guard lock(mutex_);
  per_account_.clear(*db_, token_digest(key));
  const std::int64_t id = user->integer(0);
  return {new_session(id), id, user->text(1)};
}

std::string Accounts::new_session(std::int64_t user_id) {
  const std::string token = random_token();
  db_->run("INSERT INTO user_sessions (token_hash, user_id, created, last_seen) VALUES (?,?,?,?)",
           {token_digest(token), user_id, now(), now()});
  return token;
}

std::optional<AccountSession> Accounts::session_of(const std::string& token) {
  if (!well_formed_token(token)) return std::nullopt;
  const std::string digest = token_digest(token);
  const auto rows = db_->run(
                           "SELECT s.user_id, u.username, s.last_seen FROM user_sessions s JOIN users u ON u.id = "
                           "s.user_id WHERE s.token_hash=?",
                           {digest})
                        .rows;
  if (rows.empty()) return std::nullopt;
  const std::int64_t seen = rows[0].integer(2), t = now();
  if (t - seen >= limits_.session_idle.count()) {
    db_->run("DELETE FROM user_sessions WHERE token_hash=?", {digest});
    return std::nullopt;
  }
  if (t - seen >= kSeenEvery) db_->run("UPDATE user_sessions SET last_seen=? WHERE token_hash=?", {t, digest});
  return AccountSession{"", rows[0].integer(0), rows[0].text(1)};
}

std::optional<AccountSession> Accounts::who(const std::string& token) {
  std::lock_guard lock(mutex_);
  return session_of(token);
}

void Accounts::log_out(const std::string& token) {
  if (!well_formed_token(token)) return;
  std::lock_guard lock(mutex_);
  db_->run("DELETE FROM user_sessions WHERE token_hash=?", {token_digest(token)});
}

void Accounts::log_out_everywhere(const std::string& token) {
  std::lock_guard lock(mutex_);
  const auto session = session_of(token);
  if (!session) throw NotLoggedIn();
  db_->run("DELETE FROM user_sessions WHERE user_id=?", {session->user_id});
}

void Accounts::change_password(const std::string& token, const std::string& old_password,
                               const std::string& new_password, const std::string& address) {
  std::optional<AccountSession> session = who(token);
  if (!session) throw NotLoggedIn();
  check_password(new_password);
  const std::string key = username_key(session->username);
  check_throttle(key, address);
  std::string stored;
  {
    std::lock_guard lock(mutex_);
    const auto rows = db_->run("SELECT password_hash FROM users WHERE id=?", {session->user_id}).rows;
    if (rows.empty()) throw NotLoggedIn();
    stored = rows[0].text(0);
  }
  if (old_password.size() > kMaxPassword || !password_matches(stored, old_password)) {
    count_failure(key, address);
    bad_input("the old password is wrong");
  }
  const std::string hash = hash_password(new_password);
  std::lock_guard lock(mutex_);
  DbTransaction tx(*db_);
  db_->run("UPDATE users SET password_hash=? WHERE id=?", {hash, session->user_id});
  db_->run("DELETE FROM user_sessions WHERE user_id=? AND token_hash<>?", {session->user_id, token_digest(token)});
  tx.commit();
  per_account_.clear(*db_, token_digest(key));
}

void Accounts::link_player(std::int64_t user_id, const std::string& player) {
  std::lock_guard lock(mutex_);
  db_->run("INSERT INTO user_players (player, user_id, added) VALUES (?,?,?) ON CONFLICT (player) DO NOTHING",
           {player, user_id, now()});
}

std::vector<std::string> Accounts::players(std::int64_t user_id) {
  std::lock_guard lock(mutex_);
  std::vector<std::string> out;
  for (const auto& r :
       db_->run("SELECT player FROM user_players WHERE user_id=? ORDER BY added, player", {user_id}).rows)
    out.push_back(r.text(0));
  return out;
}

}  // namespace strat::server
