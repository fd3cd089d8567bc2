#include "admin/royalty_report_api.hpp"

#include <string>
#include <utility>
#include <variant>

#include "api/json_error.hpp"
#include "domain/slug.hpp"
#include "listeners/month_of_plays.hpp"
#include "listeners/royalty_report.hpp"
#include "store/station_repository.hpp"

namespace ether::admin {
namespace {

http::Response bad_parameter(const std::string& message) { return api::json_error(400, "bad_parameter", message); }

bool channel_exists(store::Database& db, const std::string& slug) {
  auto lease = db.lease();
  return store::StationRepository(*lease).has_channel(slug);
}

}  // namespace

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
  const auto channel = std::string(request.param("channel").value_or(""));
  if (!domain::is_valid_slug(channel)) return bad_parameter("'channel' is een kanaal zoals 'radio2'.");
  const auto month_text = std::string(request.param("month").value_or(""));
  const auto month = listeners::parse_report_month(month_text);
  if (!month) return bad_parameter("'month' is een maand zoals 2026-11 (JJJJ-MM).");
  if (!channel_exists(db_, channel)) return bad_parameter("Het kanaal '" + channel + "' bestaat niet.");

  const auto now_ms = clock_();
  const auto span = listeners::month_span(*month);
  const auto month_of_plays = listeners::load_month_of_plays(db_, tracker_, flush_, channel, span);
  const auto rows = listeners::royalty_rows(
      month_of_plays.plays, month_of_plays.sessions,
      listeners::RoyaltyOptions{
          .channel = channel, .span = span, .now = now_ms / 1000, .min_session_seconds = options_.min_session_seconds});
  http::Response response;
  response.set_header("Content-Type", "text/csv; charset=utf-8");
  response.set_header("Cache-Control", "no-store");
  response.set_header("Content-Disposition",
                      "attachment; filename=\"ether-royalty-" + channel + "-" + month_text + ".csv\"");
  response.body = listeners::royalty_csv(channel, rows);
  return response;
}

}  // namespace ether::admin
