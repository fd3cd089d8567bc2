#include "store/database.hpp"

#include <soci/postgresql/soci-postgresql.h>
#include <soci/sqlite3/soci-sqlite3.h>
#include <spdlog/spdlog.h>

#include <chrono>
#include <filesystem>
#include <stdexcept>

#include "store/migrations.hpp"

namespace ether::store {
namespace {

std::string replace_all(std::string text, std::string_view from, std::string_view to) {
  for (auto pos = text.find(from); pos != std::string::npos; pos = text.find(from, pos + to.size())) {
    text.replace(pos, from.size(), to);
  }
  return text;
}

// Comments may hold ';', so they go before the script is cut into statements.
std::vector<std::string> split_statements(std::string_view script) {
  std::string without_comments;
  while (!script.empty()) {
    auto eol = script.find('\n');
    auto line = script.substr(0, eol);
    if (auto dash = line.find("--"); dash != std::string_view::npos) line = line.substr(0, dash);
    without_comments.append(line).push_back('\n');
    script = eol == std::string_view::npos ? std::string_view{} : script.substr(eol + 1);
  }
  std::vector<std::string> statements;
  std::size_t start = 0;
  for (auto pos = without_comments.find(';'); pos != std::string::npos; pos = without_comments.find(';', start)) {
    auto statement = without_comments.substr(start, pos - start);
    if (statement.find_first_not_of(" \t\r\n") != std::string::npos) statements.push_back(statement);
    start = pos + 1;
  }
  return statements;
}

std::int64_t unix_now() {
  return std::chrono::duration_cast<std::chrono::seconds>(std::chrono::system_clock::now().time_since_epoch()).count();
}

}  // namespace

Database::Database(Dialect dialect, std::size_t pool_size)
    : dialect_(dialect), pool_(std::make_unique<soci::connection_pool>(pool_size)) {}

std::unique_ptr<Database> Database::open(const std::string& url, std::size_t pool_size) {
  const bool is_postgres = url.starts_with("postgresql://") || url.starts_with("postgres://");
  if (!is_postgres && !url.starts_with("sqlite:")) {
    throw std::runtime_error("unsupported database URL (use sqlite:/path or postgresql://...): " + url);
  }
  std::unique_ptr<Database> db(new Database(is_postgres ? Dialect::postgresql : Dialect::sqlite, pool_size));
  try {
    for (std::size_t i = 0; i < pool_size; ++i) {
      soci::session& session = db->pool_->at(i);
      if (is_postgres) {
        // SOCI 4.0 misreads a URL without a query ("database \"db=\" does not exist"); any
        // parameter avoids that, and this one names us in pg_stat_activity.
        session.open(*soci::factory_postgresql(),
                     url.find('?') == std::string::npos ? url + "?application_name=ether" : url);
        // libpq prints every NOTICE to stderr (e.g. CREATE TABLE IF NOT EXISTS on each start).
        session << "SET client_min_messages TO warning";
      } else {
        std::filesystem::path file = url.substr(std::string_view("sqlite:").size());
        if (file.has_parent_path()) std::filesystem::create_directories(file.parent_path());
        // A writer waits for another instead of failing at once; WAL lets readers run beside it.
        session.open(*soci::factory_sqlite3(), "db=" + file.string() + " timeout=10 shared_cache=false");
        session << "PRAGMA journal_mode=WAL";
        session << "PRAGMA foreign_keys=ON";
        session << "PRAGMA synchronous=NORMAL";
      }
    }
  } catch (const std::exception& e) {
    throw std::runtime_error(std::string("cannot open the store: ") + e.what());
  }
  return db;
}

std::string Database::dialect_sql(std::string_view portable_sql) const {
  return replace_all(std::string(portable_sql), "{{id}}",
                     dialect_ == Dialect::sqlite ? "INTEGER PRIMARY KEY AUTOINCREMENT" : "BIGSERIAL PRIMARY KEY");
}

int Database::schema_version() {
  auto session = lease();
  int version = 0;
  soci::indicator ind = soci::i_ok;
  *session << "SELECT MAX(version) FROM schema_migrations", soci::into(version, ind);
  return ind == soci::i_ok ? version : 0;
}

int Database::migrate() {
  {
    auto session = lease();
    *session << "CREATE TABLE IF NOT EXISTS schema_migrations (version INTEGER PRIMARY KEY, name TEXT NOT NULL, "
                "applied_at BIGINT NOT NULL)";
  }
  int applied = 0;
  for (const auto& migration : migrations()) {
    auto session = lease();
    soci::transaction tx(*session);
    // Taken inside the transaction so that two instances starting together on one PostgreSQL
    // database do not both apply a migration: the second fails its insert and rolls back.
    int present = 0;
    *session << "SELECT COUNT(*) FROM schema_migrations WHERE version = :v", soci::use(migration.version),
        soci::into(present);
    if (present != 0) continue;
    for (const auto& statement : split_statements(dialect_sql(migration.sql))) *session << statement;
    std::string name(migration.name);
    std::int64_t now = unix_now();
    *session << "INSERT INTO schema_migrations (version, name, applied_at) VALUES (:v, :n, :a)",
        soci::use(migration.version), soci::use(name), soci::use(now);
    tx.commit();
    spdlog::info("store: applied migration {:03d} {}", migration.version, migration.name);
    ++applied;
  }
  return applied;
}

bool Database::ping() noexcept {
  try {
    auto session = lease();
    int one = 0;
    *session << "SELECT 1", soci::into(one);
    return one == 1;
  } catch (...) {
    return false;
  }
}

}  // namespace ether::store
