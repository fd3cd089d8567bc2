#pragma once
// Writing the audit log (table admin_audit_log): one row per change made in the admin or by the
// server, with who, when, which item and the changed fields before and after. Callers write on the
// session and inside the transaction of the change itself, so that both are stored or neither. The
// admin reads the log back (admin/audit_log.hpp); every station module that changes something
// (media, ingest, webhooks, backups) writes it through here.

#include <soci/soci.h>

#include <boost/json/object.hpp>
#include <boost/json/value.hpp>
#include <cstdint>
#include <string>
#include <string_view>

namespace ether::store {

/// Who made a change: an account, or (user_id 0) the server or the command line.
struct Actor {
  std::int64_t user_id = 0;
  std::string name;
};

/// Adds {"before": before, "after": after} under `field` when the two differ.
void add_change(boost::json::object& changes, std::string_view field, const boost::json::value& before,
                const boost::json::value& after);

/// Writes one entry of the audit log on `session`; returns its id.
std::int64_t record_audit_entry(soci::session& session, const Actor& actor, std::int64_t at,
                                const std::string& item_type, const std::string& item_id, const std::string& action,
                                const boost::json::object& changes = {});

}  // namespace ether::store
