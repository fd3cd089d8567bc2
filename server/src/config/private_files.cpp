#include "config/private_files.hpp"

#include <sys/stat.h>

#include <string_view>

namespace ether::config {

namespace fs = std::filesystem;

namespace {

constexpr auto kOwnerOnlyDir = fs::perms::owner_all;
constexpr auto kOwnerOnlyFile = fs::perms::owner_read | fs::perms::owner_write;

void restrict(const fs::path& path, fs::perms wanted, std::vector<std::string>& failures) {
  std::error_code ec;
  const auto status = fs::symlink_status(path, ec);
  // A symlink is left alone: chmod would follow it out of the data dir.
  if (ec || fs::is_symlink(status)) return;
  if ((status.permissions() & fs::perms::mask) == wanted) return;
  fs::permissions(path, wanted, fs::perm_options::replace, ec);
  if (ec) failures.push_back(path.string() + ": " + ec.message());
}

}  // namespace

void create_private_files() { ::umask(S_IRWXG | S_IRWXO); }

std::vector<std::string> make_data_dir_private(const fs::path& data_dir, const std::string& database_url) {
  std::vector<std::string> failures;
  std::error_code ec;
  if (fs::is_directory(data_dir, ec)) {
    restrict(data_dir, kOwnerOnlyDir, failures);
    for (const auto& entry : fs::directory_iterator(data_dir, ec)) {
      if (entry.is_regular_file(ec)) restrict(entry.path(), kOwnerOnlyFile, failures);
    }
  }
  constexpr std::string_view sqlite_prefix = "sqlite:";
  if (database_url.starts_with(sqlite_prefix)) {
    const fs::path store = database_url.substr(sqlite_prefix.size());
    for (const char* suffix : {"", "-wal", "-shm", "-journal"}) {
      fs::path file = store;
      file += suffix;
      if (fs::is_regular_file(file, ec)) restrict(file, kOwnerOnlyFile, failures);
    }
  }
  return failures;
}

}  // namespace ether::config
