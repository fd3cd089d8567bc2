#pragma once
// Which maintenance notification the server's page HTML shows: the first one live that the visitor
// has not closed (spec §4). The app keeps the closed ones in localStorage, which a server cannot
// read, and mirrors them in a cookie for it (web/src/features/overlays/dismissed-cookie.ts).

#include <boost/json/array.hpp>
#include <boost/json/object.hpp>
#include <optional>
#include <string_view>

namespace ether::shell {

/// The cookie holding the ids of the closed notifications, joined by dots ("3.7").
inline constexpr std::string_view kMaintenanceCookie = "ether_maintenance_dismissed";

/// The first of `notifications` (in the overlay order) whose id is not in `cookie_value`; nullopt
/// when every one is closed or there is none. A malformed cookie counts as closing nothing.
std::optional<boost::json::object> shown_notification(const boost::json::array& notifications,
                                                      std::optional<std::string_view> cookie_value);

}  // namespace ether::shell
