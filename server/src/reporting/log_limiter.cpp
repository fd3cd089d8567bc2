#include "reporting/log_limiter.hpp"

namespace ether::reporting {

bool LogLimiter::log(spdlog::level::level_enum level, const std::string& line, Clock::time_point now) {
  std::size_t repeats = 0;
  {
    std::lock_guard lock(mutex_);
    // Lines not seen for a while are dropped, so a long-running process does not keep every line.
    std::erase_if(seen_, [&](const auto& entry) { return now - entry.second.written >= 10 * window_; });
    auto [it, fresh] = seen_.try_emplace(line, Seen{now, 0});
    if (!fresh) {
      if (now - it->second.written < window_) {
        ++it->second.repeats;
        return false;
      }
      repeats = it->second.repeats;
      it->second = Seen{now, 0};
    }
  }
  if (repeats > 0) {
    spdlog::log(level, "{} (the same line {} more times in the last minute)", line, repeats);
  } else {
    spdlog::log(level, "{}", line);
  }
  return true;
}

void LogLimiter::forget(const std::string& line) {
  std::lock_guard lock(mutex_);
  seen_.erase(line);
}

}  // namespace ether::reporting
