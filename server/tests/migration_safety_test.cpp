// Upgrades keep every row: a migration that fails is rolled back and named, and before migrations
// run on a store with data the store is copied and checked (backup::backup_before_migrations).

#include <gtest/gtest.h>

#include <filesystem>
#include <vector>

#include "backup/pre_migration.hpp"
#include "backup/store_snapshot.hpp"
#include "http_test_support.hpp"
#include "store/database.hpp"
#include "store/migrations.hpp"
#include "support/postgres_database.hpp"

namespace ether::store {
namespace {

namespace fs = std::filesystem;

std::vector<Migration> all_but_last() {
  auto list = migrations();
  list.pop_back();
  return list;
}

int count_of(Database& db, const std::string& sql) {
  auto lease = db.lease();
  int count = 0;
  *lease << sql, soci::into(count);
  return count;
}

void a_failing_migration_is_rolled_back_and_named(const std::string& url) {
  auto db = Database::open(url, 1);
  db->migrate();
  const int before = db->schema_version();
  const std::vector<Migration> broken{
      {900, "half_done", "CREATE TABLE half_done (id INTEGER);\nINSERT INTO no_such_table VALUES (1);"}};
  try {
    apply_migrations(*db, broken);
    FAIL() << "the broken migration was applied";
  } catch (const std::runtime_error& error) {
    EXPECT_NE(std::string(error.what()).find("migration 900 half_done failed and was rolled back"), std::string::npos)
        << error.what();
  }
  EXPECT_EQ(db->schema_version(), before);
  // Its first statement is gone with it.
  bool created = true;
  try {
    count_of(*db, "SELECT COUNT(*) FROM half_done");
  } catch (const std::exception&) {
    created = false;
  }
  EXPECT_FALSE(created);
}

TEST(MigrationSafety, AFailingMigrationIsRolledBackAndNamedOnSqlite) {
  test::TempDir dir;
  a_failing_migration_is_rolled_back_and_named("sqlite:" + (dir.path() / "ether.db").string());
}

TEST(MigrationSafety, BeforeMigratingAStoreWithDataItIsCopiedAndChecked) {
  test::TempDir dir;
  config::Config config;
  config.data_dir = dir.path() / "data";
  config.database_url = "sqlite:" + (config.data_dir / "ether.db").string();
  auto db = Database::open(config.database_url, 1);
  // A new store has nothing to keep.
  EXPECT_FALSE(backup::backup_before_migrations(config, *db).has_value());
  // A store made by the Ether before this one, with a row in it.
  apply_migrations(*db, all_but_last());
  const int older = all_but_last().back().version;
  ASSERT_EQ(db->schema_version(), older);
  {
    auto lease = db->lease();
    *lease << "INSERT INTO settings (name, value) VALUES ('voor-de-upgrade', 'blijft')";
  }
  const auto copy = backup::backup_before_migrations(config, *db);
  ASSERT_TRUE(copy.has_value());
  EXPECT_EQ(copy->parent_path(), config.data_dir / "backups");
  EXPECT_TRUE(copy->filename().string().starts_with("pre-migration-" + std::to_string(older) + "-to-"));
  EXPECT_EQ(backup::check_sqlite_store(*copy), older);
  auto kept = Database::open("sqlite:" + copy->string(), 1);
  EXPECT_EQ(count_of(*kept, "SELECT COUNT(*) FROM settings WHERE name = 'voor-de-upgrade'"), 1);
  // Once migrated, nothing more is due.
  db->migrate();
  EXPECT_FALSE(backup::backup_before_migrations(config, *db).has_value());
  // With ETHER_BACKUP_DIR the copy goes there.
  config.backup_dir = dir.path() / "elders";
  auto second = Database::open("sqlite:" + (dir.path() / "second.db").string(), 1);
  apply_migrations(*second, all_but_last());
  {
    auto lease = second->lease();
    *lease << "INSERT INTO settings (name, value) VALUES ('nog', 'een')";
  }
  config.database_url = "sqlite:" + (dir.path() / "second.db").string();
  const auto elsewhere = backup::backup_before_migrations(config, *second);
  ASSERT_TRUE(elsewhere.has_value());
  EXPECT_EQ(elsewhere->parent_path(), dir.path() / "elders");
}

void postgres_before_migrating() {
  test::FreshPostgresDatabase database("premigration");
  test::TempDir dir;
  config::Config config;
  config.data_dir = dir.path() / "data";
  config.database_url = database.url();
  auto db = Database::open(config.database_url, 1);
  EXPECT_FALSE(backup::backup_before_migrations(config, *db).has_value());
  apply_migrations(*db, all_but_last());
  {
    auto lease = db->lease();
    *lease << "INSERT INTO settings (name, value) VALUES ('voor-de-upgrade', 'blijft')";
  }
  const auto copy = backup::backup_before_migrations(config, *db);
  ASSERT_TRUE(copy.has_value());
  EXPECT_EQ(copy->extension(), ".dump");
  EXPECT_GT(fs::file_size(*copy), 0U);
  db->migrate();
  EXPECT_FALSE(backup::backup_before_migrations(config, *db).has_value());
}

void postgres_failing_migration() {
  a_failing_migration_is_rolled_back_and_named(test::FreshPostgresDatabase("failmig").url());
}

const bool registered =
    test::register_postgres_tests("MigrationSafetyPostgreSQL", __FILE__,
                                  {{"BeforeMigratingAStoreWithDataItIsCopiedAndChecked", postgres_before_migrating},
                                   {"AFailingMigrationIsRolledBackAndNamed", postgres_failing_migration}});

}  // namespace
}  // namespace ether::store
