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

}  // namespace ether::store
