#include "listeners/listener_figures.hpp"

#include <gtest/gtest.h>

#include <string>
#include <vector>

namespace ether::listeners {
namespace {

// 2026-11-23 was a Monday; 00:00 UTC.
constexpr std::int64_t kMonday = 1795392000;
constexpr std::int64_t kHour = 3600;
constexpr std::int64_t kMinute = 60;

Session session(const std::string& channel, const std::string& listener, std::int64_t start_s, std::int64_t end_s) {
  return Session{.channel = channel,
                 .format = "mp3",
                 .listener = listener,
                 .start_ms = start_s * 1000,
                 .end_ms = end_s * 1000,
                 .bytes = 0};
}

const BucketFigures& find(const std::vector<BucketFigures>& all, std::int64_t from, const std::string& channel) {
  for (const auto& figures : all) {
    if (figures.from == from && figures.channel == channel) return figures;
  }
  static const BucketFigures none{};
  ADD_FAILURE() << "no bucket " << from << " of '" << channel << "'";
  return none;
}

TEST(ListenerFigures, BucketsAreUtcHoursDaysWeeksFromMondayAndCalendarMonths) {
  const auto wednesday_noon = kMonday + 2 * 24 * kHour + 12 * kHour + 17 * kMinute;
  EXPECT_EQ(bucket_start(BucketSize::hour, wednesday_noon), kMonday + 2 * 24 * kHour + 12 * kHour);
  EXPECT_EQ(bucket_start(BucketSize::day, wednesday_noon), kMonday + 2 * 24 * kHour);
  EXPECT_EQ(bucket_start(BucketSize::week, wednesday_noon), kMonday);
  EXPECT_EQ(bucket_start(BucketSize::week, kMonday - 1), kMonday - 7 * 24 * kHour);
  // November 2026 began on 1793491200 (a Sunday); December 30 days later.
  EXPECT_EQ(bucket_start(BucketSize::month, wednesday_noon), 1793491200);
  EXPECT_EQ(next_bucket(BucketSize::month, 1793491200), 1793491200 + 30 * 24 * kHour);
  // February 2028 has 29 days.
  const std::int64_t february_2028 = 1832976000;
  EXPECT_EQ(next_bucket(BucketSize::month, february_2028), february_2028 + 29 * 24 * kHour);
  EXPECT_EQ(parse_bucket_size("week"), BucketSize::week);
  EXPECT_FALSE(parse_bucket_size("year").has_value());
}

TEST(ListenerFigures, ASessionAcrossAnHourBoundaryAddsItsTimeToBothHoursAndItsStartToTheFirst) {
  const auto ten = kMonday + 10 * kHour;
  const std::vector<Session> sessions{session("radio2", "a", ten + 50 * kMinute, ten + 80 * kMinute)};
  const auto all = compute_figures(sessions, ten, ten + 2 * kHour, BucketSize::hour, {"radio2"}, {});
  ASSERT_EQ(all.size(), 4U);  // two hours, each radio2 and the total
  const auto& first = find(all, ten, "radio2").figures;
  const auto& second = find(all, ten + kHour, "radio2").figures;
  EXPECT_EQ(first.starts, 1);
  EXPECT_EQ(second.starts, 0);
  EXPECT_DOUBLE_EQ(first.listening_hours, 10.0 / 60);
  EXPECT_DOUBLE_EQ(second.listening_hours, 20.0 / 60);
  EXPECT_DOUBLE_EQ(first.average_active, 10.0 / 60);
  EXPECT_DOUBLE_EQ(second.average_active, 20.0 / 60);
  EXPECT_EQ(first.cume, 1);
  EXPECT_EQ(second.cume, 1);
  EXPECT_DOUBLE_EQ(first.median_session_seconds, 30 * 60);
  EXPECT_DOUBLE_EQ(second.median_session_seconds, 0);
  // 10:50-11:00 is 10 minutes of the last quarter of ten o'clock; 11:00-11:20 fills the first and 5 minutes of the
  // second.
  EXPECT_DOUBLE_EQ(first.aqh, 1.0 / 4);
  EXPECT_DOUBLE_EQ(second.aqh, 2.0 / 4);
  EXPECT_DOUBLE_EQ(find(all, ten + kHour, "").figures.listening_hours, 20.0 / 60);
}

TEST(ListenerFigures, SessionsShorterThanTheMinimumCountNowhere) {
  const auto ten = kMonday + 10 * kHour;
  const std::vector<Session> sessions{session("radio2", "a", ten, ten + 59),
                                      session("radio2", "b", ten + 100, ten + 160)};
  const auto all = compute_figures(sessions, ten, ten + kHour, BucketSize::hour, {"radio2"}, {});
  const auto& figures = find(all, ten, "radio2").figures;
  EXPECT_EQ(figures.starts, 1);
  EXPECT_EQ(figures.cume, 1);
  EXPECT_DOUBLE_EQ(figures.listening_hours, 60.0 / 3600);
  const auto lower = compute_figures(sessions, ten, ten + kHour, BucketSize::hour, {"radio2"},
                                     FigureOptions{.min_session_seconds = 10});
  EXPECT_EQ(find(lower, ten, "radio2").figures.starts, 2);
}

TEST(ListenerFigures, CumeCountsAListenerOncePerChannelAndInTheTotalAndMedianIsTheMiddleLength) {
  const auto day = kMonday + 2 * 24 * kHour;
  const std::vector<Session> sessions{
      session("radio2", "a", day + kHour, day + kHour + 2 * kMinute),
      session("radio2", "a", day + 3 * kHour, day + 3 * kHour + 4 * kMinute),
      session("radio4", "a", day + 5 * kHour, day + 5 * kHour + 6 * kMinute),
      session("radio4", "b", day + 6 * kHour, day + 6 * kHour + 20 * kMinute),
      session("radio9", "c", day + 7 * kHour, day + 7 * kHour + 20 * kMinute),  // not asked for: only the total
  };
  const auto all = compute_figures(sessions, day, day + 24 * kHour, BucketSize::day, {"radio2", "radio4"}, {});
  ASSERT_EQ(all.size(), 3U);
  EXPECT_EQ(find(all, day, "radio2").figures.cume, 1);
  EXPECT_EQ(find(all, day, "radio4").figures.cume, 2);
  EXPECT_EQ(find(all, day, "").figures.cume, 3);
  EXPECT_EQ(find(all, day, "").figures.starts, 5);
  EXPECT_DOUBLE_EQ(find(all, day, "radio2").figures.median_session_seconds, 3 * 60);
  EXPECT_DOUBLE_EQ(find(all, day, "").figures.median_session_seconds, 6 * 60);
  EXPECT_FALSE(find(all, day, "").figures.cume_is_daily_sum);
}

TEST(ListenerFigures, AWeeksCumeIsTheSumOfItsDailyCumesAndSaysSo) {
  const std::vector<Session> sessions{
      session("radio2", "a", kMonday + kHour, kMonday + 2 * kHour),
      session("radio2", "a", kMonday + 3 * kHour, kMonday + 4 * kHour),
      session("radio2", "a", kMonday + 24 * kHour + kHour, kMonday + 24 * kHour + 2 * kHour),
  };
  const auto all = compute_figures(sessions, kMonday, kMonday + 7 * 24 * kHour, BucketSize::week, {"radio2"}, {});
  const auto& week = find(all, kMonday, "radio2").figures;
  EXPECT_EQ(week.cume, 2);
  EXPECT_TRUE(week.cume_is_daily_sum);
  EXPECT_EQ(week.starts, 3);
  EXPECT_DOUBLE_EQ(week.listening_hours, 3);
}

TEST(ListenerFigures, AQuarterHourCountsOnlyListenersOfFiveMinutesOrMoreInIt) {
  const auto ten = kMonday + 10 * kHour;
  const std::vector<Session> sessions{
      session("radio2", "a", ten, ten + 6 * kMinute),                  // 6 min of the first quarter
      session("radio2", "b", ten, ten + 4 * kMinute),                  // 4 min: not enough
      session("radio2", "c", ten + 16 * kMinute, ten + 19 * kMinute),  // 3 + 3 min in one quarter:
      session("radio2", "c", ten + 20 * kMinute, ten + 23 * kMinute),  // together enough
  };
  const auto all = compute_figures(sessions, ten, ten + kHour, BucketSize::hour, {"radio2"},
                                   FigureOptions{.min_session_seconds = 0});
  EXPECT_DOUBLE_EQ(find(all, ten, "radio2").figures.aqh, 2.0 / 4);
}

TEST(ListenerFigures, TheBucketInProgressAveragesOverItsTimeSoFar) {
  const auto ten = kMonday + 10 * kHour;
  const std::vector<Session> sessions{session("radio2", "a", ten, ten + 30 * kMinute)};
  const auto all = compute_figures(sessions, ten, ten + kHour, BucketSize::hour, {"radio2"},
                                   FigureOptions{.min_session_seconds = 60, .now_ms = (ten + 30 * kMinute) * 1000});
  EXPECT_DOUBLE_EQ(find(all, ten, "radio2").figures.average_active, 1.0);
  EXPECT_DOUBLE_EQ(find(all, ten, "radio2").figures.aqh, 1.0);
}

TEST(ListenerFigures, ThePeakIsTheMostSessionsOpenAtOnceAndWhenItWasFirstReached) {
  const std::vector<Session> sessions{
      session("radio2", "a", 100, 200),
      session("radio2", "b", 150, 300),
      session("radio4", "c", 200, 400),  // starts as a ends: no overlap with it
      session("radio4", "d", 250, 260),
  };
  const auto peak = peak_concurrent(sessions, 0, 1000 * 1000);
  EXPECT_EQ(peak.listeners, 3);
  EXPECT_EQ(peak.at_ms, 250 * 1000);
  EXPECT_EQ(peak_concurrent(sessions, 500 * 1000, 600 * 1000).listeners, 0);
}

TEST(ListenerFigures, ABroadcastsAudienceIsItsAverageAndPeakOfSessionsOfAMinuteOrMore) {
  const auto ten = kMonday + 10 * kHour;
  const std::vector<Session> sessions{
      session("radio2", "a", ten - kHour, ten + 30 * kMinute),              // the first half hour
      session("radio2", "b", ten + 15 * kMinute, ten + 2 * kHour),          // from a quarter past on
      session("radio2", "c", ten + 20 * kMinute, ten + 20 * kMinute + 30),  // 30 s: not counted
      session("radio2", "d", ten + 2 * kHour, ten + 3 * kHour),             // after the hour
  };
  const FigureOptions options{.min_session_seconds = 60, .now_ms = (ten + 5 * kHour) * 1000};
  const auto hour = audience_between(sessions, ten * 1000, (ten + kHour) * 1000, options);
  // 30 + 45 minutes of listening in 60: 1.25 on average; two at once from a quarter past.
  EXPECT_DOUBLE_EQ(hour.average, 1.25);
  EXPECT_EQ(hour.peak.listeners, 2);
  EXPECT_EQ(hour.peak.at_ms, (ten + 15 * kMinute) * 1000);
  // A broadcast still on air counts its time up to now only.
  const FigureOptions at_half_past{.min_session_seconds = 60, .now_ms = (ten + 30 * kMinute) * 1000};
  EXPECT_DOUBLE_EQ(audience_between(sessions, ten * 1000, (ten + kHour) * 1000, at_half_past).average, 1.5);
  // Not begun yet: nothing.
  const FigureOptions before{.min_session_seconds = 60, .now_ms = ten * 1000};
  const auto none = audience_between(sessions, ten * 1000, (ten + kHour) * 1000, before);
  EXPECT_DOUBLE_EQ(none.average, 0);
  EXPECT_EQ(none.peak.listeners, 0);
}

TEST(ListenerFigures, AFigureIsRoundedToThreeDecimalsAndASmallOneToThreeSignificantDigits) {
  EXPECT_DOUBLE_EQ(rounded_figure(1.23456), 1.235);
  EXPECT_DOUBLE_EQ(rounded_figure(0.123456), 0.123);
  EXPECT_DOUBLE_EQ(rounded_figure(1234.56789), 1234.568);
  // Three listeners for 3 s each in a broadcast on air for six hours: few, but not none.
  EXPECT_DOUBLE_EQ(rounded_figure(9.0 / (6 * 3600)), 0.000417);
  EXPECT_DOUBLE_EQ(rounded_figure(0.0123456), 0.0123);
  EXPECT_DOUBLE_EQ(rounded_figure(0.0), 0.0);
  // CSV keeps its three decimals, and a small figure the digits that make it not none.
  EXPECT_EQ(figure_text(2.0), "2.000");
  EXPECT_EQ(figure_text(1.23456), "1.235");
  EXPECT_EQ(figure_text(9.0 / (6 * 3600)), "0.000417");
  EXPECT_EQ(figure_text(0.0), "0.000");
  EXPECT_EQ(figure_text(-0.0001), "-0.000100");
}

}  // namespace
}  // namespace ether::listeners
