#pragma once
// What the admin API's route files (admin_api.cpp, the *_routes.cpp and the *_api.cpp beside it)
// share: reading a request body's members, the JSON shapes of a user and of the channels one may
// work on, and the 429 of the login throttle. Not for other modules: their own answers have their
// own shapes.

#include <boost/json.hpp>
#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <variant>
#include <vector>

#include "admin/admin_api.hpp"
#include "admin/audit_log.hpp"
#include "http/message.hpp"

namespace ether::admin::detail {

/// The string member `key` of `object`, or nullopt when it is missing or not a string.
std::optional<std::string> string_member(const boost::json::object& object, std::string_view key);

/// `text` without leading and trailing spaces and tabs.
std::string trimmed(std::string_view text);

/// The ISO 8601 UTC time of `at`, or JSON null.
boost::json::value iso_or_null(std::optional<std::int64_t> at);

/// `items` as a JSON array of strings.
boost::json::array string_array(const std::vector<std::string>& items);

/// A user account as the API answers it (never its password hash).
boost::json::object user_json(const User& user);

/// The channels `user` may work on, as [{"slug","name"}] in the station's order: all of them,
/// unless the account is limited to some (roles.hpp channel_allowed).
boost::json::array allowed_channels(soci::session& session, const User& user);

/// 429 too_many_attempts with Retry-After `wait` seconds and a Dutch message in minutes.
http::Response too_many_attempts(std::int64_t wait);

/// The account a beheerder acts on by id: not their own (409 own_account with `own_message`),
/// 404 when none.
std::variant<User, http::Response> other_account(soci::session& session, const Principal& principal,
                                                 const std::string& id_text, std::string_view own_message);

}  // namespace ether::admin::detail
