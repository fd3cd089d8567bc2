#include "api/overlay_api.hpp"

#include <spdlog/spdlog.h>

#include <boost/json.hpp>
#include <chrono>
#include <exception>
#include <string>

#include "api/json_error.hpp"
#include "content/overlay_lists.hpp"
#include "http/byte_response.hpp"

namespace ether::api {
namespace json = boost::json;
namespace {

// The same bytes give the same tag, so a listener's cached copy stays valid until an editor changes a row.
http::Response cached_json(const http::Request& request, const json::value& document) {
  auto response = json_response(200, document);
  response.set_header("Cache-Control", "public, no-cache");
  http::tag_with_etag(request, response);
  return response;
}

template <typename Read>
http::Response answer(const http::Request& request, const char* collection, Read read) {
  try {
    json::object inner{{"data", read()}};
    return cached_json(request, json::object{{"data", json::object{{collection, std::move(inner)}}}});
  } catch (const std::exception& error) {
    spdlog::error("overlay: cannot read {}: {}", collection, error.what());
    return json_error(500, "internal", "De gegevens konden niet worden gelezen. Probeer het zo opnieuw.");
  }
}

}  // namespace

OverlayApi::OverlayApi(store::Database& db, std::function<std::int64_t()> now) : db_(db), now_(std::move(now)) {
  if (!now_) {
    now_ = [] {
      return std::chrono::duration_cast<std::chrono::seconds>(std::chrono::system_clock::now().time_since_epoch())
          .count();
    };
  }
}

void OverlayApi::add_routes(http::Router& router) {
  router.add("GET", "/api/eventmodal/content",
             [this](const http::Request& r, const http::RouteParams&) { return event_modal(r); });
  router.add("GET", "/api/maintenance-notification",
             [this](const http::Request& r, const http::RouteParams&) { return maintenance(r); });
}

http::Response OverlayApi::event_modal(const http::Request& request) const {
  return answer(request, "cmsContentBlocks", [this] { return content::event_modal_blocks(db_, now_()); });
}

http::Response OverlayApi::maintenance(const http::Request& request) const {
  return answer(request, "maintenanceNotifications",
                [this] { return content::maintenance_notifications(db_, now_()); });
}

}  // namespace ether::api
