#include "admin/channel_month_query.hpp"

#include "api/json_error.hpp"
#include "domain/slug.hpp"
#include "store/station_repository.hpp"

namespace ether::admin {

std::variant<ChannelMonth, http::Response> read_channel_month(const http::Request& request, store::Database& db) {
  ChannelMonth query;
  query.channel = std::string(request.param("channel").value_or(""));
  if (!domain::is_valid_slug(query.channel)) {
    return api::json_error(400, "bad_parameter", "'channel' is een kanaal zoals 'radio2'.");
  }
  query.month_text = std::string(request.param("month").value_or(""));
  const auto month = listeners::parse_report_month(query.month_text);
  if (!month) return api::json_error(400, "bad_parameter", "'month' is een maand zoals 2026-11 (JJJJ-MM).");
  query.month = *month;
  auto lease = db.lease();
  if (!store::StationRepository(*lease).has_channel(query.channel)) {
    return api::json_error(404, "not_found", "Het kanaal '" + query.channel + "' bestaat niet.");
  }
  return query;
}

}  // namespace ether::admin
