// The demo seed against the fixture (server/tests/fixtures), on a real SQLite file.

#include "seed/demo_seed.hpp"

#include <gtest/gtest.h>

#include <algorithm>
#include <boost/json.hpp>
#include <fstream>
#include <functional>
#include <map>
#include <set>

#include "store/settings_repository.hpp"
#include "store_test_support.hpp"
#include "support/file_bytes.hpp"
#include "support/postgres_database.hpp"
#include "support/test_paths.hpp"

namespace ether::seed {
namespace {

using testing_support::at;
using testing_support::fixture_media;
using testing_support::fixture_seed;
using testing_support::TempStore;
using testing_support::utc;

const long long kNow = utc(2026, 11, 21, 10, 17, 5);

const std::vector<std::string> kTables = {"channels",
                                          "broadcasters",
                                          "channel_broadcasters",
                                          "presenters",
                                          "programmes",
                                          "programme_presenters",
                                          "programme_broadcasters",
                                          "schedule_slots",
                                          "songs",
                                          "channel_rotation",
                                          "news_categories",
                                          "articles",
                                          "article_tags",
                                          "fragments",
                                          "fragment_tags",
                                          "podcast_feeds",
                                          "podcast_episodes",
                                          "bulletins",
                                          "videos",
                                          "content_pages",
                                          "event_modal_blocks",
                                          "maintenance_notifications",
                                          "settings"};

std::string text(TempStore& store, const std::string& sql) {
  auto session = store.db().lease();
  std::string value;
  *session << sql, soci::into(value);
  return value;
}

long long number(TempStore& store, const std::string& sql) {
  auto session = store.db().lease();
  long long value = 0;
  *session << sql, soci::into(value);
  return value;
}

bool is_null(TempStore& store, const std::string& sql) {
  auto session = store.db().lease();
  std::string value;
  soci::indicator ind = soci::i_ok;
  *session << sql, soci::into(value, ind);
  return ind == soci::i_null;
}

// Every test on both store backends (test::store_backends()).
class DemoSeedStore : public ::testing::TestWithParam<std::string> {
 protected:
  void SetUp() override {
    if (GetParam() == "postgresql") ETHER_REQUIRE_POSTGRES_URL();
  }
};

TEST_P(DemoSeedStore, SeedsTheFixtureOnce) {
  TempStore store(GetParam());
  ASSERT_TRUE(seed_demo_station_if_empty(store.db(), fixture_seed(), fixture_media(), at(kNow)));

  const std::map<std::string, long long> expected = {{"channels", 3},
                                                     {"broadcasters", 3},
                                                     {"channel_broadcasters", 6},
                                                     {"presenters", 2},
                                                     {"programmes", 7},
                                                     {"programme_presenters", 5},
                                                     {"programme_broadcasters", 7},
                                                     {"schedule_slots", 42},
                                                     {"songs", 4},
                                                     {"channel_rotation", 6},
                                                     {"news_categories", 2},
                                                     {"articles", 2},
                                                     {"article_tags", 2},
                                                     {"fragments", 2},
                                                     {"fragment_tags", 1},
                                                     {"podcast_feeds", 1},
                                                     {"podcast_episodes", 2},
                                                     {"bulletins", 2},
                                                     {"videos", 1},
                                                     {"content_pages", 1},
                                                     {"event_modal_blocks", 2},
                                                     {"maintenance_notifications", 1},
                                                     {"settings", 1}};
  for (const auto& [table, count] : expected) EXPECT_EQ(store.count(table), count) << table;

  EXPECT_FALSE(seed_demo_station_if_empty(store.db(), fixture_seed(), fixture_media(), at(kNow + 3600)));
  for (const auto& [table, count] : expected) EXPECT_EQ(store.count(table), count) << table << " after a second call";
  auto session = store.db().lease();
  EXPECT_EQ(store::SettingsRepository(*session).get("demo_seeded"), "2026-11-21T10:17:05Z");
}

TEST_P(DemoSeedStore, WritesChannelsAsTheContractSays) {
  TempStore store(GetParam());
  seed_demo_station_if_empty(store.db(), fixture_seed(), fixture_media(), at(kNow));
  EXPECT_EQ(text(store, "SELECT logo_url FROM channels WHERE slug = 'radio2'"), "/media/images/channels/radio2.webp");
  EXPECT_EQ(text(store, "SELECT popout_url FROM channels WHERE slug = 'radio2'"), "/popout/radio2");
  EXPECT_TRUE(is_null(store, "SELECT live_video_url FROM channels WHERE slug = 'radio2'"));
  EXPECT_EQ(text(store, "SELECT live_video_url FROM channels WHERE slug = 'radio1'"), "/live/radio1/index.m3u8");
  EXPECT_TRUE(is_null(store, "SELECT stream_url FROM channels WHERE slug = 'radio1'"));
  EXPECT_EQ(text(store, "SELECT player_mode FROM channels WHERE slug = 'radio1'"), "talk");
  EXPECT_EQ(text(store, "SELECT parent_slug FROM channels WHERE slug = 'soulenjazz'"), "radio2");
  EXPECT_TRUE(is_null(store, "SELECT parent_slug FROM channels WHERE slug = 'radio2'"));
  EXPECT_EQ(number(store, "SELECT sort_order FROM channels WHERE slug = 'soulenjazz'"), 2);
  EXPECT_EQ(number(store, "SELECT COUNT(*) FROM channel_broadcasters WHERE channel_slug = 'radio1'"), 1);
  // The rotation keeps the seed file's order and chart positions.
  EXPECT_EQ(text(store,
                 "SELECT s.slug FROM channel_rotation r JOIN songs s ON s.id = r.song_id "
                 "WHERE r.channel_slug = 'radio2' AND r.position = 4"),
            "stadslicht");
  EXPECT_EQ(number(store, "SELECT chart_position FROM channel_rotation WHERE channel_slug = 'radio2' AND position = 4"),
            3);
  EXPECT_TRUE(is_null(store,
                      "SELECT chart_position FROM channel_rotation WHERE channel_slug = 'radio2' AND "
                      "position = 3"));
}

// Spec §5's broadcaster whitelists, on the real demo station: the main list of 14 for the flagship,
// the pop channels, radio5, radio2 and soulenjazz; sterrennl 1; 3fm and kx one list of 9 with one
// slug not in the main list; radio4 8.
TEST_P(DemoSeedStore, TheDemoWhitelistsAreTheSpecsSets) {
  TempStore store(GetParam());
  ASSERT_TRUE(seed_demo_station_if_empty(
      store.db(), std::filesystem::path(ETHER_SOURCE_DIR) / "server" / "seed" / "demo-station.json",
      std::filesystem::path(ETHER_SOURCE_DIR) / "media" / "demo", at(kNow)));
  std::map<std::string, std::set<std::string>> whitelist;
  {
    auto session = store.db().lease();
    std::string channel;
    std::string broadcaster;
    soci::statement st = (session->prepare << "SELECT channel_slug, broadcaster_slug FROM channel_broadcasters",
                          soci::into(channel), soci::into(broadcaster));
    st.execute();
    while (st.fetch()) whitelist[channel].insert(broadcaster);
  }
  const auto& main = whitelist["radio2"];
  EXPECT_EQ(main.size(), 14U);
  for (const char* channel : {"radio1", "radio5", "soulenjazz"}) EXPECT_EQ(whitelist[channel], main) << channel;
  EXPECT_EQ(whitelist["sterrennl"].size(), 1U);
  const auto& nine = whitelist["3fm"];
  EXPECT_EQ(nine.size(), 9U);
  EXPECT_EQ(whitelist["kx"], nine);
  EXPECT_EQ(std::count_if(nine.begin(), nine.end(), [&](const std::string& slug) { return !main.contains(slug); }), 1);
  EXPECT_EQ(whitelist["radio4"].size(), 8U);
  // Every channel of the demo has one of these lists.
  EXPECT_EQ(whitelist.size(), 8U);
}

TEST_P(DemoSeedStore, WritesMediaDurationsTimesAndReferences) {
  TempStore store(GetParam());
  seed_demo_station_if_empty(store.db(), fixture_seed(), fixture_media(), at(kNow));
  EXPECT_EQ(number(store, "SELECT duration_ms FROM songs WHERE slug = 'zomeravond'"), 187'400);
  EXPECT_EQ(text(store, "SELECT audio_path FROM songs WHERE slug = 'zomeravond'"), "songs/zomeravond.mp3");
  EXPECT_EQ(text(store, "SELECT cover_url FROM songs WHERE slug = 'zomeravond'"),
            "/media/images/covers/zomeravond.webp");
  EXPECT_TRUE(is_null(store, "SELECT cover_url FROM songs WHERE slug = 'blue-hour'"));
  EXPECT_EQ(text(store, "SELECT composer FROM songs WHERE slug = 'blue-hour'"), "J. de Wit");

  EXPECT_EQ(number(store,
                   "SELECT start_minute FROM schedule_slots s JOIN programmes p ON p.id = s.programme_id "
                   "WHERE p.slug = 'vroege-vogels' AND s.weekday = 7"),
            150);
  EXPECT_EQ(number(store,
                   "SELECT end_minute FROM schedule_slots s JOIN programmes p ON p.id = s.programme_id "
                   "WHERE p.slug = 'avondrood' AND s.weekday = 1"),
            1440);
  EXPECT_EQ(text(store,
                 "SELECT pr.slug FROM programme_presenters pp JOIN presenters pr ON pr.id = pp.presenter_id "
                 "JOIN programmes p ON p.id = pp.programme_id WHERE p.slug = 'de-ochtendploeg' AND "
                 "pp.position = 1"),
            "joost-vermeer");

  EXPECT_EQ(number(store, "SELECT published_at FROM fragments WHERE slug = 'interview-trainer'"), kNow - 30 * 3600);
  EXPECT_EQ(number(store, "SELECT duration_ms FROM fragments WHERE slug = 'interview-trainer'"), 64'000);
  EXPECT_EQ(text(store, "SELECT image_url FROM fragments WHERE slug = 'nachtgedachte'"), "");
  EXPECT_TRUE(is_null(store, "SELECT programme_id FROM fragments WHERE slug = 'nachtgedachte'"));
  EXPECT_EQ(number(store, "SELECT published_at FROM articles WHERE slug = 'live-verkiezingen'"), kNow - 5400);
  // A live story's coverage runs six hours from its publication; other stories have none.
  EXPECT_EQ(number(store, "SELECT live_until FROM articles WHERE slug = 'live-verkiezingen'"), kNow - 5400 + 6 * 3600);
  EXPECT_TRUE(is_null(store, "SELECT live_until FROM articles WHERE slug = 'ajax-wint'"));

  const std::string body = text(store, "SELECT body_json FROM articles WHERE slug = 'ajax-wint'");
  auto blocks = boost::json::parse(body).as_array();
  ASSERT_EQ(blocks.size(), 5u);
  EXPECT_EQ(blocks[1].at("url"), "/media/images/articles/ajax-wint.webp");
  EXPECT_EQ(blocks[2], boost::json::parse(R"({"type":"fragment","fragment":"interview-trainer"})"));
  EXPECT_EQ(blocks[3], boost::json::parse(R"({"type":"video","video":"samenvatting"})"));

  EXPECT_EQ(number(store, "SELECT byte_length FROM podcast_episodes WHERE slug = 'aflevering-1'"), 900'000 * 16);
  EXPECT_EQ(number(store, "SELECT published_at FROM podcast_episodes WHERE slug = 'aflevering-2'"), kNow - 10 * 86400);
  EXPECT_EQ(text(store, "SELECT image_url FROM podcast_episodes WHERE slug = 'aflevering-2'"),
            "/media/images/podcasts/de-nieuwsduik.webp");
  EXPECT_EQ(number(store, "SELECT MAX(published_at) FROM bulletins"), utc(2026, 11, 21, 10));
  EXPECT_EQ(number(store, "SELECT MIN(published_at) FROM bulletins"), utc(2026, 11, 21, 9));
  EXPECT_EQ(number(store, "SELECT duration_ms FROM videos WHERE slug = 'samenvatting'"), 95'000);
  EXPECT_EQ(text(store, "SELECT video_path FROM videos WHERE slug = 'samenvatting'"), "videos/samenvatting.mp4");
  EXPECT_EQ(text(store, "SELECT poster_url FROM videos WHERE slug = 'samenvatting'"),
            "/media/images/videos/samenvatting.webp");

  auto page = boost::json::parse(text(store, "SELECT blocks_json FROM content_pages WHERE slug = 'voetbal'"));
  EXPECT_EQ(page.as_array().size(), 6u);
  EXPECT_EQ(page.as_array()[1].at("items").as_array()[0], "interview-trainer");

  EXPECT_EQ(number(store, "SELECT count_clock_end FROM event_modal_blocks WHERE title = 'Top 2000'"),
            kNow + 12 * 86400);
  EXPECT_TRUE(is_null(store, "SELECT count_clock_start FROM event_modal_blocks WHERE title = 'Top 2000'"));
  EXPECT_TRUE(is_null(store, "SELECT count_clock_type FROM event_modal_blocks WHERE title = 'Oud'"));
  EXPECT_EQ(number(store, "SELECT published FROM event_modal_blocks WHERE title = 'Oud'"), 0);
  EXPECT_EQ(text(store, "SELECT url FROM maintenance_notifications"), "https://example.org/onderhoud");
}

// Writes the fixture with one change into `dir` and returns its path.
std::filesystem::path broken_fixture(const std::filesystem::path& dir,
                                     const std::function<void(boost::json::object&)>& change) {
  auto root = boost::json::parse(test::file_bytes(fixture_seed()));
  change(root.as_object());
  auto file = dir / "broken.json";
  std::ofstream(file) << boost::json::serialize(root);
  return file;
}

void expect_rejected_without_writes(TempStore& store, const std::filesystem::path& seed_file,
                                    const std::string& message_part) {
  try {
    seed_demo_station_if_empty(store.db(), seed_file, fixture_media(), at(kNow));
    ADD_FAILURE() << "the seed accepted a bad file";
  } catch (const SeedError& e) {
    EXPECT_NE(std::string(e.what()).find(message_part), std::string::npos) << e.what();
  }
  for (const auto& table : kTables) EXPECT_EQ(store.count(table), 0) << table;
}

TEST_P(DemoSeedStore, ABulletinThatSaysItsHourIsPublishedAtTheLastSuchHour) {
  // kNow is 11:17 in Amsterdam: the 08:00 bulletin is today's, the 12:00 one yesterday's.
  TempStore store(GetParam());
  auto file = broken_fixture(store.dir(), [](boost::json::object& root) {
    root["bulletins"].as_array()[0].as_object()["at"] = "08:00";
    root["bulletins"].as_array()[1].as_object()["at"] = "12:00";
  });
  ASSERT_TRUE(seed_demo_station_if_empty(store.db(), file, fixture_media(), at(kNow)));
  EXPECT_EQ(number(store, "SELECT MAX(published_at) FROM bulletins"), utc(2026, 11, 21, 7));
  EXPECT_EQ(number(store, "SELECT MIN(published_at) FROM bulletins"), utc(2026, 11, 20, 11));
}

TEST_P(DemoSeedStore, RejectsAnUnknownProgrammeAndWritesNothing) {
  TempStore store(GetParam());
  auto file = broken_fixture(store.dir(), [](boost::json::object& root) {
    root["fragments"].as_array()[1].as_object()["programme"] = "bestaat-niet";
  });
  expect_rejected_without_writes(store, file, "fragments[1].programme: unknown programme 'bestaat-niet'");
}

TEST_P(DemoSeedStore, RejectsMediaMissingFromTheManifestAndWritesNothing) {
  TempStore store(GetParam());
  auto file = broken_fixture(store.dir(), [](boost::json::object& root) {
    root["podcasts"].as_array()[0].as_object()["episodes"].as_array()[1].as_object()["audio"] = "podcasts/weg.mp3";
  });
  expect_rejected_without_writes(store, file, "media file 'podcasts/weg.mp3' is not in the manifest");
}

TEST_P(DemoSeedStore, RejectsBadReferencesAndValues) {
  TempStore store(GetParam());
  expect_rejected_without_writes(
      store,
      broken_fixture(store.dir(),
                     [](boost::json::object& root) {
                       root["articles"].as_array()[0].as_object()["blocks"].as_array()[2].as_object()["fragment"] =
                           "weg";
                     }),
      "unknown fragment 'weg'");
  expect_rejected_without_writes(
      store,
      broken_fixture(store.dir(),
                     [](boost::json::object& root) {
                       root["channels"].as_array()[1].as_object()["rotation"].as_array()[0].as_object()["song"] = "weg";
                     }),
      "channels[1].rotation[0]: unknown song 'weg'");
  expect_rejected_without_writes(
      store,
      broken_fixture(store.dir(),
                     [](boost::json::object& root) {
                       root["programmes"].as_array()[0].as_object()["slots"].as_array()[0].as_object()["end"] = "03:00";
                     }),
      "programmes[1].slots[0]: overlaps another slot on radio2");
  expect_rejected_without_writes(store,
                                 broken_fixture(store.dir(),
                                                [](boost::json::object& root) {
                                                  root["songs"].as_array()[0].as_object()["cover"] =
                                                      "images/covers/weg.webp";
                                                }),
                                 "songs[0].cover: media file 'images/covers/weg.webp' is not in the manifest");
  expect_rejected_without_writes(store,
                                 broken_fixture(store.dir(),
                                                [](boost::json::object& root) {
                                                  root["songs"].as_array()[0].as_object()["audio"] = "../../etc/passwd";
                                                }),
                                 "is not a relative media path");
  expect_rejected_without_writes(
      store,
      broken_fixture(store.dir(),
                     [](boost::json::object& root) {
                       root["programmes"].as_array()[2].as_object()["slots"].as_array()[0].as_object()["start"] =
                           "6 uur";
                     }),
      "programmes[2].slots[0].start: '6 uur' is not HH:MM");
  expect_rejected_without_writes(
      store,
      broken_fixture(store.dir(),
                     [](boost::json::object& root) { root["presenters"].as_array()[0].as_object().erase("name"); }),
      "presenters[0].name: missing");
}

TEST_P(DemoSeedStore, RejectsUnreadableFiles) {
  TempStore store(GetParam());
  expect_rejected_without_writes(store, store.dir() / "bestaat-niet.json", "cannot read");
  auto file = store.dir() / "kapot.json";
  std::ofstream(file) << "{\"channels\": [";
  expect_rejected_without_writes(store, file, "is not valid JSON");
  EXPECT_THROW(seed_demo_station_if_empty(store.db(), fixture_seed(), store.dir(), at(kNow)), SeedError);
}

INSTANTIATE_TEST_SUITE_P(Store, DemoSeedStore, ::testing::ValuesIn(test::store_backends()), test::backend_name);

}  // namespace
}  // namespace ether::seed
