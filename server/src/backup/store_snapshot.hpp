#pragma once
// Copies of the store that are consistent while the server writes: SQLite through its online
// backup API, PostgreSQL through pg_dump's custom format; each checked before it counts, and each
// put back into an empty store.

#include <filesystem>
#include <string>
#include <vector>

namespace ether::store {
class Database;
}

namespace ether::backup {

/// Copies the SQLite store `source` into a new file `target` with SQLite's online backup API: one
/// read transaction, so a snapshot of committed data while the server writes beside it (WAL).
void copy_sqlite_store(const std::filesystem::path& source, const std::filesystem::path& target);

/// Checks the SQLite store file `file`: PRAGMA integrity_check answers ok. Returns its schema
/// version (its highest applied migration). Throws std::runtime_error saying what is wrong.
int check_sqlite_store(const std::filesystem::path& file);

/// The schema version of the SQLite store `file`, 0 when it has none (a new or empty store).
int sqlite_schema_version(const std::filesystem::path& file);

/// The schema version of a PostgreSQL database, 0 when it has no schema_migrations (a new one).
int postgres_schema_version(store::Database& db);

/// The major version of the PostgreSQL server (15 for 15.4).
int postgres_major_version(store::Database& db);

/// The pg_dump or pg_restore (`tool`) of Debian's postgresql-client whose major version is
/// `server_major`, else the newest installed (pg_dump reads servers older than itself, never
/// newer ones). Throws std::runtime_error when none is installed.
std::string postgres_tool(const std::string& tool, int server_major);

/// A PostgreSQL database URL without its password, and the password (for PGPASSWORD), so that
/// the password never shows in a process list.
struct PostgresLogin {
  std::string url;
  std::string password;
};
PostgresLogin postgres_login(const std::string& database_url);

/// Runs `argv` (argv[0] a pg_ tool) with the login's password in its environment; standard error
/// goes to `log`. Throws std::runtime_error naming the tool and its last error line on failure.
void run_postgres_tool(const std::vector<std::string>& argv, const PostgresLogin& login,
                       const std::filesystem::path& log);

}  // namespace ether::backup
