#include "content/content_store.hpp"

#include <boost/json/parse.hpp>
#include <boost/json/serialize.hpp>
#include <deque>

#include "api/json_error.hpp"
#include "content/content_drafts.hpp"
#include "content/content_workflow.hpp"
#include "domain/time.hpp"
#include "pages/queries/rows.hpp"
#include "store/like_pattern.hpp"
#include "store/publication.hpp"

namespace ether::content {
namespace json = boost::json;
using pages::queries::optional_int_at;
using pages::queries::optional_text_at;

namespace {

// Values bound by position to a statement whose number of placeholders depends on the type;
// the deques keep every bound variable at a fixed address until the statement has run.
class Binds {
 public:
  void add(const Value& value) {
    if (const auto* number = std::get_if<long long>(&value)) {
      numbers_.push_back(*number);
      entries_.push_back({true, numbers_.size() - 1, add_indicator(soci::i_ok)});
    } else if (const auto* text = std::get_if<std::string>(&value)) {
      texts_.push_back(*text);
      entries_.push_back({false, texts_.size() - 1, add_indicator(soci::i_ok)});
    } else {
      texts_.emplace_back();
      entries_.push_back({false, texts_.size() - 1, add_indicator(soci::i_null)});
    }
  }

  template <typename Prepared>
  void apply(Prepared& prepared) {
    for (const auto& entry : entries_) {
      if (entry.number) {
        prepared, soci::use(numbers_[entry.index], indicators_[entry.indicator]);
      } else {
        prepared, soci::use(texts_[entry.index], indicators_[entry.indicator]);
      }
    }
  }

 private:
  struct Entry {
    bool number;
    std::size_t index;
    std::size_t indicator;
  };
  std::size_t add_indicator(soci::indicator ind) {
    indicators_.push_back(ind);
    return indicators_.size() - 1;
  }
  std::deque<long long> numbers_;
  std::deque<std::string> texts_;
  std::deque<soci::indicator> indicators_;
  std::vector<Entry> entries_;
};

template <typename OnRow>
void query_rows(soci::session& session, const std::string& sql, Binds& binds, OnRow&& on_row) {
  auto prepared = (session.prepare << sql);
  binds.apply(prepared);
  soci::rowset<soci::row> rows(prepared);
  for (const auto& row : rows) on_row(row);
}

long long execute(soci::session& session, const std::string& sql, Binds& binds) {
  auto prepared = (session.prepare << sql);
  binds.apply(prepared);
  soci::statement statement(prepared);
  statement.execute(true);
  return statement.get_affected_rows();
}

bool numeric_reference(const FieldSpec& field) { return field.reference_column == "id"; }

bool numeric_column(const FieldSpec& field) {
  return field.kind == FieldKind::integer || field.kind == FieldKind::flag || field.kind == FieldKind::instant ||
         field.kind == FieldKind::audio || (field.kind == FieldKind::reference && numeric_reference(field));
}

// A path's key as the key column holds it; a numeric key that is no whole id ("1.5", "1x") names
// no item (-1), rather than the item its leading digits name.
Value key_value(const TypeSpec& type, const std::string& key) {
  if (!type.numeric_key()) return key;
  return static_cast<long long>(api::parse_id(key).value_or(-1));
}

}  // namespace

json::value to_json(const FieldSpec& field, const Value& value) {
  if (std::holds_alternative<std::monostate>(value)) return nullptr;
  if (const auto* number = std::get_if<long long>(&value)) {
    if (field.kind == FieldKind::flag) return *number != 0;
    if (field.kind == FieldKind::instant) return json::string(domain::format_iso_utc(*number));
    return *number;
  }
  const auto& text = std::get<std::string>(value);
  if (field.kind == FieldKind::blocks) {
    boost::system::error_code ec;
    auto parsed = json::parse(text, ec);
    return !ec && parsed.is_array() ? parsed : json::array{};
  }
  return json::string(text);
}

std::string state_at(const TypeSpec& type, const Item& item, std::int64_t now) {
  if (type.publication == Publication::none) return "online";
  if (!item.published) return "draft";
  if (item.publish_at && *item.publish_at > now) return "scheduled";
  if (item.unpublish_at && *item.unpublish_at <= now) return "expired";
  return "online";
}

std::string ContentStore::flag_column() const { return type_.flag_column; }

std::string ContentStore::publish_column() const {
  return type_.publication == Publication::dated ? "published_at" : "publish_at";
}

std::string ContentStore::select_columns(bool full) const {
  std::string sql = type_.key_column + ", version";
  for (const auto& field : type_.fields) {
    if (in_row(field) && (full || !heavy(field))) sql += ", " + field.column;
  }
  if (type_.publication != Publication::none) sql += ", " + flag_column() + ", " + publish_column() + ", unpublish_at";
  if (type_.archivable) sql += ", archived_at";
  return sql + ", trashed_at, trashed_by";
}

Item ContentStore::read(const soci::row& row, bool full) const {
  Item item;
  std::size_t column = 0;
  item.key =
      type_.numeric_key() ? std::to_string(pages::queries::int_at(row, column)) : pages::queries::text_at(row, column);
  ++column;
  item.version = pages::queries::int_at(row, column++);
  for (const auto& field : type_.fields) {
    if (!in_row(field) || (!full && heavy(field))) continue;
    Value value;
    if (numeric_column(field)) {
      if (auto number = optional_int_at(row, column)) value = static_cast<long long>(*number);
    } else if (auto text = optional_text_at(row, column)) {
      value = *text;
    }
    if (std::holds_alternative<std::monostate>(value) && !field.nullable && field.kind != FieldKind::reference &&
        field.kind != FieldKind::choice) {
      value = numeric_column(field) ? Value(0LL) : Value(std::string());
    }
    item.values[field.name] = to_json(field, value);
    ++column;
  }
  if (type_.publication != Publication::none) {
    item.published = pages::queries::int_at(row, column++) != 0;
    item.publish_at = optional_int_at(row, column++);
    item.unpublish_at = optional_int_at(row, column++);
  }
  if (type_.archivable) item.archived_at = optional_int_at(row, column++);
  item.trashed_at = optional_int_at(row, column++);
  item.trashed_by = optional_text_at(row, column).value_or("");
  return item;
}

ListResult ContentStore::list(const ListQuery& query) {
  Binds binds;
  std::string where = " WHERE trashed_at IS NULL";
  if (!query.text.empty() && !type_.search_fields.empty()) {
    std::string lower;
    for (char c : query.text) lower += static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
    // An ISRC is stored without its hyphens (domain/isrc.hpp) but often typed with them.
    std::string bare;
    for (char c : lower) {
      if (c != '-' && std::isspace(static_cast<unsigned char>(c)) == 0) bare += c;
    }
    where += " AND (";
    bool first = true;
    std::size_t placeholder = 0;
    for (const auto& name : type_.search_fields) {
      const auto* field = type_.field(name);
      if (field == nullptr) continue;
      const bool isrc = field->kind == FieldKind::isrc;
      if (isrc && bare.empty()) continue;
      if (!first) where += " OR ";
      first = false;
      where += "LOWER(" + field->column + ") LIKE :q" + std::to_string(placeholder++) + std::string(store::kLikeEscape);
      binds.add(store::contains_pattern(isrc ? bare : lower));
    }
    // The author's name finds what they wrote (issue 54), for the types written in the admin.
    if (type_.origin.empty()) {
      where += std::string(first ? "" : " OR ") + "EXISTS (SELECT 1 FROM content_workflow w WHERE " +
               workflow_of_row(type_, type_.table) + " AND LOWER(w.author_name) LIKE :qa" +
               std::string(store::kLikeEscape) + ")";
      binds.add(store::contains_pattern(lower));
      first = false;
    }
    where += first ? "1 = 0)" : ")";
  }
  if (query.author_id) {
    where += " AND EXISTS (SELECT 1 FROM content_workflow w WHERE " + workflow_of_row(type_, type_.table) +
             " AND w.author_id = :author)";
    binds.add(static_cast<long long>(*query.author_id));
  }
  if (!query.channels.empty() && !type_.channel_field.empty()) {
    const auto* field = type_.field(type_.channel_field);
    where += " AND " + field->column + " IN (";
    for (std::size_t i = 0; i < query.channels.size(); ++i) {
      where += (i == 0 ? ":c" : ", :c") + std::to_string(i);
      binds.add(query.channels[i]);
    }
    where += ")";
  }
  if (type_.publication != Publication::none && !query.state.empty()) {
    const auto now = std::to_string(query.now);
    const auto flag = flag_column();
    const auto from = publish_column();
    if (query.state == "draft") {
      where += " AND " + flag + " = 0";
    } else if (query.state == "scheduled") {
      where += " AND " + flag + " = 1 AND " + from + " IS NOT NULL AND " + from + " > " + now;
    } else if (query.state == "online") {
      where += " AND " + (type_.publication == Publication::dated ? store::dated_visible("", query.now)
                                                                  : store::switched_visible("", flag, query.now));
    } else if (query.state == "expired") {
      where += " AND " + flag + " = 1 AND (" + from + " IS NULL OR " + from + " <= " + now +
               ") AND unpublish_at IS NOT NULL AND unpublish_at <= " + now;
    } else if (query.state == "waiting") {
      where += " AND " + flag + " = 0 AND " + waiting_condition(type_, type_.table);
    }
  }
  ListResult result;
  query_rows(session_, "SELECT COUNT(*) FROM " + type_.table + where, binds,
             [&](const soci::row& row) { result.total = pages::queries::int_at(row, 0); });
  const auto limit = std::to_string(query.page_size);
  const auto offset = std::to_string((query.page - 1) * query.page_size);
  query_rows(session_,
             "SELECT " + select_columns(false) + ", " + has_draft_sql(type_, type_.table) + " FROM " + type_.table +
                 where + " ORDER BY " + order_sql(type_, query.order, query.now) + " LIMIT " + limit + " OFFSET " +
                 offset,
             binds, [&](const soci::row& row) {
               auto item = read(row, false);
               item.has_draft = pages::queries::int_at(row, row.size() - 1) != 0;
               result.items.push_back(std::move(item));
             });
  std::vector<std::string> keys;
  keys.reserve(result.items.size());
  for (const auto& item : result.items) keys.push_back(item.key);
  const auto workflows = WorkflowRepository(session_).of(type_.name, keys);
  for (auto& item : result.items) {
    if (auto found = workflows.find(item.key); found != workflows.end()) {
      item.author = found->second.author_name;
      item.review = found->second.review;
    }
  }
  if (query.with_last_edit) {
    const auto edits = last_edits(session_, type_.name, keys);
    for (auto& item : result.items) {
      if (auto found = edits.find(item.key); found != edits.end()) item.last_edit = found->second;
    }
  }
  return result;
}

std::vector<Item> ContentStore::came_online(std::int64_t after, std::int64_t until) {
  std::vector<Item> items;
  if (type_.publication == Publication::none) return items;
  const auto from = publish_column();
  Binds binds;
  binds.add(static_cast<long long>(after));
  binds.add(static_cast<long long>(until));
  binds.add(static_cast<long long>(until));
  query_rows(session_,
             "SELECT " + select_columns(false) + " FROM " + type_.table + " WHERE " + flag_column() + " = 1 AND " +
                 from + " > :a AND " + from + " <= :u AND (unpublish_at IS NULL OR unpublish_at > :u2) AND " +
                 "trashed_at IS NULL",
             binds, [&](const soci::row& row) { items.push_back(read(row, false)); });
  return items;
}

std::optional<Item> ContentStore::find(const std::string& key) { return find_where(key, "trashed_at IS NULL"); }

std::optional<Item> ContentStore::find_trashed(const std::string& key) {
  return find_where(key, "trashed_at IS NOT NULL");
}

std::optional<Item> ContentStore::find_where(const std::string& key, const std::string& condition) {
  Binds binds;
  binds.add(key_value(type_, key));
  std::optional<Item> found;
  query_rows(session_,
             "SELECT " + select_columns(true) + " FROM " + type_.table + " WHERE " + type_.key_column + " = :k AND " +
                 condition,
             binds, [&](const soci::row& row) { found = read(row, true); });
  if (found) {
    for (const auto& field : type_.fields) {
      if (!in_row(field)) found->values[field.name] = related(field, *found);
    }
    if (auto workflow = WorkflowRepository(session_).find(type_.name, found->key)) {
      found->author = workflow->author_name;
      found->review = workflow->review;
    }
  }
  return found;
}

Value ContentStore::owner_value(const std::string& column, const Item& item) const {
  // A column named *_slug holds the item's slug; any other holds its id.
  return column.ends_with("_slug") ? Value(std::string(item.values.at("slug").as_string()))
                                   : key_value(type_, item.key);
}

json::array ContentStore::related(const FieldSpec& field, const Item& item) {
  Binds binds;
  binds.add(owner_value(field.link_owner, item));
  json::array out;
  const bool numeric = numeric_reference(field);
  query_rows(session_,
             "SELECT " + field.link_target + " FROM " + field.column + " WHERE " + field.link_owner +
                 " = :o ORDER BY " +
                 (field.link_order.empty() ? field.link_target : field.link_order + ", " + field.link_target),
             binds, [&](const soci::row& row) {
               if (numeric) {
                 out.emplace_back(pages::queries::int_at(row, 0));
               } else {
                 out.emplace_back(pages::queries::text_at(row, 0));
               }
             });
  return out;
}

void ContentStore::relate(const FieldSpec& field, const Item& item, const std::vector<Value>& targets) {
  const auto owner = owner_value(field.link_owner, item);
  Binds remove;
  remove.add(owner);
  execute(session_, "DELETE FROM " + field.column + " WHERE " + field.link_owner + " = :o", remove);
  std::string insert = "INSERT INTO " + field.column + " (" + field.link_owner + ", " + field.link_target;
  insert += field.link_order.empty() ? ") VALUES (:o, :t)" : ", " + field.link_order + ") VALUES (:o, :t, :p)";
  for (std::size_t position = 0; position < targets.size(); ++position) {
    Binds binds;
    binds.add(owner);
    binds.add(targets[position]);
    if (!field.link_order.empty()) binds.add(static_cast<long long>(position));
    execute(session_, insert, binds);
  }
}

std::string ContentStore::insert(const Row& row) {
  Binds binds;
  std::string columns;
  std::string values;
  for (std::size_t i = 0; i < row.size(); ++i) {
    columns += (i == 0 ? "" : ", ") + row[i].first;
    values += (i == 0 ? ":v" : ", :v") + std::to_string(i);
    binds.add(row[i].second);
  }
  const std::string sql = "INSERT INTO " + type_.table + " (" + columns + ") VALUES (" + values + ")";
  if (!type_.numeric_key()) {
    execute(session_, sql, binds);
    for (const auto& [column, value] : row) {
      if (column == type_.key_column) return std::get<std::string>(value);
    }
    return {};
  }
  std::string key;
  query_rows(session_, sql + " RETURNING id", binds,
             [&](const soci::row& r) { key = std::to_string(pages::queries::int_at(r, 0)); });
  return key;
}

WriteResult ContentStore::update(const std::string& key, std::int64_t expected_version, const Row& row) {
  Binds binds;
  std::string sets;
  for (std::size_t i = 0; i < row.size(); ++i) {
    sets += row[i].first + " = :v" + std::to_string(i) + ", ";
    binds.add(row[i].second);
  }
  binds.add(key_value(type_, key));
  binds.add(static_cast<long long>(expected_version));
  const auto changed = execute(session_,
                               "UPDATE " + type_.table + " SET " + sets + "version = version + 1 WHERE " +
                                   type_.key_column + " = :k AND version = :ver",
                               binds);
  if (changed > 0) return WriteResult::done;
  return find(key) ? WriteResult::stale : WriteResult::missing;
}

WriteResult ContentStore::trash(const std::string& key, std::int64_t expected_version, std::int64_t at,
                                const std::string& by) {
  Binds binds;
  binds.add(static_cast<long long>(at));
  binds.add(by);
  binds.add(key_value(type_, key));
  binds.add(static_cast<long long>(expected_version));
  const auto changed = execute(session_,
                               "UPDATE " + type_.table +
                                   " SET trashed_at = :at, trashed_by = :by, version = version + 1 "
                                   "WHERE " +
                                   type_.key_column + " = :k AND version = :ver AND trashed_at IS NULL",
                               binds);
  if (changed > 0) return WriteResult::done;
  return find(key) ? WriteResult::stale : WriteResult::missing;
}

std::vector<Item> ContentStore::trashed() {
  std::vector<Item> items;
  Binds binds;
  query_rows(session_,
             "SELECT " + select_columns(false) + " FROM " + type_.table +
                 " WHERE trashed_at IS NOT NULL ORDER BY trashed_at DESC, " + type_.key_column,
             binds, [&](const soci::row& row) { items.push_back(read(row, false)); });
  return items;
}

bool ContentStore::untrash(const std::string& key) {
  Binds binds;
  binds.add(key_value(type_, key));
  // The version goes up, so that a form still open on the item before it was trashed cannot save over it unseen.
  return execute(session_,
                 "UPDATE " + type_.table + " SET trashed_at = NULL, trashed_by = NULL, version = version + 1 WHERE " +
                     type_.key_column + " = :k AND trashed_at IS NOT NULL",
                 binds) > 0;
}

bool ContentStore::purge(const std::string& key) {
  auto found = find_trashed(key);
  if (!found) return false;
  for (const auto& owned : type_.owns) {
    Binds binds;
    binds.add(owner_value(owned.column, *found));
    execute(session_, "DELETE FROM " + owned.table + " WHERE " + owned.column + " = :k", binds);
  }
  Binds revisions;
  revisions.add(type_.name);
  revisions.add(key);
  execute(session_, "DELETE FROM content_revisions WHERE item_type = :t AND item_id = :i", revisions);
  // An autosave of an item that is gone could only offer to restore into nothing.
  Binds autosaves;
  autosaves.add(type_.name);
  autosaves.add(key);
  execute(session_, "DELETE FROM content_autosaves WHERE content_type = :t AND item_key = :i", autosaves);
  WorkflowRepository(session_).remove(type_.name, key);
  DraftRepository(session_).remove(type_.name, key);
  Binds binds;
  binds.add(key_value(type_, key));
  return execute(session_,
                 "DELETE FROM " + type_.table + " WHERE " + type_.key_column + " = :k AND trashed_at IS NOT NULL",
                 binds) > 0;
}

bool ContentStore::slug_taken(const std::string& slug, const Row& scope, const std::string& except_key) {
  const auto* field = type_.field(type_.slug_field);
  if (field == nullptr) return false;
  Binds binds;
  std::string sql = "SELECT COUNT(*) FROM " + type_.table + " WHERE " + field->column + " = :s";
  binds.add(slug);
  for (std::size_t i = 0; i < scope.size(); ++i) {
    sql += " AND " + scope[i].first + " = :p" + std::to_string(i);
    binds.add(scope[i].second);
  }
  if (!except_key.empty()) {
    sql += " AND " + type_.key_column + " <> :k";
    binds.add(key_value(type_, except_key));
  }
  long long count = 0;
  query_rows(session_, sql, binds, [&](const soci::row& row) { count = pages::queries::int_at(row, 0); });
  return count > 0;
}

bool ContentStore::reference_exists(const FieldSpec& field, const Value& value) {
  const auto* target = find_type(field.reference);
  if (target == nullptr) return false;
  Binds binds;
  binds.add(value);
  long long count = 0;
  query_rows(
      session_,
      "SELECT COUNT(*) FROM " + target->table + " WHERE " + field.reference_column + " = :v AND trashed_at IS NULL",
      binds, [&](const soci::row& row) { count = pages::queries::int_at(row, 0); });
  return count > 0;
}

std::optional<media::MediaItem> ContentStore::media_item(std::int64_t id) {
  return media::MediaRepository(session_).find_stored(id);
}

std::optional<media::MediaItem> ContentStore::library_image(const std::string& content_hash) {
  return media::MediaRepository(session_).find_by_hash(media::MediaKind::image, content_hash);
}

std::optional<media::MediaItem> ContentStore::library_video(const std::string& content_hash) {
  return media::MediaRepository(session_).find_by_hash(media::MediaKind::video, content_hash);
}

std::int64_t ContentStore::references(const Item& item) {
  std::int64_t total = 0;
  for (const auto& reference : type_.referenced_by) {
    Binds binds;
    binds.add(owner_value(reference.column, item));
    query_rows(session_, "SELECT COUNT(*) FROM " + reference.table + " WHERE " + reference.column + " = :v", binds,
               [&](const soci::row& row) { total += pages::queries::int_at(row, 0); });
  }
  return total;
}

void ContentStore::add_revision(const Item& item, std::int64_t at, std::int64_t user_id, const std::string& user_name) {
  Binds binds;
  binds.add(type_.name);
  binds.add(item.key);
  binds.add(static_cast<long long>(item.version));
  binds.add(json::serialize(item.values));
  binds.add(static_cast<long long>(at));
  binds.add(user_id == 0 ? Value() : Value(static_cast<long long>(user_id)));
  binds.add(user_name);
  execute(session_,
          "INSERT INTO content_revisions (item_type, item_id, item_version, data, created_at, user_id, user_name) "
          "VALUES (:t, :i, :v, :d, :a, :u, :n)",
          binds);
}

namespace {

Revision revision_from_row(const soci::row& row) {
  Revision revision;
  revision.id = pages::queries::int_at(row, 0);
  revision.item_version = pages::queries::int_at(row, 1);
  revision.created_at = pages::queries::int_at(row, 2);
  revision.user_name = pages::queries::text_at(row, 3);
  revision.label = pages::queries::optional_text_at(row, 5);
  boost::system::error_code ec;
  auto parsed = json::parse(pages::queries::text_at(row, 4), ec);
  if (!ec && parsed.is_object()) revision.data = parsed.get_object();
  return revision;
}

}  // namespace

std::vector<Revision> ContentStore::revisions(const std::string& key, std::int64_t limit) {
  Binds binds;
  binds.add(type_.name);
  binds.add(key);
  std::vector<Revision> out;
  query_rows(
      session_,
      "SELECT id, item_version, created_at, user_name, data, label FROM content_revisions WHERE item_type = :t AND "
      "item_id = :i ORDER BY id DESC LIMIT " +
          std::to_string(limit),
      binds, [&](const soci::row& row) { out.push_back(revision_from_row(row)); });
  return out;
}

std::optional<Revision> ContentStore::revision(const std::string& key, std::int64_t revision_id) {
  Binds binds;
  binds.add(type_.name);
  binds.add(key);
  binds.add(static_cast<long long>(revision_id));
  std::optional<Revision> found;
  query_rows(
      session_,
      "SELECT id, item_version, created_at, user_name, data, label FROM content_revisions WHERE item_type = :t AND "
      "item_id = :i AND id = :r",
      binds, [&](const soci::row& row) { found = revision_from_row(row); });
  return found;
}

bool ContentStore::label_revision(const std::string& key, std::int64_t revision_id,
                                  const std::optional<std::string>& label) {
  if (!revision(key, revision_id)) return false;
  Binds binds;
  binds.add(label ? Value(*label) : Value());
  binds.add(type_.name);
  binds.add(key);
  binds.add(static_cast<long long>(revision_id));
  execute(session_, "UPDATE content_revisions SET label = :l WHERE item_type = :t AND item_id = :i AND id = :r", binds);
  return true;
}

}  // namespace ether::content
