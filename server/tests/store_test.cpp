// The store's migrations and write-side repositories against a real SQLite file.

#include <gtest/gtest.h>

#include "store/broadcast_repository.hpp"
#include "store/content_repository.hpp"
#include "store/migrations.hpp"
#include "store/settings_repository.hpp"
#include "store/song_repository.hpp"
#include "store/station_repository.hpp"
#include "store/track_play_repository.hpp"
#include "store_test_support.hpp"
#include "support/postgres_scenarios.hpp"

namespace ether::store {
namespace {

using testing_support::TempStore;

domain::Channel channel(const std::string& slug, int sort_order = 0) {
  domain::Channel c;
  c.slug = slug;
  c.name = "Kanaal " + slug;
  c.sort_order = sort_order;
  c.popout_url = "/popout/" + slug;
  return c;
}

domain::Song song(const std::string& slug, long long duration_ms) {
  domain::Song s;
  s.slug = slug;
  s.title = "Titel " + slug;
  s.artist = "Artiest";
  s.audio_path = "songs/" + slug + ".mp3";
  s.duration_ms = duration_ms;
  return s;
}

TEST(Migrations, AreIdempotentAndKeepRowsAcrossRestarts) {
  // Every migration file counts, so adding one does not change this test.
  const int latest = migrations().back().version;
  const auto applied = static_cast<long long>(migrations().size());
  TempStore store;
  EXPECT_EQ(store.db().schema_version(), latest);
  EXPECT_EQ(store.db().migrate(), 0);
  {
    auto session = store.db().lease();
    StationRepository(*session).insert_channel(channel("radio2"));
    SettingsRepository(*session).set("demo_seeded", "yes");
  }
  store.reopen();
  EXPECT_EQ(store.db().migrate(), 0);
  EXPECT_EQ(store.db().schema_version(), latest);
  EXPECT_EQ(store.count("channels"), 1);
  EXPECT_EQ(store.count("schema_migrations"), applied);
  auto session = store.db().lease();
  EXPECT_EQ(SettingsRepository(*session).get("demo_seeded"), "yes");
}

TEST(SettingsRepository, GetsSetsAndReplaces) {
  TempStore store;
  auto session = store.db().lease();
  SettingsRepository settings(*session);
  EXPECT_FALSE(settings.get("demo_seeded"));
  settings.set("demo_seeded", "2026-11-21T10:00:00Z");
  EXPECT_EQ(settings.get("demo_seeded"), "2026-11-21T10:00:00Z");
  settings.set("demo_seeded", "again");
  EXPECT_EQ(settings.get("demo_seeded"), "again");
  EXPECT_EQ(store.count("settings"), 1);
}

TEST(StationRepository, InsertsTheCatalogueAndReadsWhatThePlayoutNeeds) {
  TempStore store;
  auto session = store.db().lease();
  StationRepository station(*session);
  SongRepository songs(*session);
  auto radio2 = channel("radio2", 1);
  radio2.live_video_url = "/live/radio2/index.m3u8";
  station.insert_channel(radio2);
  auto child = channel("soulenjazz", 2);
  child.parent_slug = "radio2";
  station.insert_channel(child);
  station.insert_channel(channel("radio1", 0));
  EXPECT_EQ(station.channel_slugs(), (std::vector<std::string>{"radio1", "radio2", "soulenjazz"}));
  EXPECT_TRUE(station.has_channel("soulenjazz"));
  EXPECT_FALSE(station.has_channel("radio9"));
  EXPECT_FALSE(station.has_channel(""));

  station.insert_broadcaster({0, "avro", "AVROTROS", "AVRO", "/media/x.webp"});
  station.add_channel_broadcaster("radio2", "avro");
  const long long presenter = station.insert_presenter({0, "anne", "Anne", "Presentator", "Bio", ""});
  const long long programme = station.insert_programme({0, "ochtend", "De Ochtend", "radio2", "Kort", "Lang", "/i"});
  station.add_programme_presenter(programme, presenter, 0);
  station.add_programme_broadcaster(programme, "avro");
  station.insert_schedule_slot({0, "radio2", programme, 3, 360, 540});
  station.insert_schedule_slot({0, "radio2", programme, 1, 360, 540});
  EXPECT_EQ(station.programme_id("ochtend"), programme);
  EXPECT_FALSE(station.programme_id("bestaat-niet"));

  const auto schedule = station.schedule("radio2");
  ASSERT_EQ(schedule.size(), 2u);
  EXPECT_EQ(schedule[0].slot.weekday, 1);
  EXPECT_EQ(schedule[0].slot.start_minute, 360);
  EXPECT_EQ(schedule[0].slot.end_minute, 540);
  EXPECT_EQ(schedule[0].slot.programme_id, programme);
  EXPECT_EQ(schedule[0].slot.channel_slug, "radio2");
  EXPECT_EQ(schedule[0].programme_slug, "ochtend");
  EXPECT_EQ(schedule[0].programme_name, "De Ochtend");
  EXPECT_EQ(schedule[0].programme_image_url, "/i");
  EXPECT_TRUE(station.schedule("radio1").empty());

  const long long a = songs.insert(song("a", 180'400));
  const long long b = songs.insert(song("b", 200'000));
  station.add_rotation_entry("radio2", 2, a, std::nullopt);
  station.add_rotation_entry("radio2", 1, b, 7);
  const auto rotation = station.rotation("radio2");
  ASSERT_EQ(rotation.size(), 2u);
  EXPECT_EQ(rotation[0].position, 1);
  EXPECT_EQ(rotation[0].song_id, b);
  EXPECT_EQ(rotation[0].chart_position, 7);
  EXPECT_EQ(rotation[0].duration_ms, 200'000);
  EXPECT_EQ(rotation[1].song_id, a);
  EXPECT_FALSE(rotation[1].chart_position);

  // The schema's references hold: a whitelist entry for an unknown broadcaster is refused.
  EXPECT_THROW(station.add_channel_broadcaster("radio2", "bestaat-niet"), soci::soci_error);
}

TEST(SongRepository, RoundTripsNullableClassicalFields) {
  TempStore store;
  auto session = store.db().lease();
  SongRepository songs(*session);
  auto classical = song("bolero", 900'000);
  classical.composer = "Ravel";
  classical.complete_work = "Boléro";
  classical.ensemble = "Concertgebouworkest";
  classical.cover_url = "/media/images/covers/bolero.webp";
  const long long id = songs.insert(classical);
  const long long plain_id = songs.insert(song("plain", 1000));
  auto found = songs.find(id);
  ASSERT_TRUE(found);
  EXPECT_EQ(found->slug, "bolero");
  EXPECT_EQ(found->composer, "Ravel");
  EXPECT_EQ(found->complete_work, "Boléro");
  EXPECT_EQ(found->ensemble, "Concertgebouworkest");
  EXPECT_EQ(found->cover_url, "/media/images/covers/bolero.webp");
  EXPECT_EQ(found->duration_ms, 900'000);
  auto plain = songs.find(plain_id);
  ASSERT_TRUE(plain);
  EXPECT_FALSE(plain->composer);
  EXPECT_FALSE(plain->cover_url);
  EXPECT_FALSE(songs.find(9999));
}

TEST(ContentRepository, InsertsEveryKindWithTags) {
  TempStore store;
  auto session = store.db().lease();
  ContentRepository content(*session);
  content.insert_news_category({"sport", "Sport", "#0072c6"});
  domain::Article article;
  article.slug = "ajax-wint";
  article.category_slug = "sport";
  article.title = "Ajax wint";
  article.intro = "Intro";
  article.body_json = R"([{"type":"paragraph","text":"x"}])";
  article.published_at = 1'790'000'000;
  article.tags = {"voetbal", "eredivisie", "voetbal"};
  content.insert_article(article);
  EXPECT_EQ(store.count("article_tags"), 2);

  domain::Fragment fragment;
  fragment.slug = "f";
  fragment.title = "F";
  fragment.audio_path = "fragments/f.mp3";
  fragment.duration_ms = 1000;
  fragment.tags = {"a"};
  content.insert_fragment(fragment);
  domain::PodcastFeed feed;
  feed.slug = "nieuwsduik";
  feed.title = "De Nieuwsduik";
  domain::PodcastEpisode episode;
  episode.feed_id = content.insert_podcast_feed(feed);
  episode.slug = "e1";
  episode.title = "E1";
  episode.audio_path = "podcasts/e1.mp3";
  episode.duration_ms = 5000;
  episode.byte_length = 80'000;
  content.insert_podcast_episode(episode);
  content.insert_bulletin({0, "Het nieuws", "bulletins/1.mp3", 60'000, 1'790'000'000});
  content.insert_video({0, "v", "V", "", "videos/v.mp4", "/media/p.webp", 9000, 1'790'000'000});
  content.insert_content_page({0, "thema", "voetbal", "Voetbal", "", "[]", true});
  domain::EventModalBlock modal;
  modal.title = "Top 2000";
  modal.count_clock_type = "cms_countclock_countdown";
  modal.count_clock_end = 1'791'000'000;
  content.insert_event_modal_block(modal);
  content.insert_maintenance_notification({0, "Onderhoud", "", std::nullopt, false, true});

  for (const char* table :
       {"news_categories", "articles", "fragments", "fragment_tags", "podcast_feeds", "podcast_episodes", "bulletins",
        "videos", "content_pages", "event_modal_blocks", "maintenance_notifications"}) {
    EXPECT_EQ(store.count(table), 1) << table;
  }
  long long end = 0;
  soci::indicator start_ind = soci::i_ok;
  long long start = 0;
  *session << "SELECT count_clock_start, count_clock_end FROM event_modal_blocks", soci::into(start, start_ind),
      soci::into(end);
  EXPECT_EQ(start_ind, soci::i_null);
  EXPECT_EQ(end, 1'791'000'000);
}

class PlaysTest : public ::testing::Test {
 protected:
  void SetUp() override {
    auto session = store_.db().lease();
    StationRepository(*session).insert_channel(channel("radio2"));
    song_ = SongRepository(*session).insert(song("a", 180'000));
  }
  TempStore store_;
  long long song_ = 0;
};

TEST_F(PlaysTest, RecordIsIdempotentOnChannelAndStart) {
  auto session = store_.db().lease();
  TrackPlayRepository plays(*session);
  EXPECT_FALSE(plays.last_play("radio2"));
  EXPECT_TRUE(plays.record("radio2", song_, 1000, 1180, 4));
  EXPECT_FALSE(plays.record("radio2", song_, 1000, 1180, 4));
  EXPECT_FALSE(plays.record("radio2", song_, 1000, 1300, std::nullopt));
  EXPECT_TRUE(plays.record("radio2", song_, 1180, 1360, std::nullopt));
  EXPECT_EQ(store_.count("track_plays"), 2);
  auto last = plays.last_play("radio2");
  ASSERT_TRUE(last);
  EXPECT_EQ(last->starts_at, 1180);
  EXPECT_EQ(last->ends_at, 1360);
  EXPECT_EQ(last->song_id, song_);
  EXPECT_FALSE(last->chart_position);
  EXPECT_EQ(last->channel_slug, "radio2");
  EXPECT_THROW(plays.record("radio2", song_, 2000, 2000, std::nullopt), std::invalid_argument);
  EXPECT_THROW(plays.record("bestaat-niet", song_, 5000, 5100, std::nullopt), soci::soci_error);
}

TEST_F(PlaysTest, RecordAllCoveringAndBetween) {
  auto session = store_.db().lease();
  TrackPlayRepository plays(*session);
  std::vector<domain::TrackPlay> batch;
  for (long long start = 0; start < 1800; start += 180) batch.push_back({0, "", song_, start, start + 180, 1});
  EXPECT_EQ(plays.record_all("radio2", batch), 10);
  EXPECT_EQ(plays.record_all("radio2", batch), 0);
  auto covering = plays.covering("radio2", 200);
  ASSERT_TRUE(covering);
  EXPECT_EQ(covering->play.starts_at, 180);
  EXPECT_EQ(covering->play.chart_position, 1);
  EXPECT_EQ(covering->audio_path, "songs/a.mp3");
  EXPECT_EQ(covering->duration_ms, 180'000);
  EXPECT_EQ(plays.covering("radio2", 360)->play.starts_at, 360);  // ends_at is exclusive
  EXPECT_FALSE(plays.covering("radio2", 1800));
  EXPECT_FALSE(plays.covering("radio1", 200));
  auto some = plays.between("radio2", 360, 900);
  ASSERT_EQ(some.size(), 3u);
  EXPECT_EQ(some.front().starts_at, 360);
  EXPECT_EQ(some.back().starts_at, 720);
}

// A catch-up's worth of plays, more than one statement holds, some recorded before: each new play
// is stored once with its chart position (or none), the count says how many were new, and a batch
// holding one impossible play writes nothing.
void record_all_stores_every_new_play_once(Database& db) {
  auto session = db.lease();
  StationRepository(*session).insert_channel(channel("radio2"));
  const auto song_id = SongRepository(*session).insert(song("a", 180'000));
  TrackPlayRepository plays(*session);
  std::vector<domain::TrackPlay> batch;
  for (long long i = 0; i < 613; ++i) {
    batch.push_back(
        {0, "", song_id, i * 180, i * 180 + 180, i % 3 == 0 ? std::optional<int>() : std::optional<int>(i)});
  }
  const std::vector<domain::TrackPlay> earlier(batch.begin() + 100, batch.begin() + 400);
  EXPECT_EQ(plays.record_all("radio2", earlier), 300);
  EXPECT_EQ(plays.record_all("radio2", batch), 313);
  EXPECT_EQ(plays.record_all("radio2", batch), 0);
  const auto stored = plays.between("radio2", 0, 613 * 180);
  ASSERT_EQ(stored.size(), batch.size());
  for (std::size_t i = 0; i < batch.size(); ++i) {
    EXPECT_EQ(stored[i].starts_at, batch[i].starts_at) << i;
    EXPECT_EQ(stored[i].ends_at, batch[i].ends_at) << i;
    EXPECT_EQ(stored[i].chart_position, batch[i].chart_position) << i;
  }
  auto impossible =
      std::vector<domain::TrackPlay>{{0, "", song_id, 200'000, 200'180, 1}, {0, "", song_id, 300'000, 300'000, 1}};
  EXPECT_THROW(plays.record_all("radio2", impossible), std::invalid_argument);
  EXPECT_TRUE(plays.between("radio2", 200'000, 400'000).empty());
}

TEST(TrackPlays, RecordAllStoresEveryNewPlayOnce) {
  TempStore store;
  record_all_stores_every_new_play_once(store.db());
}

const bool registered = test::register_postgres_tests(
    "TrackPlaysPostgreSQL", __FILE__,
    test::on_fresh_postgres("track_plays",
                            {{"RecordAllStoresEveryNewPlayOnce", record_all_stores_every_new_play_once}}));

TEST_F(PlaysTest, BroadcastsMaterialiseIdempotently) {
  auto session = store_.db().lease();
  BroadcastRepository broadcasts(*session);
  domain::Broadcast first;
  first.channel_slug = "radio2";
  first.slug = "ochtend-2026-11-21";
  first.title = "De Ochtend";
  first.starts_at = 1000;
  first.ends_at = 2000;
  domain::Broadcast second = first;
  second.slug = "middag-2026-11-21";
  second.starts_at = 2000;
  second.ends_at = 3000;
  second.audio_url = "/media/recordings/x.mp3";
  EXPECT_EQ(broadcasts.materialise({first, second}), 2);
  EXPECT_EQ(broadcasts.materialise({first, second}), 0);
  EXPECT_EQ(broadcasts.materialise({}), 0);
  auto found = broadcasts.between("radio2", 1500, 2500);
  ASSERT_EQ(found.size(), 2u);
  EXPECT_EQ(found[0].slug, "ochtend-2026-11-21");
  EXPECT_FALSE(found[0].programme_id);
  EXPECT_FALSE(found[0].audio_url);
  EXPECT_EQ(found[1].audio_url, "/media/recordings/x.mp3");
  EXPECT_EQ(broadcasts.between("radio2", 3000, 4000).size(), 0u);
}

}  // namespace
}  // namespace ether::store
