#pragma once
// The two global overlays of spec §2 and §7, read from the store on every request:
//   GET /api/eventmodal/content         {"data":{"cmsContentBlocks":{"data":[...]}}}, the published
//                                       event_modal_blocks by sort_order, id (spec §3 EventModal)
//   GET /api/maintenance-notification   {"data":{"maintenanceNotifications":{"data":[...]}}}, the
//                                       active maintenance_notifications by id (spec §3)
// Both answer with `Cache-Control: public, max-age=30` and a strong ETag (304 on If-None-Match).

#include "http/message.hpp"
#include "http/router.hpp"
#include "store/database.hpp"

namespace ether::api {

class OverlayApi {
 public:
  explicit OverlayApi(store::Database& db);

  /// Adds the two routes above to `router`.
  void add_routes(http::Router& router);

 private:
  http::Response event_modal(const http::Request& request) const;
  http::Response maintenance(const http::Request& request) const;

  store::Database& db_;
};

}  // namespace ether::api
