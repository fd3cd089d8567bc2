#include "stream/listener_lag.hpp"

#include <gtest/gtest.h>

#include <chrono>

namespace ether::stream {
namespace {

using std::chrono::milliseconds;
using std::chrono::seconds;
using Clock = LagLimit::Clock;

TEST(LagLimit, AListenerIsTooFarBehindOnlyWhenItsNextByteWentOnAirMoreThanTheLimitAgo) {
  const LagLimit limit{.max_lag = seconds(10)};
  const auto now = Clock::now();
  EXPECT_FALSE(limit.too_far_behind(now, seconds(0), now)) << "at the live edge";
  EXPECT_FALSE(limit.too_far_behind(now - seconds(10), seconds(0), now)) << "exactly at the limit";
  EXPECT_TRUE(limit.too_far_behind(now - seconds(10) - milliseconds(1), seconds(0), now));
  EXPECT_TRUE(limit.too_far_behind(now - seconds(60), seconds(0), now));
}

TEST(LagLimit, TheBurstOfANewListenerIsNoLag) {
  const LagLimit limit{.max_lag = seconds(4)};
  const auto now = Clock::now();
  // A burst of 8 s (64 KiB at 64 kbit/s) against a limit of 4 s: allowed, and 2 s more.
  EXPECT_EQ(limit.allowed(seconds(8)), seconds(10));
  EXPECT_FALSE(limit.too_far_behind(now - seconds(8) - milliseconds(5), seconds(8), now)) << "just after the burst";
  EXPECT_TRUE(limit.too_far_behind(now - seconds(11), seconds(8), now));
  // A burst well within the limit changes nothing.
  EXPECT_EQ(limit.allowed(seconds(1)), seconds(4));
}

TEST(LagLimit, TheDeadlineIsWhenAListenerThatSendsNothingMoreBecomesTooFarBehind) {
  const LagLimit limit{.max_lag = seconds(10)};
  const auto on_air = Clock::now();
  const auto deadline = limit.deadline(on_air, seconds(0));
  EXPECT_EQ(deadline, on_air + seconds(10));
  EXPECT_FALSE(limit.too_far_behind(on_air, seconds(0), deadline - milliseconds(1)));
  EXPECT_TRUE(limit.too_far_behind(on_air, seconds(0), deadline + milliseconds(1)));
  EXPECT_EQ(limit.deadline(on_air, seconds(12)), on_air + seconds(14));
}

}  // namespace
}  // namespace ether::stream
