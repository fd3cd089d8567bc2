#pragma once
// The audit log of every change made in the admin (table admin_audit_log): who, when, which item
// (type and id), the action and the changed fields before and after as JSON, written through
// store/audit_entries.hpp and read back page by page. Callers write the entry on the session and
// inside the transaction of the change itself, so that both are stored or neither.

#include <soci/soci.h>

#include <boost/json/object.hpp>
#include <boost/json/value.hpp>
#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "store/audit_entries.hpp"

namespace ether::admin {

// The writing side lives in the store, for every module that changes something; the admin's code
// names it as its own.
using store::Actor;
using store::add_change;

struct AuditEntry {
  std::int64_t id = 0;
  std::int64_t at = 0;
  std::int64_t user_id = 0;  // 0: no account
  std::string user_name;
  std::string item_type;  // "user", "api_key", "session", later "article", "programme", ...
  std::string item_id;
  std::string action;           // "create", "update", "deactivate", "login", ...
  boost::json::object changes;  // {"field": {"before": ..., "after": ...}}
};

/// Records a change of the station's content (items, the schedule) in the caller's transaction: its
/// audit row and a new content version (store/content_version.hpp), which tells every instance's
/// caches.
void record_content_change(soci::session& session, const Actor& actor, std::int64_t at, const std::string& item_type,
                           const std::string& item_id, const std::string& action, const boost::json::object& changes);

/// Records that an item was removed for good, in the caller's transaction: what it held goes from
/// the log as well (every earlier row of the item keeps which fields changed, not their values), and
/// the purge row names it by `title` alone.
void record_content_purge(soci::session& session, const Actor& actor, std::int64_t at, const std::string& item_type,
                          const std::string& item_id, const boost::json::value& title);

struct AuditFilter {
  std::optional<std::int64_t> user_id;
  std::string item_type;  // empty: any
  std::string item_id;    // empty: any
  /// Part of the actor's name, ignoring case (ASCII case on SQLite); empty: anyone.
  std::string user_name;
  /// The reader's channels (empty: every channel). A reader limited to channels sees the rows of
  /// content on those channels and of content bound to none, not the station's own (accounts, keys,
  /// webhooks, backups) nor items no longer there to tell their channel.
  std::vector<std::string> channels;
};

struct AuditPage {
  std::vector<AuditEntry> entries;  // newest first
  std::int64_t total = 0;
};

class AuditLog {
 public:
  explicit AuditLog(soci::session& session) : session_(session) {}

  /// Writes one entry; returns its id.
  std::int64_t record(const Actor& actor, std::int64_t at, const std::string& item_type, const std::string& item_id,
                      const std::string& action, const boost::json::object& changes = {});
  /// One page (1-based) of the entries that match, newest first.
  AuditPage query(const AuditFilter& filter, std::int64_t page, std::int64_t page_size);

 private:
  soci::session& session_;
};

}  // namespace ether::admin
