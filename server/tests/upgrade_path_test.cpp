// Upgrades keep every row and every field (issue 40): for each earlier schema version N, a store
// built by migrations 001..N and filled with a row in every table (every column given a value of
// its type) is migrated to the current version; every row of every table is then still there with
// every value it had. A migration added later is covered by the loop without a change here; one
// that means to change stored rows must say so in this test. On SQLite and on PostgreSQL.

#include <gtest/gtest.h>

#include <algorithm>
#include <map>
#include <set>
#include <string>
#include <vector>

#include "http_test_support.hpp"
#include "store/database.hpp"
#include "store/migrations.hpp"
#include "support/postgres_database.hpp"

namespace ether::store {
namespace {

struct Column {
  std::string name;
  bool numeric = false;
};

std::vector<std::string> strings(Database& db, const std::string& sql) {
  std::vector<std::string> out;
  auto lease = db.lease();
  std::string value;
  soci::indicator ind = soci::i_ok;
  soci::statement st = (lease->prepare << sql, soci::into(value, ind));
  st.execute();
  while (st.fetch()) out.push_back(ind == soci::i_null ? std::string("<null>") : value);
  return out;
}

std::vector<std::string> tables(Database& db) {
  auto names = strings(db, db.dialect() == Dialect::sqlite
                               ? "SELECT name FROM sqlite_master WHERE type = 'table' AND name NOT LIKE 'sqlite_%'"
                               : "SELECT table_name FROM information_schema.tables WHERE table_schema = "
                                 "current_schema() AND table_type = 'BASE TABLE'");
  std::erase(names, "schema_migrations");
  std::sort(names.begin(), names.end());
  return names;
}

std::vector<Column> columns(Database& db, const std::string& table) {
  std::vector<Column> out;
  auto lease = db.lease();
  std::string name;
  std::string type;
  if (db.dialect() == Dialect::sqlite) {
    // PRAGMA table_info: cid, name, type, notnull, dflt_value, pk.
    soci::rowset<soci::row> rows = (lease->prepare << "PRAGMA table_info(" + table + ")");
    for (const auto& row : rows) {
      type = row.get<std::string>(2);
      std::transform(type.begin(), type.end(), type.begin(), ::toupper);
      out.push_back({row.get<std::string>(1), type.find("INT") != std::string::npos});
    }
  } else {
    soci::statement st =
        (lease->prepare << "SELECT column_name, data_type FROM information_schema.columns WHERE table_schema = "
                           "current_schema() AND table_name = :t ORDER BY ordinal_position",
         soci::into(name), soci::into(type), soci::use(table));
    st.execute();
    while (st.fetch()) out.push_back({name, type.find("int") != std::string::npos});
  }
  return out;
}

// Every row of `table` as text, each value read as the store casts it (so that both reads compare
// like with like), limited to `cols`; sorted.
std::vector<std::string> rows_of(Database& db, const std::string& table, const std::vector<Column>& cols) {
  std::string select = "SELECT ";
  for (std::size_t i = 0; i < cols.size(); ++i) {
    select += (i == 0 ? "" : " || '|' || ") + std::string("COALESCE(CAST(") + cols[i].name + " AS TEXT), '<null>')";
  }
  auto rows = strings(db, select + " FROM " + table);
  std::sort(rows.begin(), rows.end());
  return rows;
}

// A row in every table, every column given a value of its type: numbers that no seeded row uses as
// a key, texts that name their column. Foreign keys are not checked while filling and migrating
// (the store's own rows would otherwise be needed in the right order); no migration has a CHECK.
void fill(Database& db) {
  for (const auto& table : tables(db)) {
    std::string names;
    std::string values;
    for (const auto& column : columns(db, table)) {
      names += (names.empty() ? "" : ", ") + column.name;
      values += (values.empty() ? "" : ", ") +
                (column.numeric ? std::string("7007") : "'" + table + "." + column.name + " voor de upgrade'");
    }
    std::string insert = "INSERT INTO ";
    insert.append(table).append(" (").append(names).append(") VALUES (").append(values).append(")");
    auto lease = db.lease();
    *lease << insert;
  }
}

void without_foreign_key_checks(Database& db) {
  auto lease = db.lease();
  if (db.dialect() == Dialect::sqlite) {
    *lease << "PRAGMA foreign_keys=OFF";
  } else {
    *lease << "SET session_replication_role = replica";
  }
}

// From schema `version` to the current one: every table, row and value stays.
void upgrade_keeps_every_row(Database& db, int version) {
  std::vector<Migration> older;
  for (const auto& migration : migrations()) {
    if (migration.version <= version) older.push_back(migration);
  }
  without_foreign_key_checks(db);
  apply_migrations(db, older);
  ASSERT_EQ(db.schema_version(), version);
  fill(db);
  std::map<std::string, std::pair<std::vector<Column>, std::vector<std::string>>> before;
  for (const auto& table : tables(db)) {
    auto cols = columns(db, table);
    before[table] = {cols, rows_of(db, table, cols)};
  }
  db.migrate();
  ASSERT_EQ(db.schema_version(), migrations().back().version);
  const auto now = tables(db);
  for (const auto& [table, kept] : before) {
    ASSERT_TRUE(std::find(now.begin(), now.end(), table) != now.end()) << "table " << table << " is gone";
    const auto& [cols, rows] = kept;
    EXPECT_FALSE(rows.empty()) << table;
    EXPECT_EQ(rows_of(db, table, cols), rows) << "table " << table << ", from schema " << version;
  }
}

std::vector<int> earlier_versions() {
  std::vector<int> out;
  for (const auto& migration : migrations()) out.push_back(migration.version);
  out.pop_back();
  return out;
}

TEST(UpgradePath, EveryEarlierSchemaKeepsEveryRowOnSqlite) {
  for (int version : earlier_versions()) {
    SCOPED_TRACE("from schema " + std::to_string(version));
    test::TempDir dir;
    auto db = Database::open("sqlite:" + (dir.path() / "ether.db").string(), 1);
    upgrade_keeps_every_row(*db, version);
  }
}

// Migration 027 (content_presence, issue 37): a store at schema 025 gains the presence table,
// empty, keyed by type, item and account, and keeps every earlier row (above).
void presence_table_arrives_empty(Database& db) {
  std::vector<Migration> older;
  for (const auto& migration : migrations()) {
    if (migration.version <= 25) older.push_back(migration);
  }
  apply_migrations(db, older);
  auto before = tables(db);
  EXPECT_TRUE(std::find(before.begin(), before.end(), "content_presence") == before.end());
  db.migrate();
  auto after = tables(db);
  ASSERT_TRUE(std::find(after.begin(), after.end(), "content_presence") != after.end());
  std::vector<std::string> names;
  for (const auto& column : columns(db, "content_presence")) names.push_back(column.name);
  EXPECT_EQ(names, (std::vector<std::string>{"content_type", "item_key", "user_id", "seen_at"}));
  EXPECT_EQ(strings(db, "SELECT CAST(COUNT(*) AS TEXT) FROM content_presence"), std::vector<std::string>{"0"});
}

TEST(UpgradePath, Step027AddsThePresenceTableOnSqlite) {
  test::TempDir dir;
  auto db = Database::open("sqlite:" + (dir.path() / "ether.db").string(), 1);
  presence_table_arrives_empty(*db);
}

const bool registered = test::register_postgres_tests("UpgradePathPostgreSQL", __FILE__,
                                                      {{"EveryEarlierSchemaKeepsEveryRow",
                                                        [] {
                                                          for (int version : earlier_versions()) {
                                                            SCOPED_TRACE("from schema " + std::to_string(version));
                                                            test::FreshPostgresDatabase database("upgrade");
                                                            auto db = Database::open(database.url(), 1);
                                                            upgrade_keeps_every_row(*db, version);
                                                          }
                                                        }},
                                                       {"Step027AddsThePresenceTable", [] {
                                                          test::FreshPostgresDatabase database("upgrade027");
                                                          auto db = Database::open(database.url(), 1);
                                                          presence_table_arrives_empty(*db);
                                                        }}});

}  // namespace
}  // namespace ether::store
