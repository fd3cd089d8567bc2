#include "config/private_files.hpp"

#include <gtest/gtest.h>
#include <sys/stat.h>

#include <filesystem>
#include <fstream>

#include "http_test_support.hpp"
#include "support/server_process.hpp"

namespace ether::config {
namespace {

namespace fs = std::filesystem;

unsigned mode_of(const fs::path& path) {
  struct stat info {};
  if (::lstat(path.c_str(), &info) != 0) return 0;
  return info.st_mode & 0777U;
}

TEST(PrivateFiles, AnExistingInstallIsMadePrivateAtStart) {
  test::TempDir dir;
  const auto data = dir.path() / "data";
  fs::create_directories(data / "uploads");
  for (const char* name : {"ether.db", "ether.db-wal", "ether.db-shm", "stream-secret"}) {
    std::ofstream(data / name) << "x";
    fs::permissions(data / name, fs::perms(0644), fs::perm_options::replace);
  }
  fs::permissions(data, fs::perms(0755), fs::perm_options::replace);
  // A file elsewhere that a symlink in the data dir names is not touched.
  std::ofstream(dir.path() / "elsewhere") << "x";
  fs::permissions(dir.path() / "elsewhere", fs::perms(0644), fs::perm_options::replace);
  fs::create_symlink(dir.path() / "elsewhere", data / "link");

  EXPECT_TRUE(make_data_dir_private(data, "sqlite:" + (data / "ether.db").string()).empty());
  EXPECT_EQ(mode_of(data), 0700U);
  for (const char* name : {"ether.db", "ether.db-wal", "ether.db-shm", "stream-secret"}) {
    EXPECT_EQ(mode_of(data / name), 0600U) << name;
  }
  EXPECT_EQ(mode_of(dir.path() / "elsewhere"), 0644U);
}

TEST(PrivateFiles, ASqliteStoreOutsideTheDataDirIsMadePrivateToo) {
  test::TempDir dir;
  fs::create_directories(dir.path() / "data");
  fs::create_directories(dir.path() / "store");
  for (const char* name : {"site.db", "site.db-wal"}) {
    std::ofstream(dir.path() / "store" / name) << "x";
    fs::permissions(dir.path() / "store" / name, fs::perms(0644), fs::perm_options::replace);
  }
  EXPECT_TRUE(
      make_data_dir_private(dir.path() / "data", "sqlite:" + (dir.path() / "store" / "site.db").string()).empty());
  EXPECT_EQ(mode_of(dir.path() / "store" / "site.db"), 0600U);
  EXPECT_EQ(mode_of(dir.path() / "store" / "site.db-wal"), 0600U);
}

TEST(PrivateFiles, ANewServerKeepsItsDataDirToItself) {
  test::ServerProcess server("private-files");
  const auto data = server.dir() / "data";
  EXPECT_EQ(mode_of(data), 0700U);
  // The store, its write-ahead log and the generated secrets, as the running server made them.
  for (const char* name : {"ether.db", "ether.db-wal", "ether.db-shm", "stream-secret", "preview-secret"}) {
    ASSERT_TRUE(fs::exists(data / name)) << name;
    EXPECT_EQ(mode_of(data / name), 0600U) << name;
  }
  // What the server makes in its sub-dirs is private too (the media library's).
  for (const auto& entry : fs::recursive_directory_iterator(data)) {
    const auto mode = mode_of(entry.path());
    if (entry.is_directory()) EXPECT_EQ(mode & 077U, 0U) << entry.path();
    if (entry.is_regular_file()) EXPECT_EQ(mode & 077U, 0U) << entry.path();
  }
}

}  // namespace
}  // namespace ether::config
