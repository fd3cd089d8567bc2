#pragma once
// Rate-limited log lines: a line that repeats (a broken file asked for ten times a second, a
// failing tick) is written the first time, then at most once a minute as "the same line N more
// times in the last minute", so a fault fills neither the disk nor the reader's screen.

#include <spdlog/spdlog.h>

#include <chrono>
#include <cstddef>
#include <map>
#include <mutex>
#include <string>

namespace ether::reporting {

/// Thread-safe. Lines are told apart by their whole text.
class LogLimiter {
 public:
  using Clock = std::chrono::steady_clock;

  explicit LogLimiter(std::chrono::seconds window = std::chrono::minutes(1)) : window_(window) {}

  /// Writes `line` at `level` unless the same line was written less than the window ago; then it is
  /// only counted, and the count is written with the line once the window has passed. Returns
  /// whether a line was written.
  bool log(spdlog::level::level_enum level, const std::string& line, Clock::time_point now = Clock::now());

  /// Forgets every line, so the next occurrence of each is written at once (e.g. a file that changed).
  void forget(const std::string& line);

 private:
  struct Seen {
    Clock::time_point written;
    std::size_t repeats = 0;
  };
  std::chrono::seconds window_;
  std::mutex mutex_;
  std::map<std::string, Seen, std::less<>> seen_;
};

}  // namespace ether::reporting
