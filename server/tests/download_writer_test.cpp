// Podcast downloads from memory to the store (issue 52): the writer finds each path's episode,
// hashes the client under the day's salt shared through the store (two writers on one store agree),
// adds the bytes per (episode, UTC day, client hash), counts a download on the write that takes a
// client past a minute of the episode, keeps a batch the store refused for the next try (counting
// the refusal), and deletes past salts and rows past the retention; on SQLite and PostgreSQL.

#include "listeners/download_writer.hpp"

#include <gtest/gtest.h>

#include <algorithm>
#include <cctype>
#include <chrono>
#include <cstdint>
#include <string>

#include "store/download_repository.hpp"
#include "store_test_support.hpp"
#include "support/postgres_database.hpp"

namespace ether::listeners {
namespace {

constexpr std::int64_t kStart = 1795392000000;  // 2026-11-23T00:00:00Z, in ms
constexpr std::int64_t kDay = 86'400'000;
constexpr std::int64_t kStartDay = kStart / kDay;

struct Episodes {
  long long media = 0;   // "pods/a.mp3", served at /media/pods/a.mp3
  long long upload = 0;  // "/uploads/audio/ab/cd.mp3"
};

Episodes add_episodes(store::Database& db) {
  auto lease = db.lease();
  *lease << "INSERT INTO podcast_feeds (slug, title) VALUES ('pod', 'Pod')";
  long long feed = 0;
  *lease << "SELECT id FROM podcast_feeds WHERE slug = 'pod'", soci::into(feed);
  Episodes episodes;
  for (const auto& [slug, path] : {std::pair{"a", "pods/a.mp3"}, std::pair{"b", "/uploads/audio/ab/cd.mp3"}}) {
    const std::string s = slug;
    const std::string p = path;
    *lease << "INSERT INTO podcast_episodes (feed_id, slug, title, audio_path, duration_ms, byte_length, "
              "published_at) VALUES (:f, :s, :t, :p, 600000, 100000, 0)",
        soci::use(feed), soci::use(s), soci::use(s), soci::use(p);
    long long id = 0;
    *lease << "SELECT id FROM podcast_episodes WHERE slug = :s", soci::into(id), soci::use(s);
    (s == "a" ? episodes.media : episodes.upload) = id;
  }
  return episodes;
}

std::vector<store::DownloadBytes> stored(store::Database& db, std::int64_t from_day, std::int64_t until_day) {
  long long feed = 0;
  auto lease = db.lease();
  *lease << "SELECT id FROM podcast_feeds WHERE slug = 'pod'", soci::into(feed);
  return store::DownloadRepository(*lease).of_feed(feed, from_day, until_day);
}

long long salts(store::Database& db) {
  long long count = 0;
  auto lease = db.lease();
  *lease << "SELECT COUNT(*) FROM download_salts", soci::into(count);
  return count;
}

void the_writer_sums_bytes_per_episode_day_and_client(store::Database& db) {
  const auto episodes = add_episodes(db);
  std::int64_t now = kStart + 1000;
  DownloadWriter writer(
      db, [&now] { return now; }, std::chrono::hours(1), 2);
  DownloadWriter other(
      db, [&now] { return now; }, std::chrono::hours(1), 2);
  writer.record("/media/pods/a.mp3", "192.0.2.1", "App/1.0", 6000);
  writer.record("/media/pods/a.mp3", "192.0.2.1", "App/1.0", 6000);
  writer.record("/uploads/audio/ab/cd.mp3", "2001:db8::1", "App/1.0", 500);
  // Not an episode's audio, a pre-load, a bot: nothing.
  writer.record("/media/images/a.webp", "192.0.2.1", "App/1.0", 9000);
  writer.record("/media/pods/a.mp3", "192.0.2.2", "App/1.0", 2);
  writer.record("/media/pods/a.mp3", "192.0.2.3", "Googlebot/2.1", 90000);
  EXPECT_EQ(writer.pending(), 3U) << "the image's path waits too: only the store knows it is no episode";
  EXPECT_EQ(writer.downloads_counted(), 0U);
  ASSERT_TRUE(writer.flush());
  EXPECT_EQ(writer.pending(), 0U);
  // A minute of an episode here is 10,000 bytes: the first client's 12,000 make a download, the
  // upload's 500 do not.
  EXPECT_EQ(writer.downloads_counted(), 1U);
  // A second instance on the same store hashes the same client alike; its bytes were past the
  // minute already, so it counts no second download.
  other.record("/media/pods/a.mp3", "192.0.2.1", "App/1.0", 1000);
  ASSERT_TRUE(other.flush());
  EXPECT_EQ(other.downloads_counted(), 0U);
  // The instance whose write takes a client past the minute counts it.
  writer.record("/uploads/audio/ab/cd.mp3", "2001:db8::1", "App/1.0", 4500);
  other.record("/uploads/audio/ab/cd.mp3", "2001:db8::1", "App/1.0", 5000);
  ASSERT_TRUE(writer.flush());
  ASSERT_TRUE(other.flush());
  EXPECT_EQ(writer.downloads_counted(), 1U);
  EXPECT_EQ(other.downloads_counted(), 1U);
  auto rows = stored(db, kStartDay, kStartDay);
  ASSERT_EQ(rows.size(), 2U);
  EXPECT_EQ(rows[0].episode_id, episodes.media);
  EXPECT_EQ(rows[0].bytes, 13000);
  EXPECT_EQ(rows[0].client.size(), 32U);
  // A hash in hex, never the address (a random hash holds "192" now and then; it never holds a dot).
  EXPECT_TRUE(std::all_of(rows[0].client.begin(), rows[0].client.end(), [](char c) {
    return std::isxdigit(static_cast<unsigned char>(c)) != 0;
  })) << rows[0].client;
  EXPECT_EQ(rows[1].episode_id, episodes.upload);
  EXPECT_EQ(rows[1].bytes, 10000);
  EXPECT_EQ(salts(db), 1);

  // The store refuses a batch: it is kept and added at the next try.
  {
    auto lease = db.lease();
    *lease << "ALTER TABLE podcast_download_bytes RENAME TO podcast_download_bytes_away";
  }
  writer.record("/media/pods/a.mp3", "192.0.2.1", "App/1.0", 700);
  EXPECT_EQ(writer.failed_writes(), 0U);
  EXPECT_FALSE(writer.flush());
  EXPECT_EQ(writer.failed_writes(), 1U);
  EXPECT_EQ(writer.pending(), 1U) << "kept for the next try";
  writer.record("/media/pods/a.mp3", "192.0.2.1", "App/1.0", 300);
  {
    auto lease = db.lease();
    *lease << "ALTER TABLE podcast_download_bytes_away RENAME TO podcast_download_bytes";
  }
  ASSERT_TRUE(writer.flush());
  EXPECT_EQ(writer.pending(), 0U);
  EXPECT_EQ(writer.failed_writes(), 1U);
  EXPECT_EQ(writer.downloads_counted(), 1U) << "a client's download counts once however many bytes follow";
  rows = stored(db, kStartDay, kStartDay);
  ASSERT_EQ(rows.size(), 2U);
  EXPECT_EQ(rows[0].bytes, 14000);

  // The next UTC day: a salt of its own, so the same client is another hash; past salts go.
  now += kDay;
  writer.record("/media/pods/a.mp3", "192.0.2.1", "App/1.0", 100);
  ASSERT_TRUE(writer.flush());
  const auto next = stored(db, kStartDay + 1, kStartDay + 1);
  ASSERT_EQ(next.size(), 1U);
  EXPECT_NE(next[0].client, rows[0].client);
  EXPECT_EQ(salts(db), 2);
  // The past day's salt outlives it by two hours (sums of its last round may still come).
  now = kStart + kDay + 2 * 3'600'000 - 1;
  ASSERT_TRUE(writer.prune());
  EXPECT_EQ(salts(db), 2);
  now = kStart + kDay + 2 * 3'600'000;
  ASSERT_TRUE(writer.prune());
  EXPECT_EQ(salts(db), 1);

  // Rows are kept `keep_days` (2) after their day, then deleted.
  now = kStart + 2 * kDay;
  ASSERT_TRUE(writer.prune());
  EXPECT_EQ(stored(db, 0, kStartDay + 10).size(), 3U);
  now = kStart + 3 * kDay;
  ASSERT_TRUE(writer.prune());
  EXPECT_EQ(stored(db, 0, kStartDay + 10).size(), 1U);
}

TEST(DownloadWriter, SumsBytesPerEpisodeDayAndClientOnSqlite) {
  testing_support::TempStore store;
  the_writer_sums_bytes_per_episode_day_and_client(store.db());
}

const bool registered = test::register_postgres_tests("DownloadWriterPostgres", __FILE__,
                                                      {{"SumsBytesPerEpisodeDayAndClient", [] {
                                                          testing_support::TempStore store("postgresql");
                                                          the_writer_sums_bytes_per_episode_day_and_client(store.db());
                                                        }}});

}  // namespace
}  // namespace ether::listeners
