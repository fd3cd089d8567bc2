#include "admin/audit_log.hpp"

#include <algorithm>
#include <boost/json/parse.hpp>
#include <boost/json/serialize.hpp>
#include <utility>

#include "content/content_types.hpp"
#include "store/content_version.hpp"
#include "store/like_pattern.hpp"

namespace ether::admin {

namespace {

// The rows a reader limited to `channels` may see (see AuditFilter::channels), as SQL. The slugs
// are written into it: only ones of slug characters are taken, so nothing else can be.
std::string channel_condition(const std::vector<std::string>& channels) {
  if (channels.empty()) return {};
  std::string list;
  for (const auto& slug : channels) {
    const bool plain = !slug.empty() && std::all_of(slug.begin(), slug.end(), [](char c) {
      return (c >= 'a' && c <= 'z') || (c >= '0' && c <= '9') || c == '-' || c == '_';
    });
    if (!plain) continue;
    list += (list.empty() ? "'" : ", '") + slug + "'";
  }
  if (list.empty()) list = "''";
  std::string unbound;
  std::string bound;
  for (const auto& type : content::content_types()) {
    if (type.channel_field.empty()) {
      unbound += (unbound.empty() ? "'" : ", '") + type.name + "'";
      continue;
    }
    const auto field = std::find_if(type.fields.begin(), type.fields.end(),
                                    [&](const content::FieldSpec& f) { return f.name == type.channel_field; });
    if (field == type.fields.end()) continue;
    const std::string key = type.numeric_key() ? "CAST(x." + type.key_column + " AS TEXT)" : "x." + type.key_column;
    bound.append(" OR (item_type = '")
        .append(type.name)
        .append("' AND EXISTS (SELECT 1 FROM ")
        .append(type.table)
        .append(" x WHERE ")
        .append(key)
        .append(" = admin_audit_log.item_id AND x.")
        .append(field->column)
        .append(" IN (")
        .append(list)
        .append(")))");
  }
  return " AND (item_type IN (" + (unbound.empty() ? std::string("''") : unbound) + ", 'media')" + bound + ")";
}

}  // namespace

void record_content_change(soci::session& session, const Actor& actor, std::int64_t at, const std::string& item_type,
                           const std::string& item_id, const std::string& action, const boost::json::object& changes) {
  AuditLog(session).record(actor, at, item_type, item_id, action, changes);
  store::bump_content_version(session);
}

void record_content_purge(soci::session& session, const Actor& actor, std::int64_t at, const std::string& item_type,
                          const std::string& item_id, const boost::json::value& title) {
  std::vector<std::pair<long long, std::string>> rows;
  {
    long long id = 0;
    std::string changes;
    soci::statement st = (session.prepare << "SELECT id, changes FROM admin_audit_log WHERE item_type = :t AND "
                                             "item_id = :i",
                          soci::into(id), soci::into(changes), soci::use(item_type), soci::use(item_id));
    st.execute();
    while (st.fetch()) rows.emplace_back(id, changes);
  }
  for (auto& [id, text] : rows) {
    boost::system::error_code ec;
    auto parsed = boost::json::parse(text, ec);
    if (ec || !parsed.is_object()) continue;
    boost::json::object kept;
    for (const auto& [field, change] : parsed.get_object()) {
      kept[field] = boost::json::object{{"before", nullptr}, {"after", nullptr}};
    }
    const std::string stripped = boost::json::serialize(kept);
    session << "UPDATE admin_audit_log SET changes = :c WHERE id = :i", soci::use(stripped), soci::use(id);
  }
  boost::json::object changes;
  add_change(changes, "title", title, nullptr);
  record_content_change(session, actor, at, item_type, item_id, "purge", changes);
}

std::int64_t AuditLog::record(const Actor& actor, std::int64_t at, const std::string& item_type,
                              const std::string& item_id, const std::string& action,
                              const boost::json::object& changes) {
  return store::record_audit_entry(session_, actor, at, item_type, item_id, action, changes);
}

AuditPage AuditLog::query(const AuditFilter& filter, std::int64_t page, std::int64_t page_size) {
  // Absent filters become "match anything" through the bound flags, so one statement serves
  // every combination and every value stays bound.
  int any_user = filter.user_id ? 0 : 1;
  long long user = filter.user_id.value_or(0);
  int any_type = filter.item_type.empty() ? 1 : 0;
  int any_id = filter.item_id.empty() ? 1 : 0;
  int any_name = filter.user_name.empty() ? 1 : 0;
  const std::string name = store::contains_pattern(filter.user_name);
  const std::string where =
      " WHERE (:au = 1 OR user_id = :u) AND (:at = 1 OR item_type = :t) AND (:ai = 1 OR item_id = :i)"
      " AND (:an = 1 OR LOWER(user_name) LIKE :n" +
      std::string(store::kLikeEscape) + ")" + channel_condition(filter.channels);
  AuditPage result;
  long long total = 0;
  session_ << "SELECT COUNT(*) FROM admin_audit_log" + where, soci::use(any_user), soci::use(user), soci::use(any_type),
      soci::use(filter.item_type), soci::use(any_id), soci::use(filter.item_id), soci::use(any_name), soci::use(name),
      soci::into(total);
  result.total = total;
  long long limit = page_size;
  long long offset = (page - 1) * page_size;
  AuditEntry row;
  long long id = 0;
  long long at = 0;
  long long user_id = 0;
  soci::indicator user_ind = soci::i_ok;
  std::string changes;
  soci::statement st =
      (session_.prepare << "SELECT id, at, user_id, user_name, item_type, item_id, action, changes FROM "
                           "admin_audit_log" +
                               where + " ORDER BY id DESC LIMIT :l OFFSET :o",
       soci::into(id), soci::into(at), soci::into(user_id, user_ind), soci::into(row.user_name),
       soci::into(row.item_type), soci::into(row.item_id), soci::into(row.action), soci::into(changes),
       soci::use(any_user), soci::use(user), soci::use(any_type), soci::use(filter.item_type), soci::use(any_id),
       soci::use(filter.item_id), soci::use(any_name), soci::use(name), soci::use(limit), soci::use(offset));
  st.execute();
  while (st.fetch()) {
    AuditEntry entry = row;
    entry.id = id;
    entry.at = at;
    entry.user_id = user_ind == soci::i_ok ? user_id : 0;
    boost::system::error_code ec;
    auto parsed = boost::json::parse(changes, ec);
    if (!ec && parsed.is_object()) entry.changes = parsed.get_object();
    result.entries.push_back(std::move(entry));
  }
  return result;
}

}  // namespace ether::admin
