#pragma once
// The numbered migrations of the store, embedded from server/src/store/migrations/NNN_name.sql at
// build time, in version order.

#include <string_view>
#include <vector>

namespace ether::store {

struct Migration {
  int version;
  std::string_view name;
  std::string_view sql;  // portable SQL; see Database::dialect_sql
};

/// Every migration, oldest first.
const std::vector<Migration>& migrations();

class Database;

/// Applies the migrations of `list` that `db` lacks, each in its own transaction (what
/// Database::migrate does with migrations(); tests pass lists of their own). A migration that fails
/// is rolled back and throws std::runtime_error naming it; those before it stay applied.
int apply_migrations(Database& db, const std::vector<Migration>& list);

}  // namespace ether::store
