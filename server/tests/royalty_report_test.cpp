// The monthly royalty report (listeners/royalty_report.hpp) from scripted plays and listener
// sessions with exact figures: Amsterdam months and their boundaries, sessions under the minimum,
// across an hour and across the month's start, played whole or cut short, and CSV escaping.

#include "listeners/royalty_report.hpp"

#include <gtest/gtest.h>

#include <chrono>
#include <sstream>

namespace ether::listeners {
namespace {

std::int64_t utc(int y, unsigned mo, unsigned d, int h, int mi, int s) {
  const std::chrono::year_month_day day{std::chrono::year{y}, std::chrono::month{mo}, std::chrono::day{d}};
  return static_cast<std::int64_t>(std::chrono::sys_days{day}.time_since_epoch().count()) * 86400 + h * 3600 + mi * 60 +
         s;
}

domain::ListenerSession session(const std::string& channel, std::int64_t start_ms, std::int64_t end_ms) {
  return domain::ListenerSession{
      .channel = channel, .format = "mp3", .listener = "x", .start_ms = start_ms, .end_ms = end_ms, .bytes = 0};
}

RoyaltyPlay play(std::int64_t starts, std::int64_t ends, const std::string& title, std::int64_t duration_ms) {
  return RoyaltyPlay{.starts_at = starts,
                     .ends_at = ends,
                     .artist = "Doe Maar",
                     .title = title,
                     .album = "",
                     .label = "",
                     .isrc = "",
                     .composer = "",
                     .song_duration_ms = duration_ms};
}

TEST(RoyaltyReport, MonthsAreAmsterdamCalendarMonths) {
  EXPECT_FALSE(parse_report_month(""));
  for (auto bad : {"2026-13", "2026-00", "2026-1", "26-11", "2026/11", "2026-11-01", "abcd-ef", "1999-12", "+026-11"}) {
    EXPECT_FALSE(parse_report_month(bad)) << bad;
  }
  const auto november = parse_report_month("2026-11");
  ASSERT_TRUE(november);
  EXPECT_EQ(november->year, 2026);
  EXPECT_EQ(november->month, 11U);
  const auto span = month_span(*november);
  EXPECT_EQ(span.from, utc(2026, 10, 31, 23, 0, 0));  // 1 November 00:00 CET
  EXPECT_EQ(span.until, utc(2026, 11, 30, 23, 0, 0));
  // March holds the change to summer time: it starts at CET midnight and ends at CEST midnight.
  const auto march = month_span(*parse_report_month("2026-03"));
  EXPECT_EQ(march.from, utc(2026, 2, 28, 23, 0, 0));
  EXPECT_EQ(march.until, utc(2026, 3, 31, 22, 0, 0));
  const auto december = month_span(*parse_report_month("2026-12"));
  EXPECT_EQ(december.until, utc(2026, 12, 31, 23, 0, 0));
  EXPECT_EQ(format_iso_amsterdam(utc(2026, 10, 31, 23, 0, 0)), "2026-11-01T00:00:00+01:00");
  EXPECT_EQ(format_iso_amsterdam(utc(2026, 7, 1, 10, 0, 0)), "2026-07-01T12:00:00+02:00");
}

TEST(RoyaltyReport, ListenersAtStartCountTheChannelsSessionsThatCount) {
  const auto month = month_span(*parse_report_month("2026-11"));
  const auto first = utc(2026, 10, 31, 23, 0, 0);     // 1 November 00:00 in Amsterdam
  const auto middle = utc(2026, 11, 21, 10, 59, 30);  // half a minute before an hour
  const auto last = utc(2026, 11, 30, 22, 59, 59);    // 30 November 23:59:59 in Amsterdam
  const std::vector<RoyaltyPlay> plays{
      play(last, last + 240, "Laatste", 0),                      // runs into December: still November's
      play(first - 60, first + 150, "Oktober", 210'000),         // started in October
      play(first, first + 215, "Eerste", 215'000),               // whole
      play(middle, middle + 90, "Afgebroken", 200'000),          // cut short
      play(middle + 90, middle + 303, "Bijna heel", 215'000),    // 2 s short: whole
      play(middle + 303, middle + 515, "Net te kort", 215'000),  // 3 s short: not whole
      play(last + 1, last + 200, "December", 200'000),           // 1 December 00:00
  };
  const std::vector<domain::ListenerSession> sessions{
      // Across the hour 11:00 UTC: counts at the middle plays.
      session("radio2", utc(2026, 11, 21, 10, 30, 0) * 1000, utc(2026, 11, 21, 11, 30, 0) * 1000),
      // 45 s, running at the middle: under the minimum, counts nowhere.
      session("radio2", utc(2026, 11, 21, 10, 59, 0) * 1000, utc(2026, 11, 21, 10, 59, 45) * 1000),
      // Another channel's.
      session("radio4", utc(2026, 11, 21, 10, 0, 0) * 1000, utc(2026, 11, 21, 12, 0, 0) * 1000),
      // Starting at the very instant of the middle play: running (start <= t).
      session("radio2", middle * 1000, utc(2026, 11, 21, 11, 3, 0) * 1000),
      // Ending at that instant: no longer running (t < end).
      session("radio2", utc(2026, 11, 21, 10, 0, 0) * 1000, middle * 1000),
      // Across the month's start: counts at the first play.
      session("radio2", (first - 1800) * 1000, (first + 1800) * 1000),
      // Exactly the minimum: counts; it ends 500 ms after the last play began.
      session("radio2", last * 1000 - 59'500, last * 1000 + 500),
  };
  const auto rows =
      royalty_rows(plays, sessions,
                   RoyaltyOptions{.channel = "radio2", .span = month, .now = last + 3600, .min_session_seconds = 60});
  ASSERT_EQ(rows.size(), 5U);
  EXPECT_EQ(rows[0].play->title, "Eerste");
  EXPECT_EQ(rows[0].played_seconds, 215);
  EXPECT_EQ(rows[0].played_whole, true);
  EXPECT_EQ(rows[0].listeners_at_start, 1);
  EXPECT_EQ(rows[1].play->title, "Afgebroken");
  EXPECT_EQ(rows[1].played_seconds, 90);
  EXPECT_EQ(rows[1].played_whole, false);
  EXPECT_EQ(rows[1].listeners_at_start, 2) << "the hour-crossing one and the one starting then";
  EXPECT_EQ(rows[2].play->title, "Bijna heel");
  EXPECT_EQ(rows[2].played_whole, true);
  EXPECT_EQ(rows[2].listeners_at_start, 2);
  EXPECT_EQ(rows[3].play->title, "Net te kort");
  EXPECT_EQ(rows[3].played_seconds, 212);
  EXPECT_EQ(rows[3].played_whole, false);
  EXPECT_EQ(rows[3].listeners_at_start, 1) << "the one that started with the cut play ended at 11:03";
  EXPECT_EQ(rows[4].play->title, "Laatste");
  EXPECT_EQ(rows[4].played_seconds, 240);
  EXPECT_EQ(rows[4].played_whole, std::nullopt) << "no duration known";
  EXPECT_EQ(rows[4].listeners_at_start, 1);

  // A lower minimum lets the 45 s session count; radio4 has its own listener.
  const auto lenient =
      royalty_rows(plays, sessions,
                   RoyaltyOptions{.channel = "radio2", .span = month, .now = last + 3600, .min_session_seconds = 30});
  EXPECT_EQ(lenient[1].listeners_at_start, 3);
  const auto radio4 =
      royalty_rows(plays, sessions,
                   RoyaltyOptions{.channel = "radio4", .span = month, .now = last + 3600, .min_session_seconds = 60});
  EXPECT_EQ(radio4[1].listeners_at_start, 1);
  EXPECT_EQ(radio4[0].listeners_at_start, 0);
}

TEST(RoyaltyReport, APlayStillRunningIsNotReportedYet) {
  const auto month = month_span(*parse_report_month("2026-11"));
  const auto at = utc(2026, 11, 27, 2, 0, 0);
  const std::vector<RoyaltyPlay> plays{play(at - 300, at - 100, "Gedaan", 200'000), play(at - 100, at + 100, "Nu", 0)};
  const auto rows = royalty_rows(plays, {}, RoyaltyOptions{.channel = "radio2", .span = month, .now = at});
  ASSERT_EQ(rows.size(), 1U);
  EXPECT_EQ(rows[0].play->title, "Gedaan");
  EXPECT_EQ(rows[0].listeners_at_start, 0);
}

TEST(RoyaltyReport, CsvHasTheHeaderAndEscapesCommasQuotesAndLineBreaks) {
  EXPECT_EQ(csv_field("Radar Love"), "Radar Love");
  EXPECT_EQ(csv_field("Love, Peace"), "\"Love, Peace\"");
  EXPECT_EQ(csv_field("Het \"echte\" werk"), "\"Het \"\"echte\"\" werk\"");
  EXPECT_EQ(csv_field("Regel\nRegel"), "\"Regel\nRegel\"");
  EXPECT_EQ(csv_field("a\r"), "\"a\r\"");
  EXPECT_EQ(csv_field(""), "");
  // Nothing a spreadsheet runs as a formula.
  EXPECT_EQ(csv_field("=HYPERLINK(\"http://x\")"), "\"'=HYPERLINK(\"\"http://x\"\")\"");
  EXPECT_EQ(csv_field("+31 20"), "'+31 20");
  EXPECT_EQ(csv_field("-M-"), "'-M-");
  EXPECT_EQ(csv_field("@echo"), "'@echo");
  EXPECT_EQ(csv_field("\tx"), "'\tx");
  EXPECT_EQ(csv_field("Radar = Love"), "Radar = Love");

  const auto month = month_span(*parse_report_month("2026-11"));
  const auto start = utc(2026, 11, 21, 10, 0, 0);
  RoyaltyPlay one{.starts_at = start,
                  .ends_at = start + 215,
                  .artist = "Doe Maar",
                  .title = "Smoorverliefd, \"live\"\nin Ahoy",
                  .album = "Lijf aan lijf",
                  .label = "Telstar",
                  .isrc = "NLA128400001",
                  .composer = "Henny Vrienten, Ernst Jansz",
                  .song_duration_ms = 215'400};
  const std::vector<RoyaltyPlay> plays{one};
  const std::vector<domain::ListenerSession> sessions{
      session("radio2", (start - 600) * 1000, (start + 600) * 1000),
      session("radio2", (start - 1) * 1000, (start + 3600) * 1000),
  };
  const auto rows =
      royalty_rows(plays, sessions, RoyaltyOptions{.channel = "radio2", .span = month, .now = start + 3600});
  EXPECT_EQ(royalty_csv("radio2", rows),
            std::string(kRoyaltyCsvHeader) +
                "\r\nradio2,2026-11-21T10:00:00Z,2026-11-21T11:00:00+01:00,215,Doe Maar,\"Smoorverliefd, "
                "\"\"live\"\"\nin Ahoy\",Lijf aan lijf,Telstar,NLA128400001,\"Henny Vrienten, Ernst Jansz\",yes,2\r\n");
  EXPECT_EQ(royalty_csv("radio2", {}), std::string(kRoyaltyCsvHeader) + "\r\n");
}

}  // namespace
}  // namespace ether::listeners
