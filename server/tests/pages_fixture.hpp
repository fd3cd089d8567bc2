#pragma once
// A small but complete station in a real store for the page loader tests (SQLite, and PostgreSQL
// with ETHER_TEST_DATABASE_URL): three channels
// (radio2 with its child soulenjazz, and 3fm), programmes with presenters and slots, broadcasts and
// track plays around a fixed clock (Saturday 21 November 2026, 11:30 Amsterdam = 10:30 UTC),
// articles whose blocks refer to a fragment and a video, tagged fragments, a podcast feed, a video
// and theme/overview pages.

#include <date/date.h>
#include <gtest/gtest.h>

#include <algorithm>
#include <boost/json.hpp>
#include <chrono>
#include <cstdint>
#include <cstdlib>
#include <filesystem>
#include <memory>
#include <set>
#include <string>

#include "pages/page_loader.hpp"
#include "store/database.hpp"
#include "support/postgres_database.hpp"
#include "support/test_paths.hpp"

namespace ether::pages::testing {

inline std::int64_t utc(int year, unsigned month, unsigned day, int hour, int minute = 0) {
  auto days = date::sys_days{date::year{year} / date::month{month} / date::day{day}};
  return std::chrono::duration_cast<std::chrono::seconds>(
             (days + std::chrono::hours{hour} + std::chrono::minutes{minute}).time_since_epoch())
      .count();
}

inline const std::int64_t kNow = utc(2026, 11, 21, 10, 30);

/// Parameterised by store backend ("sqlite", "postgresql": test::store_backends()); the PostgreSQL
/// variant gets a database of its own on ETHER_TEST_DATABASE_URL's server, and is skipped without it.
class PagesFixture : public ::testing::TestWithParam<std::string> {
 protected:
  void SetUp() override {
    std::string name = ::testing::UnitTest::GetInstance()->current_test_info()->name();
    std::replace(name.begin(), name.end(), '/', '-');
    dir_ = std::filesystem::path(ETHER_TEST_TMP) / ("pages-" + name + "-" + std::to_string(::getpid()));
    std::filesystem::remove_all(dir_);
    std::filesystem::create_directories(dir_);
    if (GetParam() == "postgresql") {
      ETHER_REQUIRE_POSTGRES_URL();
      postgres_ = std::make_unique<test::FreshPostgresDatabase>("pages", test::Schema::current);
      db_ = store::Database::open(postgres_->url(), 2);
    } else {
      db_ = store::Database::open("sqlite:" + (dir_ / "ether.db").string(), 2);
    }
    db_->migrate();
    seed();
    SiteSettings settings;
    settings.base_url = "http://localhost:8080";
    loader_ = std::make_unique<PageLoader>(
        *db_, settings, [] { return std::chrono::system_clock::time_point{std::chrono::seconds{kNow}}; });
  }

  void TearDown() override {
    loader_.reset();
    db_.reset();
    postgres_.reset();
    std::filesystem::remove_all(dir_);
  }

  void exec(const std::string& sql) {
    auto session = db_->lease();
    *session << sql;
  }

  PageResult load(std::string_view path, http::QueryParams query = {}) { return loader_->load(path, query); }

  static std::string t(std::int64_t instant) { return std::to_string(instant); }

  void seed() {
    exec(
        "INSERT INTO news_categories (slug, name, color) VALUES ('live', 'Live', '#e4002b'), "
        "('sport', 'Sport', '#00a000'), ('verdieping', 'Verdieping', '#0000a0')");
    exec(
        "INSERT INTO broadcasters (slug, name, alias, logo_url) VALUES ('avro', 'AVRO', 'avro', '/b/avro.webp'), "
        "('kro', 'KRO', 'kro', '/b/kro.webp'), ('vara', 'VARA', 'vara', '/b/vara.webp')");
    exec(
        "INSERT INTO channels (slug, name, parent_slug, description, color, logo_url, sort_order, has_programming, "
        "player_mode, classical, live_video_url) VALUES "
        "('radio2', 'Ether Radio 2', NULL, 'De grootste hits', '#e4002b', '/c/radio2.webp', 1, 1, 'music', 0, NULL), "
        "('3fm', 'Ether 3FM', NULL, 'Nieuwe muziek', '#ff6600', '/c/3fm.webp', 3, 1, 'music', 0, "
        "'https://video.example/3fm.m3u8'), "
        "('soulenjazz', 'Soul & Jazz', 'radio2', 'Soul en jazz', '#663399', '/c/sj.webp', 2, 0, 'music', 0, NULL)");
    exec(
        "INSERT INTO channel_broadcasters (channel_slug, broadcaster_slug) VALUES ('radio2', 'avro'), "
        "('radio2', 'kro'), ('3fm', 'vara'), ('soulenjazz', 'avro')");
    exec(
        "INSERT INTO presenters (id, slug, name, role, bio, image_url) VALUES "
        "(1, 'jan-de-vries', 'Jan de Vries', 'Presentator', 'Jan maakt al twintig jaar radio.', '/p/jan.webp'), "
        "(2, 'renee-smit', 'Renée Smit', 'Dj', '', '/p/renee.webp')");
    exec(
        "INSERT INTO programmes (id, slug, name, channel_slug, summary, description, image_url) VALUES "
        "(1, 'de-ochtendploeg', 'De Ochtendploeg', 'radio2', 'Wakker worden met muziek en nieuws.', "
        "'De ochtendshow van Radio 2.', '/img/ochtendploeg.webp'), "
        "(2, 'koffiepauze', 'Koffiepauze', 'radio2', 'Koffie en verzoekjes uit Café Ether.', '', ''), "
        "(3, 'nieuwe-muziek', 'Nieuwe Muziek', '3fm', 'Het nieuwste van het nieuwste.', '', '/img/nm.webp')");
    exec(
        "INSERT INTO programme_presenters (programme_id, presenter_id, position) VALUES (1, 1, 0), (2, 2, 0), "
        "(2, 1, 1)");
    exec(
        "INSERT INTO programme_broadcasters (programme_id, broadcaster_slug) VALUES (1, 'avro'), (1, 'vara'), "
        "(3, 'vara')");
    exec(
        "INSERT INTO schedule_slots (channel_slug, programme_id, weekday, start_minute, end_minute) VALUES "
        "('radio2', 1, 1, 360, 540), ('radio2', 1, 2, 360, 540), ('radio2', 1, 3, 360, 540), "
        "('radio2', 1, 4, 360, 540), ('radio2', 1, 5, 360, 540), ('radio2', 2, 6, 600, 720), "
        "('radio2', 2, 7, 600, 720)");
    // Broadcasts: yesterday's Ochtendploeg with a recording, Koffiepauze on air now, a programme-less
    // hour after it, 3FM on air now, and next Monday's Ochtendploeg.
    exec(
        "INSERT INTO broadcasts (id, channel_slug, programme_id, slug, title, starts_at, ends_at, image_url, "
        "audio_url) VALUES "
        "(1, 'radio2', 1, 'de-ochtendploeg', 'De Ochtendploeg', " +
        t(utc(2026, 11, 20, 5)) + ", " + t(utc(2026, 11, 20, 8)) +
        ", '', 'broadcasts/ochtendploeg.mp3'), "
        "(2, 'radio2', 2, 'koffiepauze', 'Koffiepauze', " +
        t(utc(2026, 11, 21, 9)) + ", " + t(utc(2026, 11, 21, 11)) +
        ", '', NULL), "
        "(3, 'radio2', NULL, 'middagmuziek', 'Middagmuziek', " +
        t(utc(2026, 11, 21, 11)) + ", " + t(utc(2026, 11, 21, 13)) +
        ", '', NULL), "
        "(4, '3fm', 3, 'nieuwe-muziek', 'Nieuwe Muziek', " +
        t(utc(2026, 11, 21, 9)) + ", " + t(utc(2026, 11, 21, 12)) +
        ", '/img/nm-live.webp', NULL), "
        "(5, 'radio2', 1, 'de-ochtendploeg', 'De Ochtendploeg', " +
        t(utc(2026, 11, 23, 5)) + ", " + t(utc(2026, 11, 23, 8)) + ", '', NULL)");
    exec(
        "INSERT INTO songs (id, slug, title, artist, composer, complete_work, ensemble, cover_url, audio_path, "
        "duration_ms) VALUES "
        "(1, 'bohemian-rhapsody', 'Bohemian Rhapsody', 'Queen', NULL, NULL, NULL, '/covers/queen.webp', "
        "'songs/queen.mp3', 354000), "
        "(2, 'koffie-zwart', 'Koffie Zwart', 'Café Noir', NULL, NULL, NULL, NULL, 'songs/koffie.mp3', 180000), "
        "(3, 'never-played', 'Never Played', 'Nobody', NULL, NULL, NULL, NULL, 'songs/never.mp3', 1000)");
    // 25 plays on radio2 today from local midnight (23:00 UTC) every 20 minutes, one on air now,
    // one yesterday during broadcast 1, one in the future, and plays on the other channels.
    for (int i = 0; i < 25; ++i) {
      auto start = utc(2026, 11, 20, 23) + i * 20 * 60;
      exec("INSERT INTO track_plays (channel_slug, song_id, starts_at, ends_at, chart_position) VALUES ('radio2', " +
           std::to_string(i % 2 + 1) + ", " + t(start) + ", " + t(start + 240) + ", NULL)");
    }
    exec(
        "INSERT INTO track_plays (channel_slug, song_id, starts_at, ends_at, chart_position) VALUES "
        "('radio2', 2, " +
        t(utc(2026, 11, 21, 10, 28)) + ", " + t(utc(2026, 11, 21, 10, 32)) +
        ", NULL), "
        "('radio2', 1, " +
        t(utc(2026, 11, 20, 5, 30)) + ", " + t(utc(2026, 11, 20, 5, 36)) +
        ", NULL), "
        "('radio2', 1, " +
        t(utc(2026, 11, 21, 11, 0)) + ", " + t(utc(2026, 11, 21, 11, 6)) +
        ", NULL), "
        "('3fm', 1, " +
        t(utc(2026, 11, 21, 10, 29)) + ", " + t(utc(2026, 11, 21, 10, 35)) +
        ", 3), "
        "('soulenjazz', 2, " +
        t(utc(2026, 11, 21, 8)) + ", " + t(utc(2026, 11, 21, 8, 3)) + ", NULL)");
    exec(
        "INSERT INTO fragments (id, slug, programme_id, title, description, image_url, audio_path, duration_ms, "
        "published_at) VALUES "
        "(1, 'interview-jan', 1, 'Interview met Jan', 'Jan vertelt over twintig jaar radio.', '/img/f1.webp', "
        "'fragments/interview.mp3', 95400, " +
        t(utc(2026, 11, 20, 6, 30)) +
        "), "
        "(2, 'live-in-cafe-ether', 2, 'Live in Café Ether', 'Een optreden in de studio.', '', "
        "'fragments/live.mp3', 61000, " +
        t(utc(2026, 11, 21, 9, 30)) +
        "), "
        "(3, 'ochtendnieuws', 1, 'Ochtendnieuws', 'Het nieuws van de ochtend.', '', 'fragments/nieuws.mp3', 30000, " +
        t(utc(2026, 11, 19, 6)) +
        "), "
        "(4, 'toekomst', 1, 'Nog niet gepubliceerd', '', '', 'fragments/later.mp3', 1000, " +
        t(utc(2026, 11, 22, 6)) + ")");
    exec(
        "INSERT INTO fragment_tags (fragment_id, tag) VALUES (1, 'interview'), (1, 'muziek'), (2, 'muziek'), "
        "(2, 'live'), (3, 'nieuws')");
    exec(
        "INSERT INTO videos (id, slug, title, description, video_path, poster_url, duration_ms, published_at) VALUES "
        "(1, 'studio-sessie', 'Studiosessie', 'Live in de studio.', 'videos/sessie.mp4', '/img/poster.webp', 120000, " +
        t(utc(2026, 11, 19, 12)) + ")");
    std::string body = R"([{"type":"paragraph","text":"Een nacht vol muziek."},)"
                       R"({"type":"fragment","fragment":"interview-jan"},{"type":"video","video":"studio-sessie"},)"
                       R"({"type":"fragment","fragment":"bestaat-niet"},{"type":"quote","text":"Mooi","cite":"Jan"}])";
    exec(
        "INSERT INTO articles (id, slug, category_slug, programme_id, title, intro, author, image_url, body_json, "
        "published_at) VALUES "
        "(1, 'muziek-in-de-nacht', 'verdieping', 1, 'Muziek in de nacht', 'Wat gebeurt er als iedereen slaapt?', "
        "'Anna', '/img/a1.webp', '" +
        body + "', " + t(utc(2026, 11, 20, 22)) +
        "), "
        "(2, 'ajax-wint', 'sport', NULL, 'Ajax wint de topper', 'Een zinderende wedstrijd.', 'Piet', '/img/a2.webp', "
        "'[]', " +
        t(utc(2026, 11, 21, 8)) +
        "), "
        "(3, 'later', 'sport', NULL, 'Nog niet gepubliceerd', 'Toekomst.', 'Piet', '', '[]', " +
        t(utc(2026, 11, 22, 8)) + ")");
    for (int i = 0; i < 14; ++i) {
      exec(
          "INSERT INTO articles (id, slug, category_slug, programme_id, title, intro, author, image_url, body_json, "
          "published_at) VALUES (" +
          std::to_string(100 + i) + ", 'sportbericht-" + std::to_string(i) + "', 'sport', NULL, 'Sportbericht " +
          std::to_string(i) + "', 'Kort sportnieuws.', 'Piet', '', '[]', " + t(utc(2026, 11, 10 + i / 2, 12)) + ")");
    }
    exec("INSERT INTO article_tags (article_id, tag) VALUES (2, 'voetbal'), (1, 'nacht'), (1, 'muziek')");
    exec(
        "INSERT INTO podcast_feeds (id, slug, title, description, author, image_url, category) VALUES "
        "(1, 'de-nieuwsduik', 'De Nieuwsduik', 'Elke week een duik in het nieuws.', 'Ether', '/img/duik.webp', "
        "'News')");
    exec(
        "INSERT INTO podcast_episodes (id, feed_id, slug, title, description, image_url, audio_path, duration_ms, "
        "byte_length, published_at) VALUES "
        "(1, 1, 'aflevering-1', 'De eerste duik', 'Over de verkiezingen.', '', 'podcasts/1.mp3', 1200000, 1000, " +
        t(utc(2026, 11, 14, 6)) +
        "), "
        "(2, 1, 'aflevering-2', 'De tweede duik', 'Over muziekgeschiedenis.', '/img/ep2.webp', 'podcasts/2.mp3', "
        "1500000, 1000, " +
        t(utc(2026, 11, 21, 6)) +
        "), "
        "(3, 1, 'aflevering-3', 'Volgende week', '', '', 'podcasts/3.mp3', 1000, 1000, " +
        t(utc(2026, 11, 28, 6)) + ")");
    std::string blocks = R"([{"type":"hero","title":"Kerst op Ether","text":"Warme muziek.",)"
                         R"("image":"images/pages/kerst.webp","url":"/programmas"},)"
                         R"({"type":"fragments","title":"Luister terug","items":["interview-jan","bestaat-niet"]},)"
                         R"({"type":"articles","title":"Lees meer","items":["muziek-in-de-nacht"]},)"
                         R"({"type":"podcasts","title":"Podcasts","items":["de-nieuwsduik"]},)"
                         R"({"type":"tiles","title":"Meer",)"
                         R"("items":[{"title":"Gids","text":"Wat komt er","url":"/gids","image":"images/t.webp"}]},)"
                         R"({"type":"text","title":"Over","text":"Kersttekst."},)"
                         R"({"type":"radio","title":"Luister","channel":"soulenjazz",)"
                         R"("items":[{"label":"Site","title":"Soul","slug":"soul","url":"https://example.org"}]}])";
    exec(
        "INSERT INTO content_pages (id, kind, slug, title, description, blocks_json, published) VALUES "
        "(1, 'thema', 'kerst', 'Kerst', 'Alles over kerst op Ether.', '" +
        blocks +
        "', 1), "
        "(2, 'overzicht', 'zomer', 'Zomer', '', '[]', 1), "
        "(3, 'thema', 'geheim', 'Geheim', '', '[]', 0)");
  }

  std::filesystem::path dir_;
  std::unique_ptr<test::FreshPostgresDatabase> postgres_;
  std::unique_ptr<store::Database> db_;
  std::unique_ptr<PageLoader> loader_;
};

/// The keys of a JSON object, sorted, for comparing against the fields of a types.ts interface.
inline std::set<std::string> keys(const boost::json::value& value) {
  std::set<std::string> out;
  for (const auto& entry : value.as_object()) out.emplace(entry.key());
  return out;
}

}  // namespace ether::pages::testing
