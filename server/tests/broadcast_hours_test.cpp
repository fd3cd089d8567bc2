// The clock hours of a broadcast (domain/broadcast_hours.hpp): cut to the broadcast, Amsterdam
// hours across midnight and the DST changes, and the route segment "18-uur".

#include "domain/broadcast_hours.hpp"

#include <gtest/gtest.h>

#include <string>
#include <vector>

#include "domain/time.hpp"

namespace ether::domain {
namespace {

// 2026-11-21 18:00 in Amsterdam (CET, UTC+1) is 17:00 UTC.
constexpr long long kEvening = 1'795'280'400;

std::vector<std::string> segments_of(const std::vector<BroadcastHour>& hours) {
  std::vector<std::string> segments;
  segments.reserve(hours.size());
  for (const auto& hour : hours) segments.push_back(hour_segment(hour));
  return segments;
}

TEST(BroadcastHoursTest, SplitsABroadcastIntoItsClockHours) {
  ASSERT_EQ(local_minute_of_day(kEvening), 18 * 60);
  auto hours = broadcast_hours(kEvening, kEvening + 6 * 3600);
  ASSERT_EQ(hours.size(), 6U);
  for (std::size_t i = 0; i < hours.size(); ++i) {
    EXPECT_EQ(hours[i].from, kEvening + static_cast<long long>(i) * 3600);
    EXPECT_EQ(hours[i].until, hours[i].from + 3600);
    EXPECT_EQ(hours[i].local_hour, (18 + static_cast<int>(i)) % 24);
  }
}

TEST(BroadcastHoursTest, CutsTheFirstAndLastHourToTheBroadcast) {
  auto hours = broadcast_hours(kEvening - 1800, kEvening + 600);
  ASSERT_EQ(hours.size(), 2U);
  EXPECT_EQ(hours[0].from, kEvening - 1800);
  EXPECT_EQ(hours[0].until, kEvening);
  EXPECT_EQ(hours[0].local_hour, 17);
  EXPECT_EQ(hours[1].from, kEvening);
  EXPECT_EQ(hours[1].until, kEvening + 600);
  EXPECT_TRUE(broadcast_hours(kEvening, kEvening).empty());
  EXPECT_TRUE(broadcast_hours(kEvening, kEvening - 60).empty());
}

TEST(BroadcastHoursTest, FindsAnHourByItsStartOrItsLocalHour) {
  EXPECT_EQ(broadcast_hour_at(kEvening - 1800, kEvening + 7200, kEvening - 1800)->local_hour, 17);
  EXPECT_EQ(broadcast_hour_at(kEvening - 1800, kEvening + 7200, kEvening + 3600)->local_hour, 19);
  EXPECT_FALSE(broadcast_hour_at(kEvening - 1800, kEvening + 7200, kEvening - 3600));
  EXPECT_FALSE(broadcast_hour_at(kEvening - 1800, kEvening + 7200, kEvening + 60));
  EXPECT_EQ(broadcast_hour_of(kEvening, kEvening + 8 * 3600, {1, false})->from, kEvening + 7 * 3600);
  EXPECT_FALSE(broadcast_hour_of(kEvening, kEvening + 8 * 3600, {2, false}));
  EXPECT_FALSE(broadcast_hour_of(kEvening, kEvening + 8 * 3600, {1, true}));
}

TEST(BroadcastHoursTest, TheAutumnsRepeatedHourIsTwoHoursWithTheirOwnSegments) {
  // 2026-10-25: 03:00 CEST becomes 02:00 CET; 00:00 UTC is 02:00 CEST.
  constexpr long long kChange = 1'792'886'400;
  auto hours = broadcast_hours(kChange - 3600, kChange + 3 * 3600);
  ASSERT_EQ(hours.size(), 4U);
  EXPECT_EQ(hours[0].local_hour, 1);
  EXPECT_EQ(hours[1].local_hour, 2);
  EXPECT_EQ(hours[2].local_hour, 2);
  EXPECT_EQ(hours[3].local_hour, 3);
  EXPECT_FALSE(hours[0].repeated);
  EXPECT_FALSE(hours[1].repeated);
  EXPECT_TRUE(hours[2].repeated);
  EXPECT_FALSE(hours[3].repeated);
  EXPECT_EQ(segments_of(hours), (std::vector<std::string>{"01-uur", "02-uur", "02-uur-2", "03-uur"}));
  // Each segment leads back to its own hour.
  for (const auto& hour : hours) {
    auto segment = parse_hour_segment(hour_segment(hour));
    ASSERT_TRUE(segment) << hour_segment(hour);
    auto found = broadcast_hour_of(kChange - 3600, kChange + 3 * 3600, *segment);
    ASSERT_TRUE(found) << hour_segment(hour);
    EXPECT_EQ(found->from, hour.from);
  }
  EXPECT_EQ(broadcast_hour_of(kChange - 3600, kChange + 3 * 3600, {2, false})->from, kChange);
  EXPECT_EQ(broadcast_hour_of(kChange - 3600, kChange + 3 * 3600, {2, true})->from, kChange + 3600);
  // A broadcast that starts in the repeated hour names it as every other broadcast does.
  auto late = broadcast_hours(kChange + 3600 + 900, kChange + 3 * 3600);
  ASSERT_EQ(late.size(), 2U);
  EXPECT_EQ(hour_segment(late[0]), "02-uur-2");
  EXPECT_EQ(hour_segment(late[1]), "03-uur");
  EXPECT_FALSE(broadcast_hour_of(kChange + 3600, kChange + 3 * 3600, {2, false}));
  // The spring night has no repeated hour: 02:00 is skipped (2026-03-29, 01:00 UTC is 03:00 CEST).
  constexpr long long kSpring = 1'774'746'000;
  EXPECT_EQ(segments_of(broadcast_hours(kSpring - 2 * 3600, kSpring + 3600)),
            (std::vector<std::string>{"00-uur", "01-uur", "03-uur"}));
}

TEST(BroadcastHoursTest, HourSegments) {
  EXPECT_EQ(hour_segment({0, 0, 7, false}), "07-uur");
  EXPECT_EQ(hour_segment({0, 0, 18, false}), "18-uur");
  EXPECT_EQ(hour_segment({0, 0, 2, true}), "02-uur-2");
  EXPECT_EQ(parse_hour_segment("07-uur"), (HourSegment{7, false}));
  EXPECT_EQ(parse_hour_segment("23-uur"), (HourSegment{23, false}));
  EXPECT_EQ(parse_hour_segment("00-uur"), (HourSegment{0, false}));
  EXPECT_EQ(parse_hour_segment("02-uur-2"), (HourSegment{2, true}));
  for (const auto* bad : {"24-uur", "7-uur", "007-uur", "18-UUR", "18", "ab-uur", "18-uur/", "", "-1-uur", "29-uur",
                          "02-uur-1", "02-uur-3", "02-uur-", "02-uur-22", "24-uur-2"}) {
    EXPECT_FALSE(parse_hour_segment(bad)) << bad;
  }
}

}  // namespace
}  // namespace ether::domain
