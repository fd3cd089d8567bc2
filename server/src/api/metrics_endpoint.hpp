#pragma once
// GET /metrics in the Prometheus text format (0.0.4): the listeners open now per channel and
// format, the bytes their ended sessions were sent, requests by route family and status class, a
// latency histogram, the worker pool's queue, the open connections, the store's health and its
// circuit breaker (http/request_metrics.hpp), the podcast downloads counted, and the listener
// sessions and download sums waiting for the store with the writes it refused. Open to loopback and to the networks of
// ETHER_METRICS_ALLOW, or to "Authorization: Bearer <ETHER_METRICS_TOKEN>"; 403 otherwise. The
// address judged is the client's (http::Request::remote_address): through a trusted proxy
// (ETHER_TRUSTED_PROXIES) the one it forwarded, so that a proxy on loopback opens nothing.
// Answered from memory on the I/O thread.

#include <functional>
#include <string>

#include "http/message.hpp"
#include "http/router.hpp"
#include "http/trusted_proxies.hpp"
#include "listeners/download_writer.hpp"
#include "listeners/listener_tracker.hpp"
#include "listeners/session_writer.hpp"

namespace ether::api {

struct MetricsOptions {
  std::string allow;  // ETHER_METRICS_ALLOW: addresses and CIDR networks
  std::string token;  // ETHER_METRICS_TOKEN: empty, no token opens it
};

class MetricsEndpoint {
 public:
  /// `store_healthy`: from memory (store::Database::healthy). Throws std::invalid_argument when
  /// `options.allow` does not parse (config checked it before).
  MetricsEndpoint(const listeners::ListenerTracker& tracker, const listeners::SessionWriter& sessions,
                  const listeners::DownloadWriter& downloads, std::function<bool()> store_healthy,
                  MetricsOptions options);

  void add_routes(http::Router& router);
  /// The answer to GET /metrics.
  [[nodiscard]] http::Response answer(const http::Request& request) const;

 private:
  [[nodiscard]] bool allowed(const http::Request& request) const;

  const listeners::ListenerTracker& tracker_;
  const listeners::SessionWriter& sessions_;
  const listeners::DownloadWriter& downloads_;
  std::function<bool()> store_healthy_;
  http::TrustedProxies allow_;
  std::string token_;
};

}  // namespace ether::api
