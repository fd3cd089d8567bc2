#pragma once
// A per-client-address request budget kept in memory: at most `limit` requests per fixed window of
// `window_seconds` for each address. The table is bounded: when it holds `max_addresses`, entries
// whose window has passed are dropped first, then the entry with the oldest window, so a flood of
// new addresses costs memory only up to the bound. Thread-safe.

#include <cstddef>
#include <cstdint>
#include <mutex>
#include <string>
#include <string_view>
#include <unordered_map>

namespace ether::http {

class RateLimiter {
 public:
  RateLimiter(int limit, std::int64_t window_seconds, std::size_t max_addresses);

  /// Counts one request of `address` at unix second `now`. Returns 0 when it is within the budget,
  /// otherwise the seconds until the address's window ends (at least 1, for Retry-After).
  std::int64_t admit(std::string_view address, std::int64_t now);

  /// Addresses currently tracked (for tests of the bound).
  [[nodiscard]] std::size_t tracked() const;

 private:
  struct Window {
    std::int64_t start = 0;
    int count = 0;
  };

  void make_room(std::int64_t now);

  int limit_;
  std::int64_t window_seconds_;
  std::size_t max_addresses_;
  mutable std::mutex mutex_;
  std::unordered_map<std::string, Window> windows_;
};

}  // namespace ether::http
