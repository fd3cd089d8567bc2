// Shared secrets (store::SecretRepository, config::ensure_shared_secrets) and the leader election
// (cluster::LeaderElection): on SQLite always; on a real PostgreSQL (a fresh database of its own)
// when ETHER_TEST_DATABASE_URL is set, where two elections and two secret keepers meet.

#include <gtest/gtest.h>

#include <atomic>
#include <chrono>
#include <future>
#include <memory>
#include <string>
#include <thread>
#include <vector>

#include "cluster/leader_election.hpp"
#include "config/config.hpp"
#include "store/database.hpp"
#include "store/secret_repository.hpp"
#include "store_test_support.hpp"
#include "support/postgres_database.hpp"

namespace ether {
namespace {

config::SecretKeeper keeper_of(store::Database& db) {
  return [&db](const std::string& name, const std::string& candidate) {
    auto lease = db.lease();
    return store::SecretRepository(*lease).keep_first(name, candidate, 1'800'000'000);
  };
}

// Two instances on one store: the first makes the secrets, the second gets the same; a secret
// given in the environment wins and is not stored.
void instances_share_secrets(store::Database& first_db, store::Database& second_db) {
  config::Config first;
  config::ensure_shared_secrets(first, keeper_of(first_db));
  EXPECT_EQ(first.stream_secret.size(), 64U);
  EXPECT_EQ(first.preview_secret.size(), 64U);
  EXPECT_NE(first.stream_secret, first.preview_secret);

  config::Config second;
  config::ensure_shared_secrets(second, keeper_of(second_db));
  EXPECT_EQ(second.stream_secret, first.stream_secret);
  EXPECT_EQ(second.preview_secret, first.preview_secret);

  config::Config given;
  given.stream_secret = "a-secret-from-the-environment";
  config::ensure_shared_secrets(given, keeper_of(second_db));
  EXPECT_EQ(given.stream_secret, "a-secret-from-the-environment");
  EXPECT_EQ(given.preview_secret, first.preview_secret);
  auto lease = first_db.lease();
  EXPECT_EQ(store::SecretRepository(*lease).get("stream_secret"), first.stream_secret);
  EXPECT_FALSE(store::SecretRepository(*lease).get("absent"));
}

TEST(SharedSecrets, SecretsInTheStoreOnlyWithPostgreSQL) {
  config::Config config;
  config.database_url = "sqlite:data/ether.db";
  EXPECT_FALSE(config::secrets_in_store(config));
  config.database_url = "postgresql://ether@db.example/ether";
  EXPECT_TRUE(config::secrets_in_store(config));
  config.database_url = "postgres://ether@db.example/ether";
  EXPECT_TRUE(config::secrets_in_store(config));
}

TEST(SharedSecrets, FirstKeeperWinsOnSQLite) {
  testing_support::TempStore store;
  auto other = store::Database::open(store.url());
  instances_share_secrets(store.db(), *other);
}

TEST(SharedSecrets, ATooShortStoredSecretIsRefused) {
  testing_support::TempStore store;
  {
    auto lease = store.db().lease();
    store::SecretRepository(*lease).keep_first("stream_secret", "short", 1);
  }
  config::Config config;
  EXPECT_THROW(config::ensure_shared_secrets(config, keeper_of(store.db())), config::ConfigError);
}

TEST(LeaderElection, TheSoleSQLiteInstanceLeadsEveryRoleUntilItStops) {
  testing_support::TempStore store;
  std::vector<std::string> events;
  cluster::LeaderElection election(
      store.url(), {{"playout", cluster::kPlayoutLockKey, [&events] { events.emplace_back("lead playout"); },
                     [&events] { events.emplace_back("follow playout"); }},
                    {"recorder", cluster::kRecorderLockKey, [&events] { events.emplace_back("lead recorder"); },
                     [&events] { events.emplace_back("follow recorder"); }}});
  EXPECT_FALSE(election.leads("playout"));
  election.start();
  EXPECT_TRUE(election.running());
  EXPECT_TRUE(election.leads("playout"));
  EXPECT_TRUE(election.leads("recorder"));
  EXPECT_FALSE(election.leads("unknown"));
  election.stop();
  EXPECT_FALSE(election.leads("playout"));
  EXPECT_EQ(events, (std::vector<std::string>{"lead playout", "lead recorder", "follow playout", "follow recorder"}));
}

TEST(LeaderElection, ARoleThatCannotStartIsNotLedAndIsRetried) {
  testing_support::TempStore store;
  int attempts = 0;
  cluster::LeaderElection election(store.url(), {{"playout", cluster::kPlayoutLockKey,
                                                  [&attempts] {
                                                    if (++attempts == 1) throw std::runtime_error("no media");
                                                  },
                                                  nullptr}});
  election.check();
  EXPECT_FALSE(election.leads("playout"));
  election.check();
  EXPECT_TRUE(election.leads("playout"));
  EXPECT_EQ(attempts, 2);
}

TEST(ExclusiveSection, DoesNothingOnSQLite) {
  testing_support::TempStore store;
  const cluster::ExclusiveSection first(store.url(), cluster::kStartupLockKey);
  // A second section, entered while the first is held, does not wait for it. It is entered on a
  // thread of its own, so that a section that did wait fails here rather than hanging the test; the
  // thread is left behind then (it holds only its own copy of the URL).
  auto entered = std::make_shared<std::promise<void>>();
  auto second = entered->get_future();
  std::thread([url = store.url(), entered] {
    try {
      const cluster::ExclusiveSection section(url, cluster::kStartupLockKey);
      entered->set_value();
    } catch (...) {
      entered->set_exception(std::current_exception());
    }
  }).detach();
  ASSERT_EQ(second.wait_for(std::chrono::seconds(10)), std::future_status::ready)
      << "a second section on SQLite waited for the first";
  EXPECT_NO_THROW(second.get());
}

// ---- PostgreSQL ----

struct Counted {
  std::atomic<int> leads{0};
  std::atomic<int> follows{0};
};

cluster::Role counted_role(const char* name, std::int64_t key, Counted& counts) {
  return {name, key, [&counts] { ++counts.leads; }, [&counts] { ++counts.follows; }};
}

// The application name tells the two elections' sessions apart in pg_stat_activity.
std::string named(const std::string& url, const std::string& application) {
  return url + (url.find('?') == std::string::npos ? "?" : "&") + "application_name=" + application;
}

// Ends the sessions `application` has open (see named), as when its process dies or is cut off;
// returns how many there were.
long long terminate_sessions(const std::string& url, const std::string& application) {
  auto admin = store::Database::open(url, 1);
  auto lease = admin->lease();
  long long terminated = 0;
  *lease << "SELECT COUNT(pg_terminate_backend(pid)) FROM pg_stat_activity WHERE application_name = :name",
      soci::use(application), soci::into(terminated);
  return terminated;
}

void postgres_secrets_are_shared_and_race_safe() {
  test::FreshPostgresDatabase database("secrets");
  auto first = store::Database::open(database.url());
  first->migrate();
  auto second = store::Database::open(database.url());
  // Eight instances asking at once for a secret nobody made yet all get the same one.
  std::vector<std::future<std::string>> asked;
  asked.reserve(8);
  for (int i = 0; i < 8; ++i) {
    asked.push_back(std::async(std::launch::async, [&first, i] {
      auto lease = first->lease();
      return store::SecretRepository(*lease).keep_first("race", "candidate-" + std::to_string(i), 1);
    }));
  }
  std::string winner;
  for (auto& answer : asked) {
    const auto value = answer.get();
    if (winner.empty()) winner = value;
    EXPECT_EQ(value, winner);
  }
  EXPECT_TRUE(winner.starts_with("candidate-"));
  instances_share_secrets(*first, *second);
}

void postgres_one_leader_per_role_and_failover() {
  test::FreshPostgresDatabase database("election");
  Counted a_playout;
  Counted a_recorder;
  Counted b_playout;
  Counted b_recorder;
  cluster::LeaderElection a(named(database.url(), "election-a"),
                            {counted_role("playout", cluster::kPlayoutLockKey, a_playout),
                             counted_role("recorder", cluster::kRecorderLockKey, a_recorder)});
  cluster::LeaderElection b(named(database.url(), "election-b"),
                            {counted_role("playout", cluster::kPlayoutLockKey, b_playout),
                             counted_role("recorder", cluster::kRecorderLockKey, b_recorder)});
  a.check();
  b.check();
  EXPECT_TRUE(a.leads("playout"));
  EXPECT_TRUE(a.leads("recorder"));
  EXPECT_FALSE(b.leads("playout"));
  EXPECT_FALSE(b.leads("recorder"));
  b.check();
  a.check();
  EXPECT_EQ(a_playout.leads, 1);
  EXPECT_EQ(b_playout.leads, 0);

  // A role is taken on its own key: B may lead one role while A leads the other.
  Counted c_other;
  cluster::LeaderElection c(database.url(), {counted_role("other", 0x4574686572000099, c_other)});
  c.check();
  EXPECT_TRUE(c.leads("other"));

  // A's connection drops, as when its process dies or is cut off: PostgreSQL frees its locks, B
  // takes both roles, and A, at its next check, stops leading.
  EXPECT_EQ(terminate_sessions(database.url(), "election-a"), 1);
  // The backend ends a moment after it was told to.
  for (int i = 0; i < 50 && !b.leads("playout"); ++i) {
    std::this_thread::sleep_for(std::chrono::milliseconds(100));
    b.check();
  }
  EXPECT_TRUE(b.leads("playout"));
  EXPECT_TRUE(b.leads("recorder"));
  a.check();
  EXPECT_FALSE(a.leads("playout"));
  EXPECT_FALSE(a.leads("recorder"));
  EXPECT_EQ(a_playout.follows, 1);
  EXPECT_EQ(a_recorder.follows, 1);
  // A reconnects as a follower.
  a.check();
  EXPECT_FALSE(a.leads("playout"));

  // B stops (a clean shutdown): A takes over at once, through the thread this time.
  b.stop();
  EXPECT_EQ(b_playout.follows, 1);
  a.start();
  EXPECT_TRUE(a.leads("playout"));
  EXPECT_TRUE(a.leads("recorder"));
  EXPECT_EQ(a_playout.leads, 2);
  a.stop();
}

// A follower's thread waits in PostgreSQL's queue for the lock: with rounds 10 s apart it still leads
// the moment the leader stops, and again the moment a leader's connection is cut.
void postgres_a_follower_leads_the_moment_the_leader_lets_go() {
  test::FreshPostgresDatabase database("handover");
  const auto rounds = std::chrono::seconds(10);
  auto role_set = [](Counted& playout, Counted& recorder) {
    return std::vector<cluster::Role>{counted_role("playout", cluster::kPlayoutLockKey, playout),
                                      counted_role("recorder", cluster::kRecorderLockKey, recorder)};
  };
  Counted a_playout;
  Counted a_recorder;
  Counted b_playout;
  Counted b_recorder;
  Counted c_playout;
  Counted c_recorder;
  cluster::LeaderElection a(named(database.url(), "handover-a"), role_set(a_playout, a_recorder), rounds);
  cluster::LeaderElection b(named(database.url(), "handover-b"), role_set(b_playout, b_recorder), rounds);
  cluster::LeaderElection c(named(database.url(), "handover-c"), role_set(c_playout, c_recorder), rounds);
  a.start();
  b.start();
  ASSERT_TRUE(a.leads("playout") && a.leads("recorder"));
  ASSERT_FALSE(b.leads("playout"));
  auto leads_both_within = [](const cluster::LeaderElection& election, std::chrono::milliseconds limit) {
    const auto until = std::chrono::steady_clock::now() + limit;
    while (std::chrono::steady_clock::now() < until) {
      if (election.leads("playout") && election.leads("recorder")) return true;
      std::this_thread::sleep_for(std::chrono::milliseconds(20));
    }
    return election.leads("playout") && election.leads("recorder");
  };

  a.stop();
  EXPECT_TRUE(leads_both_within(b, std::chrono::seconds(2)));

  c.start();
  EXPECT_FALSE(c.leads("playout"));
  EXPECT_EQ(terminate_sessions(database.url(), "handover-b"), 1);
  EXPECT_TRUE(leads_both_within(c, std::chrono::seconds(2)));
  EXPECT_EQ(c_playout.leads, 1);
  EXPECT_EQ(c_recorder.leads, 1);
  c.stop();
  b.stop();
}

// A follower takes the lock the moment the leader stops, its role fails to start, and the session
// it would give the lock back over died meanwhile (the store restarting under it): the election
// reconnects and leads at a later round instead of ending the process (seen in scripts/cluster-test,
// "terminate called after throwing an instance of 'soci::postgresql_soci_error'").
void postgres_a_role_that_fails_on_a_dead_session_is_taken_again() {
  test::FreshPostgresDatabase database("deadsession");
  Counted a_playout;
  cluster::LeaderElection a(named(database.url(), "dead-session-a"),
                            {counted_role("playout", cluster::kPlayoutLockKey, a_playout)});
  std::atomic<int> attempts{0};
  const std::string& url = database.url();
  cluster::LeaderElection b(named(url, "dead-session-b"),
                            {{"playout", cluster::kPlayoutLockKey,
                              [&attempts, &url] {
                                if (++attempts == 1) {
                                  terminate_sessions(url, "dead-session-b");
                                  throw std::runtime_error("the store went away while starting");
                                }
                              },
                              nullptr}},
                            std::chrono::milliseconds(200));
  a.start();
  b.start();
  ASSERT_TRUE(a.leads("playout"));
  ASSERT_FALSE(b.leads("playout"));
  a.stop();
  for (int i = 0; i < 100 && !b.leads("playout"); ++i) std::this_thread::sleep_for(std::chrono::milliseconds(50));
  EXPECT_TRUE(b.leads("playout"));
  EXPECT_EQ(attempts, 2);
  b.stop();
}

// Two instances starting at once: the second waits until the first has left its section.
void postgres_startup_sections_take_turns() {
  test::FreshPostgresDatabase database("startup");
  std::atomic<bool> second_inside{false};
  auto first = std::make_unique<cluster::ExclusiveSection>(database.url(), cluster::kStartupLockKey);
  std::thread second([&database, &second_inside] {
    const cluster::ExclusiveSection section(database.url(), cluster::kStartupLockKey);
    second_inside = true;
  });
  // Long enough for the second to connect and enter, were it not kept out.
  std::this_thread::sleep_for(std::chrono::milliseconds(800));
  EXPECT_FALSE(second_inside);
  first.reset();
  second.join();
  EXPECT_TRUE(second_inside);
}

const bool registered = test::register_postgres_tests(
    "LeaderElectionPostgreSQL", __FILE__,
    {{"SecretsAreSharedAndRaceSafe", postgres_secrets_are_shared_and_race_safe},
     {"OneLeaderPerRoleAndFailover", postgres_one_leader_per_role_and_failover},
     {"AFollowerLeadsTheMomentTheLeaderLetsGo", postgres_a_follower_leads_the_moment_the_leader_lets_go},
     {"ARoleThatFailsOnADeadSessionIsTakenAgain", postgres_a_role_that_fails_on_a_dead_session_is_taken_again},
     {"StartupSectionsTakeTurns", postgres_startup_sections_take_turns}});

}  // namespace
}  // namespace ether
