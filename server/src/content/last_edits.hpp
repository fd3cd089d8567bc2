#pragma once
// The last change of content items as the audit log (admin/audit_log.hpp) holds it: who made it
// and when. The admin's lists show it beside each item (issue 54) and sort by it; the start page's
// lists (work_lists.hpp) order by it. Portable SQL on the caller's session.

#include <soci/soci.h>

#include <cstdint>
#include <map>
#include <string>
#include <vector>

#include "content/content_types.hpp"

namespace ether::content {

/// An edit of an item as the audit log holds it.
struct LastEdit {
  std::int64_t at = 0;
  std::int64_t user_id = 0;  // 0: the server or the command line
  std::string user_name;
};

/// The last edit of each of the items `keys` of `type` (by type name) that has one, by key.
std::map<std::string, LastEdit> last_edits(soci::session& session, const std::string& type,
                                           const std::vector<std::string>& keys);

/// SQL for the id of the newest audit row of `type`'s row named `row` in the query (0 when it has
/// none): later edits have higher ids.
std::string last_audit_id_sql(const TypeSpec& type, const std::string& row);

}  // namespace ether::content
