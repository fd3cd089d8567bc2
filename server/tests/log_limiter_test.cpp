#include "reporting/log_limiter.hpp"

#include <gtest/gtest.h>
#include <spdlog/sinks/ostream_sink.h>
#include <spdlog/spdlog.h>

#include <memory>
#include <sstream>

namespace ether::reporting {
namespace {

// The default logger writes into `out` while the test runs.
class CapturedLog {
 public:
  CapturedLog() : previous_(spdlog::default_logger()) {
    auto logger = std::make_shared<spdlog::logger>("captured", std::make_shared<spdlog::sinks::ostream_sink_st>(out_));
    logger->set_pattern("%l %v");
    spdlog::set_default_logger(logger);
  }
  ~CapturedLog() { spdlog::set_default_logger(previous_); }
  CapturedLog(const CapturedLog&) = delete;
  CapturedLog& operator=(const CapturedLog&) = delete;
  CapturedLog(CapturedLog&&) = delete;
  CapturedLog& operator=(CapturedLog&&) = delete;
  [[nodiscard]] std::string text() const { return out_.str(); }

 private:
  std::ostringstream out_;
  std::shared_ptr<spdlog::logger> previous_;
};

TEST(LogLimiter, ALineRepeatedTenTimesASecondIsWrittenOnceAMinuteWithItsCount) {
  const CapturedLog log;
  LogLimiter limiter;
  const auto t0 = LogLimiter::Clock::now();
  EXPECT_TRUE(limiter.log(spdlog::level::err, "live: songs/x.mp3 has no MP3 frames", t0));
  for (int tenth = 1; tenth < 600; ++tenth) {
    EXPECT_FALSE(limiter.log(spdlog::level::err, "live: songs/x.mp3 has no MP3 frames",
                             t0 + std::chrono::milliseconds(100 * tenth)));
  }
  EXPECT_TRUE(limiter.log(spdlog::level::warn, "another line", t0 + std::chrono::seconds(1))) << "lines apart";
  EXPECT_TRUE(limiter.log(spdlog::level::err, "live: songs/x.mp3 has no MP3 frames", t0 + std::chrono::seconds(60)));
  EXPECT_EQ(log.text(),
            "error live: songs/x.mp3 has no MP3 frames\n"
            "warning another line\n"
            "error live: songs/x.mp3 has no MP3 frames (the same line 599 more times in the last minute)\n");
  limiter.forget("another line");
  EXPECT_TRUE(limiter.log(spdlog::level::warn, "another line", t0 + std::chrono::seconds(2))) << "forgotten";
}

}  // namespace
}  // namespace ether::reporting
