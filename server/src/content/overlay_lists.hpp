#pragma once
// The two global overlays of spec §3 as the site shows them now, in store::kOverlayOrder (the order
// the admin lists them in; a visitor sees the first one not closed): the public overlay API sends
// them, and the server's page HTML draws the maintenance banner from them.

#include <boost/json/array.hpp>
#include <cstdint>

#include "store/database.hpp"

namespace ether::content {

/// The published event-modal blocks on the site at `now` (unix seconds), shaped as spec §3's
/// EventModal; stored URLs that fail pages::safe_url are sent as "".
boost::json::array event_modal_blocks(store::Database& db, std::int64_t now);

/// The maintenance notifications switched on at `now`: id, title, description, url (null when
/// absent or unsafe) and isDismissable, as spec §3's MaintenanceNotification.
boost::json::array maintenance_notifications(store::Database& db, std::int64_t now);

}  // namespace ether::content
