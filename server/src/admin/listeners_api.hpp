#pragma once
// The admin's listener figures (issue 52), for every admin role (admin::Permission::read_listeners),
// under the admin API's guard; answers Cache-Control: no-store, errors {"error":{"code","message"}}:
//   GET /api/admin/listeners/now      this instance's listeners now per channel and per format,
//                                     and today's (UTC) peak of sessions open at once and when
//   GET /api/admin/listeners/history?from=&until=&by=hour|day|week|month&channel=&format=csv
//       the figures of listeners/listener_figures.hpp per bucket, per channel and in total, from
//       the stored sessions and those open now. `from` and `until` are UTC dates (YYYY-MM-DD;
//       `until` is then included) or instants (YYYY-MM-DDTHH:MM:SSZ; `until` excluded); defaults:
//       the last 7 days by day. At most 1000 buckets. format=csv: the same as CSV (kCsvHeader).
//   GET /api/admin/listeners/programmes/{id}?days=
//       the audience of each of a programme's broadcasts of the last `days` (28; 1 to 366), newest
//       first, at most 100, on every channel: the average number listening and the peak
//       (listeners/listener_figures.hpp audience_between); 404 for a programme that does not exist.
// Sessions shorter than `min_session_seconds` count in no figure (the live count and the peak
// count every connection).

#include <cstdint>
#include <functional>
#include <string_view>

#include "admin/admin_api.hpp"
#include "http/router.hpp"
#include "listeners/listener_tracker.hpp"
#include "store/database.hpp"

namespace ether::admin {

/// The CSV's columns, in this order; channel is a channel's slug or "total". cume_basis is
/// "distinct" (hours and days) or "sum_of_daily" (weeks and months, see listener_figures.hpp).
inline constexpr std::string_view kCsvHeader =
    "bucket_start,bucket_end,channel,starts,average_active,aqh,cume,cume_basis,listening_hours,"
    "median_session_seconds";

struct ListenersApiOptions {
  std::int64_t min_session_seconds = 60;  // ETHER_LISTENER_MIN_SESSION_SECONDS
};

class ListenersApi {
 public:
  using Clock = std::function<std::int64_t()>;  // unix ms
  /// `flush` writes the sessions waiting in memory to the store (SessionWriter::flush) before a
  /// history is read, so that a session closed a moment ago counts.
  ListenersApi(store::Database& db, const AdminApi& admin, listeners::ListenerTracker& tracker,
               std::function<void()> flush, ListenersApiOptions options, Clock clock);

  void add_routes(http::Router& router);

 private:
  http::Response now(const http::Request& request) const;
  http::Response history(const http::Request& request) const;
  http::Response programme(const http::Request& request, const std::string& id_text) const;

  store::Database& db_;
  const AdminApi& admin_;
  listeners::ListenerTracker& tracker_;
  std::function<void()> flush_;
  ListenersApiOptions options_;
  Clock clock_;
};

}  // namespace ether::admin
