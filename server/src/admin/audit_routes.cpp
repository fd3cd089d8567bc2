// Reading the audit log, 50 entries a page, filtered by user, item and name.
#include "admin/admin_api.hpp"

#include <boost/json.hpp>

#include "admin/admin_api_detail.hpp"
#include "admin/audit_log.hpp"
#include "api/json_error.hpp"
#include "domain/time.hpp"

namespace ether::admin {
namespace json = boost::json;
using detail::trimmed;

void AdminApi::add_audit_routes(http::Router& router) {
  using Params = http::RouteParams;
  router.add("GET", "/api/admin/audit", [this](const http::Request& r, const Params&) { return audit(r); });
}

// A name to search the audit log by is a part of a display name, never longer than one.
constexpr std::size_t kLongestAuditName = 100;

http::Response AdminApi::audit(const http::Request& request) const {
  auto who = authorize(request, Guard{.permission = Permission::read_audit});
  if (auto* refused = std::get_if<http::Response>(&who)) return std::move(*refused);
  AuditFilter filter;
  filter.channels = std::get<Principal>(who).user.channels;
  std::int64_t page = 1;
  if (auto user = request.param("user"); user && !user->empty()) {
    auto id = api::parse_id(*user);
    if (!id) return api::json_error(400, "bad_parameter", "De parameter 'user' moet een gebruikersnummer zijn.");
    filter.user_id = *id;
  }
  if (auto type = request.param("type")) filter.item_type = trimmed(*type);
  if (auto id = request.param("id")) filter.item_id = trimmed(*id);
  if (auto name = request.param("name")) {
    filter.user_name = trimmed(*name);
    if (filter.user_name.size() > kLongestAuditName) {
      return api::json_error(400, "bad_parameter", "De naam om op te zoeken is te lang (hoogstens 100 tekens).");
    }
  }
  if (auto page_text = request.param("page"); page_text && !page_text->empty()) {
    auto parsed = api::parse_id(*page_text);
    if (!parsed || *parsed > 1'000'000)
      return api::json_error(400, "bad_parameter", "De parameter 'page' moet een paginanummer zijn.");
    page = *parsed;
  }
  AuditPage result;
  {
    auto lease = db_.lease();
    result = AuditLog(*lease).query(filter, page, kAuditPageSize);
  }
  json::array entries;
  for (const auto& entry : result.entries) {
    entries.push_back(json::object{{"id", entry.id},
                                   {"at", domain::format_iso_utc(entry.at)},
                                   {"userId", entry.user_id == 0 ? json::value(nullptr) : json::value(entry.user_id)},
                                   {"userName", entry.user_name},
                                   {"itemType", entry.item_type},
                                   {"itemId", entry.item_id},
                                   {"action", entry.action},
                                   {"changes", entry.changes}});
  }
  return api::private_json(
      200, json::object{
               {"entries", std::move(entries)}, {"page", page}, {"pageSize", kAuditPageSize}, {"total", result.total}});
}

}  // namespace ether::admin
