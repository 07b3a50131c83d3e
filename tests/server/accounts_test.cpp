// Accounts (src/server/accounts.hpp): sign-up, login, sessions, password changes and the failed-login limits,
// on SQLite and, under scripts/with-postgres.sh, on PostgreSQL.
#include "server/accounts.hpp"

#include <gtest/gtest.h>

#include <filesystem>
#include <thread>

#include "core/error.hpp"
#include "server/secure_random.hpp"
#include "server/test_db.hpp"

namespace strat::server {
namespace {

constexpr const char* kHome = "192.0.2.1";
constexpr std::int64_t kMinute = 60'000;

class AccountStore : public ::testing::Test {
 protected:
  void SetUp() override {
    path = (std::filesystem::temp_directory_path() / ("strat-accounts-" + random_token() + ".db")).string();
  }
  void TearDown() override {
    accounts.reset();
    for (const char* suffix : {"", "-wal", "-shm"}) std::filesystem::remove(path + suffix);
  }
  Accounts& open(AccountLimits limits = {}) {
    accounts = std::make_unique<Accounts>(server_test::test_db(path), limits, [this] { return clock; });
    return *accounts;
  }
  // The one-line refusal a call throws ("" when it does not throw).
  template <class F>
  static std::string refusal(F f) {
    try {
      f();
    } catch (const BadInput& e) {
      return e.what();
    }
    return "";
  }

  std::string path;
  std::int64_t clock = 1'700'000'000'000;
  std::unique_ptr<Accounts> accounts;
};

TEST_F(AccountStore, SignUpLogInLogOutRoundTrip) {
  auto& a = open();
  const AccountSession made = a.sign_up("Alice_1", "correct horse");
  EXPECT_EQ(made.username, "Alice_1");
  EXPECT_EQ(made.token.size(), 32u);
  ASSERT_TRUE(a.who(made.token));
  EXPECT_EQ(a.who(made.token)->username, "Alice_1");
  EXPECT_EQ(a.who(made.token)->user_id, made.user_id);

  const AccountSession in = a.log_in("alice_1", "correct horse", kHome);  // any case of the name
  EXPECT_EQ(in.username, "Alice_1");
  EXPECT_EQ(in.user_id, made.user_id);
  EXPECT_NE(in.token, made.token);  // every login is a new session
  a.log_out(in.token);
  EXPECT_FALSE(a.who(in.token));
  EXPECT_TRUE(a.who(made.token));  // the other session goes on
  EXPECT_FALSE(a.who("garbage"));
  EXPECT_FALSE(a.who(""));
}

TEST_F(AccountStore, NamesAreUniqueWithoutRegardToCase) {
  auto& a = open();
  a.sign_up("Alice", "password-1");
  EXPECT_EQ(refusal([&] { a.sign_up("alice", "password-2"); }), "the username alice is taken");
  EXPECT_EQ(refusal([&] { a.sign_up("ALICE", "password-2"); }), "the username ALICE is taken");
  EXPECT_EQ(refusal([&] { a.log_in("alice", "password-2", kHome); }), "wrong username or password");
  EXPECT_EQ(a.log_in("aLiCe", "password-1", kHome).username, "Alice");
}

// Two servers on one database (or two requests on two worker threads) signing up one name at once: the unique key
// makes one account, and the other is told the name is taken.
TEST_F(AccountStore, OneNameSignedUpTwiceAtOnceMakesOneAccount) {
  open();
  server::Accounts other(server_test::test_db(path));
  std::string answers[2];
  std::thread first([&] { answers[0] = refusal([&] { accounts->sign_up("alice", "password-1"); }); });
  std::thread second([&] { answers[1] = refusal([&] { other.sign_up("ALICE", "password-2"); }); });
  first.join();
  second.join();
  EXPECT_TRUE(answers[0].empty() != answers[1].empty()) << answers[0] << " / " << answers[1];
  EXPECT_TRUE(answers[0] == "the username alice is taken" || answers[1] == "the username ALICE is taken");
  const std::string password = answers[0].empty() ? "password-1" : "password-2";
  EXPECT_EQ(accounts->log_in("Alice", password, kHome).user_id, other.log_in("alice", password, kHome).user_id);
}

TEST_F(AccountStore, ReservedAndMalformedNamesAndPasswordsAreRefusedInOneLine) {
  auto& a = open();
  for (const char* name : {"admin", "Administrator", "STRAT", "system", "computer", "anonymous", "guest", "moderator",
                           "root", "support", "beginner", "Club", "strong", "maximum"})
    EXPECT_EQ(refusal([&] { a.sign_up(name, "password-1"); }), "the username " + std::string(name) + " is reserved");
  EXPECT_EQ(refusal([&] { a.sign_up("ab", "password-1"); }), "a username must be 3 to 20 characters long");
  EXPECT_EQ(refusal([&] { a.sign_up(std::string(21, 'a'), "password-1"); }),
            "a username must be 3 to 20 characters long");
  EXPECT_EQ(refusal([&] { a.sign_up("1alice", "password-1"); }), "a username must start with a letter");
  EXPECT_EQ(refusal([&] { a.sign_up("_alice", "password-1"); }), "a username must start with a letter");
  for (const char* name : {"al ice", "al.ice", "alice!", "al\xc3\xa9", "ali\nce", "al'ice", "al\"ice"})
    EXPECT_EQ(refusal([&] { a.sign_up(name, "password-1"); }), "a username may hold only letters, digits, '_' and '-'")
        << name;
  EXPECT_EQ(refusal([&] { a.sign_up("alice", "short"); }), "a password must be 8 to 200 bytes long");
  EXPECT_EQ(refusal([&] { a.sign_up("alice", std::string(201, 'p')); }), "a password must be 8 to 200 bytes long");
  EXPECT_EQ(refusal([&] { a.sign_up("abc", "12345678"); }), "");
  EXPECT_EQ(refusal([&] { a.sign_up("Bob-the_2nd-2345678", std::string(200, 'p')); }), "");
}

TEST_F(AccountStore, AWrongPasswordAndAnUnknownNameGetTheSameRefusal) {
  auto& a = open();
  a.sign_up("alice", "password-1");
  const std::string wrong = refusal([&] { a.log_in("alice", "password-2", kHome); });
  EXPECT_EQ(wrong, "wrong username or password");
  EXPECT_EQ(refusal([&] { a.log_in("nobody", "password-1", kHome); }), wrong);
  EXPECT_EQ(refusal([&] { a.log_in("", "", kHome); }), wrong);
  EXPECT_EQ(refusal([&] { a.log_in("alice", std::string(5000, 'x'), kHome); }), wrong);
}

TEST_F(AccountStore, FailedLoginsAreLimitedPerAccountWithoutRevealingWhetherItExists) {
  auto& a = open();
  a.sign_up("alice", "password-1");
  for (int i = 0; i < 5; ++i) {
    EXPECT_EQ(refusal([&] { a.log_in("alice", "guess-" + std::to_string(i), "198.51.100." + std::to_string(i)); }),
              "wrong username or password");
    EXPECT_EQ(refusal([&] { a.log_in("nobody", "guess-" + std::to_string(i), "203.0.113." + std::to_string(i)); }),
              "wrong username or password");
  }
  // Whatever the address and even with the right password, the name waits out the window; a name that does not
  // exist gets the very same line.
  const std::string limited = refusal([&] { a.log_in("alice", "password-1", "198.51.100.99"); });
  EXPECT_EQ(limited, "too many failed logins for this name or from this address: try again in 15 minutes");
  EXPECT_EQ(refusal([&] { a.log_in("NOBODY", "password-1", "203.0.113.99"); }), limited);
  EXPECT_THROW(a.log_in("alice", "password-1", kHome), TooManyAttempts);
  clock += 14 * kMinute + 30'000;
  EXPECT_EQ(refusal([&] { a.log_in("alice", "password-1", kHome); }),
            "too many failed logins for this name or from this address: try again in 30 seconds");
  clock += 30'000;
  EXPECT_EQ(a.log_in("alice", "password-1", kHome).username, "alice");
}

TEST_F(AccountStore, FailedLoginsAreLimitedPerAddress) {
  auto& a = open({.failures_per_account = 5, .failures_per_address = 4});
  a.sign_up("alice", "password-1");
  for (int i = 0; i < 4; ++i)
    EXPECT_EQ(refusal([&] { a.log_in("name" + std::to_string(i), "password-1", kHome); }),
              "wrong username or password");
  const std::string limited = refusal([&] { a.log_in("alice", "password-1", kHome); });
  EXPECT_EQ(limited, "too many failed logins for this name or from this address: try again in 15 minutes");
  EXPECT_EQ(refusal([&] { a.log_in("someone-else", "password-1", kHome); }), limited);
  // Another address is not held up, and a success does not reset its address's count.
  EXPECT_EQ(a.log_in("alice", "password-1", "192.0.2.2").username, "alice");
  clock += 15 * kMinute;
  EXPECT_EQ(a.log_in("alice", "password-1", kHome).username, "alice");
}

// Two servers on one database (a cluster) count the same failures: guesses spread over them meet one limit, and
// a restarted server forgets none.
TEST_F(AccountStore, ServersSharingADatabaseShareTheFailedLoginLimits) {
  auto& a = open({.failures_per_account = 5, .failures_per_address = 4});
  a.sign_up("alice", "password-1");
  Accounts b(server_test::test_db(path), {.failures_per_account = 5, .failures_per_address = 4}, [this] { return clock; });
  const std::string limited = "too many failed logins for this name or from this address: try again in 15 minutes";
  // The name: three guesses on one server, two on the other.
  for (int i = 0; i < 5; ++i) {
    Accounts& server = i % 2 ? b : a;
    EXPECT_EQ(refusal([&] { server.log_in("alice", "guess", "198.51.100." + std::to_string(i)); }),
              "wrong username or password");
  }
  EXPECT_EQ(refusal([&] { a.log_in("alice", "password-1", kHome); }), limited);
  EXPECT_EQ(refusal([&] { b.log_in("alice", "password-1", kHome); }), limited);
  // An unknown name, spread the same way, gets the same answer from either.
  for (int i = 0; i < 5; ++i) {
    Accounts& server = i % 2 ? a : b;
    EXPECT_EQ(refusal([&] { server.log_in("nobody", "guess", "203.0.113." + std::to_string(i)); }),
              "wrong username or password");
  }
  EXPECT_EQ(refusal([&] { a.log_in("nobody", "guess", kHome); }), limited);
  EXPECT_EQ(refusal([&] { b.log_in("nobody", "guess", kHome); }), limited);
  // The address: two guesses on each server.
  for (int i = 0; i < 4; ++i) {
    Accounts& server = i % 2 ? b : a;
    EXPECT_EQ(refusal([&] { server.log_in("name" + std::to_string(i), "guess", "192.0.2.7"); }),
              "wrong username or password");
  }
  EXPECT_EQ(refusal([&] { b.log_in("someone", "guess", "192.0.2.7"); }), limited);
  // A restarted server remembers, and the window ends on both.
  open({.failures_per_account = 5, .failures_per_address = 4});
  EXPECT_EQ(refusal([&] { accounts->log_in("someone", "guess", "192.0.2.7"); }), limited);
  clock += 15 * kMinute;
  EXPECT_EQ(accounts->log_in("alice", "password-1", "192.0.2.7").username, "alice");
  // A success on one server clears the name's count for the other.
  for (int i = 0; i < 4; ++i) EXPECT_THROW(b.log_in("alice", "guess", "198.51.100.1"), BadInput);
  EXPECT_EQ(accounts->log_in("alice", "password-1", kHome).username, "alice");
  for (int i = 0; i < 4; ++i) EXPECT_THROW(b.log_in("alice", "guess", "198.51.100.2"), BadInput);
  EXPECT_EQ(b.log_in("alice", "password-1", kHome).username, "alice");
  // The table holds digests only: no name or address in clear.
  const auto db = open_db(server_test::test_db(path));
  for (const auto& row : db->run("SELECT kind, subject FROM login_failures").rows)
    for (const char* clear : {"alice", "nobody", "192.0.2.7", "198.51.100"})
      EXPECT_EQ(row.text(1).find(clear), std::string::npos) << row.text(0);
}

// Behind a reverse proxy (--max-per-address 0) every client has the proxy's address: only names are counted.
TEST_F(AccountStore, WithoutAnAddressOnlyTheNameIsCounted) {
  auto& a = open({.failures_per_account = 5, .failures_per_address = 2});
  a.sign_up("alice", "password-1");
  for (int i = 0; i < 4; ++i) EXPECT_THROW(a.log_in("name" + std::to_string(i), "password-1", ""), BadInput);
  EXPECT_EQ(a.log_in("alice", "password-1", "").username, "alice");
}

TEST_F(AccountStore, ATokenReplayedAfterLogoutIsRefused) {
  auto& a = open();
  const std::string stolen = a.sign_up("alice", "password-1").token;
  const std::string copy = stolen;
  a.log_out(stolen);
  EXPECT_FALSE(a.who(copy));
  EXPECT_THROW(a.log_out_everywhere(copy), NotLoggedIn);
  EXPECT_THROW(a.change_password(copy, "password-1", "password-2", kHome), NotLoggedIn);
}

TEST_F(AccountStore, LogOutEverywhereEndsEverySessionOfTheUserOnly) {
  auto& a = open();
  const std::string one = a.sign_up("alice", "password-1").token;
  const std::string two = a.log_in("alice", "password-1", kHome).token;
  const std::string bob = a.sign_up("bob", "password-b").token;
  a.log_out_everywhere(two);
  EXPECT_FALSE(a.who(one));
  EXPECT_FALSE(a.who(two));
  EXPECT_TRUE(a.who(bob));
}

TEST_F(AccountStore, ChangingThePasswordNeedsTheOldOneAndEndsOtherSessions) {
  auto& a = open();
  const std::string here = a.sign_up("alice", "password-1").token;
  const std::string elsewhere = a.log_in("alice", "password-1", kHome).token;
  EXPECT_EQ(refusal([&] { a.change_password(here, "password-x", "password-2", kHome); }), "the old password is wrong");
  EXPECT_EQ(refusal([&] { a.change_password(here, "password-1", "short", kHome); }),
            "a password must be 8 to 200 bytes long");
  EXPECT_TRUE(a.who(elsewhere));
  a.change_password(here, "password-1", "password-2", kHome);
  EXPECT_TRUE(a.who(here));
  EXPECT_FALSE(a.who(elsewhere));
  EXPECT_EQ(refusal([&] { a.log_in("alice", "password-1", kHome); }), "wrong username or password");
  EXPECT_EQ(a.log_in("alice", "password-2", kHome).username, "alice");
}

TEST_F(AccountStore, GuessingTheOldPasswordIsLimitedLikeALogin) {
  auto& a = open();
  const std::string stolen = a.sign_up("alice", "password-1").token;
  for (int i = 0; i < 5; ++i)
    EXPECT_EQ(refusal([&] { a.change_password(stolen, "guess-" + std::to_string(i), "password-2", kHome); }),
              "the old password is wrong");
  EXPECT_THROW(a.change_password(stolen, "password-1", "password-2", kHome), TooManyAttempts);
}

TEST_F(AccountStore, ASessionUnusedForThirtyDaysEnds) {
  auto& a = open();
  const std::string used = a.sign_up("alice", "password-1").token;
  const std::string idle = a.log_in("alice", "password-1", kHome).token;
  for (int day = 0; day < 40; ++day) {
    clock += 24 * 60 * kMinute;
    EXPECT_TRUE(a.who(used)) << day;
  }
  EXPECT_FALSE(a.who(idle));
}

TEST_F(AccountStore, APlayerIdentityJoinsOneAccountOnly) {
  auto& a = open();
  const auto alice = a.sign_up("alice", "password-1"), bob = a.sign_up("bob", "password-b");
  const std::string player = random_token();
  a.link_player(alice.user_id, player);
  a.link_player(alice.user_id, player);
  a.link_player(bob.user_id, player);
  EXPECT_EQ(a.players(alice.user_id), std::vector<std::string>{player});
  EXPECT_TRUE(a.players(bob.user_id).empty());
}

TEST_F(AccountStore, TheDatabaseNeverHoldsAPasswordOrASessionTokenInClear) {
  auto& a = open();
  const std::string password = "hunter2-hunter2", changed = "swordfish-42";
  std::vector<std::string> tokens = {a.sign_up("alice", password).token, a.log_in("alice", password, kHome).token};
  a.change_password(tokens[0], password, changed, kHome);
  tokens.push_back(a.log_in("ALICE", changed, kHome).token);
  EXPECT_THROW(a.log_in("nobody", password, kHome), BadInput);
  EXPECT_TRUE(a.who(tokens[0]));
  // Every text of every table, read through a second connection.
  auto db = open_db(server_test::test_db(path));
  const std::string tables_sql =
      db->engine() == "sqlite" ? "SELECT name FROM sqlite_master WHERE type='table'"
                               : "SELECT table_name FROM information_schema.tables WHERE table_schema=current_schema()";
  std::size_t tables = 0, texts = 0;
  for (const auto& table : db->run(tables_sql).rows) {
    ++tables;
    for (const auto& row : db->run("SELECT * FROM " + table.text(0)).rows)
      for (const auto& text : row.values) {
        ++texts;
        for (const std::string& secret : {password, changed, tokens[0], tokens[1], tokens[2]})
          EXPECT_EQ(text.find(secret), std::string::npos) << table.text(0) << " holds " << secret;
      }
  }
  EXPECT_GE(tables, 3u);
  EXPECT_GE(texts, 10u);
  // Their digests and hashes are there instead.
  EXPECT_EQ(db->run("SELECT COUNT(*) FROM user_sessions").rows[0].integer(0), 2);
  EXPECT_EQ(db->run("SELECT password_hash FROM users").rows[0].text(0).rfind("$argon2id$", 0), 0u);
}

}  // namespace
}  // namespace strat::server
