#include "content/content_drafts.hpp"

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

}  // namespace ether::content
