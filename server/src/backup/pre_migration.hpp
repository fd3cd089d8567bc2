#pragma once
// Upgrades keep every row: before the migrations of a newer Ether run on a store that holds data,
// the store alone is copied (SQLite's backup API, or pg_dump) and checked, so that a migration
// that goes wrong can be undone by restoring that copy.

#include <filesystem>
#include <optional>

#include "config/config.hpp"
#include "store/database.hpp"

namespace ether::backup {

/// When `db` holds a schema older than this server's migrations, copies the store into
/// ETHER_BACKUP_DIR (else <data dir>/backups) as pre-migration-<from>-to-<to>-<UTC time>.db (or
/// .dump) and checks it; returns its path. nullopt when no migration is due (an empty store, or
/// one up to date). Throws std::runtime_error when the copy fails: then nothing may migrate.
std::optional<std::filesystem::path> backup_before_migrations(const config::Config& config, store::Database& db);

}  // namespace ether::backup
