#pragma once
// Store scenarios (tests written against a store::Database) run again on PostgreSQL: each on its
// own fresh, migrated database, registered like every other PostgreSQL test.

#include <functional>
#include <utility>
#include <vector>

#include "postgres_database.hpp"
#include "store/database.hpp"

namespace ether::test {

using StoreScenario = void (*)(store::Database&);

/// The test bodies of `scenarios` (name, scenario), each on a fresh database labelled `label`;
/// pass them to register_postgres_tests.
inline std::vector<std::pair<const char*, std::function<void()>>> on_fresh_postgres(
    const char* label, const std::vector<std::pair<const char*, StoreScenario>>& scenarios) {
  std::vector<std::pair<const char*, std::function<void()>>> out;
  for (const auto& [name, scenario] : scenarios) {
    out.emplace_back(name, [label, scenario = scenario] {
      FreshPostgresDatabase database(label, Schema::current);
      auto db = store::Database::open(database.url(), 2);
      db->migrate();
      scenario(*db);
    });
  }
  return out;
}

}  // namespace ether::test
