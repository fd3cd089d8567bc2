// The audience per song (listeners/song_audience.hpp) from scripted plays and sessions whose
// figures are worked out by hand below: tune-ins and tune-outs within each play (half-open, under
// the minimum length, another channel's), the curve per Amsterdam hour with its minutes (a month so
// far, the changes to and from summer time), a play's expectation split over the hours it spans,
// the order, and the CSV.

#include "listeners/song_audience.hpp"

#include <gtest/gtest.h>

#include <chrono>

namespace ether::listeners {
namespace {

std::int64_t utc(int y, unsigned mo, unsigned d, int h, int mi, int s) {
  const std::chrono::year_month_day day{std::chrono::year{y}, std::chrono::month{mo}, std::chrono::day{d}};
  return static_cast<std::int64_t>(std::chrono::sys_days{day}.time_since_epoch().count()) * 86400 + h * 3600 + mi * 60 +
         s;
}

domain::ListenerSession session(std::int64_t start_s, std::int64_t end_s, const std::string& channel = "radio2") {
  return domain::ListenerSession{
      .channel = channel, .format = "mp3", .listener = "x", .start_ms = start_s * 1000, .end_ms = end_s * 1000};
}

RoyaltyPlay play(std::int64_t song, const std::string& title, std::int64_t starts, std::int64_t ends) {
  return RoyaltyPlay{.starts_at = starts, .ends_at = ends, .artist = "Doe Maar", .title = title, .song_id = song};
}

const SongAudience* song_of(const SongAudienceReport& report, std::int64_t song) {
  for (const auto& row : report.songs) {
    if (row.song_id == song) return &row;
  }
  return nullptr;
}

constexpr double kExact = 1e-9;

TEST(SongAudience, CountsTheTuneInsAndOutsOfEachPlayAgainstTheCurveOfItsHours) {
  // February 2024: 29 days in CET (UTC+1), so each hour of the day has 29 x 60 = 1740 minutes.
  const auto month = month_span(*parse_report_month("2024-02"));
  const auto base = utc(2024, 2, 10, 12, 0, 0);  // 10 February 13:00 in Amsterdam
  const auto day = 86400;
  const std::vector<RoyaltyPlay> plays{
      play(1, "Afscheid", base, base + 240),                   // 13:00-13:04
      play(2, "Welkom", base + 600, base + 780),               // 13:10-13:13
      play(3, "Over het uur", base + 3480, base + 3720),       // 13:58-14:02
      play(1, "Afscheid", base + day, base + day + 240),       // 11 February 13:00-13:04
      play(4, "Januari", month.from - 100, month.from + 100),  // began in January: not February's
      play(5, "Maart", month.until, month.until + 200),        // 1 March 00:00
  };
  const std::vector<domain::ListenerSession> sessions{
      session(base - 3600, base + 60),               // a: in at 12, out at 13 within Afscheid
      session(base - 1800, base + 239),              // b: in at 12, out at 13 within Afscheid (its last second)
      session(base + 240, base + 7200),              // c: in at 13 as Afscheid ends (not its), out at 15
      session(base + 10, base + 40),                 // 30 s: under the minimum, counts nowhere
      session(base + 10, base + 200, "radio4"),      // another channel's
      session(base + day + 100, base + day + 1000),  // f: in at 13 within Afscheid's second play, out at 13
      session(base + day - 600, base + day + 200),   // g: in at 12, out at 13 within Afscheid's second play
      session(base + 600, base + 5000),              // h1: in at 13 as Welkom starts, out at 14
      session(base + 700, base + 4000),              // h2: in at 13 within Welkom, out at 14
      session(base + 3500, base + 5400),             // i: in at 13 within Over het uur, out at 14
      session(month.from - 7200, base + 3700),       // j: in in January, out at 14 within Over het uur
  };
  const auto report = song_audience(
      plays, sessions, SongAudienceOptions{.channel = "radio2", .span = month, .now_ms = (month.until + 3600) * 1000});

  // The curve: in at 12: a, b, g; in at 13: c, f, h1, h2, i; out at 13: a, b, f, g; out at 14: h1,
  // h2, i, j; out at 15: c.
  for (std::size_t hour = 0; hour < 24; ++hour) EXPECT_NEAR(report.curve[hour].minutes, 1740, kExact) << hour;
  EXPECT_EQ(report.curve[12].tune_ins, 3);
  EXPECT_EQ(report.curve[13].tune_ins, 5);
  EXPECT_EQ(report.curve[14].tune_ins, 0);
  EXPECT_EQ(report.curve[13].tune_outs, 4);
  EXPECT_EQ(report.curve[14].tune_outs, 4);
  EXPECT_EQ(report.curve[15].tune_outs, 1);
  std::int64_t ins = 0;
  std::int64_t outs = 0;
  for (const auto& hour : report.curve) {
    ins += hour.tune_ins;
    outs += hour.tune_outs;
  }
  EXPECT_EQ(ins, 8);
  EXPECT_EQ(outs, 9);
  EXPECT_NEAR(report.curve[13].tune_ins_per_minute(), 5.0 / 1740, kExact);

  ASSERT_EQ(report.songs.size(), 3U);
  // Afscheid: two plays of 4 minutes at 13; in: f; out: a, b, g. Expected: 8 minutes at 13's rates.
  const auto* farewell = song_of(report, 1);
  ASSERT_NE(farewell, nullptr);
  EXPECT_EQ(farewell->title, "Afscheid");
  EXPECT_EQ(farewell->plays, 2);
  EXPECT_EQ(farewell->seconds_played, 480);
  EXPECT_NEAR(farewell->minutes_played(), 8, kExact);
  EXPECT_EQ(farewell->tune_ins, 1);
  EXPECT_EQ(farewell->tune_outs, 3);
  EXPECT_EQ(farewell->net(), -2);
  EXPECT_NEAR(farewell->expected_tune_ins, 8 * 5.0 / 1740, kExact);
  EXPECT_NEAR(farewell->expected_tune_outs, 8 * 4.0 / 1740, kExact);
  EXPECT_NEAR(farewell->expected_net(), 8 * 1.0 / 1740, kExact);
  EXPECT_NEAR(farewell->difference(), -2 - 8 * 1.0 / 1740, kExact);
  // Welkom: 3 minutes at 13; in: h1 (at its first instant) and h2; no out.
  const auto* welcome = song_of(report, 2);
  ASSERT_NE(welcome, nullptr);
  EXPECT_EQ(welcome->tune_ins, 2);
  EXPECT_EQ(welcome->tune_outs, 0);
  EXPECT_NEAR(welcome->expected_tune_ins, 3 * 5.0 / 1740, kExact);
  EXPECT_NEAR(welcome->expected_tune_outs, 3 * 4.0 / 1740, kExact);
  EXPECT_NEAR(welcome->difference(), 2 - 3 * 1.0 / 1740, kExact);
  // Over het uur: two minutes at 13 (5 in, 4 out) and two at 14 (0 in, 4 out); in: i; out: j.
  const auto* across = song_of(report, 3);
  ASSERT_NE(across, nullptr);
  EXPECT_EQ(across->tune_ins, 1);
  EXPECT_EQ(across->tune_outs, 1);
  EXPECT_NEAR(across->expected_tune_ins, (2 * 5.0 + 2 * 0.0) / 1740, kExact);
  EXPECT_NEAR(across->expected_tune_outs, (2 * 4.0 + 2 * 4.0) / 1740, kExact);
  EXPECT_NEAR(across->difference(), 0 - (10.0 - 16.0) / 1740, kExact);
  // The song that lost the most first.
  EXPECT_EQ(report.songs[0].song_id, 1);
  EXPECT_EQ(report.songs[1].song_id, 3);
  EXPECT_EQ(report.songs[2].song_id, 2);
}

TEST(SongAudience, TheMonthSoFarCountsOnlyWhatHasHappenedByNow) {
  const auto month = month_span(*parse_report_month("2024-02"));
  // 11 February 00:30 in Amsterdam: ten whole days and half an hour of hour 0.
  const auto now = month.from + 10 * 86400 + 1800;
  const auto earlier = now - 3 * 86400 + 3600;  // 8 February 01:30
  const std::vector<RoyaltyPlay> plays{
      play(1, "Gespeeld", earlier, earlier + 300),
      play(2, "Speelt nog", now - 60, now + 120),  // not ended: not yet counted
  };
  const std::vector<domain::ListenerSession> sessions{
      session(earlier + 60, earlier + 900),  // in within Gespeeld, out at 1 after it
      session(now - 600, now),               // open (the tracker ends it at now): in at 0, no out yet
      session(now - 3000, now - 30),         // in at 23 on the 10th, out at 0 within the running play
  };
  const auto report =
      song_audience(plays, sessions, SongAudienceOptions{.channel = "radio2", .span = month, .now_ms = now * 1000});
  EXPECT_NEAR(report.curve[0].minutes, 10 * 60 + 30, kExact);
  EXPECT_NEAR(report.curve[1].minutes, 10 * 60, kExact);
  EXPECT_NEAR(report.curve[23].minutes, 10 * 60, kExact);
  EXPECT_EQ(report.curve[0].tune_ins, 1);
  EXPECT_EQ(report.curve[0].tune_outs, 1);
  EXPECT_EQ(report.curve[1].tune_ins, 1);
  EXPECT_EQ(report.curve[1].tune_outs, 1);
  EXPECT_EQ(report.curve[23].tune_ins, 1);
  ASSERT_EQ(report.songs.size(), 1U);
  EXPECT_EQ(report.songs[0].title, "Gespeeld");
  EXPECT_EQ(report.songs[0].tune_ins, 1);
  EXPECT_EQ(report.songs[0].tune_outs, 0);
  // 5 minutes at 1's rates: 1 in and 1 out over 600 minutes.
  EXPECT_NEAR(report.songs[0].expected_tune_ins, 5.0 / 600, kExact);
  EXPECT_NEAR(report.songs[0].expected_tune_outs, 5.0 / 600, kExact);
  EXPECT_NEAR(report.songs[0].difference(), 1, kExact);

  // A month that has not begun has no minutes and no songs; one long past counts whole.
  const auto ahead = song_audience(
      plays, sessions, SongAudienceOptions{.channel = "radio2", .span = month, .now_ms = month.from * 1000});
  EXPECT_EQ(ahead.curve[0].minutes, 0.0);
  EXPECT_EQ(ahead.curve[0].tune_ins_per_minute(), 0.0);
  EXPECT_TRUE(ahead.songs.empty());
}

TEST(SongAudience, TheHoursOfTheDaysOfTheClockChanges) {
  // March 2026: on the 29th 02:00 becomes 03:00, so hour 2 has 30 days, the others 31.
  const auto march = month_span(*parse_report_month("2026-03"));
  const auto change = utc(2026, 3, 29, 1, 0, 0);                                           // 02:00 CET = 03:00 CEST
  const std::vector<RoyaltyPlay> plays{play(7, "Zomertijd", change - 120, change + 120)};  // 01:58-03:02
  const std::vector<domain::ListenerSession> sessions{
      session(change - 3000, change - 60),  // in at 1, out at 1 within the play
      session(change + 30, change + 3000),  // in at 3 within the play, out at 3
      session(change + 600, change + 900),  // in at 3, out at 3
  };
  const auto spring = song_audience(
      plays, sessions, SongAudienceOptions{.channel = "radio2", .span = march, .now_ms = march.until * 1000});
  EXPECT_NEAR(spring.curve[2].minutes, 30 * 60, kExact);
  EXPECT_NEAR(spring.curve[1].minutes, 31 * 60, kExact);
  EXPECT_NEAR(spring.curve[3].minutes, 31 * 60, kExact);
  EXPECT_EQ(spring.curve[1].tune_ins, 1);
  EXPECT_EQ(spring.curve[3].tune_ins, 2);
  EXPECT_EQ(spring.curve[3].tune_outs, 2);
  ASSERT_EQ(spring.songs.size(), 1U);
  // Two minutes at 1 (1 in, 1 out over 1860 minutes) and two at 3 (2 in, 2 out over 1860).
  EXPECT_NEAR(spring.songs[0].expected_tune_ins, (2 * 1.0 + 2 * 2.0) / 1860, kExact);
  EXPECT_NEAR(spring.songs[0].expected_tune_outs, (2 * 1.0 + 2 * 2.0) / 1860, kExact);
  EXPECT_EQ(spring.songs[0].tune_ins, 1);
  EXPECT_EQ(spring.songs[0].tune_outs, 1);
  EXPECT_NEAR(spring.songs[0].minutes_played(), 4, kExact);

  // October 2026: on the 25th 03:00 becomes 02:00 again, so hour 2 has 32 days.
  const auto october = month_span(*parse_report_month("2026-10"));
  const auto autumn =
      song_audience({}, {}, SongAudienceOptions{.channel = "radio2", .span = october, .now_ms = october.until * 1000});
  EXPECT_NEAR(autumn.curve[2].minutes, 32 * 60, kExact);
  EXPECT_NEAR(autumn.curve[1].minutes, 31 * 60, kExact);
  EXPECT_NEAR(autumn.curve[3].minutes, 31 * 60, kExact);
}

TEST(SongAudience, TheCsvHasItsColumnsInOrderQuotedAsTheRoyaltyReportIs) {
  SongAudience song{.song_id = 12,
                    .artist = "=Doe Maar",
                    .title = "Eén, twee \"drie\"",
                    .plays = 3,
                    .seconds_played = 650,
                    .tune_ins = 1,
                    .expected_tune_ins = 0.25,
                    .tune_outs = 2,
                    .expected_tune_outs = 1.0 / 3};
  SongAudience even{.song_id = 13, .artist = "Doe Maar", .title = "Gelijk", .plays = 1, .seconds_played = 60};
  const auto csv = song_audience_csv("radio2", "2024-02", {song, even});
  EXPECT_EQ(csv,
            std::string(kSongAudienceCsvHeader) +
                "\r\n"
                "radio2,2024-02,12,'=Doe Maar,\"E\xc3\xa9n, twee \"\"drie\"\"\",3,10.833,1,0.250,2,0.333,-1,-0.083,"
                "-0.917\r\n"
                "radio2,2024-02,13,Doe Maar,Gelijk,1,1.000,0,0.000,0,0.000,0,0.000,0.000\r\n");
  EXPECT_EQ(song_audience_csv("radio2", "2024-02", {}), std::string(kSongAudienceCsvHeader) + "\r\n");
}

}  // namespace
}  // namespace ether::listeners
