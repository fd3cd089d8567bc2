#include "api/metrics_endpoint.hpp"

#include <sodium.h>

#include <boost/asio/ip/address.hpp>
#include <stdexcept>

#include "api/json_error.hpp"
#include "http/request_metrics.hpp"

namespace ether::api {
namespace {

bool is_loopback(const std::string& address) {
  boost::system::error_code ec;
  const auto parsed = boost::asio::ip::make_address(address, ec);
  if (ec) return false;
  if (parsed.is_v6() && parsed.to_v6().is_v4_mapped()) {
    return boost::asio::ip::make_address_v4(boost::asio::ip::v4_mapped, parsed.to_v6()).is_loopback();
  }
  return parsed.is_loopback();
}

// A label value as the text format wants it: backslash, quote and newline escaped.
std::string label(std::string_view value) {
  std::string out;
  for (const char c : value) {
    if (c == '\\' || c == '"') out += '\\';
    if (c == '\n') {
      out += "\\n";
      continue;
    }
    out += c;
  }
  return out;
}

std::string number(double value) {
  std::string text = std::to_string(value);
  while (text.size() > 1 && text.back() == '0') text.pop_back();
  if (text.back() == '.') text.pop_back();
  return text;
}

}  // namespace

MetricsEndpoint::MetricsEndpoint(const listeners::ListenerTracker& tracker, const listeners::SessionWriter& sessions,
                                 const listeners::DownloadWriter& downloads, std::function<bool()> store_healthy,
                                 MetricsOptions options)
    : tracker_(tracker),
      sessions_(sessions),
      downloads_(downloads),
      store_healthy_(std::move(store_healthy)),
      token_(std::move(options.token)) {
  auto allow = http::TrustedProxies::parse(options.allow);
  if (!allow) throw std::invalid_argument("ETHER_METRICS_ALLOW does not parse");
  allow_ = std::move(*allow);
}

void MetricsEndpoint::add_routes(http::Router& router) {
  router.add(
      "GET", "/metrics", [this](const http::Request& r, const http::RouteParams&) { return answer(r); },
      http::Execution::io_thread);
}

bool MetricsEndpoint::allowed(const http::Request& request) const {
  if (is_loopback(request.remote_address) || allow_.contains(request.remote_address)) return true;
  if (token_.empty()) return false;
  constexpr std::string_view kBearer = "Bearer ";
  const auto authorization = request.header("Authorization");
  if (!authorization.starts_with(kBearer)) return false;
  const auto given = authorization.substr(kBearer.size());
  return given.size() == token_.size() && sodium_memcmp(given.data(), token_.data(), token_.size()) == 0;
}

http::Response MetricsEndpoint::answer(const http::Request& request) const {
  if (!allowed(request)) {
    return api::json_error(
        403, "forbidden",
        "/metrics is open to loopback, ETHER_METRICS_ALLOW or the bearer token of ETHER_METRICS_TOKEN.");
  }
  const auto& metrics = http::request_metrics();
  std::string out;
  out += "# HELP ether_listeners Listener sessions open now on this instance, by channel and format.\n";
  out += "# TYPE ether_listeners gauge\n";
  std::int64_t total = 0;
  for (const auto& [key, count] : tracker_.counts()) {
    out += "ether_listeners{channel=\"" + label(key.first) + "\",format=\"" + label(key.second) + "\"} " +
           std::to_string(count) + "\n";
    total += count;
  }
  out += "# HELP ether_listeners_total_now Listener sessions open now on this instance.\n";
  out += "# TYPE ether_listeners_total_now gauge\n";
  out += "ether_listeners_total_now " + std::to_string(total) + "\n";
  out += "# HELP ether_listener_bytes_sent_total Bytes sent to listeners, counted as their sessions end.\n";
  out += "# TYPE ether_listener_bytes_sent_total counter\n";
  out += "ether_listener_bytes_sent_total " + std::to_string(tracker_.bytes_sent()) + "\n";
  out +=
      "# HELP ether_podcast_downloads_total Podcast downloads counted by this instance (a client's minute of an "
      "episode on a UTC day, IAB 2.1).\n";
  out += "# TYPE ether_podcast_downloads_total counter\n";
  out += "ether_podcast_downloads_total " + std::to_string(downloads_.downloads_counted()) + "\n";
  out += "# HELP ether_listener_writer_pending Listener sessions and download sums waiting in memory for the store.\n";
  out += "# TYPE ether_listener_writer_pending gauge\n";
  out += "ether_listener_writer_pending{writer=\"sessions\"} " + std::to_string(sessions_.pending()) + "\n";
  out += "ether_listener_writer_pending{writer=\"downloads\"} " + std::to_string(downloads_.pending()) + "\n";
  out += "# HELP ether_listener_writer_failed_writes_total Batches the store refused (kept for the next round).\n";
  out += "# TYPE ether_listener_writer_failed_writes_total counter\n";
  out += "ether_listener_writer_failed_writes_total{writer=\"sessions\"} " + std::to_string(sessions_.failed_writes()) +
         "\n";
  out += "ether_listener_writer_failed_writes_total{writer=\"downloads\"} " +
         std::to_string(downloads_.failed_writes()) + "\n";
  out += "# HELP ether_http_requests_total HTTP responses by route family and status class.\n";
  out += "# TYPE ether_http_requests_total counter\n";
  for (std::size_t f = 0; f < http::RequestMetrics::kFamilies.size(); ++f) {
    for (std::size_t s = 0; s < http::RequestMetrics::kStatusClasses.size(); ++s) {
      const auto count = metrics.requests(f, s);
      if (count == 0) continue;
      out += "ether_http_requests_total{family=\"" + std::string(http::RequestMetrics::kFamilies[f]) + "\",status=\"" +
             std::string(http::RequestMetrics::kStatusClasses[s]) + "\"} " + std::to_string(count) + "\n";
    }
  }
  out += "# HELP ether_http_request_duration_seconds Time to answer a request that is not streamed.\n";
  out += "# TYPE ether_http_request_duration_seconds histogram\n";
  std::uint64_t cumulative = 0;
  for (std::size_t i = 0; i < http::RequestMetrics::kLatencyBounds.size(); ++i) {
    cumulative += metrics.latency_bucket(i);
    out += "ether_http_request_duration_seconds_bucket{le=\"" + number(http::RequestMetrics::kLatencyBounds[i]) +
           "\"} " + std::to_string(cumulative) + "\n";
  }
  const auto count = metrics.latency_count();
  out += "ether_http_request_duration_seconds_bucket{le=\"+Inf\"} " + std::to_string(count) + "\n";
  out += "ether_http_request_duration_seconds_sum " + number(metrics.latency_sum_seconds()) + "\n";
  out += "ether_http_request_duration_seconds_count " + std::to_string(count) + "\n";
  out += "# HELP ether_worker_pending_requests Requests waiting for or running on the worker pool.\n";
  out += "# TYPE ether_worker_pending_requests gauge\n";
  out += "ether_worker_pending_requests " + std::to_string(metrics.pending_work()) + "\n";
  out += "# HELP ether_http_connections Open HTTP connections, listeners included.\n";
  out += "# TYPE ether_http_connections gauge\n";
  out += "ether_http_connections " + std::to_string(metrics.connections()) + "\n";
  out += "# HELP ether_store_circuit_open 1 while the worker pool's circuit breaker refuses store work.\n";
  out += "# TYPE ether_store_circuit_open gauge\n";
  out += std::string("ether_store_circuit_open ") + (metrics.breaker_open() ? "1" : "0") + "\n";
  out += "# HELP ether_store_up 1 while the store answered its last health check.\n";
  out += "# TYPE ether_store_up gauge\n";
  out += std::string("ether_store_up ") + (store_healthy_ && store_healthy_() ? "1" : "0") + "\n";
  http::Response response;
  response.set_header("Content-Type", "text/plain; version=0.0.4; charset=utf-8");
  response.set_header("Cache-Control", "no-store");
  response.body = std::move(out);
  return response;
}

}  // namespace ether::api
