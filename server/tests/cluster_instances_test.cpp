// Two real ether-server processes on one PostgreSQL database (a fresh one) and one shared
// recordings directory: each serves the other's stream tokens, recording URLs and preview links,
// both name the same song on air, and when the leader of the playout and the recorder is killed
// (SIGKILL), the other takes both over: new plays are recorded and the recordings keep growing;
// a leader stopped with SIGTERM hands both over while it drains.
// Registered only when ETHER_TEST_DATABASE_URL is set (see support/postgres_database.hpp).

#include <gtest/gtest.h>

#include <boost/json.hpp>
#include <chrono>
#include <filesystem>
#include <fstream>
#include <functional>
#include <string>
#include <thread>
#include <utility>
#include <vector>

#include "store/database.hpp"
#include "support/file_bytes.hpp"
#include "support/postgres_database.hpp"
#include "support/server_process.hpp"
#include "support/test_paths.hpp"

namespace ether {
namespace {

namespace fs = std::filesystem;
namespace json = boost::json;
using test::ServerProcess;

long long unix_now() {
  return std::chrono::duration_cast<std::chrono::seconds>(std::chrono::system_clock::now().time_since_epoch()).count();
}

std::string log_of(const ServerProcess& server) { return test::file_bytes(server.dir() / "server.log"); }

bool leads(const ServerProcess& server, const std::string& role) {
  return log_of(server).find("this instance now leads the " + role) != std::string::npos;
}

// Polls `condition` every 200 ms until it holds or `deadline` passed (then a last time).
bool wait_for(const std::function<bool()>& condition, std::chrono::seconds deadline) {
  const auto until = std::chrono::steady_clock::now() + deadline;
  while (std::chrono::steady_clock::now() < until) {
    if (condition()) return true;
    std::this_thread::sleep_for(std::chrono::milliseconds(200));
  }
  return condition();
}

std::uintmax_t bytes_under(const fs::path& dir) {
  std::uintmax_t total = 0;
  for (const auto& entry : fs::recursive_directory_iterator(dir)) {
    if (entry.is_regular_file()) total += entry.file_size();
  }
  return total;
}

long long query_number(store::Database& db, const std::string& sql) {
  auto lease = db.lease();
  long long value = 0;
  soci::indicator ind = soci::i_null;
  *lease << sql, soci::into(value, ind);
  return ind == soci::i_ok ? value : 0;
}

std::string stream_url_of(const ServerProcess& server, const std::string& target) {
  const auto answer = server.get(target);
  EXPECT_EQ(answer.status, 200) << target << ": " << answer.body;
  if (answer.status != 200) return "";
  return std::string(json::parse(answer.body).at("streamUrl").as_string());
}

// A signed URL with one character of its signature changed.
std::string forged(std::string url, const std::string& marker) {
  const auto at = url.find(marker) + marker.size() + 8;
  url[at] = url[at] == 'x' ? 'y' : 'x';
  return url;
}

// The play named on air by the info document: "<play id> <song>".
std::string on_air(const ServerProcess& server, const std::string& channel) {
  const auto answer = server.get("/api/miniplayer/info?channel=" + channel);
  if (answer.status != 200) return "status " + std::to_string(answer.status);
  const auto document = json::parse(answer.body);
  const auto& plays = document.at("data").at("radioTrackPlays").at("data").as_array();
  if (plays.empty()) return "nothing";
  return std::to_string(plays[0].at("id").as_int64()) + " " + std::string(plays[0].at("song").as_string());
}

// The URL that `ether-server preview-url` prints with the settings of `server`, as an editor on
// that instance would make it; returned relative to the server's base URL.
std::string preview_link(const ServerProcess& server, const std::string& database_url, const fs::path& data_dir,
                         long long page_id) {
  const auto printed =
      test::run_command("env -i PATH=/usr/bin:/bin DATABASE_URL='" + database_url + "' ETHER_DATA_DIR='" +
                        data_dir.string() + "' ETHER_BASE_URL='" + server.base_url() + "' " + ETHER_SERVER_BINARY +
                        " preview-url " + std::to_string(page_id));
  const auto url = printed.substr(0, printed.find('\n'));
  EXPECT_TRUE(url.starts_with(server.base_url() + "/overzicht/preview/")) << printed;
  return url.starts_with(server.base_url()) ? url.substr(server.base_url().size()) : url;
}

void two_instances_are_interchangeable() {
  test::FreshPostgresDatabase database("cluster");
  const fs::path root = fs::path(ETHER_TEST_TMP) / ("cluster-" + std::to_string(::getpid()));
  fs::remove_all(root);
  const auto shared_recordings = root / "recordings";
  fs::create_directories(shared_recordings);
  // Both instances read and write one recordings directory (ETHER_RECORDINGS_DIR), as shared
  // storage would give them.
  auto data_dir = [&root](const std::string& name) {
    auto dir = root / name;
    fs::create_directories(dir);
    return dir;
  };
  const auto a_data = data_dir("a");
  const auto b_data = data_dir("b");
  auto env = [&database, &shared_recordings](const fs::path& dir) {
    return std::vector<std::string>{"DATABASE_URL=" + database.url(), "ETHER_DATA_DIR=" + dir.string(),
                                    "ETHER_RECORDINGS_DIR=" + shared_recordings.string(), "ETHER_LOG_LEVEL=info"};
  };
  ServerProcess a("cluster-a", env(a_data));
  ServerProcess b("cluster-b", env(b_data));
  auto db = store::Database::open(database.url(), 1);

  // A came first: it leads the playout and the recorder; B follows in both.
  EXPECT_TRUE(leads(a, "playout")) << log_of(a);
  EXPECT_TRUE(leads(a, "recorder")) << log_of(a);
  EXPECT_FALSE(leads(b, "playout")) << log_of(b);
  EXPECT_FALSE(leads(b, "recorder")) << log_of(b);
  // The secrets live in the store, not in either data dir (stream, preview, second-factor key).
  EXPECT_EQ(query_number(*db, "SELECT COUNT(*) FROM shared_secrets"), 3);
  EXPECT_FALSE(fs::exists(a_data / "stream-secret"));
  EXPECT_FALSE(fs::exists(b_data / "preview-secret"));

  std::vector<std::string> channels;
  {
    auto lease = db->lease();
    soci::rowset<std::string> rows = (lease->prepare << "SELECT c.slug FROM channels c WHERE c.stream_url IS NULL "
                                                        "AND EXISTS (SELECT 1 FROM track_plays t WHERE "
                                                        "t.channel_slug = c.slug) ORDER BY c.sort_order");
    channels.assign(rows.begin(), rows.end());
  }
  ASSERT_FALSE(channels.empty());
  const auto& channel = channels.front();
  const std::vector<std::pair<const ServerProcess*, const ServerProcess*>> pairs{{&a, &b}, {&b, &a}};

  // Stream tokens: each instance's token opens the other's live stream.
  for (const auto& [maker, taker] : pairs) {
    const auto url = stream_url_of(*maker, "/api/player/" + channel + "/token");
    EXPECT_EQ(taker->get(url, "--max-time 2").status, 200) << url;
  }
  EXPECT_EQ(b.get(forged(stream_url_of(a, "/api/player/" + channel + "/token"), "token="), "--max-time 2").status, 403);

  // Preview links: made with either instance's settings, opened on the other.
  const auto page_id = query_number(*db, "SELECT MIN(id) FROM content_pages");
  ASSERT_GT(page_id, 0);
  for (const auto& [maker, taker] : pairs) {
    const auto link = preview_link(*maker, database.url(), maker == &a ? a_data : b_data, page_id);
    EXPECT_EQ(taker->get(link).status, 200) << link;
  }
  EXPECT_EQ(b.get(forged(preview_link(a, database.url(), a_data, page_id), "preview=")).status, 403);

  // Recording URLs: a short broadcast that A records; either instance signs its URL, the other
  // serves it from the shared directory.
  long long starts = unix_now() + 2;
  if (starts % 60 == 0) ++starts;  // not on a schedule slot's start
  {
    auto lease = db->lease();
    const long long ends = starts + 4;
    *lease << "INSERT INTO broadcasts (channel_slug, slug, title, starts_at, ends_at) VALUES (:c, 'clustertest', "
              "'Clustertest', :s, :e)",
        soci::use(channel), soci::use(starts), soci::use(ends);
  }
  const auto broadcast = query_number(*db, "SELECT id FROM broadcasts WHERE slug = 'clustertest'");
  const auto play_target = "/api/play/broadcast/" + std::to_string(broadcast);
  // While on air the play API answers its live-rewind playlist (HLS); once over, its recording.
  ASSERT_TRUE(wait_for(
      [&] {
        const auto answer = b.get(play_target);
        return answer.status == 200 && answer.body.find("\"format\":\"mp3\"") != std::string::npos;
      },
      std::chrono::seconds(20)))
      << b.get(play_target).body;
  for (const auto& [maker, taker] : pairs) {
    const auto url = stream_url_of(*maker, play_target);
    const auto answer = taker->get(url);
    EXPECT_EQ(answer.status, 200) << url;
    EXPECT_GT(answer.body.size(), 10000U);
  }
  EXPECT_EQ(a.get(forged(stream_url_of(b, play_target), "signature=")).status, 403);

  // Now playing: B, asked between two questions to A, names what A named before or after.
  for (int round = 0; round < 4; ++round) {
    for (const auto& slug : channels) {
      const auto before = on_air(a, slug);
      const auto other = on_air(b, slug);
      const auto after = on_air(a, slug);
      EXPECT_TRUE(other == before || other == after) << slug << ": A " << before << " / " << after << ", B " << other;
      EXPECT_NE(other.find(' '), std::string::npos) << slug << ": " << other;
    }
    std::this_thread::sleep_for(std::chrono::milliseconds(500));
  }

  // The leader dies. PostgreSQL drops its session and locks; B takes both roles.
  a.kill_now();
  const auto plays_before = query_number(*db, "SELECT COUNT(*) FROM track_plays");
  const auto bytes_before = bytes_under(shared_recordings);
  EXPECT_TRUE(wait_for([&] { return leads(b, "playout") && leads(b, "recorder"); }, std::chrono::seconds(10)))
      << log_of(b);
  EXPECT_EQ(b.get("/readyz").status, 200);
  // The next play is recorded (ahead of its start) when a channel's last one ends within 10 s.
  const auto next_due =
      query_number(*db,
                   "SELECT MIN(last_end) FROM (SELECT MAX(ends_at) AS last_end FROM track_plays GROUP BY "
                   "channel_slug) AS ends") -
      10;
  const auto wait_plays = std::chrono::seconds(std::max(0LL, next_due - unix_now()) + 10);
  EXPECT_TRUE(
      wait_for([&] { return query_number(*db, "SELECT COUNT(*) FROM track_plays") > plays_before; }, wait_plays));
  EXPECT_TRUE(wait_for([&] { return bytes_under(shared_recordings) > bytes_before; }, std::chrono::seconds(10)));
  // B still streams, with a token it signs itself.
  EXPECT_EQ(b.get(stream_url_of(b, "/api/player/" + channel + "/token"), "--max-time 2").status, 200);
  EXPECT_EQ(on_air(b, channel).find("status"), std::string::npos);

  b.kill_now();
  fs::remove_all(root);
}

// SIGTERM to the leader: it drains (its /readyz answers 503 while it still runs) and gives up the
// playout and the recorder at once, and the other instance, waiting in PostgreSQL's queue for their
// locks, takes both within 2 s.
void a_draining_leader_hands_over() {
  test::FreshPostgresDatabase database("cluster_drain");
  const fs::path root = fs::path(ETHER_TEST_TMP) / ("cluster-drain-" + std::to_string(::getpid()));
  fs::remove_all(root);
  fs::create_directories(root / "recordings");
  auto env = [&](const std::string& name) {
    fs::create_directories(root / name);
    return std::vector<std::string>{"DATABASE_URL=" + database.url(), "ETHER_DATA_DIR=" + (root / name).string(),
                                    "ETHER_RECORDINGS_DIR=" + (root / "recordings").string(), "ETHER_LOG_LEVEL=info",
                                    "ETHER_DRAIN_SECONDS=5"};
  };
  ServerProcess a("cluster-drain-a", env("a"));
  ServerProcess b("cluster-drain-b", env("b"));
  ASSERT_TRUE(leads(a, "playout") && leads(a, "recorder")) << log_of(a);
  ASSERT_FALSE(leads(b, "playout")) << log_of(b);

  ASSERT_EQ(::kill(a.pid(), SIGTERM), 0);
  const auto signalled = std::chrono::steady_clock::now();
  EXPECT_TRUE(wait_for([&] { return leads(b, "playout") && leads(b, "recorder"); }, std::chrono::seconds(2)))
      << "A:\n"
      << log_of(a) << "B:\n"
      << log_of(b);
  EXPECT_LT(std::chrono::steady_clock::now() - signalled, std::chrono::milliseconds(2500));
  EXPECT_TRUE(a.running());
  EXPECT_EQ(a.get("/readyz").status, 503);
  EXPECT_EQ(a.get("/healthz").status, 200);
  EXPECT_EQ(b.get("/readyz").status, 200);
  EXPECT_EQ(a.wait_for_exit(std::chrono::seconds(15)), 0);
  b.kill_now();
  fs::remove_all(root);
}

const bool registered =
    test::register_postgres_tests("ClusterInstances", __FILE__,
                                  {{"TwoInstancesAreInterchangeable", two_instances_are_interchangeable},
                                   {"ADrainingLeaderHandsOver", a_draining_leader_hands_over}});

}  // namespace
}  // namespace ether
