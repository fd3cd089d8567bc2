#pragma once
// The lists of the admin's start page (issue 54): which items of the editable types a block shows,
// each with its title, state and last edit (who and when, from the audit log). A list is defined
// once as a WorkList (an SQL condition over a publishable type's row and an order); a new block is
// one more WorkList. Portable SQL (SQLite and
// PostgreSQL) on the caller's session.

#include <soci/soci.h>

#include <cstddef>
#include <cstdint>
#include <functional>
#include <optional>
#include <string>
#include <vector>

#include "content/content_types.hpp"
#include "content/last_edits.hpp"

namespace ether::content {

/// One item of a list.
struct WorkItem {
  const TypeSpec* type = nullptr;
  std::string key;
  std::string title;
  std::string state;  // state_at: "draft", "scheduled", "online", "expired"
  std::optional<std::int64_t> publish_at;
  std::optional<LastEdit> last_edit;  // nullopt: no edit in the audit log (seeded or imported)
  bool has_draft = false;             // it has a draft (content_drafts.hpp)
};

/// How a list is ordered across the types.
enum class WorkOrder {
  newest_edit,  // the last edit, newest first
  publication,  // the publication moment, soonest first
};

/// One list: the rows of each publishable type that `condition` (SQL over the row, alias `t`)
/// selects, in `order`.
struct WorkList {
  std::function<std::string(const TypeSpec&)> condition;
  WorkOrder order = WorkOrder::newest_edit;
};

/// The drafts that `user_id` created (the audit log's "create" row names them), newest edit first.
WorkList drafts_created_by(std::int64_t user_id);
/// The items set to come on the site after `now`, soonest first.
WorkList scheduled_after(std::int64_t now);
/// The drafts offered for review and not yet published or sent back (content_workflow.hpp), newest
/// edit first.
WorkList waiting_for_review();

class WorkLists {
 public:
  /// `channels`: the reader's channels (empty: every channel); items of types bound to a channel
  /// are left out when they are on another. Trashed items are always left out.
  WorkLists(soci::session& session, std::vector<std::string> channels, std::int64_t now)
      : session_(session), channels_(std::move(channels)), now_(now) {}

  /// At most `limit` items of `list`.
  std::vector<WorkItem> items(const WorkList& list, std::size_t limit);
  /// At most `limit` items of any editable type by their last edit in the audit log, newest first,
  /// each with that edit.
  std::vector<WorkItem> recently_edited(std::size_t limit);
  /// The item `key` of `type` with its last edit, or nullopt when it is missing, in the trash or on
  /// a channel the reader may not read.
  std::optional<WorkItem> find(const TypeSpec& type, const std::string& key);

 private:
  [[nodiscard]] std::string channel_condition(const TypeSpec& type) const;
  std::optional<LastEdit> edit(std::int64_t audit_id);
  // The SELECT of a type's light columns (key, title, publication) and the id of its last audit row.
  [[nodiscard]] static std::string select_sql(const TypeSpec& type);
  [[nodiscard]] WorkItem read(const TypeSpec& type, const soci::row& row, std::int64_t& last_audit_id) const;

  soci::session& session_;
  std::vector<std::string> channels_;
  std::int64_t now_;
};

}  // namespace ether::content
