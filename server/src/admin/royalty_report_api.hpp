#pragma once
// The monthly royalty report of issue 52 for the beheerder (admin::Permission::read_royalties),
// under the admin API's guard; errors {"error":{"code","message"}}:
//   GET /api/admin/reports/royalty?channel=radio2&month=2026-11
//       text/csv (listeners/royalty_report.hpp: kRoyaltyCsvHeader, an Amsterdam calendar month),
//       as the attachment ether-royalty-<channel>-<month>.csv, Cache-Control: no-store. A missing,
//       malformed channel or month: 400 bad_parameter; a channel the station does not have: 404
//       (admin/channel_month_query.hpp).
// The store is read on the worker pool (the route is offloaded, http/router.hpp).

#include <cstdint>
#include <functional>

#include "admin/admin_api.hpp"
#include "http/router.hpp"
#include "listeners/listener_tracker.hpp"
#include "store/database.hpp"

namespace ether::admin {

struct RoyaltyReportOptions {
  std::int64_t min_session_seconds = 60;  // ETHER_LISTENER_MIN_SESSION_SECONDS
};

class RoyaltyReportApi {
 public:
  using Clock = std::function<std::int64_t()>;  // unix ms
  /// `flush` writes the sessions waiting in memory to the store (SessionWriter::flush) before the
  /// sessions are read; the tracker's open sessions count up to now.
  RoyaltyReportApi(store::Database& db, const AdminApi& admin, listeners::ListenerTracker& tracker,
                   std::function<void()> flush, RoyaltyReportOptions options, Clock clock);

  void add_routes(http::Router& router);

 private:
  [[nodiscard]] http::Response report(const http::Request& request) const;

  store::Database& db_;
  const AdminApi& admin_;
  listeners::ListenerTracker& tracker_;
  std::function<void()> flush_;
  RoyaltyReportOptions options_;
  Clock clock_;
};

}  // namespace ether::admin
