#pragma once
// The two global overlays of spec §2 and §7, read from the store on every request:
//   GET /api/eventmodal/content         {"data":{"cmsContentBlocks":{"data":[...]}}}, the published
//                                       event_modal_blocks on the site now (spec §3 EventModal)
//   GET /api/maintenance-notification   {"data":{"maintenanceNotifications":{"data":[...]}}}, the
//                                       maintenance_notifications switched on now (spec §3)
// Both list in store::kOverlayOrder, the order the admin lists them in: the listener app shows the
// first one a visitor has not closed.
// Both answer with `Cache-Control: public, no-cache` and a strong ETag (304 on If-None-Match), so an
// editor's change shows on the next page load while unchanged answers cost a 304.

#include <cstdint>
#include <functional>

#include "http/message.hpp"
#include "http/router.hpp"
#include "store/database.hpp"

namespace ether::api {

class OverlayApi {
 public:
  /// `now` gives unix seconds for the publication windows (store/publication.hpp); tests fix it.
  explicit OverlayApi(store::Database& db, std::function<std::int64_t()> now = {});

  /// Adds the two routes above to `router`.
  void add_routes(http::Router& router);

 private:
  http::Response event_modal(const http::Request& request) const;
  http::Response maintenance(const http::Request& request) const;

  store::Database& db_;
  std::function<std::int64_t()> now_;
};

}  // namespace ether::api
