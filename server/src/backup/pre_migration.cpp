#include "backup/pre_migration.hpp"

#include <chrono>
#include <ctime>
#include <iomanip>
#include <sstream>
#include <stdexcept>

#include "backup/store_snapshot.hpp"
#include "store/migrations.hpp"

namespace ether::backup {

namespace fs = std::filesystem;

std::optional<fs::path> backup_before_migrations(const config::Config& config, store::Database& db) {
  const bool sqlite = config.database_url.starts_with("sqlite:");
  const fs::path sqlite_file = sqlite ? fs::path(config.database_url.substr(7)) : fs::path();
  const int present = sqlite ? sqlite_schema_version(sqlite_file) : postgres_schema_version(db);
  const int latest = store::migrations().empty() ? 0 : store::migrations().back().version;
  if (present == 0 || present >= latest) return std::nullopt;

  const auto dir = config.backup_dir.empty() ? config.data_dir / "backups" : config.backup_dir;
  fs::create_directories(dir);
  const std::time_t now = std::time(nullptr);
  std::tm parts{};
  gmtime_r(&now, &parts);
  std::ostringstream name;
  name << "pre-migration-" << present << "-to-" << latest << "-" << std::put_time(&parts, "%Y%m%dT%H%M%SZ")
       << (sqlite ? ".db" : ".dump");
  const auto target = dir / name.str();
  const auto partial = fs::path(target.string() + ".partial");
  if (sqlite) {
    copy_sqlite_store(sqlite_file, partial);
    if (check_sqlite_store(partial) != present) throw std::runtime_error("the copy " + partial.string() + " differs");
  } else {
    const auto login = postgres_login(config.database_url);
    const int major = postgres_major_version(db);
    const auto log = fs::path(partial.string() + ".log");
    run_postgres_tool({postgres_tool("pg_dump", major), "--format=custom", "--no-owner", "--no-privileges",
                       "--file=" + partial.string(), "--dbname=" + login.url},
                      login, log);
    run_postgres_tool({postgres_tool("pg_restore", major), "--list", partial.string()}, login, log);
    fs::remove(log);
  }
  fs::rename(partial, target);
  return target;
}

}  // namespace ether::backup
