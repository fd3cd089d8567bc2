#pragma once
// Listener events of the web app (web/src/lib/analytics.ts), counted per name and type:
//   POST /api/events  {"name":"player_radioblok_counter_top-40_top-40","type":"exit"}
// answers 204 and adds one to the analytics_events row of that name and type. A body over
// kMaxBodyBytes answers 413, malformed JSON 400 bad_json, a missing or invalid name or type
// 400 bad_parameter. The only event kind the web app sends (spec §2) fixes the name's pattern:
// "player_radioblok_counter_" then the slugified title, "_" and the slug (lower-case letters,
// digits and '-'; at most 200 in all, cut as the web app cuts it). The store keeps at most
// `max_names` distinct names: beyond it a new name answers 422 too_many_names while known names
// still count. Each client address may send `per_minute` events a minute; beyond it 429 with
// Retry-After.

#include <array>
#include <cstddef>
#include <cstdint>
#include <functional>
#include <string_view>

#include "http/message.hpp"
#include "http/rate_limiter.hpp"
#include "http/router.hpp"
#include "store/database.hpp"

namespace ether::api {

inline constexpr std::size_t kMaxEventBodyBytes = 1024;
inline constexpr std::array<std::string_view, 3> kEventTypes{"navigation", "exit", "click"};

inline constexpr std::string_view kEventNamePrefix = "player_radioblok_counter_";

/// True for a name of the pattern above.
bool is_valid_event_name(std::string_view name);

struct EventsOptions {
  std::size_t max_names = 10000;     // distinct names the store keeps
  int per_minute = 60;               // events per client address and minute
  std::size_t max_addresses = 4096;  // client addresses the rate limiter remembers at once
};

class EventsApi {
 public:
  /// `now` gives unix seconds; tests fix it.
  explicit EventsApi(store::Database& db, std::function<std::int64_t()> now = {}, EventsOptions options = {});

  /// Adds POST /api/events to `router`.
  void add_routes(http::Router& router);

  /// The handler itself (also for tests).
  [[nodiscard]] http::Response post(const http::Request& request) const;

  /// The stored count of one name and type (0 when none).
  [[nodiscard]] std::int64_t count(std::string_view name, std::string_view type) const;

 private:
  store::Database& db_;
  std::function<std::int64_t()> now_;
  EventsOptions options_;
  mutable http::RateLimiter limiter_;
};

}  // namespace ether::api
