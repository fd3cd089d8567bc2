#pragma once
// What a store's own catalog says about its tables: their names, their columns and the foreign
// keys between them, read the same way from SQLite and PostgreSQL. Used where code must walk every
// table without naming each one: copying a store into another kind (backup/store_copy.hpp) and the
// upgrade test.

#include <soci/soci.h>

#include <string>
#include <utility>
#include <vector>

#include "store/database.hpp"

namespace ether::store {

struct ColumnInfo {
  std::string name;
  bool integer = false;  // an INTEGER or BIGINT column; otherwise TEXT (the schema has no other types)
};

/// Every table of the store but SQLite's own and schema_migrations, sorted by name.
std::vector<std::string> table_names(soci::session& session, Dialect dialect);

/// The columns of `table` in their declared order.
std::vector<ColumnInfo> table_columns(soci::session& session, Dialect dialect, const std::string& table);

/// Each foreign key as (the table that refers, the table it refers to); a table that refers to
/// itself is listed too.
std::vector<std::pair<std::string, std::string>> foreign_keys(soci::session& session, Dialect dialect);

/// `tables` ordered so that every table comes after the tables it refers to (a table's reference
/// to itself aside); ties keep their order in `tables`.
std::vector<std::string> referenced_first(const std::vector<std::string>& tables,
                                          const std::vector<std::pair<std::string, std::string>>& keys);

}  // namespace ether::store
