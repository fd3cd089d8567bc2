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
#include "store/store_catalog.hpp"
#include "support/postgres_database.hpp"

namespace ether::store {
namespace {

using Column = ColumnInfo;

std::vector<std::string> tables(Database& db) {
  auto lease = db.lease();
  return table_names(*lease, db.dialect());
}

std::vector<Column> columns(Database& db, const std::string& table) {
  auto lease = db.lease();
  return table_columns(*lease, db.dialect(), table);
}

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
                (column.integer ? std::string("7007") : "'" + table + "." + column.name + " voor de upgrade'");
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

// The migrations 001..`version`: the store an Ether of that schema made.
std::vector<Migration> migrations_up_to(int version) {
  std::vector<Migration> older;
  for (const auto& migration : migrations()) {
    if (migration.version <= version) older.push_back(migration);
  }
  return older;
}

// From schema `version` to the current one: every table, row and value stays.
void upgrade_keeps_every_row(Database& db, int version) {
  const auto older = migrations_up_to(version);
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

// The steps of migrations that add to stored rows, each checked on the rows filled before it.
// 026: every revision saved before gets a label column, empty (no label) until an editor gives one.
void migration_026_leaves_every_revision_unlabelled(Database& db) {
  const auto older = migrations_up_to(25);
  without_foreign_key_checks(db);
  apply_migrations(db, older);
  fill(db);
  db.migrate();
  EXPECT_EQ(strings(db, "SELECT COALESCE(label, '<null>') FROM content_revisions"), std::vector<std::string>{"<null>"});
  EXPECT_EQ(strings(db, "SELECT data FROM content_revisions"),
            std::vector<std::string>{"content_revisions.data voor de upgrade"});
}

TEST(UpgradePath, Migration026LeavesEveryRevisionUnlabelledOnSqlite) {
  test::TempDir dir;
  auto db = Database::open("sqlite:" + (dir.path() / "ether.db").string(), 1);
  migration_026_leaves_every_revision_unlabelled(*db);
}

// Migration 027 (content_presence, issue 37): a store at schema 025 gains the presence table,
// empty, keyed by type, item and account, and keeps every earlier row (above).
void presence_table_arrives_empty(Database& db) {
  const auto older = migrations_up_to(25);
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

// Migration 037 (content_workflow, issue 54): the items created before know their author from the
// audit log's latest 'create' row of the item (a key used again after a removal: its newest), and
// nothing else becomes a content item's author (an account's 'create', an 'update').
void migration_037_takes_each_author_from_the_audit_log(Database& db) {
  apply_migrations(db, migrations_up_to(36));
  {
    auto lease = db.lease();
    *lease << "INSERT INTO admin_audit_log (at, user_id, user_name, item_type, item_id, action, changes) VALUES "
              "(10, 5, 'Rita', 'articles', '1', 'create', '{}'), "
              "(11, 6, 'Erik', 'articles', '1', 'update', '{}'), "
              "(12, 6, 'Erik', 'articles', '2', 'create', '{}'), "
              "(13, 5, 'Rita', 'articles', '2', 'create', '{}'), "
              "(14, NULL, 'ether-server', 'presenters', 'anna', 'create', '{}'), "
              "(15, 6, 'Erik', 'user', '9', 'create', '{}')";
  }
  db.migrate();
  EXPECT_EQ(
      strings(db,
              "SELECT item_type || ' ' || item_key || ' ' || COALESCE(CAST(author_id AS TEXT), '-') || ' ' || "
              "author_name || ' [' || review_status || ']' FROM content_workflow ORDER BY item_type, item_key"),
      (std::vector<std::string>{"articles 1 5 Rita []", "articles 2 5 Rita []", "presenters anna - ether-server []"}));
}

TEST(UpgradePath, Migration037TakesEachAuthorFromTheAuditLogOnSqlite) {
  test::TempDir dir;
  auto db = Database::open("sqlite:" + (dir.path() / "ether.db").string(), 1);
  migration_037_takes_each_author_from_the_audit_log(*db);
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
                                                       {"Migration026LeavesEveryRevisionUnlabelled",
                                                        [] {
                                                          test::FreshPostgresDatabase database("upgrade026");
                                                          auto db = Database::open(database.url(), 1);
                                                          migration_026_leaves_every_revision_unlabelled(*db);
                                                        }},
                                                       {"Step027AddsThePresenceTable",
                                                        [] {
                                                          test::FreshPostgresDatabase database("upgrade027");
                                                          auto db = Database::open(database.url(), 1);
                                                          presence_table_arrives_empty(*db);
                                                        }},
                                                       {"Migration037TakesEachAuthorFromTheAuditLog", [] {
                                                          test::FreshPostgresDatabase database("upgrade037");
                                                          auto db = Database::open(database.url(), 1);
                                                          migration_037_takes_each_author_from_the_audit_log(*db);
                                                        }}});

}  // namespace
}  // namespace ether::store
