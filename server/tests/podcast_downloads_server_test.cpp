// Podcast downloads counted as IAB 2.1 counts them (issue 52), from a real ether-server: curl
// fetches an episode's audio with Range requests through a trusted proxy's X-Forwarded-For, and
// the admin's figures count one download per client (address, IPv6 cut to its /64, and user
// agent) per UTC day once a minute of audio was served; bots, pre-loads and clients under a minute
// count nowhere, and no address is stored. On PostgreSQL a second server on the same database adds
// to the same client's bytes. The same figures as CSV, and /metrics counting each download once. On
// SQLite and PostgreSQL.

#include <gtest/gtest.h>

#include <boost/json.hpp>
#include <filesystem>
#include <memory>
#include <string>
#include <vector>

#include "admin/roles.hpp"
#include "store/database.hpp"
#include "support/admin_server.hpp"
#include "support/postgres_database.hpp"
#include "support/server_process.hpp"

namespace ether {
namespace {

namespace json = boost::json;
using test::ServerProcess;

constexpr const char* kAudio = "podcasts/de-nieuwsduik/waarom-bouwen-zo-lang-duurt.mp3";

/// The value of the sample `name` (without labels) in `server`'s /metrics; -1 when it is missing.
long long metric(const ServerProcess& server, const std::string& name) {
  const auto answer = server.get("/metrics");
  EXPECT_EQ(answer.status, 200);
  const auto at = answer.body.find("\n" + name + " ");
  if (at == std::string::npos) return -1;
  return std::stoll(answer.body.substr(at + name.size() + 2));
}

/// Fetches `range` of the episode's audio as `user_agent` from `address` (forwarded by the proxy
/// on loopback); the status.
int fetch(const ServerProcess& server, const std::string& range, const std::string& user_agent,
          const std::string& address) {
  return server
      .get(std::string("/media/") + kAudio,
           "-o /dev/null -r " + range + " -A '" + user_agent + "' -H 'X-Forwarded-For: " + address + "'")
      .status;
}

void downloads_are_counted_once_per_client_and_day(const std::string& database_url) {
  const std::vector<std::string> base{"ETHER_TRUSTED_PROXIES=127.0.0.1", "ETHER_LISTENER_FLUSH_SECONDS=1"};
  auto env = base;
  if (!database_url.empty()) env.push_back("DATABASE_URL=" + database_url);
  ServerProcess server("podcast-downloads", env);
  const auto store_url = database_url.empty() ? test::sqlite_url_of(server) : database_url;
  const auto who = test::server_login(server, store_url, "redactie@radio.example", admin::Role::redacteur);
  ASSERT_FALSE(who.cookie.empty());

  // The demo episode lasts ten minutes here, so a minute of it is a tenth of its bytes.
  const auto file_bytes = static_cast<long long>(
      std::filesystem::file_size(std::filesystem::path(ETHER_SOURCE_DIR) / "media/demo" / kAudio));
  const auto minute = file_bytes * 60'000 / 600'000;
  ASSERT_GT(minute, 8000);
  ASSERT_LT(minute, 12000);
  long long feed_id = 0;
  long long episode_id = 0;
  std::string feed_slug;
  std::string episode_slug;
  std::string episode_title;
  {
    auto db = store::Database::open(store_url, 1);
    auto lease = db->lease();
    const std::string path = kAudio;
    *lease << "SELECT e.id, e.feed_id, f.slug, e.slug, e.title FROM podcast_episodes e "
              "JOIN podcast_feeds f ON f.id = e.feed_id WHERE e.audio_path = :p",
        soci::into(episode_id), soci::into(feed_id), soci::into(feed_slug), soci::into(episode_slug),
        soci::into(episode_title), soci::use(path);
    ASSERT_TRUE(lease->got_data());
    *lease << "UPDATE podcast_episodes SET duration_ms = 600000, byte_length = :b WHERE id = :id",
        soci::use(file_bytes), soci::use(episode_id);
  }

  EXPECT_EQ(metric(server, "ether_podcast_downloads_total"), 0);

  // A: two ranges that together pass a minute, then the rest: one download.
  EXPECT_EQ(fetch(server, "0-5999", "Podcast A/1.0", "198.51.100.1"), 206);
  EXPECT_EQ(fetch(server, "6000-11999", "Podcast A/1.0", "198.51.100.1"), 206);
  EXPECT_EQ(fetch(server, "12000-", "Podcast A/1.0", "198.51.100.1"), 206);
  // The same address with another app: a client of its own.
  EXPECT_EQ(fetch(server, "0-", "Podcast B/1.0", "198.51.100.1"), 206);
  // Two addresses of one /64: one client.
  EXPECT_EQ(fetch(server, "0-5999", "Podcast C/1.0", "2001:db8:5:6::1"), 206);
  EXPECT_EQ(fetch(server, "6000-11999", "Podcast C/1.0", "2001:db8:5:6:ffff::2"), 206);
  // A bot, pre-loads and a client under a minute count nowhere.
  EXPECT_EQ(fetch(server, "0-", "Mozilla/5.0 (compatible; Googlebot/2.1)", "198.51.100.2"), 206);
  for (int i = 0; i < 10; ++i) EXPECT_EQ(fetch(server, "0-1", "AppleCoreMedia/1.0", "198.51.100.3"), 206);
  EXPECT_EQ(fetch(server, "0-4999", "Podcast D/1.0", "198.51.100.4"), 206);

  long long expected = 3;
  std::unique_ptr<ServerProcess> second;
  if (!database_url.empty()) {
    // A podcast app whose range requests land on two instances of one store is one client.
    second = std::make_unique<ServerProcess>("podcast-downloads-2", env);
    EXPECT_EQ(fetch(server, "0-5999", "Podcast E/1.0", "198.51.100.5"), 206);
    EXPECT_EQ(fetch(*second, "6000-11999", "Podcast E/1.0", "198.51.100.5"), 206);
    const auto flushed =
        test::server_admin_send(*second, "GET", "/api/admin/podcasts/" + std::to_string(feed_id) + "/downloads", "",
                                test::server_login(*second, store_url, "b@radio.example", admin::Role::redacteur));
    EXPECT_EQ(flushed.status, 200) << flushed.body;
    expected = 4;
  }
  const auto flushed_figures =
      test::server_admin_send(server, "GET", "/api/admin/podcasts/" + std::to_string(feed_id) + "/downloads", "", who);
  ASSERT_EQ(flushed_figures.status, 200) << flushed_figures.body;
  // /metrics counts each download once, on the instance whose write took its client past a minute.
  EXPECT_EQ(
      metric(server, "ether_podcast_downloads_total") + (second ? metric(*second, "ether_podcast_downloads_total") : 0),
      expected);
  const auto samples = server.get("/metrics").body;
  EXPECT_NE(samples.find("ether_listener_writer_pending{writer=\"downloads\"} 0\n"), std::string::npos) << samples;
  EXPECT_NE(samples.find("ether_listener_writer_failed_writes_total{writer=\"downloads\"} 0\n"), std::string::npos);
  EXPECT_NE(samples.find("ether_listener_writer_pending{writer=\"sessions\"} "), std::string::npos);

  const auto target = "/api/admin/podcasts/" + std::to_string(feed_id) + "/downloads";
  const auto answer = test::server_admin_send(server, "GET", target, "", who);
  ASSERT_EQ(answer.status, 200) << answer.body;
  EXPECT_NE(answer.headers.find("no-store"), std::string::npos);
  const auto figures = json::parse(answer.body);
  EXPECT_EQ(figures.at("total").as_int64(), expected) << answer.body;
  EXPECT_EQ(figures.at("days").as_int64(), 28);
  const auto& days = figures.at("byDay").as_array();
  ASSERT_EQ(days.size(), 1U) << answer.body;
  EXPECT_EQ(days[0].at("date").as_string(), figures.at("until").as_string());
  EXPECT_EQ(days[0].at("downloads").as_int64(), expected);
  ASSERT_EQ(days[0].at("episodes").as_array().size(), 1U);
  EXPECT_EQ(days[0].at("episodes").as_array()[0].at("id").as_int64(), episode_id);
  EXPECT_EQ(days[0].at("episodes").as_array()[0].at("downloads").as_int64(), expected);
  bool listed = false;
  for (const auto& episode : figures.at("episodes").as_array()) {
    if (episode.at("id").as_int64() == episode_id) {
      listed = true;
      EXPECT_EQ(episode.at("downloads").as_int64(), expected);
    } else {
      EXPECT_EQ(episode.at("downloads").as_int64(), 0);
    }
  }
  EXPECT_TRUE(listed);

  // The same as CSV: a line per day and episode, the columns the README documents.
  const auto csv = test::server_admin_send(server, "GET", target + "?format=csv", "", who);
  ASSERT_EQ(csv.status, 200) << csv.body;
  EXPECT_NE(csv.headers.find("text/csv; charset=utf-8"), std::string::npos) << csv.headers;
  EXPECT_NE(csv.headers.find("no-store"), std::string::npos);
  const std::string from_day(figures.at("from").as_string());
  const std::string until_day(figures.at("until").as_string());
  EXPECT_NE(
      csv.headers.find("attachment; filename=\"downloads-" + feed_slug + "-" + from_day + "-" + until_day + ".csv\""),
      std::string::npos)
      << csv.headers;
  EXPECT_EQ(csv.body, "date,feed,episode,episode_title,downloads\r\n" + until_day + "," + feed_slug + "," +
                          episode_slug + "," + episode_title + "," + std::to_string(expected) + "\r\n");
  const auto one_day = test::server_admin_send(server, "GET", target + "?days=1&format=csv", "", who);
  ASSERT_EQ(one_day.status, 200);
  EXPECT_EQ(one_day.body, csv.body);

  {
    // Rows for A, B, C, D (and E): none for the bot or the pre-loads; hashes, never an address.
    auto db = store::Database::open(store_url, 1);
    auto lease = db->lease();
    long long rows = 0;
    *lease << "SELECT COUNT(*) FROM podcast_download_bytes", soci::into(rows);
    EXPECT_EQ(rows, expected + 1);
    long long with_address = 0;
    *lease << "SELECT COUNT(*) FROM podcast_download_bytes WHERE client LIKE '%198.51%' OR client LIKE '%2001:%'",
        soci::into(with_address);
    EXPECT_EQ(with_address, 0);
    long long salts = 0;
    *lease << "SELECT COUNT(*) FROM download_salts", soci::into(salts);
    EXPECT_EQ(salts, 1);
  }

  EXPECT_EQ(test::server_admin_send(server, "GET", "/api/admin/podcasts/987654321/downloads", "", who).status, 404);
  EXPECT_EQ(test::server_admin_send(server, "GET", "/api/admin/podcasts/abc/downloads", "", who).status, 400);
  EXPECT_EQ(test::server_admin_send(server, "GET", target + "?days=0", "", who).status, 400);
  EXPECT_EQ(test::server_admin_send(server, "GET", target + "?days=367", "", who).status, 400);
  EXPECT_EQ(server.get(target).status, 401);
  // The CSV answers as the JSON does.
  const auto missing =
      test::server_admin_send(server, "GET", "/api/admin/podcasts/987654321/downloads?format=csv", "", who);
  EXPECT_EQ(missing.status, 404);
  EXPECT_NE(missing.body.find("\"not_found\""), std::string::npos) << missing.body;
  EXPECT_EQ(test::server_admin_send(server, "GET", "/api/admin/podcasts/abc/downloads?format=csv", "", who).status,
            400);
  EXPECT_EQ(test::server_admin_send(server, "GET", target + "?days=0&format=csv", "", who).status, 400);
  const auto bad_format = test::server_admin_send(server, "GET", target + "?format=xml", "", who);
  EXPECT_EQ(bad_format.status, 400);
  EXPECT_NE(bad_format.body.find("\"bad_parameter\""), std::string::npos) << bad_format.body;
  EXPECT_EQ(server.get(target + "?format=csv").status, 401);
}

TEST(PodcastDownloadsServer, DownloadsAreCountedOncePerClientAndDayOnSqlite) {
  downloads_are_counted_once_per_client_and_day("");
}

TEST(PodcastDownloadsServer, WithListenerCountingOffNoDownloadIsCounted) {
  ServerProcess server("podcast-downloads-off", {"ETHER_TRUSTED_PROXIES=127.0.0.1", "ETHER_LISTENER_COUNTING=0",
                                                 "ETHER_LISTENER_FLUSH_SECONDS=1"});
  const auto store_url = test::sqlite_url_of(server);
  const auto who = test::server_login(server, store_url, "redactie@radio.example", admin::Role::redacteur);
  ASSERT_FALSE(who.cookie.empty());
  long long feed_id = 0;
  {
    auto db = store::Database::open(store_url, 1);
    auto lease = db->lease();
    const std::string path = kAudio;
    *lease << "SELECT feed_id FROM podcast_episodes WHERE audio_path = :p", soci::into(feed_id), soci::use(path);
  }
  EXPECT_EQ(fetch(server, "0-", "Podcast A/1.0", "198.51.100.1"), 206);
  const auto answer =
      test::server_admin_send(server, "GET", "/api/admin/podcasts/" + std::to_string(feed_id) + "/downloads", "", who);
  ASSERT_EQ(answer.status, 200) << answer.body;
  EXPECT_EQ(json::parse(answer.body).at("total").as_int64(), 0);
  auto db = store::Database::open(store_url, 1);
  auto lease = db->lease();
  long long rows = -1;
  *lease << "SELECT COUNT(*) FROM podcast_download_bytes", soci::into(rows);
  EXPECT_EQ(rows, 0);
}

const bool registered = test::register_postgres_tests("PodcastDownloadsServerPostgres", __FILE__,
                                                      {{"DownloadsAreCountedOncePerClientAndDayOnTwoInstances", [] {
                                                          test::FreshPostgresDatabase database("podcast_downloads");
                                                          downloads_are_counted_once_per_client_and_day(database.url());
                                                        }}});

}  // namespace
}  // namespace ether
