#pragma once
// Listener events of the web app (web/src/lib/analytics.ts), counted per name and type:
//   POST /api/events  {"name":"player_radioblok_counter_top-40_top-40","type":"exit"}
// answers 204 and adds one to the analytics_events row of that name and type. A body over
// kMaxBodyBytes answers 413, malformed JSON 400 bad_json, a missing or invalid name or type
// 400 bad_parameter. Names are lower-case letters, digits, '_' and '-' (at most 200); types are
// kEventTypes.

#include <array>
#include <cstddef>
#include <cstdint>
#include <functional>
#include <string_view>

#include "http/message.hpp"
#include "http/router.hpp"
#include "store/database.hpp"

namespace ether::api {

inline constexpr std::size_t kMaxEventBodyBytes = 1024;
inline constexpr std::array<std::string_view, 3> kEventTypes{"navigation", "exit", "click"};

class EventsApi {
 public:
  /// `now` gives unix seconds; tests fix it.
  explicit EventsApi(store::Database& db, std::function<std::int64_t()> now = {});

  /// Adds POST /api/events to `router`.
  void add_routes(http::Router& router);

  /// The handler itself (also for tests).
  [[nodiscard]] http::Response post(const http::Request& request) const;

  /// The stored count of one name and type (0 when none).
  [[nodiscard]] std::int64_t count(std::string_view name, std::string_view type) const;

 private:
  store::Database& db_;
  std::function<std::int64_t()> now_;
};

}  // namespace ether::api
