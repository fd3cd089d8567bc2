#pragma once
// The red maintenance bar of spec §2 in the server's page HTML, with the app's markup and class
// names (web/src/features/overlays/maintenance-banner.tsx): drawn with the page, it is where the
// app's own banner will be, so that nothing below it moves when the app takes the page over.

#include <boost/json/object.hpp>
#include <string>

namespace ether::render {

/// Appends the banner of `notification` (spec §3 MaintenanceNotification: title, description, url
/// or null, isDismissable) to `out`. The close button is there when the notification may be closed;
/// it works as soon as the page's script runs, and is hidden without scripting (maintenance-banner.css).
void maintenance_banner(std::string& out, const boost::json::object& notification);

}  // namespace ether::render
