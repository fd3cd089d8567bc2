#include "content/last_edits.hpp"

#include "pages/queries/rows.hpp"

namespace ether::content {
namespace queries = pages::queries;

std::map<std::string, LastEdit> last_edits(soci::session& session, const std::string& type,
                                           const std::vector<std::string>& keys) {
  std::map<std::string, LastEdit> out;
  if (keys.empty()) return out;
  std::vector<std::string> binds{type};
  binds.insert(binds.end(), keys.begin(), keys.end());
  binds.push_back(type);
  queries::for_each_row(session,
                        "SELECT item_id, at, user_id, user_name FROM admin_audit_log WHERE id IN (SELECT MAX(id) "
                        "FROM admin_audit_log WHERE item_type = :t AND item_id IN (" +
                            queries::placeholders(keys.size()) + ") GROUP BY item_id) AND item_type = :t2",
                        binds, [&](const soci::row& row) {
                          out.emplace(queries::text_at(row, 0),
                                      LastEdit{queries::int_at(row, 1), queries::optional_int_at(row, 2).value_or(0),
                                               queries::optional_text_at(row, 3).value_or("")});
                        });
  return out;
}

std::string last_audit_id_sql(const TypeSpec& type, const std::string& row) {
  // The type's name and columns come from the built-in types (content_types.cpp), never from a request.
  return "COALESCE((SELECT MAX(a.id) FROM admin_audit_log a WHERE a.item_type = '" + type.name +
         "' AND a.item_id = CAST(" + row + "." + type.key_column + " AS TEXT)), 0)";
}

}  // namespace ether::content
