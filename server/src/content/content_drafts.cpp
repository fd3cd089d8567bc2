#include "content/content_drafts.hpp"

#include <boost/json/parse.hpp>

#include "content/content_store.hpp"
#include "content/content_validation.hpp"
#include "pages/queries/rows.hpp"

namespace ether::content {
namespace queries = pages::queries;

std::optional<Draft> DraftRepository::find(const std::string& type, const std::string& key) {
  std::optional<Draft> found;
  queries::for_each_row(session_,
                        "SELECT base_version, values_json, saved_at, saved_by FROM content_drafts "
                        "WHERE item_type = :t AND item_key = :k",
                        {type, key}, [&](const soci::row& row) {
                          found = Draft{queries::int_at(row, 0), queries::text_at(row, 1), queries::int_at(row, 2),
                                        queries::text_at(row, 3)};
                        });
  return found;
}

void DraftRepository::put(const std::string& type, const std::string& key, const Draft& draft) {
  remove(type, key);
  long long base = draft.base_version;
  long long at = draft.saved_at;
  session_ << "INSERT INTO content_drafts (item_type, item_key, base_version, values_json, saved_at, saved_by) "
              "VALUES (:t, :k, :b, :v, :a, :s)",
      soci::use(type), soci::use(key), soci::use(base), soci::use(draft.values_json), soci::use(at),
      soci::use(draft.saved_by);
}

bool DraftRepository::remove(const std::string& type, const std::string& key) {
  soci::statement statement = (session_.prepare << "DELETE FROM content_drafts WHERE item_type = :t AND item_key = :k",
                               soci::use(type), soci::use(key));
  statement.execute(true);
  return statement.get_affected_rows() > 0;
}

std::string has_draft_sql(const TypeSpec& type, const std::string& row) {
  // The type's name and key column come from the built-in types (content_types.cpp), never from a request.
  return "CASE WHEN EXISTS (SELECT 1 FROM content_drafts d WHERE d.item_type = '" + type.name +
         "' AND d.item_key = CAST(" + row + "." + type.key_column + " AS TEXT)) THEN 1 ELSE 0 END";
}

DraftShown::DraftShown(soci::session& session, const TypeSpec& type, const std::string& key) {
  const auto draft = DraftRepository(session).find(type.name, key);
  if (!draft) return;
  boost::system::error_code failed;
  auto parsed = boost::json::parse(draft->values_json, failed);
  if (failed || !parsed.is_object()) return;
  // Only an item with a draft takes the write lock, and only until the preview is read.
  transaction_.emplace(session);
  ContentStore store(session, type);
  const auto item = store.find(key);
  if (!item) return;
  auto validated = validate(type, parsed.get_object(), &*item, store);
  if (!validated.errors.empty()) return;
  if (store.update(key, item->version, validated.row) != WriteResult::done) return;
  for (const auto& links : validated.links) store.relate(*links.field, *item, links.targets);
  shown_ = true;
}

}  // namespace ether::content
