#include "store/store_catalog.hpp"

#include <algorithm>
#include <cctype>
#include <set>

namespace ether::store {

namespace {

std::vector<std::string> strings(soci::session& session, const std::string& sql) {
  std::vector<std::string> out;
  std::string value;
  soci::statement st = (session.prepare << sql, soci::into(value));
  st.execute();
  while (st.fetch()) out.push_back(value);
  return out;
}

}  // namespace

std::vector<std::string> table_names(soci::session& session, Dialect dialect) {
  auto names = strings(session, dialect == Dialect::sqlite
                                    ? "SELECT name FROM sqlite_master WHERE type = 'table' AND name NOT LIKE 'sqlite_%'"
                                    : "SELECT table_name FROM information_schema.tables WHERE table_schema = "
                                      "current_schema() AND table_type = 'BASE TABLE'");
  std::erase(names, "schema_migrations");
  std::sort(names.begin(), names.end());
  return names;
}

std::vector<ColumnInfo> table_columns(soci::session& session, Dialect dialect, const std::string& table) {
  std::vector<ColumnInfo> out;
  std::string name;
  std::string type;
  // PRAGMA table_info cannot take its table as a bound value; `table` comes from table_names().
  soci::statement st =
      dialect == Dialect::sqlite
          ? (session.prepare << "SELECT name, type FROM pragma_table_info('" + table + "') ORDER BY cid",
             soci::into(name), soci::into(type))
          : (session.prepare << "SELECT column_name, data_type FROM information_schema.columns WHERE table_schema = "
                                "current_schema() AND table_name = :t ORDER BY ordinal_position",
             soci::into(name), soci::into(type), soci::use(table));
  st.execute();
  while (st.fetch()) {
    std::transform(type.begin(), type.end(), type.begin(), [](unsigned char c) { return std::toupper(c); });
    out.push_back({name, type.find("INT") != std::string::npos});
  }
  return out;
}

std::vector<std::pair<std::string, std::string>> foreign_keys(soci::session& session, Dialect dialect) {
  std::vector<std::pair<std::string, std::string>> out;
  std::string from;
  std::string to;
  soci::statement st =
      dialect == Dialect::sqlite
          ? (session.prepare << "SELECT m.name, f.\"table\" FROM sqlite_master m, pragma_foreign_key_list(m.name) f "
                                "WHERE m.type = 'table'",
             soci::into(from), soci::into(to))
          : (session.prepare << "SELECT DISTINCT tc.table_name, ccu.table_name FROM "
                                "information_schema.table_constraints tc JOIN "
                                "information_schema.constraint_column_usage ccu ON tc.constraint_name = "
                                "ccu.constraint_name AND tc.constraint_schema = ccu.constraint_schema WHERE "
                                "tc.constraint_type = 'FOREIGN KEY' AND tc.table_schema = current_schema()",
             soci::into(from), soci::into(to));
  st.execute();
  while (st.fetch()) out.emplace_back(from, to);
  return out;
}

std::vector<std::string> referenced_first(const std::vector<std::string>& tables,
                                          const std::vector<std::pair<std::string, std::string>>& keys) {
  std::vector<std::string> ordered;
  std::set<std::string> placed;
  // Repeatedly place the first table whose references are all placed: tables are few (tens), so
  // the quadratic walk costs nothing, and ties keep the given order.
  while (ordered.size() < tables.size()) {
    bool progress = false;
    for (const auto& table : tables) {
      if (placed.contains(table)) continue;
      const bool ready = std::all_of(keys.begin(), keys.end(), [&](const auto& key) {
        return key.first != table || key.second == table || placed.contains(key.second) ||
               std::find(tables.begin(), tables.end(), key.second) == tables.end();
      });
      if (!ready) continue;
      ordered.push_back(table);
      placed.insert(table);
      progress = true;
      break;
    }
    // A cycle between tables (the schema has none): the rest in the given order.
    if (!progress) {
      for (const auto& table : tables) {
        if (!placed.contains(table)) ordered.push_back(table);
      }
      break;
    }
  }
  return ordered;
}

}  // namespace ether::store
