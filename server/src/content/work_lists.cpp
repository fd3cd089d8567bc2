#include "content/work_lists.hpp"

#include <algorithm>
#include <limits>
#include <set>
#include <utility>

#include "api/json_error.hpp"
#include "content/content_drafts.hpp"
#include "content/content_store.hpp"
#include "content/content_workflow.hpp"
#include "domain/slug.hpp"
#include "pages/queries/rows.hpp"

namespace ether::content {
namespace {

using pages::queries::int_at;
using pages::queries::optional_int_at;
using pages::queries::optional_text_at;

bool publishable(const TypeSpec& type) { return type.publication != Publication::none; }

std::string publish_column(const TypeSpec& type) {
  return type.publication == Publication::dated ? "published_at" : "publish_at";
}

// The type names and the user id are the program's own, never a request's, so they are written
// into the SQL as the list's other conditions are.
std::string audit_of_row(const TypeSpec& type) {
  return "a.item_type = '" + type.name + "' AND a.item_id = CAST(t." + type.key_column + " AS TEXT)";
}

// The audit rows of this many items at most are read per round of recently_edited.
constexpr std::int64_t kAuditBatch = 100;
// An edit further back than this many audit rows is not recent.
constexpr std::int64_t kAuditRowsRead = 2000;

}  // namespace

WorkList drafts_created_by(std::int64_t user_id) {
  return {[user_id](const TypeSpec& type) {
            return "t." + type.flag_column + " = 0 AND EXISTS (SELECT 1 FROM admin_audit_log a WHERE " +
                   audit_of_row(type) + " AND a.action = 'create' AND a.user_id = " + std::to_string(user_id) + ")";
          },
          WorkOrder::newest_edit};
}

WorkList waiting_for_review() {
  return {[](const TypeSpec& type) { return "t." + type.flag_column + " = 0 AND " + waiting_condition(type, "t"); },
          WorkOrder::newest_edit};
}

WorkList scheduled_after(std::int64_t now) {
  return {[now](const TypeSpec& type) {
            const auto from = "t." + publish_column(type);
            return "t." + type.flag_column + " = 1 AND " + from + " IS NOT NULL AND " + from + " > " +
                   std::to_string(now);
          },
          WorkOrder::publication};
}

std::string WorkLists::select_sql(const TypeSpec& type) {
  const auto* title = type.field(type.title_field);
  std::string sql = "SELECT t." + type.key_column + ", t." + title->column;
  if (publishable(type)) {
    sql += ", t." + type.flag_column + ", t." + publish_column(type) + ", t.unpublish_at, " + has_draft_sql(type, "t");
  }
  return sql + ", " + last_audit_id_sql(type, "t") + " AS last_audit_id FROM " + type.table +
         " t WHERE t.trashed_at IS NULL";
}

std::string WorkLists::channel_condition(const TypeSpec& type) const {
  if (channels_.empty() || type.channel_field.empty()) return {};
  std::string sql = " AND t." + type.field(type.channel_field)->column + " IN (''";
  // Slugs only, so that a channel is quoted as it is; anything else names no channel.
  for (const auto& channel : channels_) {
    if (domain::is_valid_slug(channel)) sql += ", '" + channel + "'";
  }
  return sql + ")";
}

WorkItem WorkLists::read(const TypeSpec& type, const soci::row& row, std::int64_t& last_audit_id) const {
  WorkItem out;
  out.type = &type;
  std::size_t column = 0;
  out.key = type.numeric_key() ? std::to_string(int_at(row, column)) : pages::queries::text_at(row, column);
  ++column;
  out.title = optional_text_at(row, column++).value_or("");
  Item item;
  if (publishable(type)) {
    item.published = int_at(row, column++) != 0;
    item.publish_at = optional_int_at(row, column++);
    item.unpublish_at = optional_int_at(row, column++);
    out.has_draft = int_at(row, column++) != 0;
  }
  out.state = state_at(type, item, now_);
  out.publish_at = item.publish_at;
  last_audit_id = int_at(row, column);
  return out;
}

std::optional<LastEdit> WorkLists::edit(std::int64_t audit_id) {
  if (audit_id == 0) return std::nullopt;
  long long at = 0;
  long long user_id = 0;
  soci::indicator user_ind = soci::i_ok;
  std::string name;
  long long id = audit_id;
  session_ << "SELECT at, user_id, user_name FROM admin_audit_log WHERE id = :id", soci::into(at),
      soci::into(user_id, user_ind), soci::into(name), soci::use(id);
  if (!session_.got_data()) return std::nullopt;
  return LastEdit{at, user_ind == soci::i_ok ? user_id : 0, name};
}

std::vector<WorkItem> WorkLists::items(const WorkList& list, std::size_t limit) {
  struct Found {
    WorkItem item;
    std::int64_t last_audit_id = 0;
  };
  std::vector<Found> found;
  const auto limit_sql = " LIMIT " + std::to_string(limit);
  for (const auto& type : content_types()) {
    if (!publishable(type)) continue;
    const auto order = list.order == WorkOrder::newest_edit
                           ? " ORDER BY last_audit_id DESC, t." + type.key_column
                           : " ORDER BY t." + publish_column(type) + ", t." + type.key_column;
    auto sql = select_sql(type);
    sql += " AND (" + list.condition(type) + ")";
    sql += channel_condition(type);
    sql += order;
    sql += limit_sql;
    soci::rowset<soci::row> rows = session_.prepare << sql;
    for (const auto& row : rows) {
      Found next;
      next.item = read(type, row, next.last_audit_id);
      found.push_back(std::move(next));
    }
  }
  // Each type gave its first `limit`; of all of them the first `limit` across the types.
  std::ranges::stable_sort(found, [&list](const Found& a, const Found& b) {
    if (list.order == WorkOrder::newest_edit) return a.last_audit_id > b.last_audit_id;
    return a.item.publish_at.value_or(0) < b.item.publish_at.value_or(0);
  });
  if (found.size() > limit) found.resize(limit);
  std::vector<WorkItem> out;
  for (auto& next : found) {
    next.item.last_edit = edit(next.last_audit_id);
    out.push_back(std::move(next.item));
  }
  return out;
}

std::optional<WorkItem> WorkLists::find(const TypeSpec& type, const std::string& key) {
  std::optional<WorkItem> found;
  std::int64_t last_audit_id = 0;
  const bool numeric = type.numeric_key();
  long long id = 0;
  if (numeric) {
    const auto parsed = api::parse_id(key);
    if (!parsed) return std::nullopt;
    id = *parsed;
  }
  const auto sql = select_sql(type) + " AND t." + type.key_column + " = :k" + channel_condition(type);
  if (numeric) {
    soci::rowset<soci::row> rows = (session_.prepare << sql, soci::use(id));
    for (const auto& row : rows) found = read(type, row, last_audit_id);
  } else {
    soci::rowset<soci::row> rows = (session_.prepare << sql, soci::use(key));
    for (const auto& row : rows) found = read(type, row, last_audit_id);
  }
  if (found) found->last_edit = edit(last_audit_id);
  return found;
}

std::vector<WorkItem> WorkLists::recently_edited(std::size_t limit) {
  std::string types;
  for (const auto& type : content_types()) types += (types.empty() ? "'" : ", '") + type.name + "'";
  std::vector<WorkItem> out;
  std::set<std::pair<std::string, std::string>> seen;
  long long before = std::numeric_limits<long long>::max();
  for (std::int64_t read_rows = 0; read_rows < kAuditRowsRead && out.size() < limit; read_rows += kAuditBatch) {
    // The newest row of each item comes first; an item seen once is not looked up again.
    std::vector<std::pair<std::string, std::string>> batch;
    long long last_id = 0;
    soci::rowset<soci::row> rows =
        (session_.prepare << "SELECT id, item_type, item_id FROM admin_audit_log WHERE item_type IN (" + types +
                                 ") AND id < :b ORDER BY id DESC LIMIT " + std::to_string(kAuditBatch),
         soci::use(before));
    for (const auto& row : rows) {
      last_id = int_at(row, 0);
      batch.emplace_back(pages::queries::text_at(row, 1), pages::queries::text_at(row, 2));
    }
    for (const auto& [type_name, key] : batch) {
      if (out.size() >= limit) break;
      if (!seen.insert({type_name, key}).second) continue;
      const auto* type = find_type(type_name);
      if (type == nullptr) continue;
      if (auto item = find(*type, key)) out.push_back(std::move(*item));
    }
    if (batch.size() < static_cast<std::size_t>(kAuditBatch)) break;
    before = last_id;
  }
  return out;
}

}  // namespace ether::content
