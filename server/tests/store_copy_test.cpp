// `ether-server copy-store` (issue 40: a station moves from SQLite to PostgreSQL and back): the demo
// station's store copied through the real binary keeps every row of every table and its secrets,
// PostgreSQL's ids continue after the copied ones, and a store that holds data is never written.

#include <gtest/gtest.h>

#include <algorithm>
#include <filesystem>
#include <fstream>
#include <map>
#include <string>
#include <vector>

#include "http_test_support.hpp"
#include "seed/demo_seed.hpp"
#include "store/database.hpp"
#include "store/store_catalog.hpp"
#include "store_test_support.hpp"
#include "support/postgres_database.hpp"
#include "support/server_process.hpp"

namespace ether::backup {
namespace {

namespace fs = std::filesystem;
using testing_support::at;
using testing_support::fixture_media;
using testing_support::fixture_seed;

constexpr long long kNow = 1795256225;  // 2026-11-21T10:17:05Z

struct Run {
  int status = -1;
  std::string output;
};

Run copy_store(const std::vector<std::string>& env, const std::string& target) {
  std::string line = "env -i PATH=/usr/bin:/bin";
  for (const auto& entry : env) line += " '" + entry + "'";
  line += " " + std::string(ETHER_SERVER_BINARY) + " copy-store '" + target + "' 2>&1; echo \"exit=$?\"";
  auto output = test::run_command(line);
  const auto at = output.rfind("exit=");
  return {std::stoi(output.substr(at + 5)), output.substr(0, at)};
}

// Every table's rows as sorted text, each value as the store casts it to text.
std::map<std::string, std::vector<std::string>> every_row(const std::string& url) {
  auto db = store::Database::open(url, 1);
  auto lease = db->lease();
  std::map<std::string, std::vector<std::string>> out;
  for (const auto& table : store::table_names(*lease, db->dialect())) {
    std::string select = "SELECT ";
    const auto columns = store::table_columns(*lease, db->dialect(), table);
    for (std::size_t i = 0; i < columns.size(); ++i) {
      select.append(i == 0 ? "" : " || '|' || ")
          .append("COALESCE(CAST(")
          .append(columns[i].name)
          .append(" AS TEXT), '<null>')");
    }
    std::string row;
    select.append(" FROM ").append(table);
    soci::statement st = (lease->prepare << select, soci::into(row));
    st.execute();
    auto& rows = out[table];
    while (st.fetch()) rows.push_back(row);
    std::sort(rows.begin(), rows.end());
  }
  return out;
}

std::string first_line(const fs::path& file) {
  std::ifstream in(file);
  std::string line;
  std::getline(in, line);
  return line;
}

// The demo station in a SQLite store of `dir`, with its two generated secrets beside it.
std::string demo_station_in(const fs::path& dir) {
  fs::create_directories(dir);
  std::string url = "sqlite:" + (dir / "ether.db").string();
  auto db = store::Database::open(url, 1);
  db->migrate();
  EXPECT_TRUE(seed::seed_demo_station_if_empty(*db, fixture_seed(), fixture_media(), at(kNow)));
  // A channel read before its parent channel (a lower id): the copy must still put both in.
  auto lease = db->lease();
  *lease << "INSERT INTO channels (id, slug, name) VALUES (9001, 'ouder', 'Ouder')";
  *lease << "INSERT INTO channels (id, slug, name, parent_slug) VALUES (9000, 'kind', 'Kind', 'ouder')";
  std::ofstream(dir / "stream-secret") << "stream-secret-of-the-old-machine-0123456789\n";
  std::ofstream(dir / "preview-secret") << "preview-secret-of-the-old-machine-0123456789\n";
  std::ofstream(dir / "second-factor-key") << std::string(64, 'a') << "\n";
  return url;
}

std::size_t total_rows(const std::map<std::string, std::vector<std::string>>& tables) {
  std::size_t rows = 0;
  for (const auto& [table, kept] : tables) rows += kept.size();
  return rows;
}

TEST(StoreCopy, ASqliteStoreCopiedIntoAnotherKeepsEveryRowAndItsSecrets) {
  test::TempDir dir;
  const auto from = demo_station_in(dir.path() / "old");
  const auto before = every_row(from);
  ASSERT_GT(total_rows(before), 100U);
  ASSERT_FALSE(before.at("channels").empty());

  const auto run = copy_store({"ETHER_DATA_DIR=" + (dir.path() / "old").string()},
                              "sqlite:" + (dir.path() / "new" / "ether.db").string());
  ASSERT_EQ(run.status, 0) << run.output;
  EXPECT_NE(run.output.find("copy-store: " + std::to_string(total_rows(before)) + " rows"), std::string::npos)
      << run.output;
  EXPECT_EQ(every_row("sqlite:" + (dir.path() / "new" / "ether.db").string()), before);
  EXPECT_EQ(first_line(dir.path() / "new" / "stream-secret"), "stream-secret-of-the-old-machine-0123456789");
  EXPECT_EQ(first_line(dir.path() / "new" / "preview-secret"), "preview-secret-of-the-old-machine-0123456789");
  // The key the second factors are sealed with goes along: without it they could not be opened.
  EXPECT_EQ(first_line(dir.path() / "new" / "second-factor-key"), std::string(64, 'a'));
  EXPECT_EQ(fs::status(dir.path() / "new" / "stream-secret").permissions() & fs::perms::group_read, fs::perms::none);
}

TEST(StoreCopy, AStoreThatHoldsDataIsNeverWritten) {
  test::TempDir dir;
  demo_station_in(dir.path() / "old");
  const auto occupied = demo_station_in(dir.path() / "occupied");
  const auto before = every_row(occupied);
  const auto run = copy_store({"ETHER_DATA_DIR=" + (dir.path() / "old").string()}, occupied);
  EXPECT_EQ(run.status, 1) << run.output;
  EXPECT_NE(run.output.find("already holds a store"), std::string::npos) << run.output;
  EXPECT_EQ(every_row(occupied), before);

  const auto into_itself = copy_store({"ETHER_DATA_DIR=" + (dir.path() / "old").string()},
                                      "sqlite:" + (dir.path() / "old" / "ether.db").string());
  EXPECT_EQ(into_itself.status, 2) << into_itself.output;
  EXPECT_EQ(copy_store({"ETHER_DATA_DIR=" + (dir.path() / "old").string()}, "mysql://nowhere").status, 2);
}

const bool registered = test::register_postgres_tests(
    "StoreCopyPostgreSQL", __FILE__,
    {{"FromSqliteToPostgresqlAndBackKeepsEveryRowAndItsSecrets", [] {
        test::TempDir dir;
        const auto from = demo_station_in(dir.path() / "old");
        const auto before = every_row(from);
        test::FreshPostgresDatabase database("store_copy");

        auto run = copy_store({"ETHER_DATA_DIR=" + (dir.path() / "old").string()}, database.url());
        ASSERT_EQ(run.status, 0) << run.output;
        EXPECT_EQ(run.output.find(":ether@"), std::string::npos) << "no password in the output: " << run.output;
        auto in_postgres = every_row(database.url());
        // shared_secrets: the data dir's secret files became its rows (written after the copy).
        // (The stream and preview secrets and the key the second factors are sealed with.)
        ASSERT_EQ(in_postgres.at("shared_secrets").size(), 3U);
        in_postgres.erase("shared_secrets");
        auto expected = before;
        expected.erase("shared_secrets");
        EXPECT_EQ(in_postgres, expected);

        // Back into SQLite on another machine, where the secrets become files again.
        run = copy_store({"DATABASE_URL=" + database.url(), "ETHER_DATA_DIR=" + (dir.path() / "pg-node").string()},
                         "sqlite:" + (dir.path() / "back" / "ether.db").string());
        ASSERT_EQ(run.status, 0) << run.output;
        auto back = every_row("sqlite:" + (dir.path() / "back" / "ether.db").string());
        ASSERT_EQ(back.at("shared_secrets").size(), 3U);
        back.erase("shared_secrets");
        EXPECT_EQ(back, expected);
        EXPECT_EQ(first_line(dir.path() / "back" / "stream-secret"), "stream-secret-of-the-old-machine-0123456789");
        EXPECT_EQ(first_line(dir.path() / "back" / "preview-secret"), "preview-secret-of-the-old-machine-0123456789");
        EXPECT_EQ(first_line(dir.path() / "back" / "second-factor-key"), std::string(64, 'a'));

        // New rows draw ids after the copied ones.
        auto db = store::Database::open(database.url(), 1);
        auto lease = db->lease();
        long long max_id = 0;
        long long new_id = 0;
        *lease << "SELECT MAX(id) FROM presenters", soci::into(max_id);
        *lease << "INSERT INTO presenters (slug, name) VALUES ('na-de-verhuizing', 'Na de verhuizing') RETURNING id",
            soci::into(new_id);
        EXPECT_GT(new_id, max_id);
      }}});

}  // namespace
}  // namespace ether::backup
