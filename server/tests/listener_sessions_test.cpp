// Listener sessions in memory and in the store (issue 52): the tracker's MP3 and HLS sessions,
// the daily-salted identity, the bot list, and the writer's batches, on SQLite and PostgreSQL.

#include <gtest/gtest.h>

#include <chrono>
#include <cstdint>
#include <set>
#include <string>
#include <thread>
#include <vector>

#include "listeners/listener_identity.hpp"
#include "listeners/listener_tracker.hpp"
#include "listeners/session_writer.hpp"
#include "store/listener_session_repository.hpp"
#include "store_test_support.hpp"
#include "support/postgres_database.hpp"

namespace ether::listeners {
namespace {

using std::chrono::seconds;

constexpr std::int64_t kStart = 1795392000000;  // 2026-11-23T00:00:00Z, in ms

TEST(ListenerTracker, AStreamSessionRunsFromOpenToCloseWithItsBytes) {
  std::int64_t now = kStart;
  ListenerTracker tracker([&now] { return now; });
  const auto a = tracker.open("radio2", "mp3", "hash-a");
  const auto b = tracker.open("radio2", "mp3", "hash-b");
  tracker.open("radio4", "mp3", "hash-c");
  EXPECT_EQ((tracker.counts().at({"radio2", "mp3"})), 2);
  EXPECT_EQ((tracker.counts().at({"radio4", "mp3"})), 1);
  now += 90000;
  tracker.close(a, 12345);
  tracker.close(a, 999);  // a second close changes nothing
  EXPECT_EQ((tracker.counts().at({"radio2", "mp3"})), 1);
  const auto closed = tracker.take_closed();
  ASSERT_EQ(closed.size(), 1U);
  EXPECT_EQ(closed[0].listener, "hash-a");
  EXPECT_EQ(closed[0].start_ms, kStart);
  EXPECT_EQ(closed[0].end_ms, kStart + 90000);
  EXPECT_EQ(closed[0].bytes, 12345U);
  EXPECT_EQ(tracker.bytes_sent(), 12345U);
  EXPECT_TRUE(tracker.take_closed().empty());
  // Open ones are given as if they ended now; close_all ends them.
  EXPECT_EQ(tracker.open_sessions().size(), 2U);
  now += 1000;
  tracker.close_all();
  EXPECT_TRUE(tracker.counts().empty());
  const auto rest = tracker.take_closed();
  ASSERT_EQ(rest.size(), 2U);
  EXPECT_EQ(rest[0].end_ms, now);
  tracker.close(b, 1);  // already ended by close_all
  EXPECT_TRUE(tracker.take_closed().empty());
}

TEST(ListenerTracker, AnHlsSessionLastsFromItsFirstToItsLastPlaylistFetchUntilItIsIdle) {
  std::int64_t now = kStart;
  ListenerTracker tracker([&now] { return now; }, seconds(30));
  tracker.hls_fetch("radio2", "hash-a", 0, false);  // a segment alone opens nothing
  EXPECT_TRUE(tracker.counts().empty());
  for (int i = 0; i < 5; ++i) {
    tracker.hls_fetch("radio2", "hash-a", 100, true);
    tracker.hls_fetch("radio2", "hash-a", 1000, false);
    now += 6000;
  }
  EXPECT_EQ((tracker.counts().at({"radio2", "hls"})), 1);
  now += 20000;  // 26 s after the last fetch
  tracker.sweep();
  EXPECT_TRUE(tracker.take_closed().empty());
  now += 10000;  // 36 s
  EXPECT_TRUE(tracker.counts().empty()) << "idle sessions are not counted, swept or not";
  tracker.sweep();
  const auto closed = tracker.take_closed();
  ASSERT_EQ(closed.size(), 1U);
  EXPECT_EQ(closed[0].format, "hls");
  EXPECT_EQ(closed[0].start_ms, kStart);
  EXPECT_EQ(closed[0].end_ms, kStart + 4 * 6000);
  EXPECT_EQ(closed[0].bytes, 5U * 1100);
  // A client back after the idle time begins a new session, also before a sweep.
  tracker.hls_fetch("radio2", "hash-b", 1, true);
  now += 40000;
  tracker.hls_fetch("radio2", "hash-b", 1, true);
  EXPECT_EQ(tracker.take_closed().size(), 1U);
  EXPECT_EQ(tracker.open_sessions().size(), 1U);
}

// The sweep removes sessions from the table as it walks it: among many, it ends every idle one and
// only those, wherever they lie in the table.
TEST(ListenerTracker, ASweepEndsEveryIdleSessionAmongManyAndNoOther) {
  std::int64_t now = kStart;
  ListenerTracker tracker([&now] { return now; }, seconds(30));
  constexpr int kListeners = 1000;
  for (int i = 0; i < kListeners; ++i) tracker.hls_fetch("radio2", "hash-" + std::to_string(i), 1, true);
  now += 20000;
  for (int i = 0; i < kListeners; i += 3) tracker.hls_fetch("radio2", "hash-" + std::to_string(i), 1, true);
  now += 15000;  // 35 s after the first fetches, 15 s after the second
  tracker.sweep();
  const auto closed = tracker.take_closed();
  std::set<std::string> ended;
  for (const auto& session : closed) ended.insert(session.listener);
  EXPECT_EQ(closed.size(), ended.size()) << "each session ends once";
  int expected_open = 0;
  for (int i = 0; i < kListeners; ++i) {
    const bool kept = i % 3 == 0;
    expected_open += kept ? 1 : 0;
    EXPECT_EQ(ended.count("hash-" + std::to_string(i)), kept ? 0U : 1U) << "hash-" << i;
  }
  EXPECT_EQ(tracker.open_sessions().size(), static_cast<std::size_t>(expected_open));
  EXPECT_EQ(tracker.counts().at({"radio2", "hls"}), expected_open);
}

TEST(ListenerTracker, SessionsTheStoreRefusedAreGivenBackAheadOfNewerOnes) {
  std::int64_t now = kStart;
  ListenerTracker tracker([&now] { return now; });
  tracker.close(tracker.open("radio2", "mp3", "first"), 0);
  auto batch = tracker.take_closed();
  tracker.close(tracker.open("radio2", "mp3", "second"), 0);
  tracker.give_back(std::move(batch));
  const auto all = tracker.take_closed();
  ASSERT_EQ(all.size(), 2U);
  EXPECT_EQ(all[0].listener, "first");
  EXPECT_EQ(all[1].listener, "second");
}

TEST(ListenerIdentity, TheHashIsStableWithinAUtcDayAndUnlinkableAcrossDays) {
  ListenerIdentity identity;
  const auto a = identity.hash("192.0.2.1", "VLC/3.0", kStart + 1000);
  EXPECT_EQ(a.size(), 32U);
  EXPECT_EQ(identity.hash("192.0.2.1", "VLC/3.0", kStart + 23 * 3600 * 1000), a);
  EXPECT_NE(identity.hash("192.0.2.1", "VLC/3.1", kStart + 1000), a);
  EXPECT_NE(identity.hash("192.0.2.2", "VLC/3.0", kStart + 1000), a);
  EXPECT_NE(identity.hash("192.0.2.1V", "LC/3.0", kStart + 1000), a);
  EXPECT_EQ(a.find("192.0.2.1"), std::string::npos);
  // The next day has a salt of its own.
  EXPECT_NE(identity.hash("192.0.2.1", "VLC/3.0", kStart + 24 * 3600 * 1000), a);
  // Another process (or a restart) draws other salts.
  ListenerIdentity other;
  EXPECT_NE(other.hash("192.0.2.1", "VLC/3.0", kStart + 1000), a);
}

TEST(ListenerIdentity, KnownBotsAreNamedByTheirUserAgents) {
  EXPECT_TRUE(is_known_bot("Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)"));
  EXPECT_TRUE(is_known_bot("facebookexternalhit/1.1"));
  EXPECT_TRUE(is_known_bot("Mozilla/5.0 (compatible; bingbot/2.0)"));
  EXPECT_TRUE(is_known_bot("UptimeRobot/2.0"));
  EXPECT_TRUE(is_known_bot("Mozilla/5.0 HeadlessChrome/120.0"));
  EXPECT_FALSE(is_known_bot("VLC/3.0.20 LibVLC/3.0.20"));
  EXPECT_FALSE(is_known_bot("Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 Chrome/120.0 Safari/537.36"));
  EXPECT_FALSE(is_known_bot(""));
  // Folded as ASCII, at any place in an agent of any length.
  EXPECT_TRUE(is_known_bot("SPIDER"));
  EXPECT_TRUE(is_known_bot(std::string(2000, 'x') + "Pingdom.com_bot"));
  EXPECT_FALSE(is_known_bot("B\xc3\x96T"));
}

void the_writer_stores_closed_sessions_in_batches_and_ends_open_ones_when_it_stops(store::Database& db) {
  std::int64_t now = kStart;
  ListenerTracker tracker([&now] { return now; });
  {
    SessionWriter writer(db, tracker, std::chrono::hours(1), 400);
    const auto a = tracker.open("radio2", "mp3", "hash-a");
    tracker.open("radio4", "mp3", "hash-b");
    now += 120000;
    tracker.close(a, 4000);
    ASSERT_TRUE(writer.flush());
    {
      auto lease = db.lease();
      const auto stored = store::ListenerSessionRepository(*lease).overlapping(kStart, now, "");
      ASSERT_EQ(stored.size(), 1U);
      EXPECT_EQ(stored[0].channel, "radio2");
      EXPECT_EQ(stored[0].format, "mp3");
      EXPECT_EQ(stored[0].listener, "hash-a");
      EXPECT_EQ(stored[0].start_ms, kStart);
      EXPECT_EQ(stored[0].end_ms, kStart + 120000);
      EXPECT_EQ(stored[0].bytes, 4000U);
    }
    now += 60000;
    // Going away (a shutdown) ends the open session and stores it.
  }
  auto lease = db.lease();
  store::ListenerSessionRepository sessions(*lease);
  const auto stored = sessions.overlapping(kStart, now + 1, "");
  ASSERT_EQ(stored.size(), 2U);
  EXPECT_EQ(stored[1].channel, "radio4");
  EXPECT_EQ(stored[1].end_ms, kStart + 180000);
  EXPECT_EQ(sessions.overlapping(kStart, now + 1, "radio4").size(), 1U);
  EXPECT_EQ(sessions.overlapping(kStart + 120000, now + 1, "").size(), 1U) << "radio2's ended as this span began";
  EXPECT_TRUE(sessions.overlapping(now + 1, now + 2, "").empty());
}

// The retention the privacy note promises: a session is kept `keep_days` after it ended, then deleted,
// and nothing younger goes with it.
void the_writer_deletes_sessions_past_the_retention(store::Database& db) {
  constexpr std::int64_t kDay = 86'400'000;
  std::int64_t now = kStart;
  ListenerTracker tracker([&now] { return now; });
  SessionWriter writer(db, tracker, std::chrono::hours(1), 2);
  const auto old = tracker.open("radio2", "mp3", "hash-old");
  now += 120'000;
  tracker.close(old, 1000);
  const auto kept = tracker.open("radio2", "hls", "hash-kept");
  now += 2 * kDay;
  tracker.close(kept, 1000);
  ASSERT_TRUE(writer.flush());
  const auto stored = [&] {
    auto lease = db.lease();
    return store::ListenerSessionRepository(*lease).overlapping(0, now + kDay, "");
  };
  ASSERT_EQ(stored().size(), 2U);
  // Two days after the first ended, to the millisecond: still kept.
  EXPECT_EQ(writer.prune(kStart + 120'000 + 2 * kDay), 0);
  EXPECT_EQ(stored().size(), 2U);
  EXPECT_EQ(writer.prune(kStart + 120'001 + 2 * kDay), 1);
  const auto left = stored();
  ASSERT_EQ(left.size(), 1U);
  EXPECT_EQ(left[0].listener, "hash-kept");
  // The writer's own rounds prune too (the first one at once): two days on, the other one goes.
  now += 2 * kDay + 1;
  SessionWriter rounds(db, tracker, std::chrono::milliseconds(10), 2);
  const auto deadline = std::chrono::steady_clock::now() + std::chrono::seconds(10);
  while (!stored().empty() && std::chrono::steady_clock::now() < deadline) {
    std::this_thread::sleep_for(std::chrono::milliseconds(10));
  }
  EXPECT_TRUE(stored().empty());
}

// What /metrics shows of the writer: the sessions waiting for the store and the writes it refused.
void the_writer_counts_what_waits_and_the_writes_the_store_refused(store::Database& db) {
  std::int64_t now = kStart;
  ListenerTracker tracker([&now] { return now; });
  SessionWriter writer(db, tracker, std::chrono::hours(1), 400);
  EXPECT_EQ(writer.pending(), 0U);
  EXPECT_EQ(writer.failed_writes(), 0U);
  const auto a = tracker.open("radio2", "mp3", "hash-a");
  const auto b = tracker.open("radio2", "mp3", "hash-b");
  now += 120000;
  tracker.close(a, 4000);
  tracker.close(b, 4000);
  EXPECT_EQ(writer.pending(), 2U);
  {
    auto lease = db.lease();
    *lease << "ALTER TABLE listener_sessions RENAME TO listener_sessions_away";
  }
  EXPECT_FALSE(writer.flush());
  EXPECT_EQ(writer.failed_writes(), 1U);
  EXPECT_EQ(writer.pending(), 2U) << "kept for the next round";
  {
    auto lease = db.lease();
    *lease << "ALTER TABLE listener_sessions_away RENAME TO listener_sessions";
  }
  ASSERT_TRUE(writer.flush());
  EXPECT_EQ(writer.pending(), 0U);
  EXPECT_EQ(writer.failed_writes(), 1U);
}

TEST(SessionWriter, CountsWhatWaitsAndTheWritesTheStoreRefusedOnSqlite) {
  testing_support::TempStore store;
  the_writer_counts_what_waits_and_the_writes_the_store_refused(store.db());
}

TEST(SessionWriter, DeletesSessionsPastTheRetentionOnSqlite) {
  testing_support::TempStore store;
  the_writer_deletes_sessions_past_the_retention(store.db());
}

TEST(SessionWriter, StoresClosedSessionsInBatchesAndEndsOpenOnesWhenItStopsOnSqlite) {
  testing_support::TempStore store;
  the_writer_stores_closed_sessions_in_batches_and_ends_open_ones_when_it_stops(store.db());
}

// A fresh, migrated PostgreSQL database for one test.
void on_fresh_postgres(const char* name, void (*run)(store::Database&)) {
  test::FreshPostgresDatabase database(name);
  auto db = store::Database::open(database.url());
  db->migrate();
  run(*db);
}

const bool registered = test::register_postgres_tests(
    "SessionWriterPostgres", __FILE__,
    {{"StoresClosedSessionsInBatchesAndEndsOpenOnesWhenItStops",
      [] {
        on_fresh_postgres("listener_sessions",
                          the_writer_stores_closed_sessions_in_batches_and_ends_open_ones_when_it_stops);
      }},
     {"DeletesSessionsPastTheRetention",
      [] { on_fresh_postgres("listener_retention", the_writer_deletes_sessions_past_the_retention); }},
     {"CountsWhatWaitsAndTheWritesTheStoreRefused", [] {
        on_fresh_postgres("listener_writer_failures", the_writer_counts_what_waits_and_the_writes_the_store_refused);
      }}});

}  // namespace
}  // namespace ether::listeners
