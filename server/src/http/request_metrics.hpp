#pragma once
// Counters of the HTTP server for /metrics (api/metrics_endpoint.hpp): requests by route
// family and status class, a latency histogram of the answers that are not streamed, and the
// worker pool's queue, the store's circuit breaker and the open connections as the last response
// saw them. One process-wide set of relaxed atomics: recording costs a few increments and never
// waits, so the I/O threads and the audio path lose nothing by it.

#include <array>
#include <atomic>
#include <cstddef>
#include <cstdint>
#include <string_view>

namespace ether::http {

class RequestMetrics {
 public:
  static constexpr std::array<std::string_view, 8> kFamilies{"admin_api", "api",  "live",    "hls",
                                                             "media",     "page", "metrics", "other"};
  static constexpr std::array<std::string_view, 5> kStatusClasses{"1xx", "2xx", "3xx", "4xx", "5xx"};
  /// Upper bounds of the latency buckets, in seconds (Prometheus `le`); +Inf is the count.
  static constexpr std::array<double, 11> kLatencyBounds{0.001, 0.0025, 0.005, 0.01, 0.025, 0.05,
                                                         0.1,   0.25,   0.5,   1.0,  5.0};

  /// The family of a request path: "/api/admin/..." admin_api, "/api/..." api, "/live/..." live,
  /// "/hls/..." hls, "/media/", "/uploads/", "/recordings/" media, "/metrics" metrics, other
  /// "/..." page; an empty path (a request too broken to read) other.
  static std::size_t family_of(std::string_view path);

  /// Counts one response; `latency_seconds` goes into the histogram unless `streamed`.
  void record(std::string_view path, unsigned status, double latency_seconds, bool streamed);
  /// What the server saw as it answered (gauges).
  void observe_server(std::size_t pending_work, bool breaker_open, std::size_t connections);

  [[nodiscard]] std::uint64_t requests(std::size_t family, std::size_t status_class) const {
    return requests_[family][status_class].load(std::memory_order_relaxed);
  }
  [[nodiscard]] std::uint64_t latency_bucket(std::size_t index) const {
    return latency_buckets_[index].load(std::memory_order_relaxed);
  }
  [[nodiscard]] std::uint64_t latency_count() const { return latency_count_.load(std::memory_order_relaxed); }
  [[nodiscard]] double latency_sum_seconds() const {
    return static_cast<double>(latency_sum_us_.load(std::memory_order_relaxed)) / 1e6;
  }
  [[nodiscard]] std::size_t pending_work() const { return pending_work_.load(std::memory_order_relaxed); }
  [[nodiscard]] bool breaker_open() const { return breaker_open_.load(std::memory_order_relaxed); }
  [[nodiscard]] std::size_t connections() const { return connections_.load(std::memory_order_relaxed); }

 private:
  std::array<std::array<std::atomic<std::uint64_t>, kStatusClasses.size()>, kFamilies.size()> requests_{};
  std::array<std::atomic<std::uint64_t>, kLatencyBounds.size()> latency_buckets_{};  // not cumulative
  std::atomic<std::uint64_t> latency_count_{0};
  std::atomic<std::uint64_t> latency_sum_us_{0};
  std::atomic<std::size_t> pending_work_{0};
  std::atomic<bool> breaker_open_{false};
  std::atomic<std::size_t> connections_{0};
};

/// The process's counters.
RequestMetrics& request_metrics();

}  // namespace ether::http
