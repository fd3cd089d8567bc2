#include "admin/royalty_report_api.hpp"

#include <string>
#include <utility>
#include <variant>

#include "admin/channel_month_query.hpp"
#include "api/csv_answer.hpp"
#include "listeners/month_of_plays.hpp"
#include "listeners/royalty_report.hpp"

namespace ether::admin {

RoyaltyReportApi::RoyaltyReportApi(store::Database& db, const AdminApi& admin, listeners::ListenerTracker& tracker,
                                   std::function<void()> flush, RoyaltyReportOptions options, Clock clock)
    : db_(db),
      admin_(admin),
      tracker_(tracker),
      flush_(std::move(flush)),
      options_(options),
      clock_(std::move(clock)) {}

void RoyaltyReportApi::add_routes(http::Router& router) {
  router.add("GET", "/api/admin/reports/royalty",
             [this](const http::Request& r, const http::RouteParams&) { return report(r); });
}

http::Response RoyaltyReportApi::report(const http::Request& request) const {
  auto who = admin_.authorize(request, admin::Guard{.permission = admin::Permission::read_royalties});
  if (auto* refused = std::get_if<http::Response>(&who)) return std::move(*refused);
  auto query = read_channel_month(request, db_);
  if (auto* refused = std::get_if<http::Response>(&query)) return std::move(*refused);
  const auto& [channel, month_text, month] = std::get<ChannelMonth>(query);

  const auto now_ms = clock_();
  const auto span = listeners::month_span(month);
  const auto month_of_plays = listeners::load_month_of_plays(db_, tracker_, flush_, channel, span);
  const auto rows = listeners::royalty_rows(
      month_of_plays.plays, month_of_plays.sessions,
      listeners::RoyaltyOptions{
          .channel = channel, .span = span, .now = now_ms / 1000, .min_session_seconds = options_.min_session_seconds});
  return api::csv_attachment("ether-royalty-" + channel + "-" + month_text + ".csv",
                             listeners::royalty_csv(channel, rows));
}

}  // namespace ether::admin
