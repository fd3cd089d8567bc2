#pragma once
// A small live station in a fresh store (SQLite, or a PostgreSQL database of its own): radio2
// (with sub-channel soulenjazz) and the classical radio4, a programme on air at `noon` with
// presenters and broadcasters, and track plays around it. Shared by the player tests.

#include <gtest/gtest.h>
#include <unistd.h>

#include <filesystem>
#include <memory>
#include <string>
#include <vector>

#include "postgres_database.hpp"
#include "store/database.hpp"
#include "test_paths.hpp"

namespace ether {

// 2026-11-21 12:00:00 in Amsterdam (CET, UTC+1).
inline constexpr long long noon = 1'795'258'800;

// The PostgreSQL databases open_test_store made for a test, dropped when it ends (after its
// fixture, and the store it held, are gone); not at exit, when the client library may be gone.
class DropDatabasesAtTestEnd : public ::testing::EmptyTestEventListener {
 public:
  static DropDatabasesAtTestEnd& instance() {
    static auto* listener = [] {
      auto* made = new DropDatabasesAtTestEnd;
      ::testing::UnitTest::GetInstance()->listeners().Append(made);  // gtest owns it
      return made;
    }();
    return *listener;
  }
  const std::string& keep(std::unique_ptr<test::FreshPostgresDatabase> database) {
    databases_.push_back(std::move(database));
    return databases_.back()->url();
  }
  void OnTestEnd(const ::testing::TestInfo&) override { databases_.clear(); }

 private:
  std::vector<std::unique_ptr<test::FreshPostgresDatabase>> databases_;
};

/// A migrated store in a new SQLite file under the test directory, or with `backend`
/// "postgresql" in a new database on ETHER_TEST_DATABASE_URL's server (dropped when the test
/// ends; the variant exists only with that URL, see store_backends).
inline std::unique_ptr<store::Database> open_test_store(const std::string& name,
                                                        const std::string& backend = "sqlite") {
  if (backend == "postgresql") {
    const auto& url = DropDatabasesAtTestEnd::instance().keep(
        std::make_unique<test::FreshPostgresDatabase>(name, test::Schema::current));
    auto db = store::Database::open(url);
    db->migrate();
    return db;
  }
  // ctest runs each test in its own process, several at once: one directory per process.
  auto dir = std::filesystem::path(ETHER_TEST_TMP) / (name + "-" + std::to_string(::getpid()));
  std::filesystem::remove_all(dir);
  std::filesystem::create_directories(dir);
  auto db = store::Database::open("sqlite:" + (dir / "ether.db").string());
  db->migrate();
  return db;
}

inline void seed_live_store(store::Database& db) {
  auto lease = db.lease();
  auto& sql = *lease;
  sql << "INSERT INTO channels (slug, name, sort_order, popout_url, live_video_url) VALUES "
         "('radio2', 'Ether Radio 2', 1, '/popout/radio2', '/live/radio2/index.m3u8')";
  sql << "INSERT INTO channels (slug, name, parent_slug, sort_order, has_programming, popout_url) VALUES "
         "('soulenjazz', 'Soul & Jazz', 'radio2', 2, 0, '/popout/soulenjazz')";
  sql << "INSERT INTO channels (slug, name, sort_order, classical, popout_url) VALUES "
         "('radio4', 'Ether Radio 4', 3, 1, '/popout/radio4')";
  sql << "INSERT INTO broadcasters (slug, name, alias, logo_url) VALUES "
         "('zuiderzee', 'Omroep Zuiderzee', 'ozz', '/media/images/broadcasters/zuiderzee.webp'), "
         "('kust', 'De Kustomroep', 'kust', '')";
  sql << "INSERT INTO channel_broadcasters (channel_slug, broadcaster_slug) VALUES ('radio2', 'zuiderzee')";
  sql << "INSERT INTO presenters (id, slug, name) VALUES (1, 'mira', 'Mira de Vries'), (2, 'kees', 'Kees Jansen')";
  sql << "INSERT INTO programmes (id, slug, name, channel_slug, image_url) VALUES "
         "(1, 'de-middagshow', 'De Middagshow', 'radio2', '/media/images/programmes/de-middagshow.webp')";
  sql << "INSERT INTO programme_presenters (programme_id, presenter_id, position) VALUES (1, 2, 1), (1, 1, 0)";
  sql << "INSERT INTO programme_broadcasters (programme_id, broadcaster_slug) VALUES (1, 'zuiderzee'), (1, 'kust')";
  sql << "INSERT INTO broadcasts (id, channel_slug, programme_id, slug, title, starts_at, ends_at) VALUES "
         "(10, 'radio2', 1, 'de-middagshow-2026-11-21', 'De Middagshow', "
      << noon - 3600 << ", " << noon + 3600 << "), (11, 'radio2', NULL, 'nacht', 'Nachtmuziek', " << noon + 3600 << ", "
      << noon + 7200 << ")";
  sql << "INSERT INTO songs (id, slug, title, artist, composer, complete_work, ensemble, cover_url, audio_path, "
         "duration_ms) VALUES (1, 'zomeravond', 'Zomeravond', 'De Golven', NULL, NULL, NULL, '/media/c.webp', "
         "'songs/zomeravond.mp3', 90000), (2, 'adagio', 'Adagio', 'Residentie Orkest', 'J. Pachelbel', "
         "'Canon in D', 'Residentie Orkest', NULL, 'songs/adagio.mp3', 100000)";
  sql << "INSERT INTO track_plays (channel_slug, song_id, starts_at, ends_at, chart_position) VALUES "
         "('radio2', 1, "
      << noon - 100 << ", " << noon - 10 << ", NULL), ('radio2', 1, " << noon - 10 << ", " << noon + 80
      << ", 4), ('radio2', 1, " << noon + 80 << ", " << noon + 170 << ", NULL), ('radio4', 2, " << noon - 50 << ", "
      << noon + 50 << ", NULL)";
}

}  // namespace ether
