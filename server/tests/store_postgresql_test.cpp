// The store, the seed and the playout against a real PostgreSQL.
//
// The tests exist only when ETHER_TEST_DATABASE_URL names a PostgreSQL database (which they empty:
// they drop the store's tables first). With ETHER_REQUIRE_POSTGRES=1 and no URL, one test is
// registered that fails and says so; with neither, nothing is registered. Registration happens at
// start-up through testing::RegisterTest, so `ctest` lists them only when the variable was set at
// build (test discovery) time; running ether-tests directly always follows the environment.

#include <gtest/gtest.h>
#include <unistd.h>

#include <chrono>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <functional>
#include <string>
#include <thread>
#include <vector>

#include "playout/demo_playout.hpp"
#include "seed/demo_seed.hpp"
#include "store/migrations.hpp"
#include "store/settings_repository.hpp"
#include "store/track_play_repository.hpp"
#include "store_test_support.hpp"
#include "support/file_bytes.hpp"
#include "support/test_paths.hpp"

namespace ether::store {
namespace {

using testing_support::at;
using testing_support::fixture_media;
using testing_support::fixture_seed;
using testing_support::utc;

const long long kNow = utc(2026, 10, 25, 10, 17, 5);  // the autumn switch day

std::string configured_url() {
  const char* url = std::getenv("ETHER_TEST_DATABASE_URL");
  return url == nullptr ? "" : url;
}

// ctest runs each test in its own process, several at once: each process works in a schema of
// its own in the shared test database, so that one's DROP TABLE never meets another's rows.
std::string database_url() {
  static const std::string url = [] {
    const std::string base = configured_url();
    const std::string schema = "ether_test_" + std::to_string(::getpid());
    {
      auto db = Database::open(base, 1);
      auto session = db->lease();
      *session << "CREATE SCHEMA IF NOT EXISTS " + schema;
    }
    return base + (base.find('?') == std::string::npos ? "?" : "&") + "options=-csearch_path%3D" + schema;
  }();
  return url;
}

long long count(Database& db, const std::string& table) {
  auto session = db.lease();
  long long n = 0;
  *session << "SELECT COUNT(*) FROM " + table, soci::into(n);
  return n;
}

// An empty PostgreSQL store, opened afresh: every table of this process's schema is dropped, those
// of migrations added since this was written too (a list of names here went stale).
std::unique_ptr<Database> empty_store() {
  auto db = Database::open(database_url());
  EXPECT_EQ(db->dialect(), Dialect::postgresql);
  auto session = db->lease();
  std::vector<std::string> tables(200);
  *session << "SELECT tablename FROM pg_tables WHERE schemaname = current_schema()", soci::into(tables);
  for (const auto& table : tables) *session << "DROP TABLE IF EXISTS \"" + table + "\" CASCADE";
  return db;
}

void migrations_are_idempotent() {
  auto db = empty_store();
  EXPECT_EQ(db->migrate(), static_cast<int>(migrations().size()));
  EXPECT_EQ(db->migrate(), 0);
  EXPECT_EQ(db->schema_version(), migrations().back().version);
  {
    auto session = db->lease();
    SettingsRepository settings(*session);
    settings.set("demo_seeded", "first");
    settings.set("demo_seeded", "second");
  }
  db.reset();
  db = Database::open(database_url());
  EXPECT_EQ(db->migrate(), 0);
  auto session = db->lease();
  EXPECT_EQ(SettingsRepository(*session).get("demo_seeded"), "second");
  EXPECT_FALSE(SettingsRepository(*session).get("absent"));
}

// This process's threads named as the store's health monitor.
std::size_t monitor_threads() {
  std::size_t count = 0;
  for (const auto& task : std::filesystem::directory_iterator("/proc/self/task")) {
    std::ifstream comm(task.path() / "comm");
    std::string name;
    std::getline(comm, name);
    if (name == kMonitorThreadName) ++count;
  }
  return count;
}

// The store's health monitor is inside libpq (connecting, pinging) right after the store opens. A
// CLI command opens the store, asks one thing and exits; a monitor still in libpq then was aborted
// by libkrb5's exit handlers (ClusterInstances, `ether-server preview-url`). So closing the store
// waits until its monitor is done with libpq.
void monitor_is_done_when_the_store_closes() {
  const auto url = database_url();
  // Waits up to a second for this many monitor threads.
  const auto wait_for_monitor_threads = [](std::size_t expected) {
    for (int wait = 0; wait < 1000 && monitor_threads() != expected; ++wait) {
      std::this_thread::sleep_for(std::chrono::milliseconds(1));
    }
    return monitor_threads();
  };
  for (int round = 0; round < 5; ++round) {
    // The last round's monitor has said it is done with libpq (running_monitors, below), but its
    // thread is detached and may still be on its way out: it is listed until it has returned. A
    // run once counted it beside this round's.
    EXPECT_EQ(wait_for_monitor_threads(0), 0U) << "round " << round;
    auto db = Database::open(url, 1);
    EXPECT_EQ(Database::running_monitors(), 1) << "round " << round;
    // Named by the thread itself as it starts.
    EXPECT_EQ(wait_for_monitor_threads(1), 1U) << "round " << round;
    db.reset();
    EXPECT_EQ(Database::running_monitors(), 0) << "round " << round;
  }
}

void seed_and_catch_up() {
  auto db = empty_store();
  db->migrate();

  // A bad reference writes nothing, on PostgreSQL too.
  auto broken = std::filesystem::path(ETHER_TEST_TMP) / "postgresql-broken.json";
  std::filesystem::create_directories(broken.parent_path());
  {
    auto text = test::file_bytes(fixture_seed());
    auto pos = text.find("\"programme\": \"de-ochtend\", \"title\": \"De trainer");
    ASSERT_NE(pos, std::string::npos);
    text.replace(pos, std::string("\"programme\": \"de-ochtend\"").size(), "\"programme\": \"weg\"");
    std::ofstream(broken) << text;
  }
  EXPECT_THROW(seed::seed_demo_station_if_empty(*db, broken, fixture_media(), at(kNow)), seed::SeedError);
  EXPECT_EQ(count(*db, "channels"), 0);
  EXPECT_EQ(count(*db, "songs"), 0);
  EXPECT_EQ(count(*db, "settings"), 0);

  ASSERT_TRUE(seed::seed_demo_station_if_empty(*db, fixture_seed(), fixture_media(), at(kNow)));
  EXPECT_FALSE(seed::seed_demo_station_if_empty(*db, fixture_seed(), fixture_media(), at(kNow)));
  EXPECT_EQ(count(*db, "channels"), 3);
  EXPECT_EQ(count(*db, "schedule_slots"), 42);
  EXPECT_EQ(count(*db, "channel_rotation"), 6);
  EXPECT_EQ(count(*db, "podcast_episodes"), 2);
  EXPECT_EQ(count(*db, "event_modal_blocks"), 2);

  playout::DemoPlayout playout(*db, 2);
  EXPECT_GT(playout.catch_up(at(kNow)), 0);
  EXPECT_EQ(playout.catch_up(at(kNow)), 0);
  playout.catch_up(at(kNow + 3 * 3600));

  auto session = db->lease();
  TrackPlayRepository plays(*session);
  auto all = plays.between("radio2", 0, kNow * 2);
  ASSERT_FALSE(all.empty());
  EXPECT_EQ(all.front().starts_at, kNow - 2 * 86400);
  for (std::size_t i = 1; i < all.size(); ++i) ASSERT_EQ(all[i].starts_at, all[i - 1].ends_at) << i;
  EXPECT_GT(all.back().ends_at, kNow + 3 * 3600);
  EXPECT_FALSE(plays.record("radio2", all.back().song_id, all.back().starts_at, all.back().ends_at, std::nullopt));

  auto now = playout.now_playing("radio2", at(kNow));
  ASSERT_TRUE(now);
  EXPECT_EQ(now->offset, std::chrono::seconds(kNow - now->play.starts_at));

  // The switch day has 25 hours of broadcasts on radio2.
  long long covered = 0;
  const long long from = utc(2026, 10, 24, 22), until = utc(2026, 10, 25, 23);
  *session << "SELECT SUM(ends_at - starts_at) FROM broadcasts WHERE channel_slug = 'radio2' AND starts_at >= :f "
              "AND starts_at < :u",
      soci::use(from), soci::use(until), soci::into(covered);
  EXPECT_EQ(covered, 25 * 3600);
}

class Body : public ::testing::Test {
 public:
  explicit Body(std::function<void()> body) : body_(std::move(body)) {}
  void TestBody() override { body_(); }

 private:
  std::function<void()> body_;
};

void add(const char* name, int line, const std::function<void()>& body) {
  ::testing::RegisterTest("StorePostgreSQL", name, nullptr, nullptr, __FILE__, line,
                          [body]() -> ::testing::Test* { return new Body(body); });
}

const bool registered = [] {
  const char* require = std::getenv("ETHER_REQUIRE_POSTGRES");
  if (!configured_url().empty()) {
    add("MigrationsAreIdempotent", __LINE__, migrations_are_idempotent);
    add("SeedAndCatchUp", __LINE__, seed_and_catch_up);
    add("MonitorIsDoneWhenTheStoreCloses", __LINE__, monitor_is_done_when_the_store_closes);
  } else if (require != nullptr && std::string(require) == "1") {
    add("DatabaseUrlIsSet", __LINE__, [] {
      FAIL() << "ETHER_REQUIRE_POSTGRES=1 but ETHER_TEST_DATABASE_URL is not set: set it to a throwaway "
                "PostgreSQL database (postgresql://user@host:port/db) to run the PostgreSQL store tests";
    });
  }
  return true;
}();

}  // namespace
}  // namespace ether::store
