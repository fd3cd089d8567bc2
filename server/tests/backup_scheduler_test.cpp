// The server's own backups (backup::BackupScheduler) on a real SQLite store: made when due and
// only by the leader, the newest kept, a failure reported and retried later, overdue told.

#include "backup/backup_scheduler.hpp"

#include <gtest/gtest.h>

#include <filesystem>
#include <thread>

#include "backup/manifest.hpp"
#include "config/backup_interval.hpp"
#include "http_test_support.hpp"
#include "store/database.hpp"

namespace ether::backup {
namespace {

namespace fs = std::filesystem;
using namespace std::chrono_literals;
using config::parse_backup_interval;

int backups_in(const fs::path& dir) {
  int count = 0;
  std::error_code ec;
  for (const auto& entry : fs::directory_iterator(dir, ec)) {
    std::string problem;
    if (entry.is_directory() && read_manifest(entry.path(), problem)) ++count;
  }
  return count;
}

config::Config store_in(const fs::path& data) {
  fs::create_directories(data);
  config::Config config;
  config.data_dir = data;
  config.database_url = "sqlite:" + (data / "ether.db").string();
  config.recordings_dir = data / "recordings";
  store::Database::open(config.database_url, 1)->migrate();
  return config;
}

TEST(BackupScheduler, MakesABackupWhenDueOnlyWhileLeadingAndKeepsTheNewest) {
  test::TempDir dir;
  const auto config = store_in(dir.path() / "data");
  const auto backups = dir.path() / "backups";
  BackupScheduler scheduler(config, ScheduleOptions{.dir = backups, .every = 1h, .keep = 2});
  const auto start = std::chrono::system_clock::now();
  scheduler.tick(start);
  EXPECT_EQ(backups_in(backups), 0) << "a follower makes none";
  scheduler.set_leading(true);
  scheduler.tick(start);
  EXPECT_EQ(backups_in(backups), 1);
  const auto status = scheduler.status();
  ASSERT_TRUE(status.last_good.has_value());
  EXPECT_TRUE(status.last_error.empty());
  EXPECT_GT(status.last_bytes, 0U);
  scheduler.tick(start + 30min);
  EXPECT_EQ(backups_in(backups), 1) << "not due yet";
  for (int round = 0; round < 2; ++round) {
    std::this_thread::sleep_for(1100ms);  // a backup's name is its second
    scheduler.run_now();
    scheduler.tick(std::chrono::system_clock::now());
  }
  EXPECT_EQ(backups_in(backups), 2) << "the oldest of three removed";
  EXPECT_FALSE(scheduler.overdue(std::chrono::system_clock::now() + 90min));
  EXPECT_TRUE(scheduler.overdue(std::chrono::system_clock::now() + 3h));
}

TEST(BackupScheduler, AFailedBackupIsReportedAndTriedAgainLaterNotAtEveryLook) {
  test::TempDir dir;
  auto config = store_in(dir.path() / "data");
  // The store has gone: the backup cannot read it.
  config.database_url = "sqlite:" + (dir.path() / "missing" / "ether.db").string();
  std::vector<std::string> reported;
  BackupScheduler scheduler(config, ScheduleOptions{.dir = dir.path() / "backups", .every = 1h, .keep = 2},
                            [&reported](const std::string& error) { reported.push_back(error); });
  scheduler.set_leading(true);
  const auto start = std::chrono::system_clock::now();
  scheduler.tick(start);
  ASSERT_EQ(reported.size(), 1U);
  EXPECT_NE(reported.front().find("ether.db"), std::string::npos) << reported.front();
  EXPECT_FALSE(scheduler.status().last_error.empty());
  EXPECT_FALSE(scheduler.status().last_good.has_value());
  scheduler.tick(start + 1min);
  EXPECT_EQ(reported.size(), 1U) << "retried only after ten minutes";
  scheduler.tick(start + 11min);
  EXPECT_EQ(reported.size(), 2U);
  EXPECT_TRUE(scheduler.overdue(start + 3h));
}

TEST(BackupScheduler, FindsTheNewestGoodBackupAtStart) {
  test::TempDir dir;
  const auto config = store_in(dir.path() / "data");
  const auto backups = dir.path() / "backups";
  make_backup(config, backups, BackupOptions{});
  BackupScheduler scheduler(config, ScheduleOptions{.dir = backups, .every = 24h, .keep = 14});
  scheduler.start();
  EXPECT_TRUE(scheduler.status().last_good.has_value());
  scheduler.set_leading(true);
  scheduler.stop();
  EXPECT_EQ(backups_in(backups), 1) << "the one made before was recent enough";
}

TEST(BackupScheduler, ReadsTheIntervalSetting) {
  EXPECT_EQ(parse_backup_interval("daily"), std::chrono::seconds(86400));
  EXPECT_EQ(parse_backup_interval("hourly"), std::chrono::seconds(3600));
  EXPECT_EQ(parse_backup_interval("weekly"), std::chrono::seconds(7 * 86400));
  EXPECT_EQ(parse_backup_interval("6h"), std::chrono::seconds(6 * 3600));
  EXPECT_EQ(parse_backup_interval("12"), std::chrono::seconds(12 * 3600));
  for (const char* bad : {"", "0h", "soms", "-3", "1000h"}) EXPECT_FALSE(parse_backup_interval(bad).has_value()) << bad;
}

}  // namespace
}  // namespace ether::backup
