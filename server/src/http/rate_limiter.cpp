#include "http/rate_limiter.hpp"

#include <algorithm>

namespace ether::http {

RateLimiter::RateLimiter(int limit, std::int64_t window_seconds, std::size_t max_addresses)
    : limit_(limit), window_seconds_(std::max<std::int64_t>(window_seconds, 1)), max_addresses_(max_addresses) {}

std::int64_t RateLimiter::admit(std::string_view address, std::int64_t now) {
  std::lock_guard lock(mutex_);
  auto it = windows_.find(std::string(address));
  if (it == windows_.end()) {
    if (windows_.size() >= max_addresses_) make_room(now);
    if (max_addresses_ == 0) return 0;
    it = windows_.emplace(std::string(address), Window{now, 0}).first;
  }
  auto& window = it->second;
  if (now >= window.start + window_seconds_ || now < window.start) window = Window{now, 0};
  if (window.count >= limit_) return std::max<std::int64_t>(window.start + window_seconds_ - now, 1);
  ++window.count;
  return 0;
}

std::size_t RateLimiter::tracked() const {
  std::lock_guard lock(mutex_);
  return windows_.size();
}

void RateLimiter::make_room(std::int64_t now) {
  std::erase_if(windows_, [&](const auto& entry) { return now >= entry.second.start + window_seconds_; });
  if (windows_.size() < max_addresses_ || windows_.empty()) return;
  // Every tracked address is inside its window: the one whose window is oldest gives way, since
  // its window ends first anyway.
  auto oldest = std::min_element(windows_.begin(), windows_.end(),
                                 [](const auto& a, const auto& b) { return a.second.start < b.second.start; });
  windows_.erase(oldest);
}

}  // namespace ether::http
