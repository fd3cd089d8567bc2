#include "http/request_metrics.hpp"

#include <algorithm>

namespace ether::http {

std::size_t RequestMetrics::family_of(std::string_view path) {
  const auto index = [](std::string_view name) {
    return static_cast<std::size_t>(std::find(kFamilies.begin(), kFamilies.end(), name) - kFamilies.begin());
  };
  if (path.empty() || path.front() != '/') return index("other");
  if (path.starts_with("/api/admin/")) return index("admin_api");
  if (path.starts_with("/api/")) return index("api");
  if (path.starts_with("/live/")) return index("live");
  if (path.starts_with("/hls/")) return index("hls");
  if (path.starts_with("/media/") || path.starts_with("/uploads/") || path.starts_with("/recordings/")) {
    return index("media");
  }
  if (path == "/metrics") return index("metrics");
  return index("page");
}

void RequestMetrics::record(std::string_view path, unsigned status, double latency_seconds, bool streamed) {
  const auto status_class = std::clamp<std::size_t>(status / 100, 1, 5) - 1;
  requests_[family_of(path)][status_class].fetch_add(1, std::memory_order_relaxed);
  if (streamed) return;
  const auto bucket = static_cast<std::size_t>(
      std::lower_bound(kLatencyBounds.begin(), kLatencyBounds.end(), latency_seconds) - kLatencyBounds.begin());
  if (bucket < latency_buckets_.size()) latency_buckets_[bucket].fetch_add(1, std::memory_order_relaxed);
  latency_count_.fetch_add(1, std::memory_order_relaxed);
  latency_sum_us_.fetch_add(static_cast<std::uint64_t>(std::max(0.0, latency_seconds) * 1e6),
                            std::memory_order_relaxed);
}

void RequestMetrics::observe_server(std::size_t pending_work, bool breaker_open, std::size_t connections) {
  pending_work_.store(pending_work, std::memory_order_relaxed);
  breaker_open_.store(breaker_open, std::memory_order_relaxed);
  connections_.store(connections, std::memory_order_relaxed);
}

RequestMetrics& request_metrics() {
  static RequestMetrics metrics;
  return metrics;
}

}  // namespace ether::http
