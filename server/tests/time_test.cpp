#include "domain/time.hpp"

#include <gtest/gtest.h>

#include <stdexcept>

#include "store_test_support.hpp"

namespace ether::domain {
namespace {

using testing_support::utc;
using date::literals::operator""_d;
using date::literals::operator""_y;

TEST(Time, LocalDateFollowsAmsterdamNotUtc) {
  EXPECT_EQ(local_date(utc(2026, 11, 21, 22, 59)), 2026_y / 11 / 21);
  EXPECT_EQ(local_date(utc(2026, 11, 21, 23, 0)), 2026_y / 11 / 22);  // CET, UTC+1
  EXPECT_EQ(local_date(utc(2026, 7, 1, 21, 59)), 2026_y / 7 / 1);
  EXPECT_EQ(local_date(utc(2026, 7, 1, 22, 0)), 2026_y / 7 / 2);  // CEST, UTC+2
  EXPECT_EQ(local_minute_of_day(utc(2026, 11, 21, 10, 15)), 11 * 60 + 15);
  EXPECT_EQ(local_minute_of_day(utc(2026, 7, 1, 10, 15)), 12 * 60 + 15);
}

TEST(Time, LocalToUnixOnOrdinaryDays) {
  EXPECT_EQ(local_to_unix(2026_y / 11 / 21, 0), utc(2026, 11, 20, 23));
  EXPECT_EQ(local_to_unix(2026_y / 11 / 21, 11 * 60), utc(2026, 11, 21, 10));
  EXPECT_EQ(local_to_unix(2026_y / 7 / 1, 12 * 60), utc(2026, 7, 1, 10));
  EXPECT_EQ(local_to_unix(2026_y / 11 / 21, 1440), local_to_unix(2026_y / 11 / 22, 0));
  EXPECT_EQ(local_to_unix(2026_y / 11 / 22, 0) - local_to_unix(2026_y / 11 / 21, 0), 24 * 3600);
}

// The demo's maintenance notice names the next Tuesday night's window and ends with it (issue 39).
TEST(Time, NextWeeklyWindowIsThisWeeksUntilItEndsThenNextWeeks) {
  // Wednesday 25 November 2026: the next Tuesday is 1 December, 02:00-04:00 CET.
  auto next = next_weekly_window(utc(2026, 11, 25, 12), 2, 120, 240);
  EXPECT_EQ(next.start, utc(2026, 12, 1, 1));
  EXPECT_EQ(next.end, utc(2026, 12, 1, 3));
  // On the Tuesday itself: that night's window while it lasts, then the next week's.
  EXPECT_EQ(next_weekly_window(utc(2026, 12, 1, 0), 2, 120, 240).start, utc(2026, 12, 1, 1));
  EXPECT_EQ(next_weekly_window(utc(2026, 12, 1, 2, 30), 2, 120, 240).end, utc(2026, 12, 1, 3));
  EXPECT_EQ(next_weekly_window(utc(2026, 12, 1, 3), 2, 120, 240).start, utc(2026, 12, 8, 1));
  EXPECT_EQ(dutch_long_date(2026_y / 12 / 1), "dinsdag 1 december 2026");
}

TEST(Time, SpringForwardGapMapsForward) {
  const auto day = 2026_y / 3 / 29;                             // 02:00 CET becomes 03:00 CEST
  EXPECT_EQ(local_to_unix(day, 60), utc(2026, 3, 29, 0));       // 01:00 CET
  EXPECT_EQ(local_to_unix(day, 120), utc(2026, 3, 29, 1));      // 02:00 does not exist: 03:00 CEST
  EXPECT_EQ(local_to_unix(day, 150), utc(2026, 3, 29, 1, 30));  // 02:30 does not exist: 03:30 CEST
  EXPECT_EQ(local_to_unix(day, 180), utc(2026, 3, 29, 1));      // 03:00 CEST
  EXPECT_EQ(local_to_unix(day, 1440) - local_to_unix(day, 0), 23 * 3600);
  EXPECT_EQ(format_api_local(utc(2026, 3, 29, 0, 59, 59)), "2026-03-29 01:59:59");
  EXPECT_EQ(format_api_local(utc(2026, 3, 29, 1)), "2026-03-29 03:00:00");
}

TEST(Time, AutumnRepeatedHourTakesTheFirst) {
  const auto day = 2026_y / 10 / 25;                             // 03:00 CEST becomes 02:00 CET
  EXPECT_EQ(local_to_unix(day, 120), utc(2026, 10, 25, 0));      // 02:00 CEST, the first of two
  EXPECT_EQ(local_to_unix(day, 150), utc(2026, 10, 25, 0, 30));  // 02:30 CEST
  EXPECT_EQ(local_to_unix(day, 180), utc(2026, 10, 25, 2));      // 03:00 CET
  EXPECT_EQ(local_to_unix(day, 1440) - local_to_unix(day, 0), 25 * 3600);
  EXPECT_EQ(format_api_local(utc(2026, 10, 25, 0, 30)), "2026-10-25 02:30:00");
  EXPECT_EQ(format_api_local(utc(2026, 10, 25, 1, 30)), "2026-10-25 02:30:00");
  EXPECT_EQ(local_date(utc(2026, 10, 25, 22, 59)), day);
  EXPECT_EQ(local_date(utc(2026, 10, 25, 23, 0)), 2026_y / 10 / 26);
}

TEST(Time, Formats) {
  EXPECT_EQ(format_iso_utc(utc(2026, 11, 21, 10)), "2026-11-21T10:00:00Z");
  EXPECT_EQ(format_iso_utc(0), "1970-01-01T00:00:00Z");
  EXPECT_EQ(format_api_local(utc(2026, 11, 21, 10)), "2026-11-21 11:00:00");
  EXPECT_EQ(format_api_local(utc(2026, 7, 1, 10, 5, 7)), "2026-07-01 12:05:07");
  EXPECT_EQ(format_date(2026_y / 3 / 9), "2026-03-09");
  EXPECT_EQ(format_route_date(2026_y / 3 / 9), "09-03-2026");
  EXPECT_EQ(to_unix(from_unix(1'790'000'000)), 1'790'000'000);
}

TEST(Time, ParsesDatesStrictly) {
  EXPECT_EQ(parse_date("2026-11-21"), std::optional<LocalDate>(2026_y / 11 / 21));
  EXPECT_EQ(parse_date("2028-02-29"), std::optional<LocalDate>(2028_y / 2 / 29));
  EXPECT_FALSE(parse_date("2026-02-29"));
  EXPECT_FALSE(parse_date("2026-13-01"));
  EXPECT_FALSE(parse_date("2026-1-01"));
  EXPECT_FALSE(parse_date("2026/11/21"));
  EXPECT_FALSE(parse_date("21-11-2026"));
  EXPECT_FALSE(parse_date(""));
  EXPECT_FALSE(parse_date("2026-11-2x"));
  EXPECT_FALSE(parse_date("+026-11-21"));
  EXPECT_EQ(parse_route_date("21-11-2026"), std::optional<LocalDate>(2026_y / 11 / 21));
  EXPECT_FALSE(parse_route_date("2026-11-21"));
  EXPECT_FALSE(parse_route_date("31-04-2026"));
}

TEST(Time, IsoWeekdayAndDayArithmetic) {
  EXPECT_EQ(iso_weekday(2026_y / 11 / 21), 6);  // Saturday
  EXPECT_EQ(iso_weekday(2026_y / 11 / 22), 7);  // Sunday
  EXPECT_EQ(iso_weekday(2026_y / 11 / 23), 1);  // Monday
  EXPECT_EQ(add_days(2026_y / 12 / 31, 1), 2027_y / 1 / 1);
  EXPECT_EQ(add_days(2026_y / 3 / 1, -1), 2026_y / 2 / 28);
}

TEST(Time, DutchWeekdayNamesFollowIsoNumbers) {
  EXPECT_EQ(dutch_weekday(1), "maandag");
  EXPECT_EQ(dutch_weekday(iso_weekday(2026_y / 11 / 21)), "zaterdag");
  EXPECT_EQ(dutch_weekday(7), "zondag");
  EXPECT_THROW((void)dutch_weekday(0), std::out_of_range);
  EXPECT_THROW((void)dutch_weekday(8), std::out_of_range);
}

}  // namespace
}  // namespace ether::domain
