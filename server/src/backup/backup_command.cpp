#include "backup/backup_command.hpp"

#include <fcntl.h>
#include <sys/file.h>
#include <unistd.h>

#include <algorithm>
#include <chrono>
#include <ctime>
#include <iomanip>
#include <ostream>
#include <sstream>
#include <stdexcept>

#include "backup/manifest.hpp"
#include "backup/store_snapshot.hpp"
#include "domain/version.hpp"
#include "store/database.hpp"
#include "store/migrations.hpp"

namespace ether::backup {

namespace fs = std::filesystem;

namespace {

constexpr std::string_view kSqlitePrefix = "sqlite:";
constexpr const char* kSqliteCopy = "store/ether.db";
constexpr const char* kPostgresDump = "store/ether.dump";

bool is_sqlite(const config::Config& config) { return config.database_url.starts_with(kSqlitePrefix); }

fs::path sqlite_file(const config::Config& config) { return config.database_url.substr(kSqlitePrefix.size()); }

std::string utc_stamp(std::chrono::system_clock::time_point at, const char* format) {
  const std::time_t seconds = std::chrono::system_clock::to_time_t(at);
  std::tm parts{};
  gmtime_r(&seconds, &parts);
  std::ostringstream out;
  out << std::put_time(&parts, format);
  return out.str();
}

// Files of the data dir that are neither the store nor what the server rebuilds or writes as it
// runs: the generated secrets (stream-secret, preview-secret, ...).
bool is_kept_data_file(const fs::path& file, const config::Config& config) {
  const auto name = file.filename().string();
  if (is_sqlite(config) && file.parent_path() == sqlite_file(config).parent_path() &&
      name.starts_with(sqlite_file(config).filename().string())) {
    return false;
  }
  for (const char* suffix : {".log", ".lock", ".pid", ".tmp"}) {
    if (name.ends_with(suffix)) return false;
  }
  // The key the store's TOTP secrets are sealed with stays apart from every copy of the store.
  return name != "second-factor-key";
}

// Copies the regular files under `from` into `to`, leaving out the sub-directories named in `skip`
// and every symbolic link: a link would copy whatever it points at, anywhere on the machine.
void copy_tree(const fs::path& from, const fs::path& to, const std::vector<std::string>& skip = {}) {
  std::error_code ec;
  if (!fs::is_directory(fs::symlink_status(from, ec))) return;
  auto it = fs::recursive_directory_iterator(from);
  for (; it != fs::recursive_directory_iterator(); ++it) {
    if (it->is_symlink()) {
      it.disable_recursion_pending();
      continue;
    }
    const auto relative = fs::relative(it->path(), from);
    if (it->is_directory() && it.depth() == 0 && std::find(skip.begin(), skip.end(), relative.string()) != skip.end()) {
      it.disable_recursion_pending();
      continue;
    }
    if (it->is_directory()) {
      fs::create_directories(to / relative);
    } else if (it->is_regular_file()) {
      fs::create_directories((to / relative).parent_path());
      fs::copy_file(it->path(), to / relative, fs::copy_options::overwrite_existing);
    }
  }
}

void sync_path(const fs::path& path) {
  const int fd = ::open(path.c_str(), O_RDONLY | O_CLOEXEC);
  if (fd < 0) return;
  ::fsync(fd);
  ::close(fd);
}

// One backup at a time in a directory: the lock is held while a backup is written, so that the
// .partial directories of earlier backups that were cut off can be removed.
class DirectoryLock {
 public:
  explicit DirectoryLock(const fs::path& dir) {
    fd_ = ::open((dir / ".backup.lock").c_str(), O_RDWR | O_CREAT | O_CLOEXEC, 0600);
    if (fd_ < 0 || ::flock(fd_, LOCK_EX | LOCK_NB) != 0) {
      if (fd_ >= 0) ::close(fd_);
      throw std::runtime_error("another backup is being written into " + dir.string());
    }
  }
  ~DirectoryLock() { ::close(fd_); }
  DirectoryLock(const DirectoryLock&) = delete;
  DirectoryLock& operator=(const DirectoryLock&) = delete;
  DirectoryLock(DirectoryLock&&) = delete;
  DirectoryLock& operator=(DirectoryLock&&) = delete;

 private:
  int fd_ = -1;
};

std::uintmax_t total_bytes(const std::vector<ManifestFile>& files) {
  std::uintmax_t bytes = 0;
  for (const auto& file : files) bytes += file.size;
  return bytes;
}

bool has_files(const fs::path& dir) {
  std::error_code ec;
  for (const auto& entry : fs::recursive_directory_iterator(dir, ec)) {
    if (entry.is_regular_file()) return true;
  }
  return false;
}

}  // namespace

BackupResult make_backup(const config::Config& config, const fs::path& parent, const BackupOptions& options) {
  fs::create_directories(parent);
  const DirectoryLock lock(parent);
  for (const auto& entry : fs::directory_iterator(parent)) {
    if (entry.is_directory() && entry.path().extension() == ".partial") fs::remove_all(entry.path());
  }
  const auto now = std::chrono::system_clock::now();
  const auto name = "ether-backup-" + utc_stamp(now, "%Y%m%dT%H%M%SZ");
  const auto partial = parent / (name + ".partial");
  const auto final_dir = parent / name;
  if (fs::exists(final_dir)) throw std::runtime_error(final_dir.string() + " exists already");
  fs::create_directories(partial / "store");

  Manifest manifest;
  manifest.ether_version = std::string(domain::kEtherVersion);
  manifest.created_at = utc_stamp(now, "%Y-%m-%dT%H:%M:%SZ");
  manifest.with_recordings = options.with_recordings;
  if (is_sqlite(config)) {
    manifest.store = "sqlite";
    copy_sqlite_store(sqlite_file(config), partial / kSqliteCopy);
    manifest.schema_version = check_sqlite_store(partial / kSqliteCopy);
  } else {
    manifest.store = "postgresql";
    auto db = store::Database::open(config.database_url, 1);
    manifest.schema_version = db->schema_version();
    const auto login = postgres_login(config.database_url);
    const auto major = postgres_major_version(*db);
    const auto log = partial / "pg_dump.log";
    run_postgres_tool({postgres_tool("pg_dump", major), "--format=custom", "--no-owner", "--no-privileges",
                       "--file=" + (partial / kPostgresDump).string(), "--dbname=" + login.url},
                      login, log);
    run_postgres_tool({postgres_tool("pg_restore", major), "--list", (partial / kPostgresDump).string()}, login, log);
    fs::remove(log);
  }

  for (const auto& entry : fs::directory_iterator(config.data_dir)) {
    if (entry.is_regular_file() && is_kept_data_file(entry.path(), config)) {
      fs::create_directories(partial / "data");
      fs::copy_file(entry.path(), partial / "data" / entry.path().filename());
    }
  }
  // Uploads still arriving ("incoming") are left out: they are not in the store yet.
  copy_tree(config.uploads_path(), partial / "data" / "uploads", {"incoming"});
  if (options.with_recordings) copy_tree(config.recordings_dir, partial / "recordings");

  manifest.files = list_files(partial);
  write_manifest(partial, manifest);
  const auto problems = verify_files(partial, manifest);
  if (!problems.empty()) throw std::runtime_error("the backup does not match its manifest: " + problems.front());
  sync_path(partial);
  fs::rename(partial, final_dir);
  sync_path(parent);
  return {final_dir, manifest.files.size(), total_bytes(manifest.files), manifest.schema_version};
}

void restore_backup(const config::Config& config, const fs::path& dir, bool force) {
  // A backup is a directory anyone with its disk could have changed: a link in it would make the
  // restore read (or write) a file elsewhere on the machine.
  for (auto it = fs::recursive_directory_iterator(dir); it != fs::recursive_directory_iterator(); ++it) {
    if (it->is_symlink()) {
      throw std::runtime_error("the backup in " + dir.string() + " holds a symbolic link (" +
                               it->path().lexically_relative(dir).string() + "); a backup holds only plain files");
    }
  }
  std::string problem;
  auto manifest = read_manifest(dir, problem);
  if (!manifest) throw std::runtime_error(problem);
  const auto problems = verify_files(dir, *manifest);
  if (!problems.empty()) {
    throw std::runtime_error("the backup in " + dir.string() + " is damaged: " + problems.front() +
                             (problems.size() > 1 ? " (and " + std::to_string(problems.size() - 1) + " more)" : ""));
  }
  if (manifest->store != (is_sqlite(config) ? "sqlite" : "postgresql")) {
    throw std::runtime_error("the backup holds a " + manifest->store + " store, the configuration names a " +
                             (is_sqlite(config) ? std::string("SQLite") : std::string("PostgreSQL")) +
                             " one; see README \"Back-ups and restore\" for moving between them");
  }
  std::unique_ptr<store::Database> postgres;
  int present_version = 0;
  if (is_sqlite(config)) {
    present_version = sqlite_schema_version(sqlite_file(config));
  } else {
    postgres = store::Database::open(config.database_url, 1);
    present_version = postgres_schema_version(*postgres);
  }
  if (!force && (present_version > 0 || has_files(config.uploads_path()) || has_files(config.recordings_dir))) {
    throw std::runtime_error(
        "the store or data dir already holds data; restore into an empty one, or add --force to "
        "replace it");
  }
  const int known = store::migrations().empty() ? 0 : store::migrations().back().version;
  if (manifest->schema_version > known) {
    throw std::runtime_error("the backup was made by a newer Ether (schema " +
                             std::to_string(manifest->schema_version) + "); this one knows schema " +
                             std::to_string(known));
  }

  if (is_sqlite(config)) {
    const auto target = sqlite_file(config);
    fs::create_directories(target.parent_path());
    const auto temporary = fs::path(target.string() + ".restoring.tmp");
    fs::copy_file(dir / kSqliteCopy, temporary, fs::copy_options::overwrite_existing);
    sync_path(temporary);
    for (const char* suffix : {"-wal", "-shm", "-journal"}) fs::remove(target.string() + suffix);
    fs::rename(temporary, target);
  } else {
    const auto login = postgres_login(config.database_url);
    const int major = postgres_major_version(*postgres);
    postgres.reset();
    std::vector<std::string> argv{postgres_tool("pg_restore", major),
                                  "--no-owner",
                                  "--no-privileges",
                                  "--exit-on-error",
                                  "--single-transaction",
                                  "--dbname=" + login.url};
    if (force) {
      argv.emplace_back("--clean");
      argv.emplace_back("--if-exists");
    }
    argv.push_back((dir / kPostgresDump).string());
    run_postgres_tool(argv, login, config.data_dir / "pg_restore.log");
    fs::remove(config.data_dir / "pg_restore.log");
  }
  // The uploads go where this installation keeps them, which may be shared storage.
  copy_tree(dir / "data", config.data_dir, {"uploads"});
  copy_tree(dir / "data" / "uploads", config.uploads_path());
  copy_tree(dir / "recordings", config.recordings_dir);
}

int run_backup_command(const config::Config& config, const std::vector<std::string>& args, std::ostream& out,
                       std::ostream& err) {
  BackupOptions options;
  std::string target;
  for (const auto& arg : args) {
    if (arg == "--without-recordings") {
      options.with_recordings = false;
    } else if (!arg.starts_with("--") && target.empty()) {
      target = arg;
    } else {
      target.clear();
      break;
    }
  }
  if (target.empty()) {
    err << "ether-server: usage: ether-server backup DIR [--without-recordings]\n";
    return 2;
  }
  const auto started = std::chrono::steady_clock::now();
  try {
    const auto result = make_backup(config, target, options);
    const auto seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - started).count();
    out << "backup: " << result.dir.string() << " (" << result.files << " files, " << std::fixed << std::setprecision(1)
        << static_cast<double>(result.bytes) / 1e6 << " MB, schema " << result.schema_version << ") in " << seconds
        << " s, verified\n";
    return 0;
  } catch (const std::exception& error) {
    err << "ether-server: the backup failed: " << error.what() << "\n";
    return 1;
  }
}

int run_restore_command(const config::Config& config, const std::vector<std::string>& args, std::ostream& out,
                        std::ostream& err) {
  bool force = false;
  std::string source;
  for (const auto& arg : args) {
    if (arg == "--force") {
      force = true;
    } else if (!arg.starts_with("--") && source.empty()) {
      source = arg;
    } else {
      source.clear();
      break;
    }
  }
  if (source.empty()) {
    err << "ether-server: usage: ether-server restore DIR [--force]\n";
    return 2;
  }
  try {
    restore_backup(config, source, force);
    out << "restore: " << source << " restored into " << config.data_dir.string()
        << (is_sqlite(config) ? "" : " and the PostgreSQL database") << "\n";
    return 0;
  } catch (const std::exception& error) {
    err << "ether-server: cannot restore: " << error.what() << "\n";
    return 1;
  }
}

}  // namespace ether::backup
