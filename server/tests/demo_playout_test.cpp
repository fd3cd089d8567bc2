// The demo playout and schedule materialiser on the seeded fixture, on a real SQLite file.

#include "playout/demo_playout.hpp"

#include <gtest/gtest.h>

#include <algorithm>
#include <iostream>
#include <set>
#include <tuple>

#include "playout/schedule_materialiser.hpp"
#include "seed/demo_seed.hpp"
#include "store/broadcast_repository.hpp"
#include "store/station_repository.hpp"
#include "store/track_play_repository.hpp"
#include "store_test_support.hpp"
#include "support/postgres_database.hpp"

namespace ether::playout {
namespace {

using testing_support::at;
using testing_support::fixture_media;
using testing_support::fixture_seed;
using testing_support::TempStore;
using testing_support::utc;

const long long kNow = utc(2026, 11, 21, 10, 17, 5);
constexpr long long kDay = 86400;

void seed(TempStore& store) {
  ASSERT_TRUE(seed::seed_demo_station_if_empty(store.db(), fixture_seed(), fixture_media(), at(kNow - 3600)));
}

std::vector<domain::TrackPlay> plays_of(TempStore& store, const std::string& channel) {
  auto session = store.db().lease();
  return store::TrackPlayRepository(*session).between(channel, 0, kNow * 2);
}

std::vector<domain::Broadcast> broadcasts_of(TempStore& store, const std::string& channel) {
  auto session = store.db().lease();
  return store::BroadcastRepository(*session).between(channel, 0, kNow * 2);
}

std::vector<domain::RotationEntry> rotation_of(TempStore& store, const std::string& channel) {
  auto session = store.db().lease();
  return store::StationRepository(*session).rotation(channel);
}

// Back to back, in rotation order, each as long as its song, the last one covering `now`.
void expect_continuous(TempStore& store, const std::string& channel, long long first_start, long long now) {
  const auto plays = plays_of(store, channel);
  const auto rotation = rotation_of(store, channel);
  ASSERT_FALSE(plays.empty()) << channel;
  ASSERT_FALSE(rotation.empty()) << channel;
  EXPECT_EQ(plays.front().starts_at, first_start) << channel;
  EXPECT_LE(plays.back().starts_at, now) << channel;
  EXPECT_GT(plays.back().ends_at, now) << channel;
  std::size_t position = 0;
  while (rotation[position].song_id != plays.front().song_id) ++position;
  for (std::size_t i = 0; i < plays.size(); ++i) {
    const auto& entry = rotation[(position + i) % rotation.size()];
    ASSERT_EQ(plays[i].song_id, entry.song_id) << channel << " play " << i;
    ASSERT_EQ(plays[i].chart_position, entry.chart_position) << channel << " play " << i;
    ASSERT_EQ(plays[i].ends_at - plays[i].starts_at, entry.duration_ms / 1000) << channel << " play " << i;
    if (i > 0) ASSERT_EQ(plays[i].starts_at, plays[i - 1].ends_at) << channel << " play " << i;
  }
}

// Every test on both store backends (test::store_backends()).
class DemoPlayoutStore : public ::testing::TestWithParam<std::string> {
 protected:
  void SetUp() override {
    if (GetParam() == "postgresql") ETHER_REQUIRE_POSTGRES_URL();
  }
};

TEST_P(DemoPlayoutStore, FillsTheBackfillWindowWithoutGaps) {
  TempStore store(GetParam());
  seed(store);
  DemoPlayout playout(store.db(), 2);
  EXPECT_GT(playout.catch_up(at(kNow)), 0);
  expect_continuous(store, "radio2", kNow - 2 * kDay, kNow);
  expect_continuous(store, "soulenjazz", kNow - 2 * kDay, kNow);
  EXPECT_TRUE(plays_of(store, "radio1").empty());  // no rotation, no plays
  // The rotation starts at its first place in an empty store.
  EXPECT_EQ(plays_of(store, "radio2").front().song_id, rotation_of(store, "radio2").front().song_id);
}

TEST_P(DemoPlayoutStore, CatchingUpTwiceForTheSameInstantAddsNothing) {
  TempStore store(GetParam());
  seed(store);
  DemoPlayout playout(store.db(), 1);
  playout.catch_up(at(kNow));
  const auto plays = store.count("track_plays");
  const auto broadcasts = store.count("broadcasts");
  EXPECT_EQ(playout.catch_up(at(kNow)), 0);
  DemoPlayout another(store.db(), 1);
  EXPECT_EQ(another.catch_up(at(kNow)), 0);
  EXPECT_EQ(store.count("track_plays"), plays);
  EXPECT_EQ(store.count("broadcasts"), broadcasts);
  auto session = store.db().lease();
  long long duplicates = 0;
  *session << "SELECT COUNT(*) FROM (SELECT channel_slug, starts_at FROM track_plays GROUP BY channel_slug, starts_at "
              "HAVING COUNT(*) > 1) d",
      soci::into(duplicates);
  EXPECT_EQ(duplicates, 0);
}

TEST_P(DemoPlayoutStore, RestartAfterAThreeHourStopFillsTheGapExactly) {
  const long long stopped = kNow;
  const long long restarted = kNow + 3 * 3600;
  TempStore interrupted(GetParam());
  seed(interrupted);
  {
    DemoPlayout before(interrupted.db(), 1);
    before.catch_up(at(stopped));
  }
  interrupted.reopen();
  DemoPlayout after(interrupted.db(), 1);
  EXPECT_GT(after.catch_up(at(restarted)), 0);
  expect_continuous(interrupted, "radio2", stopped - kDay, restarted);
  expect_continuous(interrupted, "soulenjazz", stopped - kDay, restarted);

  // The same hours played by a playout that never stopped.
  TempStore steady(GetParam());
  seed(steady);
  DemoPlayout always(steady.db(), 1);
  for (long long t = stopped; t <= restarted; t += 7 * 60) always.catch_up(at(t));
  always.catch_up(at(restarted));
  auto key = [](const domain::TrackPlay& p) { return std::tuple(p.song_id, p.starts_at, p.ends_at, p.chart_position); };
  for (const char* channel : {"radio2", "soulenjazz"}) {
    const auto a = plays_of(interrupted, channel);
    const auto b = plays_of(steady, channel);
    ASSERT_EQ(a.size(), b.size()) << channel;
    for (std::size_t i = 0; i < a.size(); ++i) ASSERT_EQ(key(a[i]), key(b[i])) << channel << " play " << i;
  }
}

TEST_P(DemoPlayoutStore, ResumesAtTheBackfillEdgeAfterALongStop) {
  TempStore store(GetParam());
  seed(store);
  DemoPlayout playout(store.db(), 1);
  playout.catch_up(at(kNow));
  const auto last = plays_of(store, "radio2").back();
  playout.catch_up(at(kNow + 5 * kDay));
  const auto plays = plays_of(store, "radio2");
  auto resumed = std::find_if(plays.begin(), plays.end(), [&](const auto& p) { return p.starts_at > last.starts_at; });
  ASSERT_NE(resumed, plays.end());
  EXPECT_EQ(resumed->starts_at, kNow + 4 * kDay);
  EXPECT_GT(plays.back().ends_at, kNow + 5 * kDay);
}

TEST_P(DemoPlayoutStore, NowPlayingGivesTheSongAndTheOffsetIntoIt) {
  TempStore store(GetParam());
  seed(store);
  DemoPlayout playout(store.db(), 1);
  playout.catch_up(at(kNow));
  const auto instant = at(kNow) + std::chrono::milliseconds(250);
  auto now = playout.now_playing("radio2", instant);
  ASSERT_TRUE(now);
  EXPECT_LE(now->play.starts_at, kNow);
  EXPECT_GT(now->play.ends_at, kNow);
  EXPECT_EQ(now->offset, std::chrono::milliseconds((kNow - now->play.starts_at) * 1000 + 250));
  EXPECT_EQ(now->audio_path.rfind("songs/", 0), 0u);
  EXPECT_GT(now->duration_ms, 0);
  EXPECT_FALSE(playout.now_playing("radio1", instant));
  EXPECT_FALSE(playout.now_playing("radio2", at(kNow + kDay)));
}

// Makes every track play query fail, as a store that went away does, until the object goes.
class TrackPlaysAway {
 public:
  explicit TrackPlaysAway(TempStore& store) : store_(store) {
    auto session = store_.db().lease();
    *session << "ALTER TABLE track_plays RENAME TO track_plays_away";
  }
  ~TrackPlaysAway() {
    auto session = store_.db().lease();
    *session << "ALTER TABLE track_plays_away RENAME TO track_plays";
  }
  TrackPlaysAway(const TrackPlaysAway&) = delete;
  TrackPlaysAway& operator=(const TrackPlaysAway&) = delete;

 private:
  TempStore& store_;
};

// The songs a channel plays over [from, until), asked every 10 s as the live origin does.
std::vector<domain::TrackPlay> heard(DemoPlayout& playout, const std::string& channel, long long from,
                                     long long until) {
  std::vector<domain::TrackPlay> plays;
  for (long long t = from; t < until; t += 10) {
    auto now = playout.now_playing(channel, at(t));
    if (!now) continue;
    if (plays.empty() || plays.back().starts_at != now->play.starts_at) plays.push_back(now->play);
  }
  return plays;
}

TEST_P(DemoPlayoutStore, PlaysOnFromMemoryWhileTheStoreFailsAndRecordsExactlyThatAfterwards) {
  TempStore store(GetParam());
  seed(store);
  DemoPlayout playout(store.db(), 1);
  playout.catch_up(at(kNow));
  std::vector<domain::TrackPlay> during;
  {
    TrackPlaysAway away(store);
    // Ten minutes of ticks that all fail: the plan goes on from the rotation in memory.
    for (long long t = kNow + 1; t <= kNow + 600; t += 60) EXPECT_ANY_THROW(playout.catch_up(at(t)));
    during = heard(playout, "radio2", kNow, kNow + 600);
  }
  ASSERT_GE(during.size(), 3U) << "several songs over ten minutes";
  for (std::size_t i = 1; i < during.size(); ++i) EXPECT_EQ(during[i].starts_at, during[i - 1].ends_at);

  // The store is back: the next tick records what was played, neither more nor less.
  EXPECT_GE(playout.catch_up(at(kNow + 600)), static_cast<int>(during.size()) - 1);
  expect_continuous(store, "radio2", kNow - kDay, kNow + 600);
  const auto recorded = plays_of(store, "radio2");
  for (const auto& play : during) {
    const auto found = std::find_if(recorded.begin(), recorded.end(),
                                    [&](const domain::TrackPlay& r) { return r.starts_at == play.starts_at; });
    ASSERT_NE(found, recorded.end()) << play.starts_at;
    EXPECT_EQ(found->song_id, play.song_id);
    EXPECT_EQ(found->ends_at, play.ends_at);
  }
  EXPECT_EQ(playout.catch_up(at(kNow + 600)), 0);
}

TEST_P(DemoPlayoutStore, AFollowerPlansWhatTheRecorderRecordsEvenWhileTheStoreFails) {
  TempStore store(GetParam());
  seed(store);
  DemoPlayout recorder(store.db(), 1);
  DemoPlayout follower(store.db(), 1);
  recorder.catch_up(at(kNow));
  follower.follow(at(kNow));
  {
    TrackPlaysAway away(store);
    EXPECT_ANY_THROW(recorder.catch_up(at(kNow + 300)));
    EXPECT_ANY_THROW(follower.follow(at(kNow + 300)));
    const auto recorders = heard(recorder, "radio2", kNow, kNow + 600);
    const auto followers = heard(follower, "radio2", kNow, kNow + 600);
    ASSERT_EQ(recorders.size(), followers.size());
    for (std::size_t i = 0; i < recorders.size(); ++i) {
      EXPECT_EQ(recorders[i].starts_at, followers[i].starts_at);
      EXPECT_EQ(recorders[i].song_id, followers[i].song_id);
    }
  }
  // Following writes nothing; the recorder's plays are what the follower planned.
  const auto before = plays_of(store, "radio2").size();
  follower.follow(at(kNow + 600));
  EXPECT_EQ(plays_of(store, "radio2").size(), before);
  recorder.catch_up(at(kNow + 600));
  follower.follow(at(kNow + 600));
  for (long long t = kNow; t < kNow + 600; t += 10) {
    auto a = recorder.now_playing("radio2", at(t));
    auto b = follower.now_playing("radio2", at(t));
    ASSERT_TRUE(a && b);
    EXPECT_EQ(a->play.starts_at, b->play.starts_at);
    EXPECT_EQ(a->play.song_id, b->play.song_id);
  }
}

TEST_P(DemoPlayoutStore, ARotationChangeCountsFromTheNextSongThoughThePlanReachesAhead) {
  TempStore store(GetParam());
  seed(store);
  DemoPlayout playout(store.db(), 1);
  playout.catch_up(at(kNow));
  const auto on_air = playout.now_playing("radio2", at(kNow));
  ASSERT_TRUE(on_air);
  const auto planned_next = playout.now_playing("radio2", at(on_air->play.ends_at));
  ASSERT_TRUE(planned_next);
  // The rotation becomes the one song that was not coming next.
  const auto rotation = rotation_of(store, "radio2");
  const auto other = std::find_if(rotation.begin(), rotation.end(), [&](const domain::RotationEntry& e) {
    return e.song_id != planned_next->play.song_id && e.song_id != on_air->play.song_id;
  });
  ASSERT_NE(other, rotation.end());
  {
    auto session = store.db().lease();
    const long long song = other->song_id;
    *session << "DELETE FROM channel_rotation WHERE channel_slug = 'radio2' AND song_id <> :s", soci::use(song);
  }
  playout.catch_up(at(kNow + 1));
  const auto still = playout.now_playing("radio2", at(kNow + 1));
  ASSERT_TRUE(still);
  EXPECT_EQ(still->play.starts_at, on_air->play.starts_at) << "the song on air plays on";
  const auto next = playout.now_playing("radio2", at(on_air->play.ends_at));
  ASSERT_TRUE(next);
  EXPECT_EQ(next->play.song_id, other->song_id);
  EXPECT_EQ(next->play.starts_at, on_air->play.ends_at);
}

// Every Amsterdam date of the window is covered from local midnight to local midnight.
void expect_days_covered(TempStore& store, domain::LocalDate first, domain::LocalDate last,
                         domain::LocalDate switch_day, long long switch_day_hours) {
  const auto broadcasts = broadcasts_of(store, "radio2");
  ASSERT_FALSE(broadcasts.empty());
  EXPECT_EQ(broadcasts.front().starts_at, domain::local_to_unix(first, 0));
  EXPECT_EQ(broadcasts.back().ends_at, domain::local_to_unix(domain::add_days(last, 1), 0));
  for (std::size_t i = 1; i < broadcasts.size(); ++i) {
    ASSERT_EQ(broadcasts[i].starts_at, broadcasts[i - 1].ends_at) << broadcasts[i].slug;
  }
  int days = 0;
  for (auto day = first; date::sys_days{day} <= date::sys_days{last}; day = domain::add_days(day, 1), ++days) {
    const long long from = domain::local_to_unix(day, 0);
    const long long until = domain::local_to_unix(day, 1440);
    long long covered = 0;
    int count = 0;
    for (const auto& b : broadcasts) {
      if (b.starts_at < from || b.starts_at >= until) continue;
      EXPECT_LE(b.ends_at, until) << b.slug;
      EXPECT_TRUE(b.slug.ends_with(domain::format_date(day))) << b.slug;
      covered += b.ends_at - b.starts_at;
      ++count;
    }
    EXPECT_EQ(count, 5) << domain::format_date(day);
    EXPECT_EQ(covered, (day == switch_day ? switch_day_hours : 24) * 3600) << domain::format_date(day);
  }
  EXPECT_EQ(static_cast<std::size_t>(days) * 5, broadcasts.size());
}

std::vector<store::RotationSong> rotation_songs_of(TempStore& store, const std::string& channel) {
  auto session = store.db().lease();
  return store::StationRepository(*session).rotation_songs(channel);
}

TEST_P(DemoPlayoutStore, SkipsSongsWhoseFilesCannotBePlayedAndCutsShortOnesToTheirAudio) {
  TempStore store(GetParam());
  seed(store);
  const auto rotation = rotation_songs_of(store, "radio2");
  ASSERT_GE(rotation.size(), 3U);
  const auto& broken = rotation[1];
  const auto& truncated = rotation[2];
  DemoPlayout playout(store.db(), 1);
  playout.set_audio_check([&](const std::string& path, long long expected_ms) -> std::optional<long long> {
    if (path == broken.audio_path) return std::nullopt;
    if (path == truncated.audio_path) return 1500;
    return expected_ms;
  });
  playout.catch_up(at(kNow));
  const auto plays = plays_of(store, "radio2");
  ASSERT_GT(plays.size(), 10U);
  bool truncated_played = false;
  for (std::size_t i = 0; i < plays.size(); ++i) {
    EXPECT_NE(plays[i].song_id, broken.entry.song_id) << "a broken file is never in the play log";
    if (plays[i].song_id == truncated.entry.song_id) {
      truncated_played = true;
      EXPECT_EQ(plays[i].ends_at - plays[i].starts_at, 1) << "as long as its audio (whole seconds)";
    }
    if (i > 0) EXPECT_EQ(plays[i].starts_at, plays[i - 1].ends_at) << "the next song starts at once";
  }
  EXPECT_TRUE(truncated_played);
  EXPECT_TRUE(playout.dead_air(kNow).empty());
}

TEST_P(DemoPlayoutStore, ARotationWithNothingPlayableIsDeadAirUntilAFileIsBack) {
  TempStore store(GetParam());
  seed(store);
  bool files_back = false;
  std::vector<std::pair<std::string, std::optional<long long>>> told;
  DemoPlayout playout(store.db(), 1);
  playout.set_audio_check([&](const std::string&, long long expected_ms) -> std::optional<long long> {
    if (files_back) return expected_ms;
    return std::nullopt;
  });
  playout.set_dead_air_listener(
      [&](const std::string& channel, std::optional<long long> since) { told.emplace_back(channel, since); });
  EXPECT_EQ(playout.catch_up(at(kNow)), 0);
  EXPECT_TRUE(plays_of(store, "radio2").empty());
  const auto silent = playout.dead_air(kNow);
  ASSERT_EQ(silent.size(), 2U);
  EXPECT_EQ(silent[0], std::make_pair(std::string("radio2"), kNow));
  playout.catch_up(at(kNow + 1));
  EXPECT_EQ(told.size(), 2U) << "told once per channel, not every tick";
  EXPECT_EQ(told[0], std::make_pair(std::string("radio2"), std::optional<long long>(kNow)));

  files_back = true;
  EXPECT_GT(playout.catch_up(at(kNow + 60)), 0);
  const auto plays = plays_of(store, "radio2");
  ASSERT_FALSE(plays.empty());
  EXPECT_EQ(plays.front().starts_at, kNow + 60) << "plays resume from the present, not from before the dead air";
  EXPECT_TRUE(playout.dead_air(kNow + 60).empty());
  ASSERT_EQ(told.size(), 4U);
  EXPECT_EQ(told[2].second, std::nullopt);
}

// Issue 47: a song whose file breaks after it was planned (and recorded ahead) is met by the live
// origin when it reads it ahead or when its turn comes; the plan goes on with the next playable
// song from the next whole second, and the next tick corrects the store, so that the play log
// names only what was heard.
TEST_P(DemoPlayoutStore, ASongThatCannotBePlayedAtItsTurnGivesWayToTheNextAtOnceAndTheLogIsCorrected) {
  TempStore store(GetParam());
  seed(store);
  std::set<std::string> broken;
  long long clock_now = kNow;
  DemoPlayout playout(store.db(), 1, [&] { return at(clock_now); });
  playout.set_audio_check([&](const std::string& path, long long expected_ms) -> std::optional<long long> {
    if (broken.contains(path)) return std::nullopt;
    return expected_ms;
  });
  playout.set_record_ahead(std::chrono::seconds(600));
  playout.catch_up(at(kNow));
  const auto on_air = playout.now_playing("radio2", at(kNow));
  ASSERT_TRUE(on_air);
  const auto next = playout.now_playing("radio2", at(on_air->play.ends_at));
  ASSERT_TRUE(next);
  ASSERT_NE(next->audio_path, on_air->audio_path);

  // The song on air breaks 300 ms into the second after its start; the next one breaks before its turn.
  broken.insert(on_air->audio_path);
  broken.insert(next->audio_path);
  const long long failed_at = on_air->play.starts_at + 1;
  clock_now = failed_at;
  playout.skip("radio2", on_air->play.starts_at, failed_at * 1000 + 300);
  const auto instead = playout.now_playing("radio2", at(failed_at + 1));
  ASSERT_TRUE(instead);
  EXPECT_EQ(instead->play.starts_at, failed_at + 1) << "from the next whole second";
  EXPECT_FALSE(broken.contains(instead->audio_path)) << "the next playable song, past the broken ones";
  EXPECT_EQ(instead->offset, std::chrono::milliseconds(0));
  const auto cut = playout.now_playing("radio2", at(failed_at));
  ASSERT_TRUE(cut);
  EXPECT_EQ(cut->play.ends_at, failed_at + 1) << "what played of it stays, cut where it failed";

  // The next one, found broken by the read-ahead before its turn, gives way before it starts.
  const auto following = playout.now_playing("radio2", at(instead->play.ends_at));
  ASSERT_TRUE(following);
  playout.skip("radio2", following->play.starts_at, following->play.starts_at * 1000);
  const auto after = playout.now_playing("radio2", at(following->play.starts_at));
  ASSERT_TRUE(after);
  EXPECT_EQ(after->play.starts_at, following->play.starts_at) << "no gap: the play after follows at once";

  clock_now = failed_at + 1;
  playout.catch_up(at(clock_now));
  const auto plays = plays_of(store, "radio2");
  bool cut_logged = false;
  for (std::size_t i = 0; i < plays.size(); ++i) {
    if (i > 0) EXPECT_EQ(plays[i].starts_at, plays[i - 1].ends_at) << "the log stays back to back";
    if (plays[i].starts_at == on_air->play.starts_at) {
      cut_logged = true;
      EXPECT_EQ(plays[i].ends_at, failed_at + 1);
    }
    EXPECT_FALSE(plays[i].starts_at == following->play.starts_at && plays[i].song_id == following->play.song_id)
        << "a play withdrawn before it began is not in the log";
  }
  EXPECT_TRUE(cut_logged);
  EXPECT_TRUE(playout.dead_air(clock_now).empty());

  // Every song broken: the plan has dead air from the next second.
  for (const auto& song : rotation_songs_of(store, "radio2")) broken.insert(song.audio_path);
  playout.skip("radio2", instead->play.starts_at, (instead->play.starts_at + 2) * 1000 + 10);
  const auto silent = playout.dead_air(instead->play.starts_at + 3);
  ASSERT_EQ(silent.size(), 1U);
  EXPECT_EQ(silent[0], std::make_pair(std::string("radio2"), instead->play.starts_at + 3));
}

TEST_P(DemoPlayoutStore, BroadcastsCoverTheAutumnSwitchDayWith25Hours) {
  TempStore store(GetParam());
  seed(store);
  DemoPlayout playout(store.db(), 3);
  playout.catch_up(at(utc(2026, 10, 27, 10)));
  expect_days_covered(store, date::year{2026} / 10 / 24, date::year{2026} / 11 / 3, date::year{2026} / 10 / 25, 25);
  const auto broadcasts = broadcasts_of(store, "radio2");
  auto night = std::find_if(broadcasts.begin(), broadcasts.end(),
                            [](const auto& b) { return b.slug == "nachtwacht-2026-10-25"; });
  ASSERT_NE(night, broadcasts.end());
  EXPECT_EQ(night->title, "Nachtwacht");
  EXPECT_EQ(night->image_url, "/media/images/programmes/nachtwacht.webp");
  EXPECT_EQ(night->starts_at, utc(2026, 10, 24, 22));
  EXPECT_EQ(night->ends_at, utc(2026, 10, 25, 0, 30));         // 02:30 of the first, summer-time, pass
  EXPECT_EQ(std::next(night)->ends_at, utc(2026, 10, 25, 5));  // 06:00 CET
}

TEST_P(DemoPlayoutStore, BroadcastsCoverTheSpringSwitchDayWith23Hours) {
  TempStore store(GetParam());
  seed(store);
  DemoPlayout playout(store.db(), 2);
  playout.catch_up(at(utc(2026, 3, 30, 10)));
  expect_days_covered(store, date::year{2026} / 3 / 28, date::year{2026} / 4 / 6, date::year{2026} / 3 / 29, 23);
}

TEST_P(DemoPlayoutStore, MaterialisesAgainWhenTheLocalDateChanges) {
  TempStore store(GetParam());
  seed(store);
  DemoPlayout playout(store.db(), 1);
  playout.catch_up(at(kNow));
  const auto before = broadcasts_of(store, "radio2");
  ASSERT_FALSE(before.empty());
  EXPECT_EQ(before.back().slug, "avondrood-2026-11-28");  // today (Saturday 21st) + 7
  playout.catch_up(at(kNow + kDay));
  const auto after = broadcasts_of(store, "radio2");
  EXPECT_EQ(after.back().slug, "avondrood-2026-11-29");
  EXPECT_EQ(after.front().starts_at, before.front().starts_at);
  EXPECT_EQ(after.size(), before.size() + 5);
}

TEST_P(DemoPlayoutStore, PartialSchedulesOnlyFillTheirSlots) {
  TempStore store(GetParam());
  seed(store);
  DemoPlayout playout(store.db(), 7);
  playout.catch_up(at(kNow));
  const auto broadcasts = broadcasts_of(store, "soulenjazz");
  ASSERT_EQ(broadcasts.size(), 5u);  // Fridays and Saturdays of 2026-11-14 .. 2026-11-28
  for (const auto& b : broadcasts) {
    const int weekday = domain::iso_weekday(domain::local_date(b.starts_at));
    EXPECT_TRUE(weekday == 5 || weekday == 6) << b.slug;
    EXPECT_EQ(domain::local_minute_of_day(b.starts_at), 20 * 60) << b.slug;
    EXPECT_EQ(b.ends_at - b.starts_at, 2 * 3600) << b.slug;
  }
  EXPECT_FALSE(broadcasts_of(store, "radio1").empty());
}

TEST_P(DemoPlayoutStore, StartsTicksAndStopsPromptly) {
  TempStore store(GetParam());
  seed(store);
  DemoPlayout playout(store.db(), 1, [] { return at(kNow); });
  EXPECT_FALSE(playout.running());
  playout.start();
  EXPECT_TRUE(playout.running());
  for (int i = 0; i < 100 && store.count("track_plays") == 0; ++i) {
    std::this_thread::sleep_for(std::chrono::milliseconds(50));
  }
  EXPECT_GT(store.count("track_plays"), 0);
  const auto stop_begun = std::chrono::steady_clock::now();
  playout.stop();
  EXPECT_LT(std::chrono::steady_clock::now() - stop_begun, std::chrono::milliseconds(1500));
  EXPECT_FALSE(playout.running());
  expect_continuous(store, "radio2", kNow - kDay, kNow);
}

TEST_P(DemoPlayoutStore, FirstCatchUpOfFourteenDaysOnEightChannels) {
  TempStore store(GetParam());
  seed(store);
  {
    auto session = store.db().lease();
    store::StationRepository station(*session);
    const auto songs = rotation_of(store, "radio2");
    for (int c = 0; c < 6; ++c) {
      domain::Channel channel;
      channel.slug = "extra" + std::to_string(c);
      channel.name = channel.slug;
      station.insert_channel(channel);
      for (std::size_t p = 0; p < songs.size(); ++p) {
        station.add_rotation_entry(channel.slug, static_cast<int>(p) + 1, songs[(p + c) % songs.size()].song_id,
                                   std::nullopt);
      }
    }
  }
  DemoPlayout playout(store.db(), 14);
  const auto begun = std::chrono::steady_clock::now();
  const int recorded = playout.catch_up(at(kNow));
  const auto took = std::chrono::duration_cast<std::chrono::milliseconds>(std::chrono::steady_clock::now() - begun);
  std::cout << "first catch-up, 14 days x 8 channels: " << recorded << " plays, " << store.count("broadcasts")
            << " broadcasts in " << took.count() << " ms\n";
  RecordProperty("first_catch_up_ms", static_cast<int>(took.count()));
  EXPECT_LT(took, std::chrono::seconds(30));
  for (int c = 0; c < 6; ++c) expect_continuous(store, "extra" + std::to_string(c), kNow - 14 * kDay, kNow);
  expect_continuous(store, "radio2", kNow - 14 * kDay, kNow);
}

INSTANTIATE_TEST_SUITE_P(Store, DemoPlayoutStore, ::testing::ValuesIn(test::store_backends()), test::backend_name);

}  // namespace
}  // namespace ether::playout
