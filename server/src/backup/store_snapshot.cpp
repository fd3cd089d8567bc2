#include "backup/store_snapshot.hpp"

#include <sqlite3.h>

#include <algorithm>
#include <boost/url/parse.hpp>
#include <boost/url/url.hpp>
#include <chrono>
#include <fstream>
#include <memory>
#include <stdexcept>
#include <thread>
#include <vector>

#include "process/child_process.hpp"
#include "store/database.hpp"

namespace ether::backup {

namespace fs = std::filesystem;

namespace {

using Connection = std::unique_ptr<sqlite3, decltype(&sqlite3_close_v2)>;

Connection open_sqlite(const fs::path& file, int flags) {
  sqlite3* raw = nullptr;
  const int rc = sqlite3_open_v2(file.c_str(), &raw, flags, nullptr);
  Connection connection(raw, sqlite3_close_v2);
  if (rc != SQLITE_OK) {
    throw std::runtime_error("cannot open " + file.string() + ": " +
                             (raw != nullptr ? sqlite3_errmsg(raw) : sqlite3_errstr(rc)));
  }
  // The server's writers hold the lock for milliseconds at a time: wait for them.
  sqlite3_busy_timeout(connection.get(), 10000);
  return connection;
}

// The first column of the rows of `sql`, as text.
std::vector<std::string> column(sqlite3* db, const char* sql) {
  sqlite3_stmt* raw = nullptr;
  if (sqlite3_prepare_v2(db, sql, -1, &raw, nullptr) != SQLITE_OK) throw std::runtime_error(sqlite3_errmsg(db));
  const std::unique_ptr<sqlite3_stmt, decltype(&sqlite3_finalize)> statement(raw, sqlite3_finalize);
  std::vector<std::string> values;
  int rc = 0;
  while ((rc = sqlite3_step(raw)) == SQLITE_ROW) {
    const auto* text = sqlite3_column_text(raw, 0);
    values.emplace_back(text != nullptr ? reinterpret_cast<const char*>(text) : "");
  }
  if (rc != SQLITE_DONE) throw std::runtime_error(sqlite3_errmsg(db));
  return values;
}

int version_of(sqlite3* db) {
  if (column(db, "SELECT name FROM sqlite_master WHERE type = 'table' AND name = 'schema_migrations'").empty()) {
    return 0;
  }
  const auto version = column(db, "SELECT COALESCE(MAX(version), 0) FROM schema_migrations");
  return version.empty() ? 0 : std::stoi(version.front());
}

}  // namespace

void copy_sqlite_store(const fs::path& source, const fs::path& target) {
  auto from = open_sqlite(source, SQLITE_OPEN_READONLY);
  auto to = open_sqlite(target, SQLITE_OPEN_READWRITE | SQLITE_OPEN_CREATE);
  sqlite3_backup* backup = sqlite3_backup_init(to.get(), "main", from.get(), "main");
  if (backup == nullptr)
    throw std::runtime_error("cannot back up " + source.string() + ": " + sqlite3_errmsg(to.get()));
  int rc = 0;
  // All pages in one step: one read transaction, hence one consistent snapshot. A writer holding
  // the lock at that moment is waited for.
  for (int tries = 0; tries < 100; ++tries) {
    rc = sqlite3_backup_step(backup, -1);
    if (rc != SQLITE_BUSY && rc != SQLITE_LOCKED) break;
    std::this_thread::sleep_for(std::chrono::milliseconds(100));
  }
  sqlite3_backup_finish(backup);
  if (rc != SQLITE_DONE) {
    throw std::runtime_error("cannot back up " + source.string() + ": " + sqlite3_errstr(rc));
  }
  // The copy is a file of its own: no write-ahead log beside it.
  if (sqlite3_exec(to.get(), "PRAGMA journal_mode = DELETE", nullptr, nullptr, nullptr) != SQLITE_OK) {
    throw std::runtime_error("cannot finish the copy " + target.string() + ": " + sqlite3_errmsg(to.get()));
  }
}

int check_sqlite_store(const fs::path& file) {
  auto db = open_sqlite(file, SQLITE_OPEN_READONLY);
  const auto verdict = column(db.get(), "PRAGMA integrity_check");
  if (verdict.size() != 1 || verdict.front() != "ok") {
    throw std::runtime_error(file.string() + " fails PRAGMA integrity_check: " +
                             (verdict.empty() ? std::string("no answer") : verdict.front()));
  }
  return version_of(db.get());
}

int sqlite_schema_version(const fs::path& file) {
  if (!fs::exists(file)) return 0;
  auto db = open_sqlite(file, SQLITE_OPEN_READONLY);
  return version_of(db.get());
}

int postgres_schema_version(store::Database& db) {
  int tables = 0;
  {
    auto lease = db.lease();
    *lease << "SELECT COUNT(*) FROM information_schema.tables WHERE table_name = 'schema_migrations' AND "
              "table_schema = current_schema()",
        soci::into(tables);
  }
  return tables == 0 ? 0 : db.schema_version();
}

int postgres_major_version(store::Database& db) {
  auto lease = db.lease();
  int number = 0;
  *lease << "SHOW server_version_num", soci::into(number);
  return number / 10000;
}

std::string postgres_tool(const std::string& tool, int server_major) {
  std::vector<std::pair<int, fs::path>> installed;
  std::error_code ec;
  for (const auto& entry : fs::directory_iterator("/usr/lib/postgresql", ec)) {
    const auto binary = entry.path() / "bin" / tool;
    int major = 0;
    try {
      major = std::stoi(entry.path().filename().string());
    } catch (const std::exception&) {
      continue;
    }
    if (fs::exists(binary)) installed.emplace_back(major, binary);
  }
  if (installed.empty()) {
    throw std::runtime_error(tool + " is not installed (Debian's postgresql-client, /usr/lib/postgresql/*/bin)");
  }
  std::sort(installed.begin(), installed.end());
  for (const auto& [major, binary] : installed) {
    if (major == server_major) return binary.string();
  }
  return installed.back().second.string();
}

PostgresLogin postgres_login(const std::string& database_url) {
  auto parsed = boost::urls::parse_uri(database_url);
  if (!parsed) return {database_url, ""};
  boost::urls::url url(*parsed);
  PostgresLogin login;
  if (url.has_password()) {
    login.password = std::string(url.password());
    url.remove_password();
  }
  login.url = std::string(url.buffer());
  return login;
}

void run_postgres_tool(const std::vector<std::string>& argv, const PostgresLogin& login, const fs::path& log) {
  process::ChildSpec spec;
  spec.argv = argv;
  if (!login.password.empty()) spec.env.push_back("PGPASSWORD=" + login.password);
  spec.env.emplace_back("PGCONNECT_TIMEOUT=10");
  spec.log = log;
  auto child = process::spawn_child(spec);
  const int status = process::wait_child(child.pid);
  if (status == 0) return;
  std::string last;
  std::ifstream in(log);
  for (std::string line; std::getline(in, line);) {
    if (!line.empty()) last = line;
  }
  throw std::runtime_error(fs::path(argv.front()).filename().string() + " failed (exit " + std::to_string(status) +
                           ")" + (last.empty() ? "" : ": " + last));
}

}  // namespace ether::backup
