#pragma once
// Shared by the store, seed and playout tests: a fresh, migrated store (SQLite in a temp dir, or PostgreSQL), the
// demo fixture, and instants written as UTC calendar times.

#include <date/date.h>
#include <gtest/gtest.h>
#include <unistd.h>

#include <chrono>
#include <filesystem>
#include <memory>
#include <string>

#include "store/database.hpp"
#include "support/postgres_database.hpp"
#include "support/test_paths.hpp"

namespace ether::testing_support {

inline std::filesystem::path fixtures_dir() {
  return std::filesystem::path(ETHER_SOURCE_DIR) / "server" / "tests" / "fixtures";
}
inline std::filesystem::path fixture_seed() { return fixtures_dir() / "demo-station.json"; }
inline std::filesystem::path fixture_media() { return fixtures_dir() / "media"; }

/// Unix seconds of a UTC calendar time.
inline long long utc(int y, unsigned m, unsigned d, int hh = 0, int mm = 0, int ss = 0) {
  auto day = date::sys_days{date::year{y} / m / d};
  return (day + std::chrono::hours{hh} + std::chrono::minutes{mm} + std::chrono::seconds{ss}).time_since_epoch() /
         std::chrono::seconds{1};
}
inline std::chrono::system_clock::time_point at(long long unix_seconds) {
  return std::chrono::system_clock::time_point{std::chrono::seconds{unix_seconds}};
}

/// A migrated store, removed afterwards: SQLite in its own directory, or with `backend`
/// "postgresql" a database of its own on ETHER_TEST_DATABASE_URL's server (the directory is still
/// made, for the files a test writes beside the store).
class TempStore {
 public:
  explicit TempStore(const std::string& backend = "sqlite") {
    if (backend == "postgresql")
      postgres_ = std::make_unique<test::FreshPostgresDatabase>("store", test::Schema::current);
    const auto* info = ::testing::UnitTest::GetInstance()->current_test_info();
    std::string name = info ? std::string(info->test_suite_name()) + "." + info->name() : "store";
    dir_ = std::filesystem::path(ETHER_TEST_TMP) / (name + "-" + std::to_string(::getpid()));
    std::filesystem::remove_all(dir_);
    std::filesystem::create_directories(dir_);
    db_ = store::Database::open(url());
    db_->migrate();
  }
  ~TempStore() {
    db_.reset();
    postgres_.reset();
    std::error_code ec;
    std::filesystem::remove_all(dir_, ec);
  }
  TempStore(const TempStore&) = delete;
  TempStore& operator=(const TempStore&) = delete;

  [[nodiscard]] std::string url() const {
    return postgres_ ? postgres_->url() : "sqlite:" + (dir_ / "ether.db").string();
  }
  [[nodiscard]] const std::filesystem::path& dir() const { return dir_; }
  store::Database& db() { return *db_; }
  /// Closes and reopens the store, as a restarted server would.
  void reopen() {
    db_.reset();
    db_ = store::Database::open(url());
  }

  long long count(const std::string& table) {
    auto session = db_->lease();
    long long n = 0;
    *session << "SELECT COUNT(*) FROM " + table, soci::into(n);
    return n;
  }

 private:
  std::filesystem::path dir_;
  std::unique_ptr<test::FreshPostgresDatabase> postgres_;
  std::unique_ptr<store::Database> db_;
};

}  // namespace ether::testing_support
